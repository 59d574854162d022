//! Pending orders nobody paid: after `PENDING_ORDER_HOURS` they are cancelled
//! and let go of what they held (their artwork, which the sweeper may then
//! remove). A payment that still arrives finds the order cancelled and is
//! refunded, as for any cancelled order.

use super::{Db, begin_write, now_ms};

/// The reason an expired order shows.
pub const REASON: &str = "Not paid in time";

/// Cancels the pending, unpaid orders created before `before` (Unix ms), at
/// most `limit` of them; returns how many.
pub async fn expire_unpaid(db: &Db, before: i64, limit: i64) -> Result<usize, sqlx::Error> {
    let now = now_ms();
    let mut tx = begin_write(db).await?;
    let ids: Vec<String> = sqlx::query_scalar(
        "SELECT id FROM orders WHERE status = 'pending' AND is_paid = 0 AND created_at < $1 \
         ORDER BY created_at LIMIT $2",
    )
    .bind(before)
    .bind(limit)
    .fetch_all(&mut *tx)
    .await?;
    let mut expired = 0;
    for id in &ids {
        if super::orders::cancel_unpaid(&mut tx, id, None, REASON, "system", now).await? {
            expired += 1;
        }
    }
    tx.commit().await?;
    Ok(expired)
}
