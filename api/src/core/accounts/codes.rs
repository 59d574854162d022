//! One-time codes: 6 digits from a CSPRNG, stored as an HMAC keyed with the
//! code key (`CODE_SECRET`), single use, valid 10 minutes, and at most 3 sends
//! per address and 10 per client in 10 minutes, and 10 per address in 24
//! hours whoever asks. Each channel has a store-wide budget per India
//! calendar day ([`DailyBudgets`](crate::config::DailyBudgets)): past it, sends answer 503 until midnight
//! and the admins are e-mailed once. Only the newest code of an address works. Wrong codes are counted per address across all its codes:
//! after [`WRONG_CODES_PER_WINDOW`] tries in an hour without a right one, code
//! sign-in for that address pauses until the hour is over (429, `Retry-After`)
//! and the account's owner is e-mailed once; a right code clears the count.
//! Every window is timed by the database's clock (`db::clock`), which all
//! instances on one database share.

use hmac::{Hmac, Mac};
use rand::Rng;
use sha2::Sha256;

use crate::config::DailyBudgets;
use crate::core::messages::accounts as messages;
use crate::db::{Db, clock};
pub use crate::domain::contact::Channel;
use crate::domain::india_time;
use crate::error::Failure;
use crate::ids::new_id;

pub const CODE_TTL_MS: i64 = 10 * 60 * 1000;
/// Tries per address (across its codes) in [`GUARD_WINDOW_MS`] before code sign-in pauses.
pub const WRONG_CODES_PER_WINDOW: i64 = 10;
pub const GUARD_WINDOW_MS: i64 = 60 * 60 * 1000;
const WINDOW_MS: i64 = 10 * 60 * 1000;
const SENDS_PER_ADDRESS: i64 = 3;
const SENDS_PER_CLIENT: i64 = 10;
/// Sends to one address in [`DAY_MS`], whoever asks (an inbox or a phone is not to be flooded).
pub const SENDS_PER_ADDRESS_PER_DAY: i64 = 10;
const DAY_MS: i64 = 24 * 60 * 60 * 1000;

