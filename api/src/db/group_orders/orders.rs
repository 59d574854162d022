//! The members' own orders (members paying): linked to the rows they pay
//! for, let go when a row leaves, and checked against the rows before they
//! are made.

use sqlx::{Any, Transaction};

use super::{PAID_STATUSES, PLACED, Row};
use crate::db::{Db, DbError, now_ms};

/// Links rows to the order paying for them, inside the caller's transaction;
/// the unpaid order they were linked to before, if any, is cancelled.
/// `false` (the caller rolls back) when that order was paid after the rows
/// were read: the rows stay with the order that paid for them.
pub async fn link_order(
    tx: &mut Transaction<'static, Any>,
    rows: &[Row],
    order_id: &str,
) -> Result<bool, DbError> {
    let now = now_ms();
    for row in rows {
        if let Some(before) = row.order_id.as_deref().filter(|b| *b != order_id)
            && cancel_or_paid(tx, before, "Paid again").await?
        {
            return Ok(false);
        }
        sqlx::query("UPDATE group_order_rows SET order_id = $1, updated_at = $2 WHERE id = $3")
            .bind(order_id)
            .bind(now)
            .bind(&row.id)
            .execute(&mut **tx)
            .await?;
    }
    Ok(true)
}

/// Lets go of the order of a row that left its group (withdrawn, removed,
/// unpaid at the close, or its group cancelled), inside the transaction that
/// removed it: an unpaid order is cancelled (a payment landing on it later is
/// refunded as on any cancelled order); a paid one owes the row back (its part
/// of the order, or all the order has left once no row holds it). The refund
/// owed (its id), if any.
pub async fn release_order(
    tx: &mut Transaction<'static, Any>,
    order_id: &str,
    reason: &str,
    whole: bool,
) -> Result<Option<String>, DbError> {
    if cancel_unpaid(tx, order_id, reason).await? {
        return Ok(None);
    }
    let paid: Option<(i64, i64, i64)> =
        sqlx::query_as("SELECT total_price, items_count, is_paid FROM orders WHERE id = $1")
            .bind(order_id)
            .fetch_optional(&mut **tx)
            .await?;
    let Some((total, pieces, 1)) = paid else {
        return Ok(None);
    };
    let still_held: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM group_order_rows WHERE order_id = $1")
            .bind(order_id)
            .fetch_one(&mut **tx)
            .await?;
    // A piece's part of what is left: the order's line counts the pieces still
    // paid for (the caller rewrites it), and earlier parts are owed already.
    let owed_before: i64 = sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM refunds_owed WHERE order_id = $1",
    )
    .bind(order_id)
    .fetch_one(&mut **tx)
    .await?;
    let part = (!whole && still_held > 0).then(|| {
        let pieces = u32::try_from(pieces).unwrap_or(u32::MAX);
        design_engine::group_share::piece_refund(
            design_engine::money::Paise(total - owed_before),
            pieces,
        )
        .0
    });
    Ok(Some(
        crate::db::refunds_owed::owe(tx, order_id, part, reason).await?,
    ))
}

/// A group member's order against the rows that hold it: (pieces its lines
/// make, rows paying for it), or none for an order of no group.
pub async fn pieces_and_rows(db: &Db, order_id: &str) -> Result<Option<(i64, i64)>, DbError> {
    let found: Option<(Option<String>, i64, i64)> = sqlx::query_as(
        "SELECT o.group_id, \
         CAST((SELECT COALESCE(SUM(i.quantity), 0) FROM order_items i WHERE i.order_id = o.id) AS BIGINT), \
         (SELECT COUNT(*) FROM group_order_rows r WHERE r.order_id = o.id) FROM orders o WHERE o.id = $1",
    )
    .bind(order_id)
    .fetch_optional(db)
    .await?;
    Ok(found
        .and_then(|(group, pieces, rows)| (group.is_some() || rows > 0).then_some((pieces, rows))))
}

/// Cancels an order while it is unpaid: `true` when this call cancelled it.
async fn cancel_unpaid(
    tx: &mut Transaction<'static, Any>,
    order_id: &str,
    reason: &str,
) -> Result<bool, DbError> {
    Ok(crate::db::orders::cancel_unpaid(tx, order_id, None, reason, "system", now_ms()).await?)
}

/// A row's unpaid order cancelled (`false`), or found paid after all (`true`:
/// its payment landed first), inside the caller's transaction.
pub async fn cancel_or_paid(
    tx: &mut Transaction<'static, Any>,
    order_id: &str,
    reason: &str,
) -> Result<bool, DbError> {
    if cancel_unpaid(tx, order_id, reason).await? {
        return Ok(false);
    }
    let paid: Option<i64> = sqlx::query_scalar(&format!(
        "SELECT is_paid FROM orders WHERE id = $1 AND status IN ({PAID_STATUSES})"
    ))
    .bind(order_id)
    .fetch_optional(&mut **tx)
    .await?;
    Ok(paid == Some(1))
}

/// The group order whose piece a member's order pays for, while that group
/// is not placed yet: its title (the order waits for it before production).
pub async fn waiting_for(db: &Db, order_id: &str) -> Result<Option<String>, DbError> {
    Ok(sqlx::query_scalar(
        "SELECT g.title FROM group_orders g JOIN group_order_rows r ON r.group_id = g.id \
         WHERE r.order_id = $1 AND g.status <> $2 LIMIT 1",
    )
    .bind(order_id)
    .bind(PLACED)
    .fetch_optional(db)
    .await?)
}
