//! Sessions: refresh tokens that rotate on every use. A login starts a family;
//! a refresh marks its token used and adds a new one to the family; presenting
//! a used token (a stolen copy) revokes the whole family; logout revokes it too.
//!
//! One exception: a token presented again within [`LOST_ANSWER_MS`] of its
//! use, while what it was exchanged for is still unused, gets that same
//! successor again. So a refresh whose answer never arrived (the page
//! reloaded, the connection dropped) and refreshes racing with one cookie (a
//! page load starting its refresh while the last page's is in flight) all end
//! with one token, whichever answer lands last. The successor is derived from
//! the token with a server key (`successor_of`), so only the server can name
//! it, and the exchange (the claim and the successor) is one transaction: a
//! refresh cut off half way leaves the token unused, and a concurrent one
//! waits for it and finds the successor. Once a successor has been used, the
//! old token ends the session at once.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};
use sqlx::AnyConnection;

use super::DbError;
use super::{Db, now_ms};
use crate::ids::{new_id, random_hex};

/// How long after its use a token may be presented again (a lost answer, a race).
pub const LOST_ANSWER_MS: i64 = 30_000;

fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// The token `token` is exchanged for: the same however often it is asked,
/// and unguessable without the server's `key` (a stale token's holder cannot
/// name its successor and skip the reuse check).
fn successor_of(key: &str, token: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(key.as_bytes()).expect("any key length");
    mac.update(b"refresh token successor\0");
    mac.update(token.as_bytes());
    hex::encode(mac.finalize().into_bytes())
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

/// Stores `token` as a new token of `family`; `parent` is the token it was
/// exchanged for. Returns when it expires.
async fn insert(
    conn: &mut AnyConnection,
    token: &str,
    user_id: &str,
    family: &str,
    parent: Option<&str>,
    origin: Origin,
    lifetime: Lifetime,
) -> Result<i64, DbError> {
    let Origin {
        signed_in_at,
        second_factor,
    } = origin;
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
    .bind(token_hash(token))
    .bind(expires_at)
    .bind(now)
    .bind(parent)
    .bind(signed_in_at)
    .bind(i64::from(second_factor))
    .execute(conn)
    .await?;
    Ok(expires_at)
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
    let refresh_token = random_hex(32);
    let mut conn = db.acquire().await?;
    let expires_at = insert(
        &mut conn,
        &refresh_token,
        user_id,
        &family,
        None,
        origin,
        lifetime,
    )
    .await?;
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

/// Exchanges a refresh token for its successor (`key` derives it); returns
/// the user id and the new token.
#[tracing::instrument(skip_all)]
pub async fn rotate(
    db: &Db,
    token: &str,
    lifetime: Lifetime,
    key: &str,
) -> Result<(String, Issued), DbError> {
    let invalid = || DbError::SessionExpired;
    // One transaction: SQLite's writer lock, or PostgreSQL's row lock on the
    // claim, makes a concurrent exchange of the same token wait for this one.
    let mut tx = super::begin_write(db).await?;
    let row: Option<SessionRow> = sqlx::query_as(
        "SELECT id, family_id, user_id, expires_at, used_at, revoked_at, signed_in_at, second_factor \
         FROM sessions WHERE token_hash = $1",
    )
    .bind(token_hash(token))
    .fetch_optional(&mut *tx)
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
    let successor = successor_of(key, token);
    let origin = Origin {
        signed_in_at,
        second_factor: second_factor != 0,
    };
    // Claim the token: of two concurrent refreshes only one wins.
    let claimed = used_at.is_none()
        && sqlx::query(
            "UPDATE sessions SET used_at = $1 WHERE id = $2 AND used_at IS NULL AND revoked_at IS NULL",
        )
        .bind(now)
        .bind(&id)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
    let expires_at = if claimed {
        insert(
            &mut tx,
            &successor,
            &user_id,
            &family,
            Some(&id),
            origin,
            lifetime,
        )
        .await?
    } else if let Some(expires_at) = unused_successor(&mut tx, &id, &successor, now).await? {
        // Used just now (a lost answer, or a concurrent refresh that won):
        // the same successor again.
        tracing::info!(family, "refresh answered again with the same successor");
        expires_at
    } else {
        tx.rollback().await?;
        tracing::warn!(family, "refresh token reused: revoking the session");
        revoke_family(db, &family).await?;
        return Err(invalid());
    };
    tx.commit().await?;
    Ok((
        user_id,
        Issued {
            refresh_token: successor,
            family,
            expires_at,
            second_factor: origin.second_factor,
        },
    ))
}

/// When the successor `parent` was exchanged for expires, if `parent` was
/// used within [`LOST_ANSWER_MS`] of `now` and the successor is unused; else
/// none (whoever presents `parent` now is not its owner).
async fn unused_successor(
    conn: &mut AnyConnection,
    parent: &str,
    successor: &str,
    now: i64,
) -> Result<Option<i64>, DbError> {
    Ok(sqlx::query_scalar(
        "SELECT s.expires_at FROM sessions s JOIN sessions p ON p.id = s.parent_id \
         WHERE s.token_hash = $1 AND s.parent_id = $2 AND s.used_at IS NULL AND s.revoked_at IS NULL \
         AND p.used_at >= $3",
    )
    .bind(token_hash(successor))
    .bind(parent)
    .bind(now - LOST_ANSWER_MS)
    .fetch_optional(conn)
    .await?)
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
