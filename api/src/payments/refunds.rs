//! Refunds through the provider: by an admin, or at once for a payment that
//! arrived after its order was cancelled (the customer is never left charged
//! for an order that will not be made).
//!
//! A refund is an attempt first (`db::refund_attempts`): its amount is set
//! aside and the attempt stored in one transaction, then the provider is asked
//! with the attempt's id as its idempotency key, then its answer is recorded.
//! A server that stops in between leaves the attempt; [`recover`] asks again
//! with the same key at the next start, so the refund is recorded once.

use std::time::Duration;

use crate::db::{DbError, now_ms, orders, refund_attempts, refunds_owed};
use crate::envelope::{ApiError, ApiResult};
use crate::payments::{ProviderError, ProviderRefund};
use crate::state::AppState;

/// Refunds `amount` (default: what has not been refunded yet) of a paid
/// order; returns the provider's refund and the order after it.
pub async fn refund(
    state: &AppState,
    order: &orders::Order,
    amount: Option<i64>,
    reason: &str,
    by: &str,
) -> ApiResult<(ProviderRefund, orders::Order)> {
    refund_claiming(state, order, amount, reason, by, None).await
}

/// `refund`, claiming the refund owed `owed` in the transaction that sets its
/// money aside (409 when another caller claimed it first).
async fn refund_claiming(
    state: &AppState,
    order: &orders::Order,
    amount: Option<i64>,
    reason: &str,
    by: &str,
    owed: Option<&str>,
) -> ApiResult<(ProviderRefund, orders::Order)> {
    let Some(payment_id) = order.payment_id.clone().filter(|_| order.is_paid != 0) else {
        return Err(ApiError::bad_request("Only paid orders can be refunded"));
    };
    let remaining = order.total_price - order.refunded_amount;
    let amount = amount.unwrap_or(remaining);
    if amount <= 0 || amount > remaining {
        return Err(ApiError::bad_request(format!(
            "The refund must be between 1 and {remaining} paise (what has not been refunded yet)"
        )));
    }
    let notes = serde_json::json!({ "order_number": order.order_number, "reason": reason });
    let attempt = refund_attempts::Attempt {
        id: format!("rfa_{}", crate::ids::random_hex(12)),
        order_id: order.id.clone(),
        payment_id,
        amount,
        reason: reason.to_string(),
        notes: notes.to_string(),
        created_by: by.to_string(),
        second_payment: 0,
    };
    // Set the money aside first: two refunds at once cannot exceed what was paid.
    if !refund_attempts::begin(&state.db, &attempt, owed).await? {
        return Err(ApiError::conflict(
            "The refund exceeds what is left to refund",
        ));
    }
    let refund = match ask_provider(state, &attempt).await {
        Ok(r) => r,
        Err(e) => {
            // Only a refusal (or no provider) means no refund was made. Otherwise
            // (unreachable, still processing, an unreadable answer) it may have
            // been: the attempt stays, keeping its money aside, and `recover`
            // asks again with the same idempotency key.
            if matches!(e, ProviderError::Refused(_) | ProviderError::Unconfigured) {
                refund_attempts::abandon(&state.db, &attempt).await?;
            }
            return Err(ApiError::bad_gateway(
                "The payment provider refused the refund. Please try again.",
                e,
            ));
        }
    };
    refund_attempts::complete(
        &state.db,
        &attempt,
        &refund.id,
        &state.config.document_prefixes.credit_note,
    )
    .await?;
    let after = orders::get(&state.db, &order.id)
        .await?
        .ok_or_else(|| ApiError::internal("a refunded order vanished"))?;
    Ok((refund, after))
}

async fn ask_provider(
    state: &AppState,
    a: &refund_attempts::Attempt,
) -> Result<ProviderRefund, ProviderError> {
    let notes: serde_json::Value = serde_json::from_str(&a.notes).unwrap_or_default();
    state
        .payments
        .refund(&a.payment_id, a.amount, &notes, &a.id)
        .await
}

