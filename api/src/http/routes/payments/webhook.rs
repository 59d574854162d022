//! Razorpay's webhook: a signed raw body; `payment.captured` and `order.paid`
//! pay the order if the browser never came back; a replayed event is ignored;
//! a payment for a cancelled or deleted order, or a second payment for a paid
//! one, is refunded.

use serde::Deserialize;
use sha2::{Digest, Sha256};

use crate::core::checkout::balance;
use crate::core::checkout::refunds::SecondPayment;
use crate::core::checkout::settle;
use crate::core::documents::issuing;
use crate::db::orders;
use crate::db::orders::{Event, Payment};
use crate::http::error::{ApiError, ApiResult};
use crate::metrics::{PaymentOutcome, PaymentVia};
use crate::state::AppState;

/// Razorpay's webhook body: only what we act on.
#[derive(Deserialize)]
struct WebhookBody {
    event: String,
    #[serde(default)]
    payload: WebhookPayload,
}

#[derive(Deserialize, Default)]
struct WebhookPayload {
    payment: Option<Entity<PaymentEntity>>,
}

#[derive(Deserialize)]
struct Entity<T> {
    entity: T,
}

#[derive(Deserialize)]
struct PaymentEntity {
    id: String,
    order_id: Option<String>,
    amount: i64,
}

pub async fn handle(
    state: &AppState,
    body: &[u8],
    signature: &str,
    event_id: Option<&str>,
) -> ApiResult<&'static str> {
    if !state.payments.webhook_signed(body, signature) {
        return Err(ApiError::bad_request("Invalid webhook signature"));
    }
    let parsed: WebhookBody =
        serde_json::from_slice(body).map_err(|_| ApiError::bad_request("Invalid webhook body"))?;
    // Razorpay names each event in a header; without one the body stands for it.
    let id = match event_id.map(str::trim).filter(|s| !s.is_empty()) {
        Some(id) => id.chars().take(100).collect(),
        None => format!("sha256:{}", hex::encode(Sha256::digest(body))),
    };
    let payment = parsed.payload.payment.map(|p| p.entity);
    let event = Event {
        id: &id,
        event: &parsed.event,
        provider_order_id: payment.as_ref().and_then(|p| p.order_id.as_deref()),
        payment_id: payment.as_ref().map(|p| p.id.as_str()),
    };
    let paying = matches!(parsed.event.as_str(), "payment.captured" | "order.paid");
    let order = match (&payment, paying) {
        (
            Some(PaymentEntity {
                order_id: Some(o), ..
            }),
            true,
        ) => match orders::paid_through(&state.db, o).await? {
            Some(order) => Some(order),
            None => orders::by_balance_order(&state.db, o).await?,
        },
        _ => None,
    };
    let (Some(order), Some(payment)) = (order, payment.as_ref()) else {
        let fresh = orders::record_event(&state.db, &event).await?;
        return Ok(if fresh { "ignored" } else { "duplicate" });
    };
    // An order paid in two parts: its advance, or its balance through its own provider order.
    let balance = order.balance_provider_order_id.is_some()
        && order.balance_provider_order_id == payment.order_id;
    let due = if balance {
        order.balance_amount()
    } else {
        order.first_payment()
    };
    if payment.amount != due {
        state
            .metrics
            .payment(PaymentVia::Webhook, PaymentOutcome::Refused);
        tracing::error!(order = %order.id, paid = payment.amount, due, "webhook amount differs");
        let fresh = orders::record_event(&state.db, &event).await?;
        return Ok(if fresh { "ignored" } else { "duplicate" });
    }
    if balance {
        return balance_outcome(state, &order, &payment.id, &event).await;
    }
    let confirming = issuing::for_payment(&state.db, &state.config, &order).await?;
    let outcome = orders::pay(
        &state.db,
        &order,
        &payment.id,
        Some(&event),
        &confirming,
        state.config.proof_required,
    )
    .await?
    .outcome;
    state
        .metrics
        .payment(PaymentVia::Webhook, settle::outcome_of(&outcome));
    if outcome == Payment::Confirmed
        && let Some(paid) = orders::get(&state.db, &order.id).await?
    {
        crate::core::notify::events::order_confirmed(state, &paid).await;
    }
    Ok(match outcome {
        Payment::Confirmed => "confirmed",
        Payment::AlreadyPaid => "already_paid",
        Payment::PaidWhileCancelled
            if crate::core::checkout::refunds::refund_cancelled(state, &order.id).await =>
        {
            "refunded"
        }
        Payment::PaidWhileCancelled => "paid_while_cancelled",
        Payment::SecondPayment => {
            match crate::core::checkout::refunds::refund_second_payment(state, &order, &payment.id)
                .await
            {
                SecondPayment::Refunded => "second_payment_refunded",
                SecondPayment::Refunding => "second_payment_refunding",
                SecondPayment::Failed => "second_payment",
            }
        }
        Payment::DuplicateEvent => "duplicate",
    })
}

/// The balance of an order paid in two parts, paid through its own provider order.
async fn balance_outcome(
    state: &AppState,
    order: &orders::Order,
    payment_id: &str,
    event: &Event<'_>,
) -> ApiResult<&'static str> {
    let (outcome, _, given_back) =
        balance::record(state, order, payment_id, Some(event), PaymentVia::Webhook).await?;
    Ok(match (outcome, given_back) {
        (Payment::Confirmed, _) => "balance_paid",
        (Payment::AlreadyPaid, _) => "already_paid",
        (Payment::DuplicateEvent, _) => "duplicate",
        (_, Some(SecondPayment::Refunded)) => "second_payment_refunded",
        (_, Some(SecondPayment::Refunding)) => "second_payment_refunding",
        (_, _) => "second_payment",
    })
}
