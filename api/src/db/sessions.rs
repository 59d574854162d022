//! Sessions: refresh tokens that rotate on every use. A login starts a family;
//! a refresh marks its token used and adds a new one to the family; presenting
//! a used token (a stolen copy) revokes the whole family; logout revokes it too.
//!
//! One exception: a refresh whose answer never arrived (the page reloaded, the
//! connection dropped) leaves the browser with the used token and a successor
//! nobody has. Presented again within [`LOST_ANSWER_MS`] while that successor is
//! still unused, the used token gets a new successor and the lost one is
//! retired. Once a successor has been used, the old token ends the session at
//! once; a thief replaying it inside the window, before the owner's next
//! refresh, is caught by that refresh (a retired token ends the session).

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};

use super::DbError;
use super::{Db, now_ms};
use crate::ids::{new_id, random_hex};

/// How long after its use a token may be presented again as a lost answer.
pub const LOST_ANSWER_MS: i64 = 30_000;

fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

pub struct Issued {
    pub refresh_token: String,
    pub family: String,
    /// When the new refresh token stops working (Unix ms).
    pub expires_at: i64,
    /// Whether the session passed a second factor at sign-in.
    pub second_factor: bool,
}

/// How long sessions last: each refresh token `refresh_days` (`REFRESH_TOKEN_DAYS`),
/// and a family no longer than `max_days` (`SESSION_MAX_DAYS`) from its sign-in,
/// however often it is refreshed.
#[derive(Clone, Copy, Debug)]
pub struct Lifetime {
    pub refresh_days: i64,
    pub max_days: i64,
}

const DAY_MS: i64 = 24 * 3600 * 1000;

/// How a family was signed in to, kept by each of its tokens.
#[derive(Clone, Copy)]
struct Origin {
    signed_in_at: i64,
    second_factor: bool,
}

