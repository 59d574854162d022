//! Refunds between setting their money aside and recording the provider's
//! answer (see the `refund_attempts` migration): nothing is lost or refunded
//! twice if the server stops in between.

use sqlx::FromRow;

use super::{Db, begin_write, now_ms};

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
}

/// Sets `amount` of a paid order aside and records the attempt, in one
/// transaction; `false` (nothing written) when it exceeds what is left.
pub async fn begin(db: &Db, a: &Attempt) -> Result<bool, sqlx::Error> {
    let now = now_ms();
    let mut tx = begin_write(db).await?;
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
    sqlx::query(
        "INSERT INTO refund_attempts (id, order_id, payment_id, amount, reason, notes, created_by, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(&a.id)
    .bind(&a.order_id)
    .bind(&a.payment_id)
    .bind(a.amount)
    .bind(&a.reason)
    .bind(&a.notes)
    .bind(&a.created_by)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(true)
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

/// The provider refused: the money set aside is given back.
pub async fn abandon(db: &Db, a: &Attempt) -> Result<(), sqlx::Error> {
    let mut tx = begin_write(db).await?;
    if take(&mut tx, a).await? {
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
    tx.commit().await
}

/// The provider made refund `refund_id`: it is recorded (once, however often
/// this runs) and a fully refunded order becomes `refunded`.
pub async fn complete(db: &Db, a: &Attempt, refund_id: &str) -> Result<(), sqlx::Error> {
    let now = now_ms();
    let mut tx = begin_write(db).await?;
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
        sqlx::query(
            "UPDATE orders SET status = 'refunded', updated_at = $1 WHERE id = $2 AND refunded_amount = total_price",
        )
        .bind(now)
        .bind(&a.order_id)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await
}

/// Attempts begun before `before` (Unix ms) and not finished: left by a
/// server that stopped before the provider's answer was recorded.
pub async fn unfinished(db: &Db, before: i64) -> Result<Vec<Attempt>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, order_id, payment_id, amount, reason, notes, created_by FROM refund_attempts \
         WHERE created_at < $1 ORDER BY created_at",
    )
    .bind(before)
    .fetch_all(db)
    .await
}
