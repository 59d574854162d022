//! Running orders as an admin: lists across all customers by status and
//! date, status changes with their history, deletion that keeps the money's
//! records (a paid order's; one never paid is cancelled instead), and the
//! figures of the overview.

use sqlx::FromRow;

use super::orders::{Order, SELECT};
use super::{Db, now_ms, outbox};
use crate::domain::OrderStatus;
use crate::ids::new_id;

/// Which orders: by status, and created in `[from_ms, to_ms)`.
#[derive(Debug, Default, Clone, Copy)]
pub struct Filter {
    pub status: Option<OrderStatus>,
    pub from_ms: Option<i64>,
    pub to_ms: Option<i64>,
}

const WHERE: &str = "orders.deleted_at IS NULL AND ($1 IS NULL OR orders.status = $1) \
     AND ($2 IS NULL OR orders.created_at >= $2) AND ($3 IS NULL OR orders.created_at < $3)";

/// A page of orders, newest first (`limit` None: all of them), and how many match.
pub async fn list(
    db: &Db,
    f: Filter,
    limit: Option<i64>,
    offset: i64,
) -> Result<(Vec<Order>, i64), sqlx::Error> {
    let status = f.status;
    // Ids first: the page is found on the `orders_live_created` index alone
    // (a deep page skips index entries, not whole rows), then only its rows
    // are read and joined.
    let orders = sqlx::query_as(&format!(
        "{SELECT} WHERE orders.id IN (SELECT orders.id FROM orders WHERE {WHERE} \
         ORDER BY orders.created_at DESC, orders.id DESC LIMIT $4 OFFSET $5) \
         ORDER BY orders.created_at DESC, orders.id DESC"
    ))
    .bind(status)
    .bind(f.from_ms)
    .bind(f.to_ms)
    .bind(limit.unwrap_or(i64::MAX))
    .bind(offset)
    .fetch_all(db)
    .await?;
    let total = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM orders WHERE {WHERE}"))
        .bind(status)
        .bind(f.from_ms)
        .bind(f.to_ms)
        .fetch_one(db)
        .await?;
    Ok((orders, total))
}

/// An order that was not deleted.
pub async fn get(db: &Db, id: &str) -> Result<Option<Order>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{SELECT} WHERE orders.id = $1 AND orders.deleted_at IS NULL"
    ))
    .bind(id)
    .fetch_optional(db)
    .await
}

#[derive(FromRow, Debug, Clone)]
pub struct StatusChange {
    pub from_status: OrderStatus,
    pub to_status: OrderStatus,
    pub changed_by: String,
    pub changed_by_name: Option<String>,
    pub created_at: i64,
}

/// Moves the order from `from` to `to`, recording who did it, and queues the
/// customer's `email` (when the status is one they hear of). `false` when
/// the order is no longer in `from` (another admin changed it first). An
/// `override_reason` (production without an approved proof) is recorded
/// with the change.
pub async fn set_status(
    db: &Db,
    order: &Order,
    from: OrderStatus,
    to: OrderStatus,
    by: &str,
    email: Option<&outbox::Outgoing>,
    override_reason: Option<&str>,
) -> Result<bool, sqlx::Error> {
    let mut tx = super::begin_write(db).await?;
    let change = Change {
        from,
        to,
        by,
        override_reason,
        email,
    };
    if !change_status(&mut tx, order, &change).await? {
        return Ok(false);
    }
    tx.commit().await?;
    Ok(true)
}

/// A status change as `change_status` makes it.
pub struct Change<'a> {
    pub from: OrderStatus,
    pub to: OrderStatus,
    pub by: &'a str,
    pub override_reason: Option<&'a str>,
    /// The customer's e-mail about the change, queued with it.
    pub email: Option<&'a outbox::Outgoing>,
}

