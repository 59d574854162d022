//! Production stage moves (`order_stage_changes`): an order's current stage
//! is its move with the highest seq.

use std::collections::HashMap;

use sqlx::FromRow;

use super::{Db, DbError, now_ms};
use crate::ids::new_id;

#[derive(FromRow, Debug, Clone)]
pub struct StageMove {
    pub seq: i64,
    pub from_stage: Option<String>,
    pub to_stage: String,
    pub changed_by: String,
    pub changed_by_name: Option<String>,
    pub created_at: i64,
}

/// Every move of the order, oldest first, with the admin's name.
pub async fn history(db: &Db, order_id: &str) -> Result<Vec<StageMove>, DbError> {
    Ok(sqlx::query_as(
        "SELECT s.seq, s.from_stage, s.to_stage, s.changed_by, u.name AS changed_by_name, s.created_at \
         FROM order_stage_changes s LEFT JOIN users u ON u.id = s.changed_by \
         WHERE s.order_id = $1 ORDER BY s.seq",
    )
    .bind(order_id)
    .fetch_all(db)
    .await?)
}

/// The current stage and its seq of each order that has one.
pub async fn current(
    db: &Db,
    order_ids: &[&str],
) -> Result<HashMap<String, (String, i64)>, DbError> {
    if order_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let placeholders: Vec<String> = (1..=order_ids.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT s.order_id, s.to_stage, s.seq FROM order_stage_changes s WHERE s.order_id IN ({}) \
         AND s.seq = (SELECT MAX(m.seq) FROM order_stage_changes m WHERE m.order_id = s.order_id)",
        placeholders.join(", ")
    );
    let mut query = sqlx::query_as::<_, (String, String, i64)>(&sql);
    for id in order_ids {
        query = query.bind(*id);
    }
    Ok(query
        .fetch_all(db)
        .await?
        .into_iter()
        .map(|(order, stage, seq)| (order, (stage, seq)))
        .collect())
}

/// What recording a move found.
#[derive(Debug, PartialEq, Eq)]
pub enum Recorded {
    Moved,
    /// The order left processing meanwhile.
    NotProcessing,
    /// Another move of the same order came first.
    Raced,
}

/// Records the move after seq `last` (0: none yet), only while the order is
/// in processing, in one transaction with `email` (the customer's "balance
/// due" letter when the move ends production, issue 52), queued only while
/// a balance is still due.
pub async fn record(
    db: &Db,
    order_id: &str,
    last: i64,
    from: Option<&str>,
    to: &str,
    by: &str,
    email: Option<&super::outbox::Outgoing>,
) -> Result<Recorded, DbError> {
    let mut tx = super::begin_write(db).await?;
    let done = sqlx::query(
        "INSERT INTO order_stage_changes (id, order_id, seq, from_stage, to_stage, changed_by, created_at) \
         SELECT $1, id, $2, $3, $4, $5, $6 FROM orders \
         WHERE id = $7 AND status = 'processing' AND deleted_at IS NULL",
    )
    .bind(new_id())
    .bind(last + 1)
    .bind(from)
    .bind(to)
    .bind(by)
    .bind(now_ms())
    .bind(order_id)
    .execute(&mut *tx)
    .await;
    let recorded = match done {
        Ok(r) if r.rows_affected() == 1 => Recorded::Moved,
        Ok(_) => Recorded::NotProcessing,
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Recorded::Raced,
        Err(e) => return Err(e.into()),
    };
    if recorded != Recorded::Moved {
        return Ok(recorded);
    }
    if let Some(m) = email {
        sqlx::query(
            "INSERT INTO outbox (id, channel, recipient, subject, body, created_at) \
             SELECT $1, $2, $3, $4, $5, $6 FROM orders WHERE id = $7 AND balance_due > 0",
        )
        .bind(new_id())
        .bind(m.channel)
        .bind(&m.to)
        .bind(&m.subject)
        .bind(&m.body)
        .bind(now_ms())
        .bind(order_id)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(recorded)
}
