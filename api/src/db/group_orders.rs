//! Group orders and their rows. Every change to the rows first takes the
//! group's own row (`lock_open`), so a join, a change or a withdrawal and the
//! organiser's close or cancel are serialised: a row is either in the line
//! the close writes, or refused because the group is no longer open.

use sqlx::{Any, FromRow, Transaction};

use super::{Db, DbError, now_ms};
use crate::ids::new_id;

#[derive(FromRow, Debug, Clone)]
pub struct Group {
    pub id: String,
    pub token: String,
    pub organiser_id: String,
    pub organiser_name: String,
    pub product_id: String,
    pub design: String,
    pub title: String,
    pub deadline: i64,
    pub payment: String,
    pub personalisation: i64,
    pub status: String,
    /// Members paying: the address their orders ship to (`ShippingAddress` JSON).
    pub ship_to: Option<String>,
    /// The pieces each member may add (1 unless the organiser allows more).
    pub pieces_per_member: i64,
    pub minimum_mailed: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

pub const OPEN: &str = "open";
pub const CLOSED: &str = "closed";
pub const PLACED: &str = "placed";
pub const CANCELLED: &str = "cancelled";

/// Who pays: the organiser for everyone, or each member for their own piece.
pub const ORGANISER_PAYS: &str = "organiser";
pub const MEMBERS_PAY: &str = "members";

/// A member's piece, with the member's name and e-mail.
#[derive(FromRow, Debug, Clone)]
pub struct Row {
    pub id: String,
    pub group_id: String,
    pub user_id: String,
    pub top_up: i64,
    pub size: String,
    pub name: Option<String>,
    pub number: Option<String>,
    pub member_name: String,
    pub member_email: String,
    pub created_at: i64,
    /// Members paying: the order paying for this row, and 1 once it is paid.
    pub order_id: Option<String>,
    pub paid: i64,
}

const GROUP: &str = "SELECT g.id, g.token, g.organiser_id, u.name AS organiser_name, g.product_id, g.design, \
                     g.title, g.deadline, g.payment, g.personalisation, g.status, g.ship_to, g.pieces_per_member, g.minimum_mailed, \
                     g.created_at, g.updated_at FROM group_orders g JOIN users u ON u.id = g.organiser_id";

macro_rules! paid_statuses {
    () => {
        "'confirmed', 'processing', 'shipped', 'delivered'"
    };
}

const ROW: &str = concat!(
    "SELECT r.id, r.group_id, r.user_id, r.top_up, r.size, r.name, r.number, u.name AS member_name, \
                   u.email AS member_email, r.created_at, r.order_id, \
                   CASE WHEN EXISTS (SELECT 1 FROM orders o WHERE o.id = r.order_id AND o.is_paid = 1 \
                   AND o.status IN (",
    paid_statuses!(),
    ")) THEN 1 ELSE 0 END AS paid \
                   FROM group_order_rows r JOIN users u ON u.id = r.user_id"
);

/// The statuses of an order whose payment stands (`Row::paid`).
const PAID_STATUSES: &str = paid_statuses!();

pub struct NewGroup<'a> {
    pub organiser_id: &'a str,
    pub product_id: &'a str,
    pub design: &'a str,
    pub artwork_hash: &'a str,
    pub title: &'a str,
    pub deadline: i64,
    pub payment: &'a str,
    pub personalisation: bool,
    pub ship_to: Option<&'a str>,
    pub pieces_per_member: i64,
    /// The design's pictures (SHA-256), held while the group is open.
    pub pictures: &'a [String],
}

