//! The cart as the API shows it, priced by the engine: the cart's own routes
//! and Order again answer with it.

use poem_openapi::Object;

use crate::core::cart::pricing::{
    CouponAsk, PersonalisationLine, Policies, PricedLine, price_cart,
};
use crate::db::coupons::Coupon;
use crate::error::Failure;
use crate::http::design_document::DesignDocument;
use crate::http::dto::QuantityDto;
use crate::http::error::ApiResult;
use crate::state::AppState;

#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct CartItem {
    #[oai(rename = "_id")]
    pub id: String,
    pub product_id: String,
    pub name: String,
    pub color: String,
    pub color_hex: Option<String>,
    /// Unit price in paise, in the quantity tier the line's pieces reach.
    pub price: i64,
    /// The product's price per piece before the tier, in paise.
    pub base_price: i64,
    /// The tier's discount in basis points (0 in the base tier).
    pub tier_discount_bps: u32,
    /// What the tier takes off the line, in paise.
    pub tier_discount: i64,
    /// 'Quantity tier: 5% off'; none in the base tier.
    #[oai(skip_serializing_if_is_none)]
    pub tier_label: Option<String>,
    /// 'Add 12 more for ₹14.95 less per piece'; none in the last tier.
    #[oai(skip_serializing_if_is_none)]
    pub next_tier_hint: Option<String>,
    pub quantity: QuantityDto,
    pub item_count: u32,
    pub elements: u32,
    pub design_fee: i64,
    /// What the pieces' sizes add (the product's surcharges for larger sizes), in paise.
    pub size_surcharges: i64,
    // The names and numbers printed on every piece (the roster is
    // `design.roster`); none for a line without them.
    #[oai(skip_serializing_if_is_none)]
    pub personalisation: Option<PersonalisationLine>,
    /// What the cart's coupon takes off the line, before tax (0 without one).
    pub discount: i64,
    /// garments + size surcharges + design fee + personalisation − discount
    pub line_total: i64,
    pub artwork_hash: String,
    pub design: DesignDocument,
    /// The engine's preflight of the design: an image that prints below 150
    /// DPI at its size, named before the shopper pays. Empty when all is well.
    pub print_warnings: Vec<String>,
    // The quote this line was accepted from: its price per piece is held at
    // the quoted one, and its pieces and design cannot change (409).
    #[oai(skip_serializing_if_is_none)]
    pub quote: Option<CartQuote>,
}

/// A cart line's quote: its number and the unit price it holds, in paise.
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct CartQuote {
    pub id: String,
    pub number: String,
    pub held_unit_price: i64,
}

/// The cart with the engine's breakdown. Money in paise; `totalPrice` is the
/// amount payable (subtotal + the payment gateway charge at the store's fee,
/// `GATEWAY_FEE_PERCENT`; 0 when the merchant absorbs it).
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct CartDto {
    #[oai(rename = "_id")]
    pub id: String,
    pub items: Vec<CartItem>,
    pub item_count: u32,
    /// The lines' totals, after the coupon's discount.
    pub subtotal: i64,
    /// What the coupon takes off in all (0 without one).
    pub discount: i64,
    // The coupon applied to the cart, taken or not (with why not).
    #[oai(skip_serializing_if_is_none)]
    pub coupon: Option<CartCoupon>,
    pub gateway_charge_bps: i64,
    /// The charge's label, e.g. "Payment Gateway (2.5%)" (no line at 0 bps).
    pub gateway_label: String,
    pub gateway_charge: i64,
    pub total: i64,
    pub total_price: i64,
    // Paying in two parts (issue 52), when the store offers it for this
    // total: the advance now and the balance before dispatch (the engine's
    // split; checkout's `paymentPlan: "advance"`). Absent otherwise.
    #[oai(skip_serializing_if_is_none)]
    pub advance: Option<AdvanceOffer>,
}

/// The advance and the balance of a total, as the store's terms split it.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct AdvanceOffer {
    /// Whole percent of the total paid now.
    pub percent: u8,
    pub advance: i64,
    pub balance: i64,
}

