//! One-time codes: 6 digits from a CSPRNG, stored as a keyed hash, single use,
//! valid 10 minutes, at most 5 wrong tries, and rate-limited per address and
//! per client. Only the newest code of an address works.

use rand::Rng;
use sha2::{Digest, Sha256};

use crate::db::{Db, now_ms, outbox};
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

fn code_hash(secret: &str, id: &str, code: &str) -> String {
    hex::encode(Sha256::digest(format!("{secret}\0{id}\0{code}")))
}

/// Creates a code for `address` and puts it in the outbox.
#[tracing::instrument(skip(db, secret))]
pub async fn send(
    db: &Db,
    secret: &str,
    channel: Channel,
    address: &str,
    client: &str,
) -> Result<(), ApiError> {
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
    if per_address >= SENDS_PER_ADDRESS || per_client >= SENDS_PER_CLIENT {
        return Err(ApiError::too_many(
            "Too many code requests. Please wait a few minutes and try again.",
        ));
    }
    let code = format!("{:06}", rand::rng().random_range(0..1_000_000u32));
    let id = new_id();
    let mut tx = db.begin().await?;
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
    .bind(code_hash(secret, &id, &code))
    .bind(now + CODE_TTL_MS)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    let (out_channel, subject) = match channel {
        Channel::Email => ("email", "Your sign-in code"),
        Channel::Phone => ("sms", "Sign-in code"),
    };
    let body =
        format!("Your code is {code}. It is valid for 10 minutes. Do not share it with anyone.");
    outbox::put(&mut tx, out_channel, address, subject, &body).await?;
    tx.commit().await?;
    Ok(())
}

/// Checks a code. `consume` ends it on success; without it the code stays valid
/// (the e-mail step of a new user's registration checks it, the registration consumes it).
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
    let row: Option<(String, String, i64, i64)> = sqlx::query_as(
        "SELECT id, code_hash, attempts, expires_at FROM one_time_codes \
         WHERE channel = $1 AND address = $2 AND consumed_at IS NULL ORDER BY created_at DESC LIMIT 1",
    )
    .bind(channel.key())
    .bind(address)
    .fetch_optional(db)
    .await?;
    let Some((id, hash, attempts, expires_at)) = row else {
        return Err(ApiError::bad_request(
            "Code expired or not found. Please request a new code.",
        ));
    };
    if expires_at <= now {
        return Err(ApiError::bad_request(
            "Code expired or not found. Please request a new code.",
        ));
    }
    if attempts >= MAX_ATTEMPTS {
        return Err(ApiError::too_many(
            "Too many wrong codes. Please request a new code.",
        ));
    }
    if code_hash(secret, &id, code) != hash {
        // Counted atomically, so parallel guesses cannot exceed the limit.
        sqlx::query("UPDATE one_time_codes SET attempts = attempts + 1 WHERE id = $1")
            .bind(&id)
            .execute(db)
            .await?;
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
            return Err(ApiError::bad_request(
                "Code expired or not found. Please request a new code.",
            ));
        }
    }
    Ok(())
}
