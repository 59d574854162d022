//! Paying and cancelling orders, and the provider's events. Every change that
//! must happen once is a conditional UPDATE in one transaction, so concurrent
//! verifies and webhooks cannot apply it twice.

use sqlx::FromRow;

use super::{Order, RETURNING};
use crate::db::script::Script;
use crate::db::tax_documents::NewDocument;
use crate::db::{Db, DbError, now_ms, outbox, tax_documents};
use crate::ids::new_id;

/// A webhook event, recorded so a replay of it is ignored.
pub struct Event<'a> {
    pub id: &'a str,
    pub event: &'a str,
    pub provider_order_id: Option<&'a str>,
    pub payment_id: Option<&'a str>,
}

/// Adds the event to a script: a replayed event fails it on the event's key.
pub(super) fn push_event(script: &mut Script, e: &Event<'_>) {
    script
        .push(
            "INSERT INTO payment_events (id, event, provider_order_id, payment_id, created_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(e.id.to_string())
        .bind(e.event.to_string())
        .bind(e.provider_order_id.map(str::to_string))
        .bind(e.payment_id.map(str::to_string))
        .bind(now_ms());
}

pub(super) fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(e) if e.is_unique_violation())
}

/// Records an event that changes no order; `false` when it was seen before.
pub async fn record_event(db: &Db, e: &Event<'_>) -> Result<bool, DbError> {
    let mut script = Script::new(db);
    push_event(&mut script, e);
    match script.run().await {
        Ok(_) => Ok(true),
        Err(err) if is_unique_violation(&err) => Ok(false),
        Err(err) => Err(err.into()),
    }
}

#[derive(Debug, PartialEq, Eq)]
pub enum Payment {
    /// This call marked the order paid and confirmed, emptied the cart and took the stock.
    Confirmed,
    /// The order was paid before (another verify or a webhook): nothing changed.
    AlreadyPaid,
    /// The order had been cancelled or deleted: the payment is recorded (so it
    /// can be refunded), nothing else.
    PaidWhileCancelled,
    /// The order was paid before by another payment (a second capture of
    /// its provider order): nothing changed; the caller refunds this one.
    SecondPayment,
    /// The webhook event was handled before: nothing changed.
    DuplicateEvent,
}

/// What a payment stores besides itself, written by its caller beforehand
/// (`core::documents::issuing::for_payment`).
pub struct Confirming {
    /// The database's time: the payment's, and its invoice's.
    pub paid_at: i64,
    /// The customer's confirmation e-mail, stored if this payment confirms the order.
    pub email: outbox::Outgoing,
    /// The tax invoice, numbered and stored if this payment confirms the order.
    pub invoice: Option<NewDocument>,
    /// An advance's receipt voucher (`RECEIPT_VOUCHERS=on`), numbered and
    /// stored, for `amount`, if this payment confirms the order.
    pub voucher: Option<(NewDocument, i64)>,
}

/// What paying came to, and the order as it then stood (none for a duplicate event).
pub struct Paid {
    pub outcome: Payment,
    pub order: Option<Order>,
}

