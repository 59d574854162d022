//! Refunds between setting their money aside and recording the provider's
//! answer (see the `refund_attempts` migration): nothing is lost or refunded
//! twice if the server stops in between. The money set aside is part of the
//! order's payment (`orders.refunded_amount`), or a second payment of the
//! order, recorded in `second_payments` and given back whole.

use sqlx::FromRow;

use super::{Db, DbError, begin_write, now_ms, tax_documents};

#[derive(Debug, Clone, FromRow)]
pub struct Attempt {
    /// Also the provider's idempotency key.
    pub id: String,
    pub order_id: String,
    pub payment_id: String,
    pub amount: i64,
    pub reason: String,
    pub notes: String,
    pub created_by: String,
    /// 1 when it gives back a second payment of the order (`second_payments`),
    /// not the order's own: the order's refunded amount and status stay.
    pub second_payment: i64,
}

/// Sets `amount` of a paid order aside and records the attempt, in one
/// transaction; `false` (nothing written) when it exceeds what is left. With
/// `owed`, the refund owed it makes (`refunds_owed`) is claimed in the same
/// transaction: `false` too when another caller claimed it first.
pub async fn begin(db: &Db, a: &Attempt, owed: Option<&str>) -> Result<bool, sqlx::Error> {
    let now = now_ms();
    let mut tx = begin_write(db).await?;
    if let Some(owed) = owed {
        let claimed = sqlx::query(
            "UPDATE refunds_owed SET attempt_id = $1, done_at = $2 WHERE id = $3 AND done_at IS NULL",
        )
        .bind(&a.id)
        .bind(now)
        .bind(owed)
        .execute(&mut *tx)
        .await?;
        if claimed.rows_affected() != 1 {
            return Ok(false);
        }
    }
    let reserved = sqlx::query(
        "UPDATE orders SET refunded_amount = refunded_amount + $1, updated_at = $2 \
         WHERE id = $3 AND is_paid = 1 AND payment_id IS NOT NULL AND refunded_amount + $1 <= total_price",
    )
    .bind(a.amount)
    .bind(now)
    .bind(&a.order_id)
    .execute(&mut *tx)
    .await?;
    if reserved.rows_affected() != 1 {
        return Ok(false);
    }
    insert(&mut tx, a, now).await?;
    tx.commit().await?;
    Ok(true)
}

/// Records a second payment of an order (a second capture of its provider
/// order) and the attempt to give it back in full, in one transaction;
/// `false` (nothing written) when that payment is recorded already, refunded
/// or being refunded. One the provider refused before is tried again.
pub async fn begin_second_payment(db: &Db, a: &Attempt) -> Result<bool, sqlx::Error> {
    let now = now_ms();
    let mut tx = begin_write(db).await?;
    let recorded = sqlx::query(
        "INSERT INTO second_payments (payment_id, order_id, amount, status, created_at, updated_at) \
         VALUES ($1, $2, $3, 'refunding', $4, $4) \
         ON CONFLICT (payment_id) DO UPDATE SET status = 'refunding', updated_at = $4 \
         WHERE second_payments.status = 'failed'",
    )
    .bind(&a.payment_id)
    .bind(&a.order_id)
    .bind(a.amount)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    if recorded.rows_affected() != 1 {
        return Ok(false);
    }
    insert(&mut tx, a, now).await?;
    tx.commit().await?;
    Ok(true)
}

async fn insert(tx: &mut sqlx::AnyConnection, a: &Attempt, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO refund_attempts (id, order_id, payment_id, amount, reason, notes, created_by, created_at, \
         second_payment) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(&a.id)
    .bind(&a.order_id)
    .bind(&a.payment_id)
    .bind(a.amount)
    .bind(&a.reason)
    .bind(&a.notes)
    .bind(&a.created_by)
    .bind(now)
    .bind(a.second_payment)
    .execute(tx)
    .await?;
    Ok(())
}

