//! The balance of an order paid in two parts (issue 52): its provider order
//! recorded once, and its payment recorded once by a conditional UPDATE in
//! one script with the tax invoice for the whole order and the customer's
//! e-mail, as `payments::pay` records the first payment.

use sqlx::FromRow;

use super::payments::{Claim, Event, Payment, is_unique_violation, push_event};
use super::{Order, RETURNING};
use crate::db::script::Script;
use crate::db::tax_documents::NewDocument;
use crate::db::{Db, DbError, now_ms, outbox, tax_documents};
use crate::ids::new_id;

/// The order paid through the balance's provider order, deleted or not (a
/// payment that arrives is never ignored).
pub async fn by_balance_order(db: &Db, provider_order_id: &str) -> Result<Option<Order>, DbError> {
    Ok(sqlx::query_as(&format!(
        "{} WHERE orders.balance_provider_order_id = $1",
        super::SELECT
    ))
    .bind(provider_order_id)
    .fetch_optional(db)
    .await?)
}

/// Records the balance's provider order unless one is stored already (a
/// concurrent request got there first: `false`, and its order is the one used).
pub async fn set_balance_order(
    db: &Db,
    id: &str,
    provider_order_id: &str,
) -> Result<bool, DbError> {
    let done = sqlx::query(
        "UPDATE orders SET balance_provider_order_id = $1, updated_at = $2 \
         WHERE id = $3 AND balance_provider_order_id IS NULL AND balance_due > 0",
    )
    .bind(provider_order_id)
    .bind(now_ms())
    .bind(id)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// What paying the balance stores besides itself, written beforehand by
/// `core::documents::issuing::for_balance`.
pub struct Settling {
    /// The database's time: the payment's and its invoice's.
    pub paid_at: i64,
    /// The customer's e-mail: balance received, the tax invoice attached.
    pub email: outbox::Outgoing,
    /// The tax invoice of the whole order (goods: issued at supply, now it is paid in full).
    pub invoice: Option<NewDocument>,
}

/// What paying the balance came to, and the order as it then stood.
pub struct BalancePaid {
    /// `Confirmed`: this call recorded the balance; `AlreadyPaid`: this
    /// payment was recorded before; `SecondPayment`: another payment paid
    /// the balance (refund this one); `PaidWhileCancelled`: the order was
    /// cancelled (or deleted, or nothing is due) before its balance was paid
    /// (refund this one); `DuplicateEvent`: the webhook event was handled before.
    pub outcome: Payment,
    pub order: Option<Order>,
}

/// Records the balance's payment in one script: the UPDATE takes the balance
/// to 0 only while it is due on a paid order that is not cancelled, refunded
/// or deleted (so concurrent verifies and webhooks record it once) and stamps
/// its claim; the invoice and the e-mail are stored only with that claim.
#[tracing::instrument(skip(db, order, event, settling), fields(order_id = %order.id))]
pub async fn pay_balance(
    db: &Db,
    order: &Order,
    payment_id: &str,
    event: Option<&Event<'_>>,
    settling: &Settling,
) -> Result<BalancePaid, DbError> {
    let claim = Claim {
        order_id: order.id.clone(),
        claim: new_id(),
    };
    let now = settling.paid_at;
    let mut script = Script::independent(db);
    if let Some(e) = event {
        push_event(&mut script, e);
    }
    script
        .push_result(
            Claim::PAID,
            "orders",
            &format!(
                "UPDATE orders SET balance_due = 0, balance_payment_id = $1, balance_paid_at = $2, \
                 updated_at = $2, payment_claim = $3 WHERE id = $4 AND is_paid = 1 AND balance_due > 0 \
                 AND status NOT IN ('cancelled', 'refunded') AND deleted_at IS NULL{RETURNING}"
            ),
        )
        .bind(payment_id.to_string())
        .bind(now)
        .bind(claim.claim.clone())
        .bind(order.id.clone());
    outbox::put_if_claimed(&mut script, &settling.email, &claim);
    if let Some(doc) = &settling.invoice {
        tax_documents::push_issue(
            &mut script,
            &claim,
            &doc.series,
            doc.issued_at,
            &doc.snapshot,
        );
    }
    let rows = match script.run().await {
        Err(e) if event.is_some() && is_unique_violation(&e) => {
            return Ok(BalancePaid {
                outcome: Payment::DuplicateEvent,
                order: None,
            });
        }
        ran => ran?,
    };
    let after = match rows.first() {
        Some(row) => Some(Order::from_row(row)?),
        None => super::get(db, &order.id).await?,
    };
    let Some(after) = after else {
        return Err(DbError::Invariant("an order paying its balance vanished"));
    };
    let outcome = match (
        after.payment_claim.as_deref(),
        after.balance_payment_id.as_deref(),
    ) {
        (Some(c), _) if c == claim.claim => Payment::Confirmed,
        (_, Some(p)) if p == payment_id => Payment::AlreadyPaid,
        (_, Some(_)) => {
            tracing::warn!("a second payment of an order's balance: refund it");
            Payment::SecondPayment
        }
        (_, None) => {
            tracing::warn!("a balance paid for an order cancelled meanwhile: refund it");
            Payment::PaidWhileCancelled
        }
    };
    Ok(BalancePaid {
        outcome,
        order: Some(after),
    })
}
