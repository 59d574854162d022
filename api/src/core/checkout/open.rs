//! Opening an order at checkout: the addresses and the buyer's GSTIN checked,
//! the server's cart (or a group member's piece) priced by the engine and
//! compared with what the shopper was shown, the provider's order made, and
//! the order stored once, complete; the same receipt again finds it.

use crate::core::cart::pricing::Policies;
use crate::core::checkout::quote::{CheckedCart, check_amount, checked_cart};
use crate::core::messages::orders as messages;
use crate::core::messages::payment_plans as plan_messages;
use crate::db::DbError;
use crate::db::caps::Cap;
use crate::db::orders;
use crate::db::orders::{NewOrder, Placed};
use crate::domain::OrderStatus;
use crate::domain::address::AddressInput;
use crate::domain::payment_terms::PaymentPlan;
use crate::error::{Failure, Fallible};
use crate::payments::OrderRequest;
use crate::state::AppState;

pub fn check_receipt(receipt: &str) -> Fallible<&str> {
    let r = receipt.trim();
    let ok = (1..=40).contains(&r.len())
        && r.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if ok {
        Ok(r)
    } else {
        Err(Failure::bad_request(
            "Invalid receipt: 1 to 40 letters, digits, '_' or '-'",
        ))
    }
}

/// What a checkout submits, whichever route it comes by.
pub struct Checkout<'a> {
    pub amount: i64,
    pub receipt: &'a str,
    pub notes: String,
    pub shipping: &'a AddressInput,
    pub billing: Option<&'a AddressInput>,
    pub same_as_shipping: bool,
    /// A business buyer's GSTIN, blank for none.
    pub gstin: Option<&'a str>,
    /// What is bought: the server's cart (none), or lines priced by the
    /// engine elsewhere (a group order member's piece).
    pub lines: Option<CheckedCart>,
    /// A group member's checkout: its group order. A receipt finds only an
    /// order of the same checkout (a cart order never pays for group rows).
    pub group_id: Option<&'a str>,
    /// The coupon code the shopper applied (a cart checkout's); the cart is
    /// priced with it, and the order holds one of its uses.
    pub coupon_code: Option<&'a str>,
    /// Paid in full, or an advance now and the balance before dispatch (issue 52).
    pub plan: PaymentPlan,
}

/// Production without Razorpay keys: said at once, before anything is stored.
pub fn payments_configured(state: &AppState) -> Fallible<()> {
    if state.payments.is_configured() {
        Ok(())
    } else {
        Err(Failure::unavailable("Payments are not configured"))
    }
}

/// Production without the seller's name, address or a valid GSTIN: no
/// invoice could be issued, so nothing that needs one is done (`Company::missing`).
pub fn seller_configured(state: &AppState, what: &str) -> Fallible<()> {
    if state.config.company.missing.is_empty() {
        Ok(())
    } else {
        Err(messages::seller_not_configured(what))
    }
}

/// The buyer's GSTIN checked by the engine against the billing state, with its message on refusal.
fn buyer_gstin(raw: Option<&str>, billing_state: &str) -> Fallible<Option<String>> {
    design_engine::tax::buyer_gstin(raw.unwrap_or_default(), billing_state)
        .map(|g| g.map(String::from))
        .map_err(|e| Failure::bad_request_code(e.to_string(), "INVALID_GSTIN"))
}

