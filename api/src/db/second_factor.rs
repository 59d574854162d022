//! Admins' second factor: the TOTP secret (stored encrypted), its one-time
//! recovery codes (stored as HMACs) and the challenges a first factor hands
//! out. Every use is a single conditional statement, so of any number of
//! concurrent uses of a challenge, a time step or a recovery code, one wins.

use sha2::{Digest, Sha256};

use super::DbError;
use super::{Db, now_ms};
use crate::ids::random_hex;

/// How long a challenge waits for its second factor.
pub const CHALLENGE_TTL_MS: i64 = 10 * 60 * 1000;

fn hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// A new challenge for `user_id` (its earlier ones stop working); returns the token.
pub async fn challenge(db: &Db, user_id: &str) -> Result<String, DbError> {
    let token = random_hex(32);
    let now = now_ms();
    let mut tx = crate::db::begin_write(db).await?;
    sqlx::query(
        "UPDATE second_factor_challenges SET consumed_at = $1 WHERE user_id = $2 AND consumed_at IS NULL",
    )
    .bind(now)
    .bind(user_id)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO second_factor_challenges (token_hash, user_id, expires_at, created_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(hash(&token))
    .bind(user_id)
    .bind(now + CHALLENGE_TTL_MS)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(token)
}

/// The user of a challenge that is still open.
pub async fn challenged(db: &Db, token: &str) -> Result<Option<String>, DbError> {
    if token.is_empty() || token.len() > 128 {
        return Ok(None);
    }
    Ok(sqlx::query_scalar(
        "SELECT user_id FROM second_factor_challenges \
         WHERE token_hash = $1 AND consumed_at IS NULL AND expires_at > $2",
    )
    .bind(hash(token))
    .bind(now_ms())
    .fetch_optional(db)
    .await?)
}

/// Ends a challenge once its second factor passed; `false` if it was already
/// used (or expired) meanwhile.
pub async fn close_challenge(db: &Db, token: &str) -> Result<bool, DbError> {
    let now = now_ms();
    let done = sqlx::query(
        "UPDATE second_factor_challenges SET consumed_at = $1 \
         WHERE token_hash = $2 AND consumed_at IS NULL AND expires_at > $1",
    )
    .bind(now)
    .bind(hash(token))
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// An admin's TOTP factor as stored.
#[derive(sqlx::FromRow)]
pub struct Factor {
    /// The encrypted secret (see `auth::second_factor`).
    pub secret: String,
    pub confirmed_at: Option<i64>,
}

pub async fn factor(db: &Db, user_id: &str) -> Result<Option<Factor>, DbError> {
    Ok(
        sqlx::query_as("SELECT secret, confirmed_at FROM totp_factors WHERE user_id = $1")
            .bind(user_id)
            .fetch_optional(db)
            .await?,
    )
}

/// Starts (or starts again) an enrolment: a new encrypted secret waiting for
/// its first code, and new recovery codes (by their hashes) replacing any
/// earlier ones. Never replaces a confirmed factor; `false` if there is one.
pub async fn enrol(
    db: &Db,
    user_id: &str,
    sealed_secret: &str,
    recovery_hashes: &[String],
) -> Result<bool, DbError> {
    let now = now_ms();
    let mut tx = crate::db::begin_write(db).await?;
    sqlx::query("DELETE FROM totp_factors WHERE user_id = $1 AND confirmed_at IS NULL")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    let inserted = sqlx::query(
        "INSERT INTO totp_factors (user_id, secret, created_at) VALUES ($1, $2, $3) \
         ON CONFLICT (user_id) DO NOTHING",
    )
    .bind(user_id)
    .bind(sealed_secret)
    .bind(now)
    .execute(&mut *tx)
    .await?
    .rows_affected()
        == 1;
    if !inserted {
        tx.rollback().await?;
        return Ok(false);
    }
    sqlx::query("DELETE FROM recovery_codes WHERE user_id = $1")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    for code_hash in recovery_hashes {
        sqlx::query("INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, $2)")
            .bind(user_id)
            .bind(code_hash)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// Takes a TOTP time step: succeeds once per step and never for a step older
/// than one already taken (a code seen once cannot be replayed). The first
/// code taken confirms an enrolment.
pub async fn take_step(db: &Db, user_id: &str, step: i64) -> Result<bool, DbError> {
    let done = sqlx::query(
        "UPDATE totp_factors SET last_step = $1, confirmed_at = COALESCE(confirmed_at, $2) \
         WHERE user_id = $3 AND last_step < $1",
    )
    .bind(step)
    .bind(now_ms())
    .bind(user_id)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Uses a recovery code of a confirmed factor once.
pub async fn use_recovery_code(db: &Db, user_id: &str, code_hash: &str) -> Result<bool, DbError> {
    let done = sqlx::query(
        "UPDATE recovery_codes SET used_at = $1 WHERE user_id = $2 AND code_hash = $3 AND used_at IS NULL \
         AND EXISTS (SELECT 1 FROM totp_factors f WHERE f.user_id = $2 AND f.confirmed_at IS NOT NULL)",
    )
    .bind(now_ms())
    .bind(user_id)
    .bind(code_hash)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// How many recovery codes are left unused.
pub async fn recovery_codes_left(db: &Db, user_id: &str) -> Result<i64, DbError> {
    Ok(sqlx::query_scalar(
        "SELECT COUNT(*) FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL",
    )
    .bind(user_id)
    .fetch_one(db)
    .await?)
}

/// Removes an admin's second factor and recovery codes (a lost phone, from
/// the command line): the next sign-in enrols again. Ends their sessions.
pub async fn remove(db: &Db, user_id: &str) -> Result<(), DbError> {
    let now = now_ms();
    let mut tx = crate::db::begin_write(db).await?;
    for sql in [
        "DELETE FROM totp_factors WHERE user_id = $1",
        "DELETE FROM recovery_codes WHERE user_id = $1",
        "UPDATE second_factor_challenges SET consumed_at = $2 WHERE user_id = $1 AND consumed_at IS NULL",
        "UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL",
    ] {
        let mut q = sqlx::query(sql).bind(user_id);
        if sql.contains("$2") {
            q = q.bind(now);
        }
        q.execute(&mut *tx).await?;
    }
    tx.commit().await?;
    super::sessions::forget_active();
    Ok(())
}
