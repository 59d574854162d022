//! Single-use tokens sent by e-mail (verify an address, reset a password).
//! Stored as SHA-256 hashes (the tokens are 256-bit random, so a plain hash
//! suffices); a new token of a purpose ends the older ones; using one is a
//! single conditional UPDATE, so of any number of concurrent uses one wins.

use sha2::{Digest, Sha256};

use super::DbError;
use super::{Db, now_ms};
use crate::ids::random_hex;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Verify,
    Reset,
}

impl Purpose {
    fn key(self) -> &'static str {
        match self {
            Purpose::Verify => "verify",
            Purpose::Reset => "reset",
        }
    }

    fn ttl_ms(self) -> i64 {
        match self {
            Purpose::Verify => 24 * 3600 * 1000,
            Purpose::Reset => 3600 * 1000,
        }
    }
}

fn hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

pub async fn create(db: &Db, user_id: &str, purpose: Purpose) -> Result<String, DbError> {
    let token = random_hex(32);
    let now = now_ms();
    let mut tx = crate::db::begin_write(db).await?;
    sqlx::query(
        "UPDATE email_tokens SET consumed_at = $1 WHERE user_id = $2 AND purpose = $3 AND consumed_at IS NULL",
    )
    .bind(now)
    .bind(user_id)
    .bind(purpose.key())
    .execute(&mut *tx)
    .await?;
    sqlx::query("INSERT INTO email_tokens (token_hash, purpose, user_id, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(hash(&token))
        .bind(purpose.key())
        .bind(user_id)
        .bind(now + purpose.ttl_ms())
        .bind(now)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(token)
}

/// The user of a usable token, without using it: a request that is refused
/// for another reason (a weak password) leaves the link working.
pub async fn holder(db: &Db, token: &str, purpose: Purpose) -> Result<String, DbError> {
    if token.is_empty() || token.len() > 128 {
        return Err(DbError::InvalidLink);
    }
    let user: Option<String> = sqlx::query_scalar(
        "SELECT user_id FROM email_tokens \
         WHERE token_hash = $1 AND purpose = $2 AND consumed_at IS NULL AND expires_at > $3",
    )
    .bind(hash(token))
    .bind(purpose.key())
    .bind(now_ms())
    .fetch_optional(db)
    .await?;
    user.ok_or(DbError::InvalidLink)
}

/// Uses a token once; returns its user.
pub async fn consume(db: &Db, token: &str, purpose: Purpose) -> Result<String, DbError> {
    let invalid = || DbError::InvalidLink;
    if token.is_empty() || token.len() > 128 {
        return Err(invalid());
    }
    let now = now_ms();
    let user: Option<String> = sqlx::query_scalar(
        "UPDATE email_tokens SET consumed_at = $1 \
         WHERE token_hash = $2 AND purpose = $3 AND consumed_at IS NULL AND expires_at > $1 RETURNING user_id",
    )
    .bind(now)
    .bind(hash(token))
    .bind(purpose.key())
    .fetch_optional(db)
    .await?;
    user.ok_or_else(invalid)
}
