//! The balance of an order paid in two parts (issue 52): its provider order
//! for exactly the balance (made once, the same one handed out again), and
//! its payment recorded, from the browser or the webhook, as any payment: a
//! second payment of it, or one for an order cancelled meanwhile, given back.

use crate::core::checkout::open::provider_order;
use crate::core::checkout::refunds;
use crate::core::checkout::settle::{check_signed, outcome_of};
use crate::core::documents::issuing;
use crate::core::messages::payment_plans as messages;
use crate::db::orders;
use crate::db::orders::{Event, Payment};
use crate::domain::OrderStatus;
use crate::error::{Failure, Fallible};
use crate::metrics::PaymentVia;
use crate::state::AppState;

/// The order with its balance's provider order: made now, or the one made
/// before (a retry, a second tab). 409 when nothing is due, or the order was
/// cancelled or refunded.
pub async fn open_balance(state: &AppState, order: orders::Order) -> Fallible<orders::Order> {
    if matches!(order.status, OrderStatus::Cancelled | OrderStatus::Refunded) {
        return Err(messages::balance_of_cancelled(&order.order_number));
    }
    if order.is_paid == 0 || order.balance_due <= 0 {
        return Err(messages::nothing_due(&order.order_number));
    }
    if order.balance_provider_order_id.is_some() {
        return Ok(order);
    }
    let email = serde_json::from_str::<serde_json::Value>(&order.shipping_address)?
        .get("email")
        .and_then(|e| e.as_str())
        .unwrap_or_default()
        .to_string();
    let receipt = format!("{}-B", order.order_number);
    let made = provider_order(state, order.balance_due, &receipt, &email).await?;
    // A concurrent request may have stored its own first: that one is used
    // (this one is never shown to anybody, so it is never paid).
    orders::set_balance_order(&state.db, &order.id, &made).await?;
    orders::get(&state.db, &order.id)
        .await?
        .filter(|o| o.balance_provider_order_id.is_some())
        .ok_or_else(|| messages::nothing_due(&order.order_number))
}

/// Records the balance's payment `payment_id` (checked by the caller: a
/// signature, or the webhook's); a second payment of it, or one for an
/// order cancelled meanwhile, is given back in full at once.
pub async fn record(
    state: &AppState,
    order: &orders::Order,
    payment_id: &str,
    event: Option<&Event<'_>>,
    via: PaymentVia,
) -> Fallible<(
    Payment,
    Option<orders::Order>,
    Option<refunds::SecondPayment>,
)> {
    let settling = issuing::for_balance(&state.db, &state.config, order).await?;
    let paid = orders::pay_balance(&state.db, order, payment_id, event, &settling).await?;
    state.metrics.payment(via, outcome_of(&paid.outcome));
    let given_back = match paid.outcome {
        Payment::SecondPayment | Payment::PaidWhileCancelled => Some(
            refunds::refund_extra_payment(
                state,
                order,
                payment_id,
                order.balance_amount(),
                "A second payment of an order's balance, or a balance paid after the order was cancelled",
            )
            .await,
        ),
        _ => None,
    };
    Ok((paid.outcome, paid.order, given_back))
}

/// Settles a balance payment the browser reports: the provider's signature
/// checked against the balance's provider order; the order as paid in full.
pub async fn settle_balance(
    state: &AppState,
    order: &orders::Order,
    provider_order_id: &str,
    payment_id: &str,
    signature: &str,
) -> Fallible<orders::Order> {
    check_signed(
        state,
        &order.id,
        order.balance_provider_order_id.as_deref(),
        provider_order_id,
        payment_id,
        signature,
    )?;
    let (outcome, after, given_back) =
        record(state, order, payment_id.trim(), None, PaymentVia::Browser).await?;
    if let Some(given_back) = given_back {
        debug_assert!(matches!(
            outcome,
            Payment::SecondPayment | Payment::PaidWhileCancelled
        ));
        return Err(messages::balance_refunded(
            &order.order_number,
            given_back == refunds::SecondPayment::Refunded,
        ));
    }
    after.ok_or_else(Failure::order_not_found)
}
