//! A group's rows: each member's pieces (and the organiser's top-ups),
//! added, changed and dropped inside a transaction holding the group.

use sqlx::{Any, Transaction};

use super::{ROW, Row};
use crate::db::{Db, DbError, now_ms};
use crate::ids::new_id;

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

/// Drops a row (unpaid at the close, withdrawn or removed), inside the caller's transaction.
pub async fn drop_row(tx: &mut Transaction<'static, Any>, row_id: &str) -> Result<(), DbError> {
    sqlx::query("DELETE FROM group_order_rows WHERE id = $1")
        .bind(row_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
