//! Admins' second factor: the TOTP secret (stored encrypted), its one-time
//! recovery codes (stored as HMACs), the challenges a first factor hands
//! out, and the count of wrong codes that locks it. Every use is a single
//! conditional statement, so of any number of concurrent uses of a
//! challenge, a time step, a recovery code or an unlock link, one wins.

use sha2::{Digest, Sha256};

use super::DbError;
use super::{Db, now_ms};
use crate::ids::random_hex;

/// How long a challenge waits for its second factor.
pub const CHALLENGE_TTL_MS: i64 = 10 * 60 * 1000;
/// Wrong codes are counted over 24 hours from the first (the database's clock).
pub const GUARD_WINDOW_MS: i64 = 24 * 60 * 60 * 1000;
/// The wrong code of a window that e-mails the admin a warning.
pub const WRONG_CODES_WARNING: i64 = 5;
/// The wrong code of a window that locks the factor.
pub const WRONG_CODES_LOCK: i64 = 10;
/// How long an unlock link works.
pub const UNLOCK_TTL_MS: i64 = 24 * 60 * 60 * 1000;

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
        "DELETE FROM second_factor_guards WHERE user_id = $1",
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

/// When the unlock link of a locked factor expires (at or before `now`: it
/// has, and [`renew_unlock`] may send another); `None` when not locked.
pub async fn locked(db: &Db, user_id: &str) -> Result<Option<i64>, DbError> {
    let expires: Option<Option<i64>> = sqlx::query_scalar(
        "SELECT unlock_expires_at FROM second_factor_guards WHERE user_id = $1 AND locked_at IS NOT NULL",
    )
    .bind(user_id)
    .fetch_optional(db)
    .await?;
    Ok(expires.map(|e| e.unwrap_or(0)))
}

/// Counts a wrong code in the account's window (a new window when the last
/// one is over); returns its number in the window, or `None` if the factor
/// is locked. One upsert: parallel wrong codes, on any instance, each get
/// their own number.
pub async fn count_wrong(db: &Db, user_id: &str, now: i64) -> Result<Option<i64>, DbError> {
    Ok(sqlx::query_scalar(
        "INSERT INTO second_factor_guards (user_id, window_start, wrong) VALUES ($1, $2, 1) \
         ON CONFLICT (user_id) DO UPDATE SET \
         wrong = CASE WHEN second_factor_guards.window_start <= $3 THEN 1 ELSE second_factor_guards.wrong + 1 END, \
         window_start = CASE WHEN second_factor_guards.window_start <= $3 THEN $2 ELSE second_factor_guards.window_start END \
         WHERE second_factor_guards.locked_at IS NULL \
         RETURNING wrong",
    )
    .bind(user_id)
    .bind(now)
    .bind(now - GUARD_WINDOW_MS)
    .fetch_optional(db)
    .await?)
}

/// Locks the factor once its count reached [`WRONG_CODES_LOCK`]; returns the
/// unlock link's token when this call locked it (exactly one call does).
pub async fn lock(db: &Db, user_id: &str, now: i64) -> Result<Option<String>, DbError> {
    let token = random_hex(32);
    let done = sqlx::query(
        "UPDATE second_factor_guards SET locked_at = $1, unlock_hash = $2, unlock_expires_at = $3 \
         WHERE user_id = $4 AND locked_at IS NULL AND wrong >= $5",
    )
    .bind(now)
    .bind(hash(&token))
    .bind(now + UNLOCK_TTL_MS)
    .bind(user_id)
    .bind(WRONG_CODES_LOCK)
    .execute(db)
    .await?;
    Ok((done.rows_affected() == 1).then_some(token))
}

/// A new unlock link for a locked factor whose link expired (or could not be
/// sent); the token when this call made it.
pub async fn renew_unlock(db: &Db, user_id: &str, now: i64) -> Result<Option<String>, DbError> {
    let token = random_hex(32);
    let done = sqlx::query(
        "UPDATE second_factor_guards SET unlock_hash = $1, unlock_expires_at = $2 \
         WHERE user_id = $3 AND locked_at IS NOT NULL AND COALESCE(unlock_expires_at, 0) <= $4",
    )
    .bind(hash(&token))
    .bind(now + UNLOCK_TTL_MS)
    .bind(user_id)
    .bind(now)
    .execute(db)
    .await?;
    Ok((done.rows_affected() == 1).then_some(token))
}

/// Ends an unlock link that could not be sent, so the next attempt sends another.
pub async fn expire_unlock(db: &Db, user_id: &str) -> Result<(), DbError> {
    sqlx::query("UPDATE second_factor_guards SET unlock_expires_at = 0 WHERE user_id = $1")
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(())
}

/// A right code before the lock: the count starts again.
pub async fn clear_wrong(db: &Db, user_id: &str) -> Result<(), DbError> {
    sqlx::query("DELETE FROM second_factor_guards WHERE user_id = $1 AND locked_at IS NULL")
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Uses an unlock link once: the lock and the count go; returns the account.
pub async fn unlock_with(db: &Db, token: &str, now: i64) -> Result<String, DbError> {
    if token.is_empty() || token.len() > 128 {
        return Err(DbError::InvalidLink);
    }
    let user: Option<String> = sqlx::query_scalar(
        "DELETE FROM second_factor_guards \
         WHERE unlock_hash = $1 AND locked_at IS NOT NULL AND unlock_expires_at > $2 RETURNING user_id",
    )
    .bind(hash(token))
    .bind(now)
    .fetch_optional(db)
    .await?;
    user.ok_or(DbError::InvalidLink)
}

/// Unlocks the factor and clears its count (`api reset-second-factor
/// --unlock`); whether it was locked.
pub async fn unlock(db: &Db, user_id: &str) -> Result<bool, DbError> {
    let locked = locked(db, user_id).await?.is_some();
    sqlx::query("DELETE FROM second_factor_guards WHERE user_id = $1")
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(locked)
}
