//! Who a group's messages go to, and what they name: the organiser or a
//! member (their address and language), everyone holding a row, the group's
//! title and its order.

use sqlx::{Any, FromRow, Transaction};

use crate::db::DbError;
use crate::domain::Language;

/// Who a letter goes to: their name, their address and the language they
/// read the store in (every member has an account: rows need one).
#[derive(FromRow, Debug, Clone)]
pub struct Recipient {
    pub name: String,
    pub email: String,
    pub language: Language,
}

/// A user as a letter's recipient, inside the caller's transaction.
pub async fn recipient(
    tx: &mut Transaction<'static, Any>,
    user_id: &str,
) -> Result<Recipient, DbError> {
    Ok(
        sqlx::query_as("SELECT name, email, language FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_one(&mut **tx)
            .await?,
    )
}

/// The organiser and each member holding a row, by address.
pub async fn everyone(
    tx: &mut Transaction<'static, Any>,
    group_id: &str,
) -> Result<Vec<Recipient>, DbError> {
    Ok(sqlx::query_as(
        "SELECT u.name, u.email, u.language FROM users u WHERE u.id IN (SELECT organiser_id FROM group_orders WHERE id = $1) \
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
