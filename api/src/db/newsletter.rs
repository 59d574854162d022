//! Newsletter subscriptions, with double opt-in: an address is stored with a
//! single-use confirmation token (kept as its SHA-256, like `email_tokens`)
//! and counts as subscribed only once the e-mailed link was opened. Asking
//! again replaces the token (the older link stops working); confirming is one
//! conditional UPDATE, so of concurrent uses of a link one wins.

use sha2::{Digest, Sha256};

use super::{Db, DbError, begin_write, now_ms, outbox};
use crate::ids::random_hex;

/// How long a confirmation link works.
const LINK_TTL_MS: i64 = 48 * 3600 * 1000;

fn hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// What asking to subscribe came to.
pub enum Request {
    /// The address waits for its confirmation: e-mail it this token's link.
    Confirm { token: String },
    /// The address confirmed before: nothing to send.
    Confirmed,
}

/// Stores the address unconfirmed with a new confirmation token, or finds it
/// confirmed already.
pub async fn request(db: &Db, email: &str) -> Result<Request, DbError> {
    let token = random_hex(32);
    let now = now_ms();
    let stored = sqlx::query(
        "INSERT INTO newsletter_subscriptions (email, created_at, token_hash, token_expires_at) \
         VALUES ($1, $2, $3, $4) \
         ON CONFLICT (email) DO UPDATE SET token_hash = $3, token_expires_at = $4 \
         WHERE newsletter_subscriptions.confirmed_at IS NULL",
    )
    .bind(email)
    .bind(now)
    .bind(hash(&token))
    .bind(now + LINK_TTL_MS)
    .execute(db)
    .await?;
    Ok(if stored.rows_affected() == 1 {
        Request::Confirm { token }
    } else {
        Request::Confirmed
    })
}

/// Confirms the address of a valid, unused link and queues its welcome
/// e-mail (`subject`, `body`), in one transaction; returns the address
/// (`DbError::InvalidLink` for a link unknown, used or expired).
pub async fn confirm(db: &Db, token: &str, subject: &str, body: &str) -> Result<String, DbError> {
    if token.is_empty() || token.len() > 128 {
        return Err(DbError::InvalidLink);
    }
    let now = now_ms();
    let mut tx = begin_write(db).await?;
    let email: Option<String> = sqlx::query_scalar(
        "UPDATE newsletter_subscriptions SET confirmed_at = $1, token_hash = NULL, token_expires_at = NULL \
         WHERE token_hash = $2 AND token_expires_at > $1 AND confirmed_at IS NULL RETURNING email",
    )
    .bind(now)
    .bind(hash(token))
    .fetch_optional(&mut *tx)
    .await?;
    let email = email.ok_or(DbError::InvalidLink)?;
    outbox::put(&mut tx, "email", &email, subject, body).await?;
    tx.commit().await?;
    Ok(email)
}

/// The addresses the newsletter goes to: confirmed ones only.
pub async fn subscribers(db: &Db) -> Result<Vec<String>, DbError> {
    Ok(sqlx::query_scalar(
        "SELECT email FROM newsletter_subscriptions WHERE confirmed_at IS NOT NULL ORDER BY email",
    )
    .fetch_all(db)
    .await?)
}
