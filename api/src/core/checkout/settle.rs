//! Settling a payment the browser reports: the provider's signature checked,
//! the order marked paid with its invoice and confirmation, and a payment
//! that arrives for a cancelled or already paid order given back.

use crate::core::checkout::refunds;
use crate::core::documents::issuing;
use crate::core::messages::orders as messages;
use crate::db::orders;
use crate::db::orders::Payment;
use crate::domain::OrderStatus;
use crate::error::{Failure, Fallible};
use crate::metrics::{PaymentOutcome, PaymentVia};
use crate::state::AppState;

pub const VERIFICATION_FAILED: &str = "Payment verification failed. Please contact support.";

/// Refuses a payment the browser reports unless it is for `expected` (the
/// order's provider order, or its balance's) and the provider's signature proves it.
pub fn check_signed(
    state: &AppState,
    order_id: &str,
    expected: Option<&str>,
    provider_order_id: &str,
    payment_id: &str,
    signature: &str,
) -> Fallible<()> {
    let signed = expected == Some(provider_order_id)
        && state
            .payments
            .payment_signed(provider_order_id, payment_id, signature);
    if signed {
        return Ok(());
    }
    state
        .metrics
        .payment(PaymentVia::Browser, PaymentOutcome::Refused);
    tracing::warn!(order = %order_id, provider_order_id, "payment signature refused");
    Err(Failure::bad_request_code(
        VERIFICATION_FAILED,
        "PAYMENT_VERIFICATION_FAILED",
    ))
}

/// Marks the order paid once the provider's signature proves the payment;
/// the order as paid.
pub async fn settle(
    state: &AppState,
    order: &orders::Order,
    provider_order_id: &str,
    payment_id: &str,
    signature: &str,
) -> Fallible<orders::Order> {
    check_signed(
        state,
        &order.id,
        order.provider_order_id.as_deref(),
        provider_order_id,
        payment_id,
        signature,
    )?;
    let confirming = issuing::for_payment(&state.db, &state.config, order).await?;
    let paid = orders::pay(
        &state.db,
        order,
        payment_id.trim(),
        None,
        &confirming,
        state.config.proof_required,
    )
    .await?;
    state
        .metrics
        .payment(PaymentVia::Browser, outcome_of(&paid.outcome));
    if paid.outcome == Payment::SecondPayment {
        let given_back = refunds::refund_second_payment(state, order, payment_id.trim()).await;
        return Err(messages::second_payment_refunded(
            &order.order_number,
            given_back == refunds::SecondPayment::Refunded,
        ));
    }
    let late = paid.outcome == Payment::PaidWhileCancelled;
    let paid = if late {
        refunds::refund_cancelled(state, &order.id).await;
        // As the refund left it.
        orders::get(&state.db, &order.id).await?
    } else {
        paid.order
    }
    .ok_or_else(Failure::order_not_found)?;
    if late || matches!(paid.status, OrderStatus::Cancelled | OrderStatus::Refunded) {
        return Err(messages::paid_after_cancelled(
            &paid.order_number,
            paid.refunded_amount >= paid.paid_amount(),
        ));
    }
    crate::core::notify::events::order_confirmed(state, &paid).await;
    Ok(paid)
}

/// A recorded payment's outcome as `/metrics` counts it.
pub fn outcome_of(payment: &Payment) -> PaymentOutcome {
    match payment {
        Payment::Confirmed => PaymentOutcome::Confirmed,
        Payment::AlreadyPaid => PaymentOutcome::AlreadyPaid,
        Payment::PaidWhileCancelled => PaymentOutcome::PaidWhileCancelled,
        Payment::SecondPayment => PaymentOutcome::SecondPayment,
        Payment::DuplicateEvent => PaymentOutcome::Duplicate,
    }
}
