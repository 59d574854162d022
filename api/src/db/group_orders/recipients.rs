//! Who a group's messages go to, and what they name: the organiser's or a
//! member's address, everyone holding a row, the group's title and its order.

use sqlx::{Any, Transaction};

use crate::db::DbError;

/// A user's e-mail address, inside the caller's transaction.
pub async fn email_of(
    tx: &mut Transaction<'static, Any>,
    user_id: &str,
) -> Result<String, DbError> {
    Ok(sqlx::query_scalar("SELECT email FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_one(&mut **tx)
        .await?)
}

/// A user's name and e-mail address, inside the caller's transaction.
pub async fn name_and_email(
    tx: &mut Transaction<'static, Any>,
    user_id: &str,
) -> Result<(String, String), DbError> {
    Ok(
        sqlx::query_as("SELECT name, email FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_one(&mut **tx)
            .await?,
    )
}

/// The e-mail addresses of the organiser and of each member holding a row.
pub async fn everyone(
    tx: &mut Transaction<'static, Any>,
    group_id: &str,
) -> Result<Vec<String>, DbError> {
    Ok(sqlx::query_scalar(
        "SELECT u.email FROM users u WHERE u.id IN (SELECT organiser_id FROM group_orders WHERE id = $1) \
         OR u.id IN (SELECT user_id FROM group_order_rows WHERE group_id = $1) ORDER BY u.email",
    )
    .bind(group_id)
    .fetch_all(&mut **tx)
    .await?)
}

/// The group's title, inside the caller's transaction.
pub async fn title(tx: &mut Transaction<'static, Any>, group_id: &str) -> Result<String, DbError> {
    Ok(
        sqlx::query_scalar("SELECT title FROM group_orders WHERE id = $1")
            .bind(group_id)
            .fetch_one(&mut **tx)
            .await?,
    )
}

/// The group's title and the number of the order it was placed as.
pub async fn title_and_number(
    tx: &mut Transaction<'static, Any>,
    group_id: &str,
    order_id: &str,
) -> Result<(String, String), DbError> {
    Ok(sqlx::query_as(
        "SELECT g.title, o.order_number FROM group_orders g JOIN orders o ON o.id = $2 WHERE g.id = $1",
    )
    .bind(group_id)
    .bind(order_id)
    .fetch_one(&mut **tx)
    .await?)
}
