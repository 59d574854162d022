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
use crate::db::coupons;
use crate::db::coupons::Coupon;
use crate::error::Failure;
use design_engine::coupon::{CouponLine, quote_order_with_coupon};

/// A cart line with its design as the engine read it and its price.
pub struct PricedLine {
    pub line: Line,
    pub design: Design,
    pub quote: LineQuote,
}

pub struct PricedCart {
    pub lines: Vec<PricedLine>,
    pub quote: OrderQuote,
    /// The coupon the cart is priced with, if it was taken.
    pub coupon: Option<Coupon>,
    /// The coupon asked for and why it was not taken (the cart's own coupon
    /// is kept and shown with its refusal; checkout refuses with it).
    pub refused: Option<(Coupon, Failure)>,
}

/// Which coupon a cart is priced with.
#[derive(Debug, Clone, Copy)]
pub enum CouponAsk<'a> {
    /// The one the shopper applied to the cart, if any (the cart's view).
    Cart,
    /// The one checkout names; none when it names none.
    Code(Option<&'a str>),
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

/// The cart at its products' current prices, with the store's policies and
/// the coupon asked for (an unknown code named at checkout is refused here).
pub async fn price_cart(
    db: &Db,
    user_id: &str,
    policies: Policies,
    ask: CouponAsk<'_>,
) -> Result<PricedCart, Failure> {
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
    let coupon = match ask {
        CouponAsk::Cart => coupons::of_cart(db, user_id).await?,
        CouponAsk::Code(None) => None,
        CouponAsk::Code(Some(code)) => Some(crate::core::coupons::find(db, code).await?),
    };
    let Some(coupon) = coupon else {
        return Ok(PricedCart {
            lines,
            quote: quote_order(quotes, policies.gateway_fee_bps)?,
            coupon: None,
            refused: None,
        });
    };
    let coupon_lines: Vec<CouponLine> = lines
        .iter()
        .map(|l| CouponLine {
            product_id: l.line.product_id.clone(),
            category: l.line.product_category.clone(),
            total: l.quote.total,
            quantity: l.quote.quantity,
            // A quoted line's price was negotiated: a coupon never takes more off it.
            negotiated: l.line.held_unit_price.is_some(),
        })
        .collect();
    match crate::core::coupons::discounts(db, &coupon, user_id, &coupon_lines).await {
        Ok(discounts) => {
            let quote = quote_order_with_coupon(
                quotes,
                &discounts,
                &coupon.code,
                policies.gateway_fee_bps,
            )?;
            let lines = lines
                .into_iter()
                .zip(&quote.lines)
                .map(|(l, q)| PricedLine {
                    quote: q.clone(),
                    ..l
                })
                .collect();
            Ok(PricedCart {
                lines,
                quote,
                coupon: Some(coupon),
                refused: None,
            })
        }
        Err(refusal) => Ok(PricedCart {
            lines,
            quote: quote_order(quotes, policies.gateway_fee_bps)?,
            coupon: None,
            refused: Some((coupon, crate::core::messages::coupons::refusal(refusal))),
        }),
    }
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
