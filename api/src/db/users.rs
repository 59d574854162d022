//! User queries.

use sqlx::FromRow;

use super::DbError;
use super::{Db, now_ms};
use crate::domain::{Language, Role};
use crate::ids::new_id;

#[derive(FromRow, Debug, Clone)]
pub struct User {
    pub id: String,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    /// 1 once a code sent to `phone` was entered: only then does it sign in.
    pub phone_verified: i64,
    pub password_hash: Option<String>,
    pub role: Role,
    pub is_verified: i64,
    pub preferences: String,
    /// The language the store writes to them in.
    pub language: Language,
    pub created_at: i64,
    pub updated_at: i64,
}

const COLUMNS: &str = "id, name, email, phone, phone_verified, password_hash, role, is_verified, preferences, language, created_at, updated_at";

pub struct NewUser<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub phone: Option<&'a str>,
    /// Whether a code sent to `phone` proved it.
    pub phone_verified: bool,
    pub password_hash: Option<String>,
    pub role: Role,
    pub verified: bool,
    /// The visitor's language when they signed up.
    pub language: Language,
}

pub async fn by_email(db: &Db, email: &str) -> Result<Option<User>, DbError> {
    Ok(
        sqlx::query_as(&format!("SELECT {COLUMNS} FROM users WHERE email = $1"))
            .bind(email)
            .fetch_optional(db)
            .await?,
    )
}

pub async fn by_phone(db: &Db, phone: &str) -> Result<Option<User>, DbError> {
    Ok(
        sqlx::query_as(&format!("SELECT {COLUMNS} FROM users WHERE phone = $1"))
            .bind(phone)
            .fetch_optional(db)
            .await?,
    )
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<User>, DbError> {
    Ok(
        sqlx::query_as(&format!("SELECT {COLUMNS} FROM users WHERE id = $1"))
            .bind(id)
            .fetch_optional(db)
            .await?,
    )
}

/// The language `id` reads the store in (`None`: no such account).
pub async fn language(db: &Db, id: &str) -> Result<Option<Language>, DbError> {
    Ok(
        sqlx::query_scalar("SELECT language FROM users WHERE id = $1")
            .bind(id)
            .fetch_optional(db)
            .await?,
    )
}

// Never the e-mail address: the span names every line logged inside it.
#[tracing::instrument(skip_all)]
pub async fn create(db: &Db, new: NewUser<'_>) -> Result<User, DbError> {
    let now = now_ms();
    let id = new_id();
    sqlx::query(
        "INSERT INTO users (id, name, email, phone, phone_verified, password_hash, role, is_verified, language, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)",
    )
    .bind(&id)
    .bind(new.name)
    .bind(new.email)
    .bind(new.phone)
    .bind(i64::from(new.phone_verified && new.phone.is_some()))
    .bind(new.password_hash)
    .bind(new.role)
    .bind(i64::from(new.verified))
    .bind(new.language)
    .bind(now)
    .execute(db)
    .await
    .map_err(|e| match &e {
        sqlx::Error::Database(d) if d.is_unique_violation() => {
            DbError::DuplicateAccount
        }
        _ => e.into(),
    })?;
    by_id(db, &id)
        .await?
        .ok_or(DbError::Invariant("user vanished after insert"))
}

/// Someone proved they own the account's e-mail (a code, a verification or
/// reset link). If it was never proven before, whatever was set up before the
/// proof may be a stranger's (account pre-hijacking): its password, its phone
/// number (unproven, or proven by whoever held the account then: either way
/// not the e-mail's owner's doing, and a proven one would sign them in), its
/// addresses, cart, saved designs (with their share links), pictures and
/// preferences are removed and every session ends, in one transaction. Orders stay (they were paid for, and the store must keep them).
/// Returns whether that happened.
#[tracing::instrument(skip(db))]
pub async fn prove_email(db: &Db, id: &str) -> Result<bool, DbError> {
    let now = now_ms();
    let mut tx = crate::db::begin_write(db).await?;
    let first = sqlx::query(
        "UPDATE users SET is_verified = 1, password_hash = NULL, preferences = '{}', \
         phone = NULL, phone_verified = 0, updated_at = $1 WHERE id = $2 AND is_verified = 0",
    )
    .bind(now)
    .bind(id)
    .execute(&mut *tx)
    .await?
    .rows_affected()
        > 0;
    if first {
        for sql in [
            "UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL",
            "DELETE FROM addresses WHERE user_id = $1",
            "DELETE FROM cart_items WHERE user_id = $1",
            "DELETE FROM saved_designs WHERE user_id = $1",
            "DELETE FROM artwork_holders WHERE user_id = $1",
        ] {
            let mut q = sqlx::query(sql).bind(id);
            if sql.contains("$2") {
                q = q.bind(now);
            }
            q.execute(&mut *tx).await?;
        }
        tracing::info!(
            "first proof of the e-mail: what was set up before it (password, phone, \
             addresses, cart, designs, sessions) is gone"
        );
    }
    tx.commit().await?;
    if first {
        super::sessions::forget_active();
    }
    Ok(first)
}

/// A phone number given at registration but never proven yields to whoever
/// proves it with a code.
pub async fn release_unproven_phone(db: &Db, phone: &str) -> Result<(), DbError> {
    sqlx::query(
        "UPDATE users SET phone = NULL, updated_at = $1 WHERE phone = $2 AND phone_verified = 0",
    )
    .bind(now_ms())
    .bind(phone)
    .execute(db)
    .await?;
    Ok(())
}

/// Sets a new password and ends every session but `keep_family` (the one
/// that changed it, if any), in one transaction.
pub async fn set_password(
    db: &Db,
    id: &str,
    hash: &str,
    keep_family: Option<&str>,
) -> Result<(), DbError> {
    let now = now_ms();
    let mut tx = crate::db::begin_write(db).await?;
    sqlx::query("UPDATE users SET password_hash = $1, updated_at = $2 WHERE id = $3")
        .bind(hash)
        .bind(now)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "UPDATE sessions SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL AND family_id <> $3",
    )
    .bind(now)
    .bind(id)
    .bind(keep_family.unwrap_or(""))
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    super::sessions::forget_active();
    Ok(())
}

pub async fn set_role(db: &Db, id: &str, role: Role) -> Result<(), DbError> {
    sqlx::query("UPDATE users SET role = $1, updated_at = $2 WHERE id = $3")
        .bind(role)
        .bind(now_ms())
        .bind(id)
        .execute(db)
        .await?;
    Ok(())
}