/// A new token of `family`; `parent` is the token it was exchanged for.
async fn insert(
    db: &Db,
    user_id: &str,
    family: &str,
    parent: Option<&str>,
    origin: Origin,
    lifetime: Lifetime,
) -> Result<(String, i64), DbError> {
    let Origin {
        signed_in_at,
        second_factor,
    } = origin;
    let token = random_hex(32);
    // The family's first token is made at its sign-in, to the millisecond.
    let now = if parent.is_none() {
        signed_in_at
    } else {
        now_ms()
    };
    let expires_at =
        (now + lifetime.refresh_days * DAY_MS).min(signed_in_at + lifetime.max_days * DAY_MS);
    sqlx::query(
        "INSERT INTO sessions (id, family_id, user_id, token_hash, expires_at, created_at, parent_id, signed_in_at, second_factor) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(new_id())
    .bind(family)
    .bind(user_id)
    .bind(token_hash(&token))
    .bind(expires_at)
    .bind(now)
    .bind(parent)
    .bind(signed_in_at)
    .bind(i64::from(second_factor))
    .execute(db)
    .await?;
    Ok((token, expires_at))
}

/// Signs in: a new family. `second_factor` says whether a second factor was passed.
pub async fn start(
    db: &Db,
    user_id: &str,
    lifetime: Lifetime,
    second_factor: bool,
) -> Result<Issued, DbError> {
    let family = new_id();
    let origin = Origin {
        signed_in_at: now_ms(),
        second_factor,
    };
    let (refresh_token, expires_at) = insert(db, user_id, &family, None, origin, lifetime).await?;
    Ok(Issued {
        refresh_token,
        family,
        expires_at,
        second_factor,
    })
}

#[derive(sqlx::FromRow)]
struct SessionRow {
    id: String,
    family_id: String,
    user_id: String,
    expires_at: i64,
    used_at: Option<i64>,
    revoked_at: Option<i64>,
    signed_in_at: i64,
    second_factor: i64,
}

/// Exchanges a refresh token for a new one; returns the user id and the new token.
#[tracing::instrument(skip_all)]
pub async fn rotate(db: &Db, token: &str, lifetime: Lifetime) -> Result<(String, Issued), DbError> {
    let invalid = || DbError::SessionExpired;
    let row: Option<SessionRow> = sqlx::query_as(
        "SELECT id, family_id, user_id, expires_at, used_at, revoked_at, signed_in_at, second_factor \
         FROM sessions WHERE token_hash = $1",
    )
    .bind(token_hash(token))
    .fetch_optional(db)
    .await?;
    let Some(SessionRow {
        id,
        family_id: family,
        user_id,
        expires_at,
        used_at,
        revoked_at,
        signed_in_at,
        second_factor,
    }) = row
    else {
        return Err(invalid());
    };
    let now = now_ms();
    if revoked_at.is_some() || expires_at <= now {
        return Err(invalid());
    }
    // The session's absolute lifetime, counted from sign-in (tokens issued
    // before it was kept may carry a later expiry).
    if signed_in_at + lifetime.max_days * DAY_MS <= now {
        tracing::info!(family, "session past its absolute lifetime");
        return Err(invalid());
    }
    // Claim the token atomically: of two concurrent refreshes only one wins.
    let claimed = used_at.is_none()
        && sqlx::query(
            "UPDATE sessions SET used_at = $1 WHERE id = $2 AND used_at IS NULL AND revoked_at IS NULL",
        )
        .bind(now)
        .bind(&id)
        .execute(db)
        .await?
        .rows_affected()
            == 1;
    // Used before (or just now, by a concurrent refresh): a lost answer only
    // if recent and what it was exchanged for is still unused (retired here, once).
    let lost_answer = !claimed
        && now - used_at.unwrap_or(now) <= LOST_ANSWER_MS
        && retire_unused_successor(db, &id, now).await?;
    if lost_answer {
        tracing::info!(family, "refresh answered again: the last answer was lost");
    } else if !claimed {
        tracing::warn!(family, "refresh token reused: revoking the session");
        revoke_family(db, &family).await?;
        return Err(invalid());
    }
    let origin = Origin {
        signed_in_at,
        second_factor: second_factor != 0,
    };
    let (refresh_token, expires_at) =
        insert(db, &user_id, &family, Some(&id), origin, lifetime).await?;
    Ok((
        user_id,
        Issued {
            refresh_token,
            family,
            expires_at,
            second_factor: origin.second_factor,
        },
    ))
}

/// Marks the unused token `parent` was exchanged for as used; `false` when
/// there is none (it was used: whoever presents `parent` now is not its owner).
async fn retire_unused_successor(db: &Db, parent: &str, now: i64) -> Result<bool, DbError> {
    let retired = sqlx::query(
        "UPDATE sessions SET used_at = $1 WHERE parent_id = $2 AND used_at IS NULL AND revoked_at IS NULL",
    )
    .bind(now)
    .bind(parent)
    .execute(db)
    .await?;
    Ok(retired.rows_affected() == 1)
}

/// The session family of a refresh token, if it is this user's.
pub async fn family_of(db: &Db, token: &str, user_id: &str) -> Result<Option<String>, DbError> {
    Ok(
        sqlx::query_scalar("SELECT family_id FROM sessions WHERE token_hash = $1 AND user_id = $2")
            .bind(token_hash(token))
            .bind(user_id)
            .fetch_optional(db)
            .await?,
    )
}

pub async fn revoke_family(db: &Db, family: &str) -> Result<(), DbError> {
    sqlx::query("UPDATE sessions SET revoked_at = $1 WHERE family_id = $2 AND revoked_at IS NULL")
        .bind(now_ms())
        .bind(family)
        .execute(db)
        .await?;
    forget_active();
    Ok(())
}

/// Families seen signed in within [`SEEN_FOR`]: every authenticated request
/// asks, and the answer cost a database round trip each time (one in eight of
/// checkout's on PostgreSQL). Whatever revokes sessions here forgets them all
/// at once, so this instance refuses a revoked family's access tokens at once;
/// another instance sharing the database refuses them within [`SEEN_FOR`].
struct Seen {
    /// Bumped by each forgetting: an answer read before it is not kept.
    generation: u64,
    at: HashMap<String, Instant>,
}

static SEEN: LazyLock<Mutex<Seen>> = LazyLock::new(|| {
    Mutex::new(Seen {
        generation: 0,
        at: HashMap::new(),
    })
});
const SEEN_FOR: Duration = Duration::from_secs(1);
/// Past this many families (a second's worth of signed-in shoppers), the stale
/// ones are dropped, or all of them.
const SEEN_AT_MOST: usize = 100_000;

fn seen() -> MutexGuard<'static, Seen> {
    SEEN.lock().unwrap_or_else(|e| e.into_inner())
}

/// After sessions were revoked (and committed): forget every family seen active.
pub fn forget_active() {
    let mut seen = seen();
    seen.generation += 1;
    seen.at.clear();
}

/// Whether a session family is still signed in (not revoked, not expired).
pub async fn family_active(db: &Db, family: &str) -> Result<bool, DbError> {
    let generation = {
        let seen = seen();
        if seen.at.get(family).is_some_and(|t| t.elapsed() < SEEN_FOR) {
            return Ok(true);
        }
        seen.generation
    };
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM sessions WHERE family_id = $1 AND revoked_at IS NULL AND expires_at > $2",
    )
    .bind(family)
    .bind(now_ms())
    .fetch_one(db)
    .await?;
    let active = n > 0;
    let mut seen = seen();
    if active && seen.generation == generation {
        if seen.at.len() >= SEEN_AT_MOST {
            seen.at.retain(|_, t| t.elapsed() < SEEN_FOR);
            if seen.at.len() >= SEEN_AT_MOST {
                seen.at.clear();
            }
        }
        seen.at.insert(family.to_string(), Instant::now());
    }
    Ok(active)
}
