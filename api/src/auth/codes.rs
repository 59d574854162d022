//! One-time codes: 6 digits from a CSPRNG, stored as an HMAC keyed with the
//! code key (`CODE_SECRET`), single use, valid 10 minutes, at most 5 tries
//! counted atomically, and at most 3 sends per address and 10 per client in
//! 10 minutes. Only the newest code of an address works.

use hmac::{Hmac, Mac};
use rand::Rng;
use sha2::Sha256;

use crate::db::{Db, now_ms};
use crate::envelope::ApiError;
use crate::ids::new_id;

pub const CODE_TTL_MS: i64 = 10 * 60 * 1000;
pub const MAX_ATTEMPTS: i64 = 5;
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
#[tracing::instrument(skip(db, secret))]
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

/// Checks a code. `consume` ends it on success; without it the code stays
/// valid (the e-mail step of a new user's registration checks it, the
/// registration consumes it).
///
/// Every try takes one of the code's 5 attempts with a single conditional
/// UPDATE before the code is compared, so parallel guesses cannot exceed the
/// limit; a right code gives its attempt back.
#[tracing::instrument(skip(db, secret, code))]
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
    let took_attempt = sqlx::query(
        "UPDATE one_time_codes SET attempts = attempts + 1 \
         WHERE id = $1 AND attempts < $2 AND consumed_at IS NULL",
    )
    .bind(&id)
    .bind(MAX_ATTEMPTS)
    .execute(db)
    .await?
    .rows_affected()
        == 1;
    if !took_attempt {
        return Err(ApiError::too_many(
            "Too many wrong codes. Please request a new code.",
            (expires_at - now).max(1000) as u64 / 1000,
        ));
    }
    let stored = hex::decode(&hash).unwrap_or_default();
    if code_mac(secret, &id, code).verify_slice(&stored).is_err() {
        return Err(ApiError::bad_request("Wrong OTP"));
    }
    let sql = if consume {
        "UPDATE one_time_codes SET consumed_at = $1 WHERE id = $2 AND consumed_at IS NULL"
    } else {
        "UPDATE one_time_codes SET attempts = attempts - 1 WHERE id = $2 AND consumed_at IS NULL AND $1 > 0"
    };
    let done = sqlx::query(sql).bind(now).bind(&id).execute(db).await?;
    if done.rows_affected() == 0 {
        return Err(expired());
    }
    Ok(())
}