/// A payment landed on a cancelled order: give it back in full. `true` when
/// refunded; a failure is logged for an admin to refund by hand.
pub async fn refund_cancelled(state: &AppState, order_id: &str) -> bool {
    let order = match orders::get(&state.db, order_id).await {
        Ok(Some(o)) => o,
        _ => return false,
    };
    let reason = "Paid after the order was cancelled";
    match refund(state, &order, None, reason, "system").await {
        Ok(_) => true,
        Err(e) => {
            tracing::error!(order_id, error = ?e, "refund of a payment on a cancelled order failed: refund it by hand");
            false
        }
    }
}

/// What became of a second payment for a paid order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SecondPayment {
    /// Given back in full, now or before.
    Refunded,
    /// Its refund is under way (another call, or one the next start finishes).
    Refunding,
    /// The provider refused or could not be reached: logged for an admin.
    Failed,
}

/// A second payment landed on an order another payment paid (a second
/// capture of one provider order, by verify or webhook): it is recorded
/// (`second_payments`) and given back in full, once however often it
/// arrives, through a refund attempt like any refund.
pub async fn refund_second_payment(
    state: &AppState,
    order: &orders::Order,
    payment_id: &str,
) -> SecondPayment {
    let reason = "A second payment for an order already paid";
    let attempt = refund_attempts::Attempt {
        id: format!("rfa_{}", crate::ids::random_hex(12)),
        order_id: order.id.clone(),
        payment_id: payment_id.to_string(),
        amount: order.total_price,
        reason: reason.to_string(),
        notes: serde_json::json!({ "order_number": order.order_number, "reason": reason })
            .to_string(),
        created_by: "system".to_string(),
        second_payment: 1,
    };
    let order_id = &order.id;
    match refund_attempts::begin_second_payment(&state.db, &attempt).await {
        Ok(true) => {}
        Ok(false) => return second_payment_state(state, payment_id).await,
        Err(e) => {
            tracing::error!(order_id, payment_id, error = %e, "a second payment could not be recorded: refund it by hand");
            return SecondPayment::Failed;
        }
    }
    let done = match ask_provider(state, &attempt).await {
        Ok(refund) => refund_attempts::complete(
            &state.db,
            &attempt,
            &refund.id,
            &state.config.document_prefixes.credit_note,
        )
        .await
        .map(|_| SecondPayment::Refunded),
        // Only a refusal means no refund was made; otherwise `recover` asks again.
        Err(e @ (ProviderError::Refused(_) | ProviderError::Unconfigured)) => {
            tracing::error!(order_id, payment_id, error = %e, "the refund of a second payment was refused: refund it by hand");
            refund_attempts::abandon(&state.db, &attempt)
                .await
                .map(|_| SecondPayment::Failed)
                .map_err(DbError::from)
        }
        Err(e) => {
            tracing::warn!(order_id, payment_id, error = %e, "the refund of a second payment is still open");
            Ok(SecondPayment::Refunding)
        }
    };
    done.unwrap_or_else(|e| {
        tracing::error!(order_id, payment_id, error = %e, "recording the refund of a second payment failed");
        SecondPayment::Refunding
    })
}

/// How a second payment recorded before stands.
async fn second_payment_state(state: &AppState, payment_id: &str) -> SecondPayment {
    match refund_attempts::second_payment_status(&state.db, payment_id).await {
        Ok(Some(s)) if s == "refunded" => SecondPayment::Refunded,
        Ok(Some(s)) if s == "failed" => SecondPayment::Failed,
        _ => SecondPayment::Refunding,
    }
}

