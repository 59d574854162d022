//! The one path that prices a cart: every line read by the engine and priced
//! at its product's current price and quantity tiers, then the order breakdown. The cart view
//! shows it and the checkout charges it, so the two cannot disagree.

use design_engine::pricing::{LineQuote, OrderQuote, quote_order};
use design_engine::roster_pricing::PersonalisationCharges;
use design_engine::{Design, Paise};

use crate::config::Config;
use poem_openapi::Object;

use crate::db::Db;
use crate::db::cart;
use crate::db::cart::Line;
use crate::error::Failure;

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

/// The store's price policies a cart is priced with: what a printed name and
/// number add per piece, and the gateway fee.
#[derive(Debug, Clone, Copy)]
pub struct Policies {
    pub personalisation: PersonalisationCharges,
    pub gateway_fee_bps: i64,
}

impl Policies {
    pub fn of(config: &Config) -> Policies {
        Policies {
            personalisation: config.personalisation,
            gateway_fee_bps: config.gateway_fee_bps,
        }
    }
}

/// The cart at its products' current prices, with the store's policies.
pub async fn price_cart(db: &Db, user_id: &str, policies: Policies) -> Result<PricedCart, Failure> {
    let mut lines = Vec::new();
    let mut quotes = Vec::new();
    for line in cart::lines(db, user_id).await? {
        let design = line.design()?;
        let quote = design.quote(
            &line
                .pricing()?
                .with_personalisation(policies.personalisation),
        )?;
        // A line taken from a quote holds its negotiated unit price (never above the list's).
        let quote = match line.held_unit_price {
            Some(held) => design_engine::held_price::at_held_or_lower(quote, Paise(held))?,
            None => quote,
        };
        quotes.push(quote.clone());
        lines.push(PricedLine {
            line,
            design,
            quote,
        });
    }
    Ok(PricedCart {
        lines,
        quote: quote_order(quotes, policies.gateway_fee_bps)?,
    })
}

/// A line's names and numbers as their own charge, priced by the engine:
/// "Names and numbers", 30 pieces × ₹100.00 = ₹3,000.00. Money in paise.
#[derive(Object, Debug, Clone, PartialEq)]
#[oai(rename_all = "camelCase")]
pub struct PersonalisationLine {
    /// "Names and numbers", "Names" or "Numbers".
    pub label: String,
    pub pieces: u32,
    /// Per piece for its name (0 when none is printed) and its number.
    pub name_charge: i64,
    pub number_charge: i64,
    pub per_piece: i64,
    /// pieces × per piece
    pub total: i64,
}

impl From<design_engine::roster_pricing::PersonalisationQuote> for PersonalisationLine {
    fn from(q: design_engine::roster_pricing::PersonalisationQuote) -> PersonalisationLine {
        PersonalisationLine {
            label: q.label,
            pieces: q.pieces,
            name_charge: q.name_charge.0,
            number_charge: q.number_charge.0,
            per_piece: q.per_piece.0,
            total: q.total.0,
        }
    }
}
