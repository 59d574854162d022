//! One-time codes: 6 digits from a CSPRNG, stored as an HMAC keyed with the
//! code key (`CODE_SECRET`), single use, valid 10 minutes, and at most 3 sends
//! per address and 10 per client in 10 minutes. Only the newest code of an
//! address works. Wrong codes are counted per address across all its codes:
//! after [`WRONG_CODES_PER_WINDOW`] tries in an hour without a right one, code
//! sign-in for that address pauses until the hour is over (429, `Retry-After`)
//! and the account's owner is e-mailed once; a right code clears the count.

use hmac::{Hmac, Mac};
use rand::Rng;
use sha2::Sha256;

use crate::db::{Db, now_ms};
use crate::envelope::ApiError;
use crate::ids::new_id;

pub const CODE_TTL_MS: i64 = 10 * 60 * 1000;
/// Tries per address (across its codes) in [`GUARD_WINDOW_MS`] before code sign-in pauses.
pub const WRONG_CODES_PER_WINDOW: i64 = 10;
pub const GUARD_WINDOW_MS: i64 = 60 * 60 * 1000;
const WINDOW_MS: i64 = 10 * 60 * 1000;
const SENDS_PER_ADDRESS: i64 = 3;
const SENDS_PER_CLIENT: i64 = 10;

#[derive(Clone, Copy, Debug)]
pub enum Channel {
    Email,
    Phone,
}

impl Channel {
    fn key(self) -> &'static str {
        match self {
            Channel::Email => "email",
            Channel::Phone => "phone",
        }
    }
}

fn code_mac(secret: &str, id: &str, code: &str) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("any key length");
    mac.update(id.as_bytes());
    mac.update(b"\0");
    mac.update(code.as_bytes());
    mac
}

fn expired() -> ApiError {
    ApiError::bad_request("Code expired or not found. Please request a new code.")
}

/// Seconds until the oldest of the counted sends leaves the window.
async fn retry_after(db: &Db, sql: &str, binds: &[&str], since: i64) -> Result<u64, ApiError> {
    let mut q = sqlx::query_scalar::<_, Option<i64>>(sql);
    for b in binds {
        q = q.bind(*b);
    }
    let oldest = q.bind(since).fetch_one(db).await?.unwrap_or(since);
    Ok(((oldest + WINDOW_MS - now_ms()).max(1000) / 1000) as u64)
}

/// Creates a code for `address` (the older ones stop working) and returns it
/// for the caller to deliver.
// Never the address: the span names every line logged inside it.
#[tracing::instrument(skip(db, secret, address))]
pub async fn issue(
    db: &Db,
    secret: &str,
    channel: Channel,
    address: &str,
    client: &str,
) -> Result<String, ApiError> {
    let now = now_ms();
    let since = now - WINDOW_MS;
    let per_address: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM one_time_codes WHERE channel = $1 AND address = $2 AND created_at > $3",
    )
    .bind(channel.key())
    .bind(address)
    .bind(since)
    .fetch_one(db)
    .await?;
    let per_client: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM one_time_codes WHERE client = $1 AND created_at > $2",
    )
    .bind(client)
    .bind(since)
    .fetch_one(db)
    .await?;
    let wait = if per_address >= SENDS_PER_ADDRESS {
        Some(
            retry_after(
                db,
                "SELECT MIN(created_at) FROM one_time_codes WHERE channel = $1 AND address = $2 AND created_at > $3",
                &[channel.key(), address],
                since,
            )
            .await?,
        )
    } else if per_client >= SENDS_PER_CLIENT {
        Some(
            retry_after(
                db,
                "SELECT MIN(created_at) FROM one_time_codes WHERE client = $1 AND created_at > $2",
                &[client],
                since,
            )
            .await?,
        )
    } else {
        None
    };
    if let Some(seconds) = wait {
        return Err(ApiError::too_many(
            "Too many code requests. Please wait a few minutes and try again.",
            seconds,
        ));
    }
    let code = format!("{:06}", rand::rng().random_range(0..1_000_000u32));
    let id = new_id();
    let mut tx = crate::db::begin_write(db).await?;
    // Only the newest code works.
    sqlx::query("UPDATE one_time_codes SET consumed_at = $1 WHERE channel = $2 AND address = $3 AND consumed_at IS NULL")
        .bind(now)
        .bind(channel.key())
        .bind(address)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO one_time_codes (id, channel, address, client, code_hash, expires_at, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&id)
    .bind(channel.key())
    .bind(address)
    .bind(client)
    .bind(hex::encode(code_mac(secret, &id, &code).finalize().into_bytes()))
    .bind(now + CODE_TTL_MS)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(code)
}

/// Makes the address's live code unusable (it could not be delivered). The
/// row stays, so the send still counts against the limits.
pub async fn withdraw(db: &Db, channel: Channel, address: &str) -> Result<(), ApiError> {
    sqlx::query("UPDATE one_time_codes SET consumed_at = $1 WHERE channel = $2 AND address = $3 AND consumed_at IS NULL")
        .bind(now_ms())
        .bind(channel.key())
        .bind(address)
        .execute(db)
        .await?;
    Ok(())
}

/// What one check of a code found, before the answer is given.
enum Try {
    /// The check may go ahead: this is the address's `n`th try in its window.
    Taken(i64),
    /// Code sign-in for the address is paused for this many more seconds.
    Paused(u64),
}