/// Marks an order paid, in one script (one crossing to SQLite's writer, one
/// statement on PostgreSQL):
/// confirmed only if it was pending, unpaid and not deleted (a conditional
/// UPDATE, so concurrent verifies and webhooks confirm once), else, unpaid but
/// cancelled or deleted, the payment only recorded (the caller refunds it).
/// The UPDATE stamps the order with this call's claim, and the rest of the
/// script acts only on the order this call confirmed: the owner's cart loses
/// the ordered lines, the confirmation e-mail is queued and the stock is made
/// due (`db::stock` takes it moments later), and the tax invoice is stored
/// with the next number of its series (all three from `confirming`, dated
/// `confirming.paid_at`). The order then waits for the
/// customer's approval of a proof, or, without `proof_required`, counts as
/// approved by the system (recorded in its events). A paid order given another
/// payment id is a second payment (`Payment::SecondPayment`).
#[tracing::instrument(skip(db, order, event, confirming), fields(order_id = %order.id))]
pub async fn pay(
    db: &Db,
    order: &Order,
    payment_id: &str,
    event: Option<&Event<'_>>,
    confirming: &Confirming,
    proof_required: bool,
) -> Result<Paid, DbError> {
    let order_id = order.id.clone();
    let now = confirming.paid_at;
    let claim = Claim {
        order_id: order_id.clone(),
        claim: new_id(),
    };
    let late = format!("{}:late", claim.claim);
    let mut script = Script::independent(db);
    if let Some(e) = event {
        push_event(&mut script, e);
    }
    script
        .push_result(
            Claim::PAID,
            "orders",
            &format!(
                "UPDATE orders SET is_paid = 1, paid_at = $1, payment_id = $2, updated_at = $1, open_slot = NULL, \
             balance_due = CASE WHEN advance_amount > 0 THEN total_price - advance_amount ELSE 0 END, \
             payment_claim = CASE WHEN status = 'pending' AND deleted_at IS NULL THEN $3 ELSE $4 END, \
             proof_state = CASE WHEN status = 'pending' AND deleted_at IS NULL THEN $6 ELSE proof_state END, \
             status = CASE WHEN status = 'pending' AND deleted_at IS NULL THEN 'confirmed' ELSE status END \
             WHERE id = $5 AND is_paid = 0{RETURNING}"
            ),
        )
        .bind(now)
        .bind(payment_id.to_string())
        .bind(claim.claim.clone())
        .bind(late.clone())
        .bind(order_id.clone())
        .bind(if proof_required { "waiting" } else { "approved" });
    if !proof_required {
        crate::db::proofs::push_system_approval(&mut script, &claim, now);
    }
    // The lines that were ordered (anything added to the cart since stays).
    script
        .push(&format!(
            "DELETE FROM cart_items WHERE user_id = (SELECT user_id FROM {} WHERE id = $1 AND payment_claim = $2) \
             AND artwork_hash IN (SELECT artwork_hash FROM order_items WHERE order_id = $1)",
            Claim::PAID
        ))
        .bind(order_id.clone())
        .bind(claim.claim.clone());
    // The coupon the order was paid with leaves the cart (its use is kept).
    script
        .push(&format!(
            "DELETE FROM cart_coupons WHERE user_id = (SELECT user_id FROM {} WHERE id = $1 AND payment_claim = $2 \
             AND coupon_id IS NOT NULL)",
            Claim::PAID
        ))
        .bind(order_id.clone())
        .bind(claim.claim.clone());
    outbox::put_if_claimed(&mut script, &confirming.email, &claim);
    crate::db::stock::make_due(&mut script, &claim);
    if let Some(doc) = &confirming.invoice {
        tax_documents::push_issue(
            &mut script,
            &claim,
            &doc.series,
            doc.issued_at,
            &doc.snapshot,
        );
    }
    if let Some((doc, amount)) = &confirming.voucher {
        tax_documents::push_voucher(&mut script, &claim, doc, *amount);
    }
    let rows = match script.run().await {
        // The event was handled before: nothing changed.
        Err(e) if event.is_some() && is_unique_violation(&e) => {
            return Ok(Paid {
                outcome: Payment::DuplicateEvent,
                order: None,
            });
        }
        ran => ran?,
    };
    // The UPDATE's row, if it recorded the payment; else it was paid before.
    let after = match rows.first() {
        Some(row) => Some(Order::from_row(row)?),
        None => super::get(db, &order_id).await?,
    };
    let Some(after) = after else {
        return Err(DbError::Invariant("a paid order vanished"));
    };
    let outcome = match after.payment_claim.as_deref() {
        Some(c) if c == claim.claim => {
            crate::db::stock::wake();
            tracing::info!(subject = %confirming.email.subject, "confirmation e-mail queued");
            Payment::Confirmed
        }
        Some(c) if c == late => {
            tracing::warn!("payment received for a cancelled order: refund it");
            Payment::PaidWhileCancelled
        }
        _ if after.payment_id.as_deref() != Some(payment_id) => {
            tracing::warn!("a second payment for a paid order: refund it");
            Payment::SecondPayment
        }
        _ => Payment::AlreadyPaid,
    };
    Ok(Paid {
        outcome,
        order: Some(after),
    })
}

/// The order a paying script confirmed, and the claim its UPDATE stamped on it:
/// the script's later statements act only if the stamp is there.
pub struct Claim {
    pub order_id: String,
    pub claim: String,
}

impl Claim {
    /// What the script's later statements read the UPDATE's order by
    /// (`Script::push_result`): `FROM paid WHERE id = .. AND payment_claim = ..`.
    pub const PAID: &'static str = "paid";
}

/// Cancels the user's order while it is pending and unpaid (recorded as the
/// customer's change, its artwork let go); `false` otherwise.
pub async fn cancel(db: &Db, id: &str, user_id: &str, reason: &str) -> Result<bool, DbError> {
    let mut tx = crate::db::begin_write(db).await?;
    let done = cancel_unpaid(&mut tx, id, Some(user_id), reason, user_id, now_ms()).await?;
    tx.commit().await?;
    Ok(done)
}

/// Cancels an order while it is pending and unpaid (and, with `owner`, that
/// user's), in the caller's transaction: the change is recorded as `by`'s and
/// the order lets go of its artwork (the sweeper may then remove it). `false`,
/// and nothing changed, when the order is not pending and unpaid any more.
/// Every path that ends an unpaid order comes here (the customer's cancel, an
/// admin's delete, expiry), so a payment that still arrives finds the order
/// cancelled and is refunded (`pay`).
pub(in crate::db) async fn cancel_unpaid(
    conn: &mut sqlx::AnyConnection,
    id: &str,
    owner: Option<&str>,
    reason: &str,
    by: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE orders SET status = 'cancelled', cancel_reason = $1, updated_at = $2, open_slot = NULL \
         WHERE id = $3 AND ($4 IS NULL OR user_id = $4) AND status = 'pending' AND is_paid = 0",
    )
    .bind(reason)
    .bind(now)
    .bind(id)
    .bind(owner)
    .execute(&mut *conn)
    .await?;
    if done.rows_affected() != 1 {
        return Ok(false);
    }
    // The order gives its coupon's use back.
    crate::db::coupons::release(conn, id).await?;
    sqlx::query(
        "INSERT INTO order_status_changes (id, order_id, from_status, to_status, changed_by, created_at) \
         VALUES ($1, $2, 'pending', 'cancelled', $3, $4)",
    )
    .bind(new_id())
    .bind(id)
    .bind(by)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "DELETE FROM order_item_artwork WHERE order_item_id IN (SELECT id FROM order_items WHERE order_id = $1)",
    )
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(true)
}
