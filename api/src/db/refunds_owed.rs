//! Refunds the store owes (see the `refunds_owed` migration): written in the
//! transaction that decided them, made by `core::checkout::refunds::settle_owed`.

use sqlx::{Any, FromRow, Transaction};

use super::{Db, DbError, now_ms};
use crate::ids::new_id;

#[derive(FromRow, Debug, Clone)]
pub struct Owed {
    pub id: String,
    pub order_id: String,
    /// None: all the order has left to refund.
    pub amount: Option<i64>,
    pub reason: String,
}

/// Records a refund owed on `order_id`, inside the deciding transaction: its id.
pub async fn owe(
    tx: &mut Transaction<'static, Any>,
    order_id: &str,
    amount: Option<i64>,
    reason: &str,
) -> Result<String, DbError> {
    owe_for(tx, order_id, amount, reason, None).await
}

/// `owe`, for certain pieces of the order (`pieces`: the JSON its credit
/// note is written from, `core::documents::tax_document::CreditedPieces`).
pub async fn owe_for(
    tx: &mut Transaction<'static, Any>,
    order_id: &str,
    amount: Option<i64>,
    reason: &str,
    pieces: Option<&str>,
) -> Result<String, DbError> {
    let id = new_id();
    sqlx::query(
        "INSERT INTO refunds_owed (id, order_id, amount, reason, created_at, pieces) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&id)
    .bind(order_id)
    .bind(amount)
    .bind(reason)
    .bind(now_ms())
    .bind(pieces)
    .execute(&mut **tx)
    .await?;
    Ok(id)
}

/// The pieces the refund owed that `attempt_id` makes is for, if it names them.
pub async fn pieces_of_attempt(db: &Db, attempt_id: &str) -> Result<Option<String>, DbError> {
    let found: Option<Option<String>> =
        sqlx::query_scalar("SELECT pieces FROM refunds_owed WHERE attempt_id = $1")
            .bind(attempt_id)
            .fetch_optional(db)
            .await?;
    Ok(found.flatten())
}

/// The refunds not made yet, oldest first (a few hundred at a time).
pub async fn due(db: &Db) -> Result<Vec<Owed>, DbError> {
    Ok(sqlx::query_as(
        "SELECT id, order_id, amount, reason FROM refunds_owed WHERE done_at IS NULL \
         ORDER BY created_at, id LIMIT 500",
    )
    .fetch_all(db)
    .await?)
}

/// One refund owed, while it is not made yet.
pub async fn due_one(db: &Db, id: &str) -> Result<Option<Owed>, DbError> {
    Ok(sqlx::query_as(
        "SELECT id, order_id, amount, reason FROM refunds_owed WHERE id = $1 AND done_at IS NULL",
    )
    .bind(id)
    .fetch_optional(db)
    .await?)
}

/// Settles a refund owed with nothing to refund (the order was never paid,
/// or is refunded already); `false` when another caller settled it.
pub async fn nothing_left(db: &Db, id: &str) -> Result<bool, DbError> {
    let done =
        sqlx::query("UPDATE refunds_owed SET done_at = $1 WHERE id = $2 AND done_at IS NULL")
            .bind(now_ms())
            .bind(id)
            .execute(db)
            .await?;
    Ok(done.rows_affected() == 1)
}

/// Refunds owed and not yet claimed by a refund: how many, and the oldest one's time (`/metrics`).
pub async fn waiting(db: &Db) -> Result<(i64, Option<i64>), DbError> {
    Ok(
        sqlx::query_as("SELECT COUNT(*), MIN(created_at) FROM refunds_owed WHERE done_at IS NULL")
            .fetch_one(db)
            .await?,
    )
}