/// The split of `total` if the store offers it.
pub fn advance_offer(state: &AppState, total: i64) -> Option<AdvanceOffer> {
    let split = state
        .config
        .payment_terms
        .advance
        .split(design_engine::Paise(total))
        .ok()?;
    Some(AdvanceOffer {
        percent: split.percent,
        advance: split.advance.0,
        balance: split.balance.0,
    })
}

/// The shopper's cart priced now.
pub async fn cart_of(state: &AppState, user_id: &str) -> ApiResult<CartDto> {
    let cart = price_cart(
        &state.db,
        user_id,
        Policies::of(&state.config),
        CouponAsk::Cart,
    )
    .await?;
    let coupon = match (&cart.coupon, &cart.refused) {
        (Some(c), _) => Some(CartCoupon::of(c, None)),
        (None, Some((c, refusal))) => Some(CartCoupon::of(c, Some(refusal))),
        (None, None) => None,
    };
    let quote_ids: Vec<&str> = cart
        .lines
        .iter()
        .filter_map(|l| l.line.quote_id.as_deref())
        .collect();
    let numbers = crate::db::quotes::numbers(&state.db, &quote_ids).await?;
    let mut items = Vec::with_capacity(cart.lines.len());
    for PricedLine {
        line,
        design,
        quote,
    } in cart.lines
    {
        let color_hex = line.garment()?.hex(&line.color);
        let held = line.quote_id.as_deref().zip(line.held_unit_price);
        let held_quote = held.and_then(|(id, price)| {
            let (_, series, seq) = numbers.iter().find(|(q, _, _)| q == id)?;
            Some(CartQuote {
                id: id.to_string(),
                number: crate::domain::numbering::number(series, *seq),
                held_unit_price: price,
            })
        });
        items.push(CartItem {
            design: DesignDocument::from_stored(&line.design)?,
            id: line.id,
            product_id: line.product_id,
            name: line.product_name,
            color_hex,
            color: line.color,
            price: quote.unit_price.0,
            base_price: quote.base_unit_price.0,
            tier_discount_bps: quote.tier_discount_bps,
            tier_discount: quote.tier_discount.0,
            tier_label: (quote.tier_discount_bps > 0)
                .then(|| design_engine::tiers::tier_label(quote.tier_discount_bps)),
            next_tier_hint: quote.next_tier.as_ref().map(|n| n.hint.clone()),
            quantity: (&design.quantities).into(),
            item_count: quote.quantity,
            elements: quote.elements,
            design_fee: quote.design_fee.0,
            size_surcharges: quote.size_surcharges.0,
            personalisation: quote.personalisation.map(Into::into),
            discount: quote.discount.0,
            line_total: quote.total.0,
            artwork_hash: line.artwork_hash,
            print_warnings: design_engine::preflight::warnings_for_design(&design),
            quote: held_quote,
        });
    }
    let order = cart.quote;
    Ok(CartDto {
        id: user_id.to_string(),
        items,
        item_count: order.items,
        subtotal: order.subtotal.0,
        discount: order.discount.0,
        coupon,
        gateway_charge_bps: order.gateway_charge_bps,
        gateway_label: design_engine::pricing::gateway_label(order.gateway_charge_bps),
        gateway_charge: order.gateway_charge.0,
        total: order.total.0,
        total_price: order.total.0,
        advance: advance_offer(state, order.total.0),
    })
}

/// The coupon on a cart: its code and terms' label, and, when it is not
/// taken now (expired since, or the cart changed), why not.
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct CartCoupon {
    pub code: String,
    /// '10% off' or '₹500.00 off'.
    pub label: String,
    pub applied: bool,
    /// Why it is not taken, and the refusal's code (COUPON_EXPIRED, ...).
    #[oai(skip_serializing_if_is_none)]
    pub error: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub error_code: Option<String>,
}

impl CartCoupon {
    fn of(c: &Coupon, refusal: Option<&Failure>) -> CartCoupon {
        CartCoupon {
            code: c.code.clone(),
            label: crate::core::messages::coupons::off_label(c.percent_off_bps, c.amount_off),
            applied: refusal.is_none(),
            error: refusal.map(|f| f.message.clone()),
            error_code: refusal.and_then(|f| f.code.clone()),
        }
    }
}
