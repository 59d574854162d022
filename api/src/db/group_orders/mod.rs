//! Group orders and their rows. Every change to the rows first takes the
//! group's own row (`lock_open`), so a join, a change or a withdrawal and the
//! organiser's close or cancel are serialised: a row is either in the line
//! the close writes, or refused because the group is no longer open.
//!
//! Here: the group itself (created, found, held open, changed, finished);
//! `rows` its rows; `orders` the members' own orders; `clock` what the
//! groups' clock looks for; `recipients` who its messages go to.

mod clock;
mod orders;
mod recipients;
mod rows;

pub use clock::{
    Flag, claim_flag, paid_for, paid_minimum_unmailed, past_deadline, past_grace, place,
    shipped_unmailed,
};
pub use orders::{cancel_or_paid, link_order, pieces_and_rows, release_order, waiting_for};
pub use recipients::{Recipient, everyone, recipient, title, title_and_number};
pub use rows::{
    NewRow, add_row, count_in, drop_row, mine, mine_in, row_in, rows, rows_in, rows_of_order,
    unpaid_of, update_row,
};

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

/// A member's piece, with the member's name, e-mail and language.
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
    pub member_language: crate::domain::Language,
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
                   u.email AS member_email, u.language AS member_language, r.created_at, r.order_id, \
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
