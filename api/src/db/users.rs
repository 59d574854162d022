//! User queries.

use sqlx::FromRow;

use super::{Db, now_ms};
use crate::envelope::ApiError;
use crate::ids::new_id;

#[derive(FromRow, Debug, Clone)]
pub struct User {
    pub id: String,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub password_hash: Option<String>,
    pub role: String,
    pub is_verified: i64,
    pub preferences: String,
    pub created_at: i64,
    pub updated_at: i64,
}

const COLUMNS: &str =
    "id, name, email, phone, password_hash, role, is_verified, preferences, created_at, updated_at";

pub struct NewUser<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub phone: Option<&'a str>,
    pub password_hash: Option<String>,
    pub role: &'a str,
    pub verified: bool,
}

pub async fn by_email(db: &Db, email: &str) -> Result<Option<User>, ApiError> {
    Ok(
        sqlx::query_as(&format!("SELECT {COLUMNS} FROM users WHERE email = $1"))
            .bind(email)
            .fetch_optional(db)
            .await?,
    )
}

pub async fn by_phone(db: &Db, phone: &str) -> Result<Option<User>, ApiError> {
    Ok(
        sqlx::query_as(&format!("SELECT {COLUMNS} FROM users WHERE phone = $1"))
            .bind(phone)
            .fetch_optional(db)
            .await?,
    )
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<User>, ApiError> {
    Ok(
        sqlx::query_as(&format!("SELECT {COLUMNS} FROM users WHERE id = $1"))
            .bind(id)
            .fetch_optional(db)
            .await?,
    )
}

#[tracing::instrument(skip(db, new), fields(email = new.email))]
pub async fn create(db: &Db, new: NewUser<'_>) -> Result<User, ApiError> {
    let now = now_ms();
    let id = new_id();
    sqlx::query(
        "INSERT INTO users (id, name, email, phone, password_hash, role, is_verified, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)",
    )
    .bind(&id)
    .bind(new.name)
    .bind(new.email)
    .bind(new.phone)
    .bind(new.password_hash)
    .bind(new.role)
    .bind(i64::from(new.verified))
    .bind(now)
    .execute(db)
    .await
    .map_err(|e| match &e {
        sqlx::Error::Database(d) if d.is_unique_violation() => {
            ApiError::conflict("An account with this email or phone already exists")
        }
        _ => e.into(),
    })?;
    by_id(db, &id)
        .await?
        .ok_or_else(|| ApiError::internal("user vanished after insert"))
}

pub async fn set_verified(db: &Db, id: &str) -> Result<(), ApiError> {
    sqlx::query("UPDATE users SET is_verified = 1, updated_at = $1 WHERE id = $2")
        .bind(now_ms())
        .bind(id)
        .execute(db)
        .await?;
    Ok(())
}

pub async fn set_password(db: &Db, id: &str, hash: &str) -> Result<(), ApiError> {
    sqlx::query("UPDATE users SET password_hash = $1, updated_at = $2 WHERE id = $3")
        .bind(hash)
        .bind(now_ms())
        .bind(id)
        .execute(db)
        .await?;
    Ok(())
}

pub async fn set_role(db: &Db, id: &str, role: &str) -> Result<(), ApiError> {
    sqlx::query("UPDATE users SET role = $1, updated_at = $2 WHERE id = $3")
        .bind(role)
        .bind(now_ms())
        .bind(id)
        .execute(db)
        .await?;
    Ok(())
}
