//! Refunds through the provider: by an admin, or at once for a payment that
//! arrived after its order was cancelled (the customer is never left charged
//! for an order that will not be made).
//!
//! A refund is an attempt first (`db::refund_attempts`): its amount is set
//! aside and the attempt stored in one transaction, then the provider is asked
//! with the attempt's id as its idempotency key, then its answer is recorded.
//! Only a refusal ends an attempt unmade; without a final answer (the provider
//! down, busy, or its answer lost) the attempt stays with its money aside, and
//! [`run`] asks again with the same key, backing off, until the refund is made
//! or refused. A server that stops in between leaves the attempt; [`recover`]
//! asks again at the next start, so the refund is recorded once.

use std::time::Duration;

use crate::core::documents::issuing;
use crate::core::messages::orders as messages;
use crate::db::refund_attempts::Begun;
use crate::db::{DbError, now_ms, orders, refund_attempts, refunds_owed};
use crate::error::{Failure, Fallible};
use crate::payments::{ProviderError, ProviderRefund};
use crate::state::AppState;

/// A refund asked for.
#[derive(Debug)]
pub struct Refund {
    /// The provider's refund; none while it is under way (no final answer
    /// yet: it is asked again until it is made or refused).
    pub made: Option<ProviderRefund>,
    /// In paise.
    pub amount: i64,
    /// The order after it (its money set aside, made or under way).
    pub order: orders::Order,
}

/// Refunds `amount` (default: what has not been refunded yet) of a paid
/// order. While another refund of the order is open, none is begun (409
/// `REFUND_UNDER_WAY`); a refusal answers 502 and gives the money back.
pub async fn refund(
    state: &AppState,
    order: &orders::Order,
    amount: Option<i64>,
    reason: &str,
    by: &str,
) -> Fallible<Refund> {
    refund_claiming(state, order, amount, reason, by, None).await
}

fn under_way() -> Failure {
    Failure::conflict_code(
        "A refund of this order is already under way: the payment provider has not confirmed it yet, \
         and it is asked again until it does. Nothing more is refunded meanwhile.",
        "REFUND_UNDER_WAY",
    )
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
) -> Fallible<Refund> {
    let Some(payment_id) = order.payment_id.clone().filter(|_| order.is_paid != 0) else {
        return Err(Failure::bad_request("Only paid orders can be refunded"));
    };
    // A retry of a refund that may have been made must not make another.
    if refund_attempts::under_way(&state.db, &order.id).await? {
        return Err(under_way());
    }
    // What was paid: the total, or the advance while a balance is due.
    let remaining = order.paid_amount() - order.refunded_amount;
    let asked = amount.unwrap_or(remaining);
    if asked <= 0 || asked > remaining {
        return Err(messages::refund_out_of_range(remaining));
    }
    // An order paid in two parts is refunded payment by payment: the rest
    // is owed, and made once this part is (`settle_these`).
    let (payment_id, amount) = payment_for(order, payment_id, asked);
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
        tries: 0,
    };
    // Set the money aside first: two refunds at once cannot exceed what was paid.
    match refund_attempts::begin(&state.db, &attempt, owed, asking_until()).await? {
        Begun::Yes => {}
        Begun::UnderWay => return Err(under_way()),
        Begun::Exceeds => {
            return Err(Failure::conflict(
                "The refund exceeds what is left to refund",
            ));
        }
        Begun::Claimed => return Err(Failure::conflict("This refund is being made already")),
    }
    let made = match record(state, &attempt, ask_provider(state, &attempt).await).await? {
        Settled::Made(refund) => Some(refund),
        Settled::Refused(e) => {
            return Err(Failure::bad_gateway(
                "The payment provider refused the refund. Nothing was refunded.",
                e,
            ));
        }
        Settled::Open => None,
    };
    if asked > amount {
        let rest = owe_rest(state, order, asked - amount, reason).await?;
        if made.is_some() {
            Box::pin(settle_these(state, std::slice::from_ref(&rest)))
                .await
                .map_err(|e| Failure::internal(format!("the rest of a refund: {e}")))?;
        }
    }
    let after = orders::get(&state.db, &order.id)
        .await?
        .ok_or_else(|| Failure::internal("a refunded order vanished"))?;
    Ok(Refund {
        made,
        amount,
        order: after,
    })
}

/// The payment a refund of `amount` goes back to, and how much of it: an
/// order paid in two parts gives back its balance's payment first, then
/// its advance's (a provider refunds each payment on its own).
fn payment_for(order: &orders::Order, first: String, amount: i64) -> (String, i64) {
    match &order.balance_payment_id {
        Some(balance) if order.balance_amount() > order.refunded_amount => (
            balance.clone(),
            amount.min(order.balance_amount() - order.refunded_amount),
        ),
        _ => (first, amount),
    }
}