impl DailyBudgets {
    fn of(self, channel: Channel) -> i64 {
        match channel {
            Channel::Email => self.email,
            Channel::Phone => self.sms,
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

fn expired() -> Failure {
    Failure::bad_request("Code expired or not found. Please request a new code.")
}

/// Seconds until a send made at `oldest` leaves a window of `window_ms`.
fn wait_for(oldest: Option<i64>, window_ms: i64, now: i64) -> u64 {
    ((oldest.unwrap_or(now) + window_ms - now).max(1000) / 1000) as u64
}

/// The 503 of a channel whose budget for the day is spent.
fn paused_for_today(channel: Channel) -> Failure {
    Failure::unavailable(match channel {
        Channel::Phone => {
            "Sign-in codes by SMS are paused for today. Please sign in with your e-mail instead."
        }
        Channel::Email => {
            "Sign-in codes by e-mail are paused for today. Please sign in with your password, or try again tomorrow."
        }
    })
}

/// Takes one send from the channel's budget for the day, in one conditional
/// upsert; `false` when it is spent. On PostgreSQL the row stays locked until
/// the transaction ends, so the sends of a channel follow one another from
/// here on, on every instance.
pub(crate) async fn take_from_budget(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    channel: Channel,
    budget: i64,
    now: i64,
) -> Result<bool, Failure> {
    if budget <= 0 {
        return Ok(false);
    }
    let taken: Option<i64> = sqlx::query_scalar(
        "INSERT INTO code_budgets (channel, day, sent) VALUES ($1, $2, 1) \
         ON CONFLICT (channel, day) DO UPDATE SET sent = code_budgets.sent + 1 \
         WHERE code_budgets.sent < $3 RETURNING sent",
    )
    .bind(channel.key())
    .bind(india_time::day_number(now))
    .bind(budget)
    .fetch_optional(&mut **tx)
    .await?;
    Ok(taken.is_some())
}

/// Tells the admins, once per channel and day whichever instance gets here
/// first (a compare-and-set of `told_at`), that the day's budget is spent.
/// No secret is in it, so it goes through the outbox.
async fn tell_admins_budget_spent(
    db: &Db,
    channel: Channel,
    budget: i64,
    now: i64,
) -> Result<(), Failure> {
    let mut tx = crate::db::begin_write(db).await?;
    let first: Option<i64> = sqlx::query_scalar(
        "INSERT INTO code_budgets (channel, day, sent, told_at) VALUES ($1, $2, 0, $3) \
         ON CONFLICT (channel, day) DO UPDATE SET told_at = $3 \
         WHERE code_budgets.told_at IS NULL RETURNING day",
    )
    .bind(channel.key())
    .bind(india_time::day_number(now))
    .bind(now)
    .fetch_optional(&mut *tx)
    .await?;
    if first.is_none() {
        tx.rollback().await?;
        return Ok(());
    }
    let letter = messages::code_budget_spent(channel, budget);
    let admins: Vec<String> =
        sqlx::query_scalar("SELECT email FROM users WHERE role = 'admin' ORDER BY email")
            .fetch_all(&mut *tx)
            .await?;
    for admin in &admins {
        crate::db::outbox::put(&mut tx, "email", admin, &letter.subject, &letter.body).await?;
    }
    tx.commit().await?;
    tracing::warn!(
        channel = channel.key(),
        budget,
        admins = admins.len(),
        "code budget spent: sends paused until midnight India time"
    );
    Ok(())
}

/// Creates a code for `address` (the older ones stop working) and returns it
/// for the caller to deliver; refuses with 429 past an address's or client's
/// sends and 503 past the channel's budget for the day, sending nothing.
// Never the address: the span names every line logged inside it.
#[tracing::instrument(skip(db, secret, address, client))]
pub async fn issue(
    db: &Db,
    secret: &str,
    channel: Channel,
    address: &str,
    client: &str,
    budgets: DailyBudgets,
) -> Result<String, Failure> {
    let now = clock::now_ms(db).await?;
    let since = now - WINDOW_MS;
    let mut tx = crate::db::begin_write(db).await?;
    // The budget first: its row's lock makes the counts below exact on PostgreSQL.
    let budget = budgets.of(channel);
    if !take_from_budget(&mut tx, channel, budget, now).await? {
        tx.rollback().await?;
        if let Err(e) = tell_admins_budget_spent(db, channel, budget, now).await {
            // The shopper's answer stays the 503; the next refusal tries again.
            tracing::warn!(error = ?e, "could not tell the admins a code budget is spent");
        }
        return Err(paused_for_today(channel));
    }
    let (per_address, oldest_address, per_day, oldest_day, per_client, oldest_client): (
        i64,
        Option<i64>,
        i64,
        Option<i64>,
        i64,
        Option<i64>,
    ) = sqlx::query_as(
        "SELECT \
         (SELECT COUNT(*) FROM one_time_codes WHERE channel = $1 AND address = $2 AND created_at > $3), \
         (SELECT MIN(created_at) FROM one_time_codes WHERE channel = $1 AND address = $2 AND created_at > $3), \
         (SELECT COUNT(*) FROM one_time_codes WHERE channel = $1 AND address = $2 AND created_at > $4), \
         (SELECT MIN(created_at) FROM one_time_codes WHERE channel = $1 AND address = $2 AND created_at > $4), \
         (SELECT COUNT(*) FROM one_time_codes WHERE client = $5 AND created_at > $3), \
         (SELECT MIN(created_at) FROM one_time_codes WHERE client = $5 AND created_at > $3)",
    )
    .bind(channel.key())
    .bind(address)
    .bind(since)
    .bind(now - DAY_MS)
    .bind(client)
    .fetch_one(&mut *tx)
    .await?;
    let refused = if per_day >= SENDS_PER_ADDRESS_PER_DAY {
        Some(messages::too_many_codes_today(
            channel,
            SENDS_PER_ADDRESS_PER_DAY,
            wait_for(oldest_day, DAY_MS, now),
        ))
    } else if per_address >= SENDS_PER_ADDRESS {
        Some(too_many_sends(wait_for(oldest_address, WINDOW_MS, now)))
    } else if per_client >= SENDS_PER_CLIENT {
        Some(too_many_sends(wait_for(oldest_client, WINDOW_MS, now)))
    } else {
        None
    };
    if let Some(refused) = refused {
        tx.rollback().await?;
        return Err(refused);
    }
    let code = format!("{:06}", rand::rng().random_range(0..1_000_000u32));
    let id = new_id();
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

fn too_many_sends(seconds: u64) -> Failure {
    Failure::too_many(
        "Too many code requests. Please wait a few minutes and try again.",
        seconds,
    )
}

/// Makes the address's live code unusable (it could not be delivered). The
/// row stays, so the send still counts against the limits.
pub async fn withdraw(db: &Db, channel: Channel, address: &str) -> Result<(), Failure> {
    sqlx::query("UPDATE one_time_codes SET consumed_at = $1 WHERE channel = $2 AND address = $3 AND consumed_at IS NULL")
        .bind(clock::now_ms(db).await?)
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
async fn take_try(db: &Db, channel: Channel, address: &str, now: i64) -> Result<Try, Failure> {
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

/// Tells the account's owner, once per pause, that its code sign-in paused.
/// The e-mail carries no code or link, so it goes through the outbox.
async fn notify_owner(db: &Db, channel: Channel, address: &str) -> Result<(), Failure> {
    let owner: Option<(String, crate::domain::Language)> = match channel {
        Channel::Email => sqlx::query_as("SELECT email, language FROM users WHERE email = $1"),
        Channel::Phone => sqlx::query_as(
            "SELECT email, language FROM users WHERE phone = $1 AND phone_verified = 1",
        ),
    }
    .bind(address)
    .fetch_optional(db)
    .await?;
    let Some((to, language)) = owner else {
        return Ok(());
    };
    let letter = messages::code_sign_in_paused_notice(channel, WRONG_CODES_PER_WINDOW, language);
    let mut tx = crate::db::begin_write(db).await?;
    crate::db::outbox::put(&mut tx, "email", &to, &letter.subject, &letter.body).await?;
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
#[tracing::instrument(skip(db, secret, address, code))]
pub async fn verify(
    db: &Db,
    secret: &str,
    channel: Channel,
    address: &str,
    code: &str,
    consume: bool,
) -> Result<(), Failure> {
    let code = code.trim();
    if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Failure::bad_request("Please enter the 6-digit code"));
    }
    let now = clock::now_ms(db).await?;
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
        Try::Paused(seconds) => return Err(messages::code_sign_in_paused(seconds)),
        Try::Taken(n) => n,
    };
    let stored = hex::decode(&hash).unwrap_or_default();
    if code_mac(secret, &id, code).verify_slice(&stored).is_err() {
        // Exactly one check takes the last try, so the owner hears once.
        if tries == WRONG_CODES_PER_WINDOW {
            notify_owner(db, channel, address).await?;
        }
        return Err(Failure::bad_request("Wrong OTP"));
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