/// Stores the order (or finds the one this receipt placed) with the provider's
/// order for it: the returned order has its `provider_order_id`. The provider's
/// order is made first, so a crash or an outage in between stores nothing and
/// the same receipt starts again (its unused provider order is never paid).
pub async fn open_order(
    state: &AppState,
    user_id: &str,
    c: Checkout<'_>,
) -> Fallible<orders::Order> {
    payments_configured(state)?;
    seller_configured(state, "orders cannot be placed yet")?;
    let shipping = c.shipping.shipping()?;
    // A group member's order keeps only the organiser's first name and city
    // of the group's delivery (the parcel's label reads the group's).
    let shipping = match c.group_id {
        Some(_) => shipping.group_delivery(),
        None => shipping,
    };
    let billing = match (c.same_as_shipping, c.billing) {
        (false, Some(b)) => b.billing(&shipping)?,
        (false, None) => {
            return Err(Failure::bad_request(
                "Please fill in all required billing fields",
            ));
        }
        (true, _) => shipping.clone(),
    };
    let buyer_gstin = buyer_gstin(c.gstin, &billing.state)?;
    let order = match orders::by_receipt(&state.db, user_id, c.receipt).await? {
        Some(existing) if existing.group_id.as_deref() != c.group_id => {
            return Err(Failure::conflict_code(
                "This receipt belongs to another checkout. Please try again.",
                "RECEIPT_IN_USE",
            ));
        }
        Some(existing) => existing,
        None => {
            let priced = match c.lines {
                Some(lines) => lines,
                None => {
                    checked_cart(
                        &state.db,
                        user_id,
                        Policies::of(&state.config),
                        c.coupon_code,
                    )
                    .await?
                }
            };
            let total = priced.quote.total.0;
            // Refused before anything is stored.
            check_amount(c.amount, total).inspect_err(|_| {
                tracing::warn!(shown = c.amount, total, "amount differs from the server's");
            })?;
            let advance_amount = advance_of(state, c.plan, total)?;
            let mut new = NewOrder {
                user_id: user_id.to_string(),
                receipt: c.receipt.to_string(),
                order_number: String::new(),
                provider: state.payments.name().to_string(),
                provider_order_id: String::new(),
                items_count: i64::from(priced.quote.items),
                items_price: priced.quote.subtotal.0,
                gateway_charge: priced.quote.gateway_charge.0,
                gateway_fee_bps: priced.quote.gateway_charge_bps,
                total_price: total,
                shipping_address: serde_json::to_string(&shipping)?,
                billing_address: serde_json::to_string(&billing)?,
                buyer_gstin,
                notes: c.notes,
                group_id: c.group_id.map(str::to_string),
                discount: priced.quote.discount.0,
                coupon: priced.coupon,
                items: priced.items,
                advance_amount,
            };
            let mut placed = None;
            // A drawn order number is taken about once in a billion orders a day: draw again.
            for _ in 0..3 {
                new.order_number = orders::new_order_number();
                // The provider's order first: the order is then written once,
                // complete (a failure here stores nothing; the shopper retries).
                let charged = if advance_amount > 0 {
                    advance_amount
                } else {
                    total
                };
                new.provider_order_id =
                    provider_order(state, charged, &new.order_number, &shipping.email).await?;
                let placing = orders::place(&state.db, &new).await;
                if let (Err(e), Some((coupon_id, _))) = (&placing, &new.coupon)
                    && crate::db::coupons::is_limit(e)
                {
                    // Parallel checkouts took the last use (or the customer's) first.
                    return Err(crate::core::coupons::limit_refusal(&state.db, coupon_id).await);
                }
                match placing? {
                    Placed::Order(order) => {
                        placed = Some(*order);
                        break;
                    }
                    Placed::NumberTaken => {}
                    // Deleted since (a deleted order is never resumed): as a cancelled one.
                    Placed::ReceiptSpent => return Err(cancelled_receipt()),
                    Placed::TooManyOpen => return Err(DbError::AtCap(Cap::OpenOrders).into()),
                }
            }
            placed.ok_or_else(|| Failure::internal("no free order number after 3 draws"))?
        }
    };
    // The same receipt again (a double click, a reload, a retry after a crash).
    if order.is_paid != 0 {
        return Err(messages::already_paid(&order.order_number));
    }
    if order.status != OrderStatus::Pending {
        return Err(messages::order_cancelled(&order.order_number));
    }
    check_amount(c.amount, order.total_price)?;
    if (order.advance_amount > 0) != (c.plan == PaymentPlan::Advance) {
        return Err(plan_messages::plan_differs(&order.order_number));
    }
    if order.provider_order_id.is_some() {
        return Ok(order);
    }
    // An order stored before its provider's order (by an earlier version) gets one now.
    let provider_order = provider_order(
        state,
        order.first_payment(),
        &order.order_number,
        &shipping.email,
    )
    .await?;
    if orders::set_provider_order(&state.db, &order.id, &provider_order).await? {
        return Ok(orders::Order {
            provider_order_id: Some(provider_order),
            ..order
        });
    }
    // A concurrent retry stored its provider order first: use that one (this
    // one is never shown to anybody, so it is never paid).
    orders::get(&state.db, &order.id)
        .await?
        .ok_or_else(Failure::order_not_found)
}

/// The advance checkout charges for `total` under `plan` (0: in full), the
/// engine's split of the store's terms; refused (400) when the store does
/// not offer it for this total.
fn advance_of(state: &AppState, plan: PaymentPlan, total: i64) -> Fallible<i64> {
    match plan {
        PaymentPlan::Full => Ok(0),
        PaymentPlan::Advance => state
            .config
            .payment_terms
            .advance
            .split(design_engine::Paise(total))
            .map(|s| s.advance.0)
            .map_err(|why| plan_messages::advance_not_offered(&why)),
    }
}

/// A receipt whose order was cancelled (or deleted) places no other order.
pub fn cancelled_receipt() -> Failure {
    Failure::conflict_code(
        "This order was cancelled. Please place the order again.",
        "ORDER_CANCELLED",
    )
}

/// The provider's order for an amount, quoting our order number; its id.
pub(crate) async fn provider_order(
    state: &AppState,
    amount: i64,
    order_number: &str,
    customer_email: &str,
) -> Fallible<String> {
    let made = state
        .payments
        .create_order(&OrderRequest {
            amount,
            currency: "INR",
            receipt: order_number,
            notes: serde_json::json!({
                "order_number": order_number,
                "customer_email": customer_email,
            }),
        })
        .await
        .map_err(|e| Failure::bad_gateway("Failed to create order", e))?;
    Ok(made.id)
}