/// Removes the attempt; `false` when another caller finished it first (its
/// outcome is then recorded once, by that caller).
async fn take(tx: &mut sqlx::AnyConnection, a: &Attempt) -> Result<bool, sqlx::Error> {
    let gone = sqlx::query("DELETE FROM refund_attempts WHERE id = $1")
        .bind(&a.id)
        .execute(tx)
        .await?;
    Ok(gone.rows_affected() == 1)
}

/// The provider refused: the money set aside is given back (a second
/// payment is marked failed, for an admin to refund by hand).
pub async fn abandon(db: &Db, a: &Attempt) -> Result<(), sqlx::Error> {
    let mut tx = begin_write(db).await?;
    if take(&mut tx, a).await? {
        if a.second_payment != 0 {
            sqlx::query(
                "UPDATE second_payments SET status = 'failed', updated_at = $1 WHERE payment_id = $2",
            )
            .bind(now_ms())
            .bind(&a.payment_id)
            .execute(&mut *tx)
            .await?;
        } else {
            sqlx::query(
                "UPDATE orders SET refunded_amount = refunded_amount - $1, updated_at = $2 \
                 WHERE id = $3 AND refunded_amount >= $1",
            )
            .bind(a.amount)
            .bind(now_ms())
            .bind(&a.order_id)
            .execute(&mut *tx)
            .await?;
        }
    }
    tx.commit().await
}

/// The provider made refund `refund_id`: it is recorded (once, however often
/// this runs) and a fully refunded order becomes `refunded` (a refunded
/// second payment is marked so, and leaves the order as it is).
pub async fn complete(
    db: &Db,
    a: &Attempt,
    refund_id: &str,
    credit_note_prefix: &str,
) -> Result<(), DbError> {
    let mut tx = begin_write(db).await?;
    // The database's clock dates the refund and its credit note (and so the
    // note's series), whichever instance's clock is off.
    let now = super::clock::now_in(&mut tx).await?;
    if take(&mut tx, a).await? {
        sqlx::query(
            "INSERT INTO refunds (id, order_id, payment_id, amount, reason, created_by, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(refund_id)
        .bind(&a.order_id)
        .bind(&a.payment_id)
        .bind(a.amount)
        .bind(&a.reason)
        .bind(&a.created_by)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if a.second_payment != 0 {
            sqlx::query(
                "UPDATE second_payments SET status = 'refunded', refund_id = $1, updated_at = $2 \
                 WHERE payment_id = $3",
            )
            .bind(refund_id)
            .bind(now)
            .bind(&a.payment_id)
            .execute(&mut *tx)
            .await?;
        } else {
            sqlx::query(
                "UPDATE orders SET status = 'refunded', updated_at = $1 WHERE id = $2 AND refunded_amount = total_price",
            )
            .bind(now)
            .bind(&a.order_id)
            .execute(&mut *tx)
            .await?;
            // Money back on the order's own payment adjusts its tax invoice.
            tax_documents::issue_credit_note(
                &mut tx,
                &a.order_id,
                &a.id,
                a.amount,
                &a.reason,
                credit_note_prefix,
                now,
            )
            .await?;
        }
    }
    Ok(tx.commit().await?)
}

/// How a recorded second payment stands: refunding, refunded or failed.
pub async fn second_payment_status(
    db: &Db,
    payment_id: &str,
) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT status FROM second_payments WHERE payment_id = $1")
        .bind(payment_id)
        .fetch_optional(db)
        .await
}

/// Attempts begun before `before` (Unix ms) and not finished: left by a
/// server that stopped before the provider's answer was recorded.
pub async fn unfinished(db: &Db, before: i64) -> Result<Vec<Attempt>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, order_id, payment_id, amount, reason, notes, created_by, second_payment FROM refund_attempts \
         WHERE created_at < $1 ORDER BY created_at",
    )
    .bind(before)
    .fetch_all(db)
    .await
}
