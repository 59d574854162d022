//! What the groups' clock looks for: groups past their deadline or its
//! grace, paid for, shipped, or at the minimum; and the once-only messages.

use sqlx::{Any, Transaction};

use super::{CLOSED, GROUP, Group, MEMBERS_PAY, OPEN, PAID_STATUSES, PLACED};
use crate::db::{Db, DbError, now_ms};

/// Closed groups whose line the organiser has paid for: (group, order).
pub async fn paid_for(db: &Db) -> Result<Vec<(String, String)>, DbError> {
    Ok(sqlx::query_as(
        "SELECT g.id, MIN(o.id) FROM group_orders g \
         JOIN orders o ON o.user_id = g.organiser_id AND o.is_paid = 1 AND o.paid_at >= g.closed_at \
         JOIN order_items i ON i.order_id = o.id AND i.artwork_hash = g.artwork_hash \
         WHERE g.status = $1 GROUP BY g.id",
    )
    .bind(CLOSED)
    .fetch_all(db)
    .await?)
}

/// Marks a closed group placed with its order; `false` when another instance did.
pub async fn place(
    tx: &mut Transaction<'static, Any>,
    group_id: &str,
    order_id: &str,
) -> Result<bool, DbError> {
    let done = sqlx::query("UPDATE group_orders SET status = $1, order_id = $2, updated_at = $3 WHERE id = $4 AND status = $5")
        .bind(PLACED)
        .bind(order_id)
        .bind(now_ms())
        .bind(group_id)
        .bind(CLOSED)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Placed groups whose order has shipped (members paying: every member's
/// order) and whose members were not told.
pub async fn shipped_unmailed(db: &Db) -> Result<Vec<String>, DbError> {
    Ok(sqlx::query_scalar(
        "SELECT g.id FROM group_orders g LEFT JOIN orders o ON o.id = g.order_id \
         WHERE g.status = $1 AND g.shipped_mailed = 0 AND (o.status IN ('shipped', 'delivered') \
         OR (g.payment = $2 AND EXISTS (SELECT 1 FROM group_order_rows r WHERE r.group_id = g.id) \
         AND NOT EXISTS (SELECT 1 FROM group_order_rows r LEFT JOIN orders m ON m.id = r.order_id \
         WHERE r.group_id = g.id AND (m.status IS NULL OR m.status NOT IN ('shipped', 'delivered')))))",
    )
    .bind(PLACED)
    .bind(MEMBERS_PAY)
    .fetch_all(db)
    .await?)
}

/// A message sent once per group.
#[derive(Debug, Clone, Copy)]
pub enum Flag {
    Minimum,
    Deadline,
    Shipped,
}

/// Claims a once-only message: `true` the first time.
pub async fn claim_flag(
    tx: &mut Transaction<'static, Any>,
    group_id: &str,
    flag: Flag,
) -> Result<bool, DbError> {
    let column = match flag {
        Flag::Minimum => "minimum_mailed",
        Flag::Deadline => "deadline_mailed",
        Flag::Shipped => "shipped_mailed",
    };
    let done = sqlx::query(&format!(
        "UPDATE group_orders SET {column} = 1 WHERE id = $1 AND {column} = 0"
    ))
    .bind(group_id)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Open groups whose members pay, with at least `pieces` paid pieces, whose
/// organiser was not told the minimum is reached.
pub async fn paid_minimum_unmailed(db: &Db, pieces: i64) -> Result<Vec<Group>, DbError> {
    Ok(sqlx::query_as(&format!(
        "{GROUP} WHERE g.status = $1 AND g.payment = $2 AND g.minimum_mailed = 0 AND \
         (SELECT COUNT(*) FROM group_order_rows r JOIN orders o ON o.id = r.order_id \
          WHERE r.group_id = g.id AND o.is_paid = 1 AND o.status IN ({PAID_STATUSES})) >= $3 LIMIT 100"
    ))
    .bind(OPEN)
    .bind(MEMBERS_PAY)
    .bind(pieces)
    .fetch_all(db)
    .await?)
}

/// Open groups past their deadline that nothing has dealt with yet.
pub async fn past_deadline(db: &Db) -> Result<Vec<Group>, DbError> {
    Ok(sqlx::query_as(&format!(
        "{GROUP} WHERE g.status = $1 AND g.deadline <= $2 AND g.deadline_mailed = 0 LIMIT 100"
    ))
    .bind(OPEN)
    .bind(now_ms())
    .fetch_all(db)
    .await?)
}

/// Open groups whose members pay with a deadline at or before `cutoff` (the
/// deadline plus the grace hours the organiser had to act).
pub async fn past_grace(db: &Db, cutoff: i64) -> Result<Vec<Group>, DbError> {
    Ok(sqlx::query_as(&format!(
        "{GROUP} WHERE g.status = $1 AND g.payment = $2 AND g.deadline <= $3 LIMIT 100"
    ))
    .bind(OPEN)
    .bind(MEMBERS_PAY)
    .bind(cutoff)
    .fetch_all(db)
    .await?)
}
