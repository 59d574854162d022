//! Single-use tokens sent by e-mail (verify an address, reset a password).

use sha2::{Digest, Sha256};

use super::{Db, now_ms, outbox};
use crate::envelope::ApiError;
use crate::ids::random_hex;

fn hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

pub async fn create(
    db: &Db,
    user_id: &str,
    purpose: &str,
    ttl_ms: i64,
) -> Result<String, ApiError> {
    let token = random_hex(32);
    let now = now_ms();
    sqlx::query("INSERT INTO email_tokens (token_hash, purpose, user_id, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(hash(&token))
        .bind(purpose)
        .bind(user_id)
        .bind(now + ttl_ms)
        .bind(now)
        .execute(db)
        .await?;
    Ok(token)
}

pub async fn mail(db: &Db, to: &str, subject: &str, body: &str) -> Result<(), ApiError> {
    let mut tx = db.begin().await?;
    outbox::put(&mut tx, "email", to, subject, body).await?;
    tx.commit().await?;
    Ok(())
}

/// Uses a token once; returns its user.
pub async fn consume(db: &Db, token: &str, purpose: &str) -> Result<String, ApiError> {
    let invalid = || ApiError::bad_request("This link is invalid or has expired");
    let now = now_ms();
    let user: Option<String> = sqlx::query_scalar(
        "UPDATE email_tokens SET consumed_at = $1 \
         WHERE token_hash = $2 AND purpose = $3 AND consumed_at IS NULL AND expires_at > $1 RETURNING user_id",
    )
    .bind(now)
    .bind(hash(token))
    .bind(purpose)
    .fetch_optional(db)
    .await?;
    user.ok_or_else(invalid)
}