/// Takes one try from the address's budget of [`WRONG_CODES_PER_WINDOW`] per
/// [`GUARD_WINDOW_MS`], in one conditional upsert: parallel guesses, on one
/// server or many, cannot take more than the budget between them.
async fn take_try(db: &Db, channel: Channel, address: &str, now: i64) -> Result<Try, ApiError> {
    let taken: Option<i64> = sqlx::query_scalar(
        "INSERT INTO code_guards (channel, address, window_start, tries) VALUES ($1, $2, $3, 1) \
         ON CONFLICT (channel, address) DO UPDATE SET \
         tries = CASE WHEN code_guards.window_start <= $4 THEN 1 ELSE code_guards.tries + 1 END, \
         window_start = CASE WHEN code_guards.window_start <= $4 THEN $3 ELSE code_guards.window_start END \
         WHERE code_guards.window_start <= $4 OR code_guards.tries < $5 \
         RETURNING tries",
    )
    .bind(channel.key())
    .bind(address)
    .bind(now)
    .bind(now - GUARD_WINDOW_MS)
    .bind(WRONG_CODES_PER_WINDOW)
    .fetch_optional(db)
    .await?;
    if let Some(n) = taken {
        return Ok(Try::Taken(n));
    }
    let start: Option<i64> = sqlx::query_scalar(
        "SELECT window_start FROM code_guards WHERE channel = $1 AND address = $2",
    )
    .bind(channel.key())
    .bind(address)
    .fetch_optional(db)
    .await?;
    let ends = start.unwrap_or(now) + GUARD_WINDOW_MS;
    Ok(Try::Paused(((ends - now).max(1000) / 1000) as u64))
}

/// The answer while code sign-in of an address is paused.
pub fn paused(seconds: u64) -> ApiError {
    let minutes = seconds.div_ceil(60).max(1);
    let unit = if minutes == 1 { "minute" } else { "minutes" };
    ApiError::too_many(
        format!(
            "Too many wrong codes. Signing in with a code is paused for this account; please try again in {minutes} {unit}."
        ),
        seconds,
    )
}

/// Tells the account's owner, once per pause, that its code sign-in paused.
/// The e-mail carries no code or link, so it goes through the outbox.
async fn notify_owner(db: &Db, channel: Channel, address: &str) -> Result<(), ApiError> {
    let owner: Option<String> = match channel {
        Channel::Email => sqlx::query_scalar("SELECT email FROM users WHERE email = $1"),
        Channel::Phone => {
            sqlx::query_scalar("SELECT email FROM users WHERE phone = $1 AND phone_verified = 1")
        }
    }
    .bind(address)
    .fetch_optional(db)
    .await?;
    let Some(to) = owner else {
        return Ok(());
    };
    let through = match channel {
        Channel::Email => "your e-mail address",
        Channel::Phone => "your mobile number",
    };
    let body = format!(
        "Someone entered {WRONG_CODES_PER_WINDOW} wrong sign-in codes for {through}, so signing in \
         with a code is paused for up to an hour. Your codes were not revealed, and the account \
         is unchanged. If this was you, wait a little and ask for a new code. If it was not, you \
         need do nothing; never share a code with anyone."
    );
    let mut tx = crate::db::begin_write(db).await?;
    crate::db::outbox::put(&mut tx, "email", &to, "Sign-in with a code paused", &body).await?;
    tx.commit().await?;
    tracing::warn!(
        channel = channel.key(),
        "code sign-in paused after wrong codes"
    );
    Ok(())
}

/// Checks a code. `consume` ends it on success; without it the code stays
/// valid (the e-mail step of a new user's registration checks it, the
/// registration consumes it).
///
/// Every check takes a try from the address's budget (see [`take_try`])
/// before the code is compared; a right code clears the budget. Wrong codes
/// never end a code: it stays valid until it is used or expires, so a
/// stranger's guesses can pause code sign-in for a while but never make the
/// owner's own code fail once the pause is over.
#[tracing::instrument(skip(db, secret, code, address))]
pub async fn verify(
    db: &Db,
    secret: &str,
    channel: Channel,
    address: &str,
    code: &str,
    consume: bool,
) -> Result<(), ApiError> {
    let code = code.trim();
    if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ApiError::bad_request("Please enter the 6-digit code"));
    }
    let now = now_ms();
    let row: Option<(String, String, i64)> = sqlx::query_as(
        "SELECT id, code_hash, expires_at FROM one_time_codes \
         WHERE channel = $1 AND address = $2 AND consumed_at IS NULL ORDER BY created_at DESC LIMIT 1",
    )
    .bind(channel.key())
    .bind(address)
    .fetch_optional(db)
    .await?;
    let Some((id, hash, expires_at)) = row else {
        return Err(expired());
    };
    if expires_at <= now {
        return Err(expired());
    }
    let tries = match take_try(db, channel, address, now).await? {
        Try::Paused(seconds) => return Err(paused(seconds)),
        Try::Taken(n) => n,
    };
    let stored = hex::decode(&hash).unwrap_or_default();
    if code_mac(secret, &id, code).verify_slice(&stored).is_err() {
        // Exactly one check takes the last try, so the owner hears once.
        if tries == WRONG_CODES_PER_WINDOW {
            notify_owner(db, channel, address).await?;
        }
        return Err(ApiError::bad_request("Wrong OTP"));
    }
    if consume {
        let done = sqlx::query(
            "UPDATE one_time_codes SET consumed_at = $1 WHERE id = $2 AND consumed_at IS NULL",
        )
        .bind(now)
        .bind(&id)
        .execute(db)
        .await?;
        if done.rows_affected() == 0 {
            return Err(expired());
        }
    }
    sqlx::query("DELETE FROM code_guards WHERE channel = $1 AND address = $2")
        .bind(channel.key())
        .bind(address)
        .execute(db)
        .await?;
    Ok(())
}