/// Finishes the refunds begun at least `age` ago and never recorded (the
/// server stopped while the provider was asked): asks again with the same
/// idempotency key and records the answer, or gives the money set aside back
/// when the provider refuses. Returns how many were finished.
pub async fn recover(state: &AppState, age: Duration) -> anyhow::Result<usize> {
    let before = now_ms() - age.as_millis() as i64;
    let mut finished = 0;
    for attempt in refund_attempts::unfinished(&state.db, before).await? {
        match ask_provider(state, &attempt).await {
            Ok(refund) => {
                refund_attempts::complete(
                    &state.db,
                    &attempt,
                    &refund.id,
                    &state.config.document_prefixes.credit_note,
                )
                .await?;
                tracing::info!(order_id = %attempt.order_id, refund = %refund.id, "an interrupted refund was recorded");
                finished += 1;
            }
            Err(ProviderError::Refused(why)) => {
                refund_attempts::abandon(&state.db, &attempt).await?;
                tracing::error!(order_id = %attempt.order_id, %why, "an interrupted refund was refused: refund it by hand");
                finished += 1;
            }
            // Unreachable or still processing: the next sweep asks again.
            Err(e) => {
                tracing::warn!(order_id = %attempt.order_id, error = %e, "an interrupted refund is still open")
            }
        }
    }
    Ok(finished)
}

/// Makes the refunds owed (`db::refunds_owed`: written by whatever decided
/// them, in its own transaction), each once: what is left of the order's
/// payment, or the part owed; none for an order that was never paid (its
/// late payment is refunded as any payment on a cancelled order). Returns how
/// many were settled; one the provider could not make yet is tried again.
pub async fn settle_owed(state: &AppState) -> anyhow::Result<usize> {
    let mut settled = 0;
    for owed in refunds_owed::due(&state.db).await? {
        settled += usize::from(settle_one(state, &owed).await?);
    }
    Ok(settled)
}

/// Makes just these refunds owed (the ones a request decided), if they are
/// still due; the rest wait for `settle_owed`.
pub async fn settle_these(state: &AppState, ids: &[String]) -> anyhow::Result<usize> {
    let mut settled = 0;
    for id in ids {
        if let Some(owed) = refunds_owed::due_one(&state.db, id).await? {
            settled += usize::from(settle_one(state, &owed).await?);
        }
    }
    Ok(settled)
}

/// One refund owed: made (claimed in the transaction that sets its money
/// aside), or settled with nothing left to refund; `false` while it waits (a
/// payment may yet land) or when the provider did not answer.
async fn settle_one(state: &AppState, owed: &refunds_owed::Owed) -> anyhow::Result<bool> {
    let order = orders::get(&state.db, &owed.order_id).await?;
    let left = order
        .as_ref()
        .filter(|o| o.is_paid != 0)
        .map_or(0, |o| o.total_price - o.refunded_amount);
    // Still waiting for a payment that may yet come: decided once it is paid or cancelled.
    let waiting = matches!(&order, Some(o) if o.is_paid == 0 && o.status == crate::domain::OrderStatus::Pending);
    let Some(order) = order.filter(|_| left > 0) else {
        return Ok(!waiting && refunds_owed::nothing_left(&state.db, &owed.id).await?);
    };
    let amount = owed.amount.map_or(left, |a| a.min(left));
    match refund_claiming(
        state,
        &order,
        Some(amount),
        &owed.reason,
        "system",
        Some(&owed.id),
    )
    .await
    {
        Ok(_) => Ok(true),
        Err(e) => {
            tracing::warn!(order_id = %order.id, error = ?e, "a refund owed is still open");
            Ok(false)
        }
    }
}

/// How old an unfinished refund must be before a running server finishes it
/// (a younger one may still be waiting for the provider's answer).
const STALE: Duration = Duration::from_secs(5 * 60);

/// At start, every unfinished refund is finished; then, every few minutes,
/// the ones an instance left behind.
pub async fn run(state: AppState) {
    let mut age = Duration::ZERO;
    loop {
        if let Err(e) = recover(&state, age).await {
            tracing::warn!(error = %e, "finishing interrupted refunds failed");
        }
        age = STALE;
        tokio::time::sleep(STALE).await;
    }
}