/// Records the rest of a refund that spans both payments of an order paid
/// in two parts as a refund owed.
async fn owe_rest(
    state: &AppState,
    order: &orders::Order,
    rest: i64,
    reason: &str,
) -> Fallible<String> {
    let mut tx = crate::db::begin_write(&state.db).await?;
    let id = refunds_owed::owe(&mut tx, &order.id, Some(rest), reason).await?;
    tx.commit().await?;
    Ok(id)
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

/// What the provider's answer made of an attempt.
enum Settled {
    /// Refunded, and recorded once.
    Made(ProviderRefund),
    /// Refused (or no provider): nothing was refunded and the money set aside is back.
    Refused(ProviderError),
    /// No final answer: asked again later.
    Open,
}

/// Records the provider's answer to an attempt: the refund made, or the
/// money given back after a refusal (a refund owed marked refused, for an
/// admin), or, without a final answer, when to ask again.
async fn record(
    state: &AppState,
    a: &refund_attempts::Attempt,
    answer: Result<ProviderRefund, ProviderError>,
) -> Result<Settled, DbError> {
    let order_id = &a.order_id;
    match answer {
        Ok(refund) => {
            issuing::refund_made(&state.db, &state.config.document_prefixes, a, &refund.id).await?;
            Ok(Settled::Made(refund))
        }
        Err(e) if e.is_final() => {
            let refusal = matches!(e, ProviderError::Refused(_)).then(|| e.to_string());
            refund_attempts::abandon(&state.db, a, refusal.as_deref()).await?;
            tracing::error!(%order_id, attempt = %a.id, error = %e, "a refund was not made: see to it by hand");
            Ok(Settled::Refused(e))
        }
        Err(e) => {
            let tries = a.tries + 1;
            let wait = backoff(state.config.payments.refund_retry, tries);
            let at = now_ms() + wait.as_millis() as i64;
            refund_attempts::postpone(&state.db, &a.id, tries, at).await?;
            tracing::warn!(%order_id, attempt = %a.id, tries, wait_secs = wait.as_secs(), error = %e,
                "the payment provider gave no final answer to a refund: it will be asked again");
            Ok(Settled::Open)
        }
    }
}

/// The longest wait between two asks about one refund.
const LONGEST_WAIT: Duration = Duration::from_secs(60 * 60);

/// The wait after the `tries`-th ask without a final answer: the first
/// wait, doubled each time (30 s, 1 min, 2, 4 ...), at most an hour.
fn backoff(first: Duration, tries: i64) -> Duration {
    let doublings = (tries - 1).clamp(0, 20) as u32;
    first.saturating_mul(1 << doublings).min(LONGEST_WAIT)
}

/// How long a request waits for the provider's answer before a worker may
/// ask in its place (the client gives up after 30 s).
const ASKING: Duration = Duration::from_secs(2 * 60);

fn asking_until() -> i64 {
    now_ms() + ASKING.as_millis() as i64
}

/// A payment landed on a cancelled order: give it back in full. `true` when
/// refunded (not when it is under way); a failure is logged for an admin to
/// refund by hand.
pub async fn refund_cancelled(state: &AppState, order_id: &str) -> bool {
    let order = match orders::get(&state.db, order_id).await {
        Ok(Some(o)) => o,
        _ => return false,
    };
    let reason = "Paid after the order was cancelled";
    match refund(state, &order, None, reason, "system").await {
        Ok(r) => r.made.is_some(),
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
    refund_extra_payment(
        state,
        order,
        payment_id,
        order.first_payment(),
        "A second payment for an order already paid",
    )
    .await
}

/// A payment of `amount` that the order does not keep (a second capture of
/// its provider order, or of its balance's, or a balance paid after it was
/// cancelled): recorded (`second_payments`) and given back in full, once
/// however often it arrives, through a refund attempt like any refund.
pub async fn refund_extra_payment(
    state: &AppState,
    order: &orders::Order,
    payment_id: &str,
    amount: i64,
    reason: &str,
) -> SecondPayment {
    let attempt = refund_attempts::Attempt {
        id: format!("rfa_{}", crate::ids::random_hex(12)),
        order_id: order.id.clone(),
        payment_id: payment_id.to_string(),
        amount,
        reason: reason.to_string(),
        notes: serde_json::json!({ "order_number": order.order_number, "reason": reason })
            .to_string(),
        created_by: "system".to_string(),
        second_payment: 1,
        tries: 0,
    };
    let order_id = &order.id;
    match refund_attempts::begin_second_payment(&state.db, &attempt, asking_until()).await {
        Ok(true) => {}
        Ok(false) => return second_payment_state(state, payment_id).await,
        Err(e) => {
            tracing::error!(order_id, payment_id, error = %e, "a second payment could not be recorded: refund it by hand");
            return SecondPayment::Failed;
        }
    }
    match record(state, &attempt, ask_provider(state, &attempt).await).await {
        Ok(Settled::Made(_)) => SecondPayment::Refunded,
        Ok(Settled::Refused(_)) => SecondPayment::Failed,
        Ok(Settled::Open) => SecondPayment::Refunding,
        Err(e) => {
            tracing::error!(order_id, payment_id, error = %e, "recording the refund of a second payment failed");
            SecondPayment::Refunding
        }
    }
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
/// server stopped while the provider was asked, or the provider gave no final
/// answer), whether or not their wait is over: asks again with the same
/// idempotency key and records the answer. Returns how many were finished
/// (made or refused).
pub async fn recover(state: &AppState, age: Duration) -> anyhow::Result<usize> {
    let before = now_ms() - age.as_millis() as i64;
    let mut finished = 0;
    for attempt in refund_attempts::unfinished(&state.db, before).await? {
        finished += usize::from(ask_again(state, &attempt).await?);
    }
    Ok(finished)
}

/// Asks again about the refunds whose wait is over, each taken first so that
/// one instance asks. Returns how many were finished (made or refused).
pub async fn retry_due(state: &AppState) -> anyhow::Result<usize> {
    let now = now_ms();
    let mut finished = 0;
    for attempt in refund_attempts::due(&state.db, now).await? {
        if refund_attempts::lease(&state.db, &attempt.id, now, asking_until()).await? {
            finished += usize::from(ask_again(state, &attempt).await?);
        }
    }
    Ok(finished)
}

/// `true` when the attempt is finished: made or refused.
async fn ask_again(state: &AppState, attempt: &refund_attempts::Attempt) -> anyhow::Result<bool> {
    Ok(
        match record(state, attempt, ask_provider(state, attempt).await).await? {
            Settled::Made(refund) => {
                tracing::info!(order_id = %attempt.order_id, refund = %refund.id, tries = attempt.tries + 1,
                    "a refund asked again was recorded");
                true
            }
            Settled::Refused(_) => true,
            Settled::Open => false,
        },
    )
}

/// Makes the refunds owed (`db::refunds_owed`: written by whatever decided
/// them, in its own transaction), each once: what is left of the order's
/// payment, or the part owed; none for an order that was never paid (its
/// late payment is refunded as any payment on a cancelled order). Returns how
/// many were settled (made, handed to the retries of a refund under way, or
/// nothing left); a refusal marks the debt refused, for an admin.
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

/// One refund owed: claimed in the transaction that sets its money aside and
/// made (or left to the retries), or settled with nothing left to refund;
/// `false` while it waits (a payment may yet land, or another refund of the
/// order is under way) or when the provider refused.
async fn settle_one(state: &AppState, owed: &refunds_owed::Owed) -> anyhow::Result<bool> {
    let order = orders::get(&state.db, &owed.order_id).await?;
    let left = order
        .as_ref()
        .filter(|o| o.is_paid != 0)
        .map_or(0, |o| o.paid_amount() - o.refunded_amount);
    // Still waiting for a payment that may yet come: decided once it is paid or cancelled.
    let waiting = matches!(&order, Some(o) if o.is_paid == 0 && o.status == crate::domain::OrderStatus::Pending);
    // Another refund holds money aside that a refusal would give back: decided after it.
    if refund_attempts::under_way(&state.db, &owed.order_id).await? {
        return Ok(false);
    }
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
            tracing::warn!(order_id = %order.id, error = ?e, "a refund owed was not made");
            Ok(false)
        }
    }
}

/// At start, every unfinished refund is asked again (no request of this
/// process is waiting for one); then, often enough for the shortest wait,
/// the ones whose wait is over.
pub async fn run(state: AppState) {
    if let Err(e) = recover(&state, Duration::ZERO).await {
        tracing::warn!(error = %e, "finishing interrupted refunds failed");
    }
    let every = state
        .config
        .payments
        .refund_retry
        .min(Duration::from_secs(30));
    loop {
        tokio::time::sleep(every).await;
        if let Err(e) = retry_due(&state).await {
            tracing::warn!(error = %e, "asking again about open refunds failed");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_doubles_to_at_most_an_hour() {
        let first = Duration::from_secs(30);
        let waits: Vec<u64> = (1..=9).map(|t| backoff(first, t).as_secs()).collect();
        assert_eq!(waits, [30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
        assert_eq!(backoff(first, 1_000), LONGEST_WAIT);
        assert_eq!(backoff(Duration::from_secs(1), 2).as_secs(), 2);
    }
}
