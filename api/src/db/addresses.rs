//! Address queries; every one is scoped to its owner.

use poem_openapi::Object;
use serde::Deserialize;

use super::DbError;
use super::caps::Cap;
use super::{Db, now_ms};
use crate::ids::new_id;

#[derive(Object, sqlx::FromRow, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct Address {
    #[oai(rename = "_id")]
    pub id: String,
    /// home, work or other
    #[oai(rename = "type")]
    pub kind: String,
    pub street: String,
    pub city: String,
    pub state: String,
    pub zip_code: String,
    pub country: String,
    pub phone: String,
    pub is_default: bool,
}

#[derive(sqlx::FromRow)]
struct Row {
    id: String,
    kind: String,
    street: String,
    city: String,
    state: String,
    zip_code: String,
    country: String,
    phone: String,
    is_default: i64,
}

impl From<Row> for Address {
    fn from(r: Row) -> Address {
        Address {
            id: r.id,
            kind: r.kind,
            street: r.street,
            city: r.city,
            state: r.state,
            zip_code: r.zip_code,
            country: r.country,
            phone: r.phone,
            is_default: r.is_default != 0,
        }
    }
}

/// A checked address, ready to store.
#[derive(Debug, Clone, Deserialize)]
pub struct AddressInput {
    pub kind: String,
    pub street: String,
    pub city: String,
    pub state: String,
    pub zip_code: String,
    pub country: String,
    pub phone: String,
    pub is_default: bool,
}

const COLUMNS: &str = "id, type AS kind, street, city, state, zip_code, country, phone, is_default";

pub async fn list(db: &Db, user_id: &str) -> Result<Vec<Address>, DbError> {
    let rows: Vec<Row> =
        sqlx::query_as(&format!("SELECT {COLUMNS} FROM addresses WHERE user_id = $1 ORDER BY is_default DESC, created_at, id"))
            .bind(user_id)
            .fetch_all(db)
            .await?;
    Ok(rows.into_iter().map(Address::from).collect())
}

async fn clear_default(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    user_id: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE addresses SET is_default = 0 WHERE user_id = $1")
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Adds an address, unless the account holds its cap of them (`DbError::AtCap`).
pub async fn add(db: &Db, user_id: &str, a: &AddressInput) -> Result<(), DbError> {
    let mut tx = crate::db::begin_write(db).await?;
    super::caps::lock_account(&mut tx, user_id).await?;
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM addresses WHERE user_id = $1")
        .bind(user_id)
        .fetch_one(&mut *tx)
        .await?;
    // The first address is the default one.
    let default = a.is_default || count == 0;
    if default {
        clear_default(&mut tx, user_id).await?;
    }
    // Only while the account holds fewer than its cap.
    let added = sqlx::query(
        "INSERT INTO addresses (id, user_id, type, street, city, state, zip_code, country, phone, is_default, created_at) \
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11 \
         WHERE (SELECT COUNT(*) FROM addresses WHERE user_id = $2) < $12",
    )
    .bind(new_id())
    .bind(user_id)
    .bind(&a.kind)
    .bind(&a.street)
    .bind(&a.city)
    .bind(&a.state)
    .bind(&a.zip_code)
    .bind(&a.country)
    .bind(&a.phone)
    .bind(i64::from(default))
    .bind(now_ms())
    .bind(Cap::Addresses.limit())
    .execute(&mut *tx)
    .await?;
    if added.rows_affected() == 0 {
        return Err(DbError::AtCap(Cap::Addresses)); // dropping the transaction rolls back
    }
    tx.commit().await?;
    Ok(())
}

pub async fn update(db: &Db, user_id: &str, id: &str, a: &AddressInput) -> Result<(), DbError> {
    let mut tx = crate::db::begin_write(db).await?;
    if a.is_default {
        clear_default(&mut tx, user_id).await?;
    }
    let done = sqlx::query(
        "UPDATE addresses SET type = $1, street = $2, city = $3, state = $4, zip_code = $5, country = $6, phone = $7, \
         is_default = CASE WHEN $8 = 1 THEN 1 ELSE is_default END WHERE id = $9 AND user_id = $10",
    )
    .bind(&a.kind)
    .bind(&a.street)
    .bind(&a.city)
    .bind(&a.state)
    .bind(&a.zip_code)
    .bind(&a.country)
    .bind(&a.phone)
    .bind(i64::from(a.is_default))
    .bind(id)
    .bind(user_id)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() == 0 {
        return Err(DbError::NotFound); // dropping the transaction rolls back
    }
    tx.commit().await?;
    Ok(())
}

pub async fn delete(db: &Db, user_id: &str, id: &str) -> Result<(), DbError> {
    let mut tx = crate::db::begin_write(db).await?;
    let was_default: Option<i64> = sqlx::query_scalar(
        "DELETE FROM addresses WHERE id = $1 AND user_id = $2 RETURNING is_default",
    )
    .bind(id)
    .bind(user_id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(was_default) = was_default else {
        return Err(DbError::NotFound);
    };
    if was_default != 0 {
        // Another address, if any, becomes the default.
        sqlx::query(
            "UPDATE addresses SET is_default = 1 WHERE id = \
             (SELECT id FROM addresses WHERE user_id = $1 ORDER BY created_at, id LIMIT 1)",
        )
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

pub async fn set_default(db: &Db, user_id: &str, id: &str) -> Result<(), DbError> {
    let mut tx = crate::db::begin_write(db).await?;
    let exists: Option<String> =
        sqlx::query_scalar("SELECT id FROM addresses WHERE id = $1 AND user_id = $2")
            .bind(id)
            .bind(user_id)
            .fetch_optional(&mut *tx)
            .await?;
    if exists.is_none() {
        return Err(DbError::NotFound);
    }
    clear_default(&mut tx, user_id).await?;
    sqlx::query("UPDATE addresses SET is_default = 1 WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}