/// `set_status` inside the caller's transaction (a shipment's booking
/// records its shipment and the change together).
pub async fn change_status(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    order: &Order,
    c: &Change<'_>,
) -> Result<bool, sqlx::Error> {
    let now = now_ms();
    let done = sqlx::query(
        "UPDATE orders SET status = $1, updated_at = $2, open_slot = NULL \
         WHERE id = $3 AND status = $4 AND deleted_at IS NULL",
    )
    .bind(c.to.as_str())
    .bind(now)
    .bind(&order.id)
    .bind(c.from.as_str())
    .execute(&mut **tx)
    .await?;
    if done.rows_affected() != 1 {
        return Ok(false);
    }
    sqlx::query(
        "INSERT INTO order_status_changes (id, order_id, from_status, to_status, changed_by, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(new_id())
    .bind(&order.id)
    .bind(c.from.as_str())
    .bind(c.to.as_str())
    .bind(c.by)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    if let Some(reason) = c.override_reason {
        super::proofs::push_override(tx, &order.id, c.by, reason, now).await?;
    }
    if let Some(m) = c.email {
        outbox::put(tx, m.channel, &m.to, &m.subject, &m.body).await?;
    }
    Ok(true)
}

/// Records a change another step already made (a full refund marks the order refunded).
pub async fn record_change(
    db: &Db,
    order_id: &str,
    from: OrderStatus,
    to: OrderStatus,
    by: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO order_status_changes (id, order_id, from_status, to_status, changed_by, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(new_id())
    .bind(order_id)
    .bind(from.as_str())
    .bind(to.as_str())
    .bind(by)
    .bind(now_ms())
    .execute(db)
    .await?;
    Ok(())
}

/// The order's status changes, oldest first, with the admin's name.
pub async fn history(db: &Db, order_id: &str) -> Result<Vec<StatusChange>, sqlx::Error> {
    sqlx::query_as(
        "SELECT c.from_status, c.to_status, c.changed_by, u.name AS changed_by_name, c.created_at \
         FROM order_status_changes c LEFT JOIN users u ON u.id = c.changed_by \
         WHERE c.order_id = $1 ORDER BY c.created_at, c.id",
    )
    .bind(order_id)
    .fetch_all(db)
    .await
}

/// Why an order an admin deleted before it was paid shows as cancelled.
pub const DELETED_REASON: &str = "Deleted by an admin";

/// What an admin's delete did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deleted {
    /// A paid order left every list; its row, payment events and refunds stay.
    Removed,
    /// An unpaid pending order was cancelled instead (recorded as the admin's
    /// change, its artwork let go) and stays listed: a payment that still
    /// arrives for it is refunded, and the admin sees that refund on it.
    Cancelled,
    /// An order never paid and no longer pending stays as it is: hiding it
    /// would hide a late payment's refund.
    NeverPaid,
    NotFound,
}

/// An admin's delete. Only a paid order leaves the lists; one never paid is
/// cancelled rather than deleted, and never paid quietly: its late payment
/// finds it cancelled and is refunded, in plain view.
pub async fn delete(db: &Db, id: &str, by: &str) -> Result<Deleted, sqlx::Error> {
    let now = now_ms();
    let mut tx = super::begin_write(db).await?;
    let paid: Option<i64> =
        sqlx::query_scalar("SELECT is_paid FROM orders WHERE id = $1 AND deleted_at IS NULL")
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
    let Some(paid) = paid else {
        return Ok(Deleted::NotFound);
    };
    // The conditional cancel decides: a payment that landed meanwhile makes it false.
    if paid == 0 && super::orders::cancel_unpaid(&mut tx, id, None, DELETED_REASON, by, now).await?
    {
        tx.commit().await?;
        return Ok(Deleted::Cancelled);
    }
    let done = sqlx::query(
        "UPDATE orders SET deleted_at = $1, updated_at = $1, open_slot = NULL \
         WHERE id = $2 AND deleted_at IS NULL AND is_paid <> 0",
    )
    .bind(now)
    .bind(id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(match (done.rows_affected(), paid) {
        (1, _) => Deleted::Removed,
        (_, 0) => Deleted::NeverPaid,
        _ => Deleted::NotFound,
    })
}

/// How many (not deleted) orders are in each status.
pub async fn status_counts(db: &Db) -> Result<Vec<(String, i64)>, sqlx::Error> {
    sqlx::query_as("SELECT status, COUNT(*) FROM orders WHERE deleted_at IS NULL GROUP BY status")
        .fetch_all(db)
        .await
}

/// One day's figures for the overview: the day (0 is the day starting at
/// `from_ms`), its orders and its revenue (paid less refunded).
#[derive(FromRow, Debug, Clone)]
pub struct DayFigure {
    pub day: i64,
    pub orders: i64,
    pub revenue: i64,
}

/// Orders and revenue per day since `from_ms` (deleted orders too: their
/// money was real), summed by the database over the `orders_figures` index
/// rather than read order by order.
pub async fn daily_since(
    db: &Db,
    from_ms: i64,
    day_ms: i64,
) -> Result<Vec<DayFigure>, sqlx::Error> {
    sqlx::query_as(
        "SELECT (created_at - $1) / $2 AS day, COUNT(*) AS orders, \
         CAST(COALESCE(SUM(CASE WHEN is_paid <> 0 THEN total_price - balance_due - refunded_amount ELSE 0 END), 0) AS BIGINT) \
         AS revenue FROM orders WHERE created_at >= $1 GROUP BY 1",
    )
    .bind(from_ms)
    .bind(day_ms)
    .fetch_all(db)
    .await
}