pub async fn create(db: &Db, new: &NewGroup<'_>) -> Result<Group, DbError> {
    let id = new_id();
    let now = now_ms();
    let mut tx = super::begin_write(db).await?;
    sqlx::query(
        "INSERT INTO group_orders (id, token, organiser_id, product_id, design, title, deadline, payment, \
         personalisation, status, artwork_hash, created_at, updated_at, ship_to, pieces_per_member) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13, $14)",
    )
    .bind(&id)
    .bind(crate::ids::random_hex(16))
    .bind(new.organiser_id)
    .bind(new.product_id)
    .bind(new.design)
    .bind(new.title)
    .bind(new.deadline)
    .bind(new.payment)
    .bind(i64::from(new.personalisation))
    .bind(OPEN)
    .bind(new.artwork_hash)
    .bind(now)
    .bind(new.ship_to)
    .bind(new.pieces_per_member)
    .execute(&mut *tx)
    .await?;
    // Held against the artwork sweeper until the group is no longer open
    // (its rows go to a cart line or orders, which hold them from then on).
    for sha256 in new.pictures {
        sqlx::query(
            "INSERT INTO group_order_artwork (group_id, sha256) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        )
        .bind(&id)
        .bind(sha256)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    get(db, &id)
        .await?
        .ok_or(DbError::Corrupt("the new group order vanished".into()))
}

pub async fn get(db: &Db, id: &str) -> Result<Option<Group>, DbError> {
    Ok(sqlx::query_as(&format!("{GROUP} WHERE g.id = $1"))
        .bind(id)
        .fetch_optional(db)
        .await?)
}

pub async fn by_token(db: &Db, token: &str) -> Result<Option<Group>, DbError> {
    Ok(sqlx::query_as(&format!("{GROUP} WHERE g.token = $1"))
        .bind(token)
        .fetch_optional(db)
        .await?)
}

/// The organiser's groups, newest first (at most 100).
pub async fn of_organiser(db: &Db, organiser_id: &str) -> Result<Vec<Group>, DbError> {
    Ok(sqlx::query_as(&format!(
        "{GROUP} WHERE g.organiser_id = $1 ORDER BY g.created_at DESC, g.id DESC LIMIT 100"
    ))
    .bind(organiser_id)
    .fetch_all(db)
    .await?)
}

/// The group's rows, in the order they joined.
pub async fn rows(db: &Db, group_id: &str) -> Result<Vec<Row>, DbError> {
    Ok(sqlx::query_as(&format!(
        "{ROW} WHERE r.group_id = $1 ORDER BY r.created_at, r.id"
    ))
    .bind(group_id)
    .fetch_all(db)
    .await?)
}

pub async fn rows_in(
    tx: &mut Transaction<'static, Any>,
    group_id: &str,
) -> Result<Vec<Row>, DbError> {
    Ok(sqlx::query_as(&format!(
        "{ROW} WHERE r.group_id = $1 ORDER BY r.created_at, r.id"
    ))
    .bind(group_id)
    .fetch_all(&mut **tx)
    .await?)
}

/// Takes the group for this transaction while it is open (and, with
/// `before`, while its deadline is after that time): `false` when it is not.
/// On PostgreSQL the row stays locked until the transaction ends; SQLite's
/// write transaction holds the whole database already.
pub async fn lock_open(
    tx: &mut Transaction<'static, Any>,
    group_id: &str,
    before: Option<i64>,
) -> Result<bool, DbError> {
    let touched = sqlx::query(
        "UPDATE group_orders SET updated_at = $1 WHERE id = $2 AND status = $3 AND ($4 IS NULL OR deadline > $4)",
    )
    .bind(now_ms())
    .bind(group_id)
    .bind(OPEN)
    .bind(before)
    .execute(&mut **tx)
    .await?;
    Ok(touched.rows_affected() == 1)
}

/// Moves an open group to `status` (closed or cancelled) inside the caller's transaction.
pub async fn finish(
    tx: &mut Transaction<'static, Any>,
    group_id: &str,
    status: &str,
) -> Result<bool, DbError> {
    let done = sqlx::query(
        "UPDATE group_orders SET status = $1, updated_at = $2, closed_at = $2 WHERE id = $3 AND status = $4",
    )
    .bind(status)
    .bind(now_ms())
    .bind(group_id)
    .bind(OPEN)
    .execute(&mut **tx)
    .await?;
    if done.rows_affected() != 1 {
        return Ok(false);
    }
    sqlx::query("DELETE FROM group_order_artwork WHERE group_id = $1")
        .bind(group_id)
        .execute(&mut **tx)
        .await?;
    Ok(true)
}

/// The organiser's new title, deadline and pieces per member for an open
/// group (fewer pieces per member than a member holds takes none away: it
/// refuses more).
pub async fn update(
    db: &Db,
    group_id: &str,
    title: &str,
    deadline: i64,
    pieces_per_member: i64,
) -> Result<bool, DbError> {
    let done = sqlx::query(
        "UPDATE group_orders SET title = $1, deadline = $2, deadline_mailed = 0, updated_at = $3, \
         pieces_per_member = $6 WHERE id = $4 AND status = $5",
    )
    .bind(title)
    .bind(deadline)
    .bind(now_ms())
    .bind(group_id)
    .bind(OPEN)
    .bind(pieces_per_member)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub struct NewRow<'a> {
    pub group_id: &'a str,
    pub user_id: &'a str,
    pub top_up: bool,
    pub size: &'a str,
    pub name: Option<&'a str>,
    pub number: Option<&'a str>,
}

/// Adds a row, inside a transaction holding the group (`lock_open`); a
/// member's own row only while they hold fewer than `limit` (top-ups have no
/// limit): `false` when they already hold that many.
pub async fn add_row(
    tx: &mut Transaction<'static, Any>,
    row: &NewRow<'_>,
    limit: Option<i64>,
) -> Result<bool, DbError> {
    if let Some(limit) = limit
        && mine_in(tx, row.group_id, row.user_id).await?.len() as i64 >= limit
    {
        return Ok(false);
    }
    sqlx::query(
        "INSERT INTO group_order_rows (id, group_id, user_id, top_up, size, name, number, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)",
    )
    .bind(new_id())
    .bind(row.group_id)
    .bind(row.user_id)
    .bind(i64::from(row.top_up))
    .bind(row.size)
    .bind(row.name)
    .bind(row.number)
    .bind(now_ms())
    .execute(&mut **tx)
    .await?;
    Ok(true)
}

/// Changes one row (an unpaid order for it is let go by the caller first).
pub async fn update_row(
    tx: &mut Transaction<'static, Any>,
    row_id: &str,
    size: &str,
    name: Option<&str>,
    number: Option<&str>,
) -> Result<(), DbError> {
    sqlx::query(
        "UPDATE group_order_rows SET size = $1, name = $2, number = $3, updated_at = $4, order_id = NULL WHERE id = $5",
    )
    .bind(size)
    .bind(name)
    .bind(number)
    .bind(now_ms())
    .bind(row_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// One row of the group by id, inside the caller's transaction.
pub async fn row_in(
    tx: &mut Transaction<'static, Any>,
    group_id: &str,
    row_id: &str,
) -> Result<Option<Row>, DbError> {
    Ok(
        sqlx::query_as(&format!("{ROW} WHERE r.group_id = $1 AND r.id = $2"))
            .bind(group_id)
            .bind(row_id)
            .fetch_optional(&mut **tx)
            .await?,
    )
}

/// The member's own rows (not top-ups), in the order they joined.
pub async fn mine(db: &Db, group_id: &str, user_id: &str) -> Result<Vec<Row>, DbError> {
    Ok(sqlx::query_as(&format!("{ROW} {MINE}"))
        .bind(group_id)
        .bind(user_id)
        .fetch_all(db)
        .await?)
}

/// The member's own rows, inside the caller's transaction.
pub async fn mine_in(
    tx: &mut Transaction<'static, Any>,
    group_id: &str,
    user_id: &str,
) -> Result<Vec<Row>, DbError> {
    Ok(sqlx::query_as(&format!("{ROW} {MINE}"))
        .bind(group_id)
        .bind(user_id)
        .fetch_all(&mut **tx)
        .await?)
}

const MINE: &str =
    "WHERE r.group_id = $1 AND r.user_id = $2 AND r.top_up = 0 ORDER BY r.created_at, r.id";

/// How many rows the group holds now.
pub async fn count_in(tx: &mut Transaction<'static, Any>, group_id: &str) -> Result<i64, DbError> {
    Ok(
        sqlx::query_scalar("SELECT COUNT(*) FROM group_order_rows WHERE group_id = $1")
            .bind(group_id)
            .fetch_one(&mut **tx)
            .await?,
    )
}

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

/// The user's rows in the group that no paid order covers yet (a member's
/// own; the organiser's top-ups too), in the order they joined.
pub async fn unpaid_of(
    conn: &mut sqlx::AnyConnection,
    group_id: &str,
    user_id: &str,
) -> Result<Vec<Row>, DbError> {
    let rows: Vec<Row> = sqlx::query_as(&format!(
        "{ROW} WHERE r.group_id = $1 AND r.user_id = $2 ORDER BY r.created_at, r.id"
    ))
    .bind(group_id)
    .bind(user_id)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().filter(|r| r.paid == 0).collect())
}

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
            design_engine::pricing::Paise(total - owed_before),
            pieces,
        )
        .0
    });
    Ok(Some(
        super::refunds_owed::owe(tx, order_id, part, reason).await?,
    ))
}

/// The rows an order pays for, in the order they joined.
pub async fn rows_of_order(
    tx: &mut Transaction<'static, Any>,
    order_id: &str,
) -> Result<Vec<Row>, DbError> {
    Ok(sqlx::query_as(&format!(
        "{ROW} WHERE r.order_id = $1 ORDER BY r.created_at, r.id"
    ))
    .bind(order_id)
    .fetch_all(&mut **tx)
    .await?)
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
    Ok(super::orders::cancel_unpaid(tx, order_id, None, reason, "system", now_ms()).await?)
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

/// Drops a row (unpaid at the close, withdrawn or removed), inside the caller's transaction.
pub async fn drop_row(tx: &mut Transaction<'static, Any>, row_id: &str) -> Result<(), DbError> {
    sqlx::query("DELETE FROM group_order_rows WHERE id = $1")
        .bind(row_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
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
