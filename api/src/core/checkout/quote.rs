//! What checkout needs before any money moves: the server's cart priced by
//! the engine (the one home of the price rules) and rechecked, and the amount
//! the shopper was shown. The addresses are checked in `address`.

use design_engine::Design;
use design_engine::money::Paise;
use design_engine::pricing::{LineQuote, OrderQuote};
use design_engine::roster_pricing::PersonalisationQuote;

use crate::core::cart::pricing::{CouponAsk, Policies, PricedLine, price_cart};
use crate::db::Db;
use crate::db::orders::NewItem;
use crate::error::Failure;

/// What an order is placed from: the cart priced by the one pricing path,
/// with every line rechecked against the studio's rules as they are now.
pub struct CheckedCart {
    pub quote: OrderQuote,
    pub items: Vec<NewItem>,
    /// The coupon the cart is priced with (id, code): the order holds a use of it.
    pub coupon: Option<(String, String)>,
}

/// The cart priced with the coupon checkout names (`coupon_code`; none
/// without one), refused with the coupon's own reason when it is not taken.
pub async fn checked_cart(
    db: &Db,
    user_id: &str,
    policies: Policies,
    coupon_code: Option<&str>,
) -> Result<CheckedCart, Failure> {
    let code = coupon_code.map(str::trim).filter(|c| !c.is_empty());
    let cart = price_cart(db, user_id, policies, CouponAsk::Code(code)).await?;
    if cart.lines.is_empty() {
        return Err(Failure::bad_request("Your cart is empty"));
    }
    if let Some((_, refusal)) = cart.refused {
        return Err(refusal);
    }
    let coupon = cart.coupon.map(|c| (c.id, c.code));
    let mut items = Vec::with_capacity(cart.lines.len());
    for PricedLine {
        line,
        design,
        quote,
    } in cart.lines
    {
        // The product may have changed since the line was added: the studio's rules again.
        design.check_for_cart(&line.garment()?)?;
        crate::core::designs::check_kept(db, &design).await?;
        items.push(order_line(
            LineOf {
                product_id: line.product_id,
                name: line.product_name,
                color: line.color,
                artwork_hash: line.artwork_hash,
                design: line.design,
                quote_id: line.quote_id,
            },
            &design,
            &quote,
        )?);
    }
    Ok(CheckedCart {
        quote: cart.quote,
        items,
        coupon,
    })
}

/// What an order line is of, beside its design and price.
pub struct LineOf {
    pub product_id: String,
    /// The product's name, as the line keeps it.
    pub name: String,
    pub color: String,
    pub artwork_hash: String,
    /// The design as stored (JSON).
    pub design: String,
    /// The quote whose held price the line is at, if any.
    pub quote_id: Option<String>,
}

/// An order line from a design and the engine's quote for it.
pub fn order_line(of: LineOf, design: &Design, quote: &LineQuote) -> Result<NewItem, Failure> {
    let charge = |f: fn(&PersonalisationQuote) -> Paise| {
        quote.personalisation.as_ref().map_or(0, |p| f(p).0)
    };
    Ok(NewItem {
        product_id: of.product_id,
        name: of.name,
        color: of.color,
        artwork_hash: of.artwork_hash,
        design: of.design,
        sizes: serde_json::to_string(&design.quantities)?,
        artwork: design.image_assets().map(|a| a.sha256.clone()).collect(),
        unit_price: quote.unit_price.0,
        base_unit_price: Some(quote.base_unit_price.0),
        tier_discount_bps: i64::from(quote.tier_discount_bps),
        quantity: i64::from(quote.quantity),
        elements: i64::from(quote.elements),
        design_fee: quote.design_fee.0,
        name_charge: charge(|p| p.name_charge),
        number_charge: charge(|p| p.number_charge),
        discount: quote.discount.0,
        line_total: quote.total.0,
        quote_id: of.quote_id,
    })
}

/// Refuses an amount the shopper was shown that is not what we will charge.
pub fn check_amount(shown: i64, charged: i64) -> Result<(), Failure> {
    if shown == charged {
        Ok(())
    } else {
        Err(Failure::bad_request_code(
            "The amount has changed. Please review your cart and try again.",
            "AMOUNT_MISMATCH",
        ))
    }
}
