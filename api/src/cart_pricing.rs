//! The one path that prices a cart: every line read by the engine and priced
//! at its product's current price and quantity tiers, then the order breakdown. The cart view
//! shows it and the checkout charges it, so the two cannot disagree.

use design_engine::Design;
use design_engine::pricing::{LineQuote, OrderQuote, quote_order};

use crate::config::Config;
use crate::db::Db;
use crate::db::cart::{self, Line};
use crate::envelope::ApiError;

/// A cart line with its design as the engine read it and its price.
pub struct PricedLine {
    pub line: Line,
    pub design: Design,
    pub quote: LineQuote,
}

pub struct PricedCart {
    pub lines: Vec<PricedLine>,
    pub quote: OrderQuote,
}

/// The cart at its products' current prices, with the store's policies from
/// `config`: names and numbers at `personalisation`, the gateway fee at
/// `gateway_fee_bps`.
pub async fn price_cart(db: &Db, user_id: &str, config: &Config) -> Result<PricedCart, ApiError> {
    let mut lines = Vec::new();
    let mut quotes = Vec::new();
    for line in cart::lines(db, user_id).await? {
        let design = line.design()?;
        let quote = design.quote(&line.pricing()?.with_personalisation(config.personalisation))?;
        quotes.push(quote.clone());
        lines.push(PricedLine {
            line,
            design,
            quote,
        });
    }
    Ok(PricedCart {
        lines,
        quote: quote_order(quotes, config.gateway_fee_bps)?,
    })
}
