//! Delivers queued updates: claims due rows as the e-mail outbox does (one
//! UPDATE .. RETURNING with a lapsing `claimed_until`, so of several
//! instances on one database each row goes to one), then per row: consent
//! read again (withdrawn: dropped), the quiet hours (held until 09:00), the
//! per-number cap and the store-wide SMS budget, and the send. A failed
//! WhatsApp send is retried by SMS 10 minutes later; a failed or impossible
//! SMS goes by e-mail.

use crate::core::accounts::codes::{Channel, take_from_budget};
use crate::core::messages::Letter;
use crate::core::messages::whatsapp as messages;
use crate::db::{begin_write, outbox};
use crate::domain::{Language, india_time};
use crate::state::AppState;

use super::{Event, Stored, proof_links, quiet};

/// How long a claimed update is this worker's before another may take it.
const CLAIM_MS: i64 = 60_000;
/// How long after a failed WhatsApp send the SMS goes.
pub const FALLBACK_MS: i64 = 10 * 60_000;
const BATCH: i64 = 20;

/// Sends due updates every `WhatsAppConfig::poll` until the process ends.
pub async fn run(state: AppState) {
    let Some(poll) = state.config.whatsapp.poll else {
        return;
    };
    loop {
        match deliver_due(&state).await {
            Ok(n) if n > 0 => continue,
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "update delivery failed; retrying"),
        }
        tokio::time::sleep(poll).await;
    }
}

#[derive(sqlx::FromRow, Debug)]
struct Due {
    id: String,
    event: String,
    user_id: String,
    variables: String,
    state: String,
}

#[derive(sqlx::FromRow)]
struct Customer {
    email: String,
    language: String,
    whatsapp_phone: Option<String>,
    whatsapp_consent_at: Option<i64>,
}

/// What became of one step.
struct Outcome {
    state: &'static str,
    due_at: i64,
    sent_via: Option<&'static str>,
    error: Option<String>,
}

impl Outcome {
    fn done(via: &'static str, now: i64) -> Outcome {
        Outcome {
            state: "done",
            due_at: now,
            sent_via: Some(via),
            error: None,
        }
    }

    fn next(state: &'static str, due_at: i64, error: String) -> Outcome {
        Outcome {
            state,
            due_at,
            sent_via: None,
            error: Some(error),
        }
    }
}

/// Claims and works through the updates due now (by the notifier's clock);
/// how many it took.
pub async fn deliver_due(state: &AppState) -> anyhow::Result<usize> {
    let now = state.notify.clock.now();
    let claim = now + CLAIM_MS;
    const FREE: &str = "state IN ('whatsapp', 'sms', 'email') AND due_at <= $2 \
                        AND (claimed_until IS NULL OR claimed_until < $2)";
    let due: Vec<Due> = sqlx::query_as(&format!(
        "UPDATE notifications SET claimed_until = $1 \
         WHERE id IN (SELECT id FROM notifications WHERE {FREE} ORDER BY due_at, id LIMIT $3) AND {FREE} \
         RETURNING id, event, user_id, variables, state"
    ))
    .bind(claim)
    .bind(now)
    .bind(BATCH)
    .fetch_all(&state.db)
    .await?;
    for row in &due {
        let outcome = match step(state, row, now).await {
            Ok(o) => o,
            // Ours failed (the database): the row goes back as it was.
            Err(e) => Outcome::next(leak(&row.state), now, e.to_string()),
        };
        sqlx::query(
            "UPDATE notifications SET state = $1, due_at = $2, sent_via = $3, last_error = $4, \
             claimed_until = NULL, updated_at = $5 WHERE id = $6 AND claimed_until = $7",
        )
        .bind(outcome.state)
        .bind(outcome.due_at)
        .bind(outcome.sent_via)
        .bind(outcome.error.map(|e| crate::log_mask::contacts(&e)))
        .bind(now)
        .bind(&row.id)
        .bind(claim)
        .execute(&state.db)
        .await?;
    }
    Ok(due.len())
}

/// A stored state as the static name the outcome carries.
fn leak(state: &str) -> &'static str {
    match state {
        "whatsapp" => "whatsapp",
        "sms" => "sms",
        _ => "email",
    }
}

async fn step(state: &AppState, row: &Due, now: i64) -> anyhow::Result<Outcome> {
    let customer: Customer = sqlx::query_as(
        "SELECT email, language, whatsapp_phone, whatsapp_consent_at FROM users WHERE id = $1",
    )
    .bind(&row.user_id)
    .fetch_one(&state.db)
    .await?;
    let event = Event::parse(&row.event).ok_or_else(|| anyhow::anyhow!("unknown event"))?;
    let language = Language::parse(&customer.language).unwrap_or_default();
    let variables = variables(state, &row.variables)?;
    let letter = messages::update(event, language, &variables);
    if row.state == "email" {
        let mut tx = begin_write(&state.db).await?;
        outbox::put(
            &mut tx,
            "email",
            &customer.email,
            &letter.subject,
            &letter.body,
        )
        .await?;
        tx.commit().await?;
        return Ok(Outcome::done("email", now));
    }
    let phone = match (&customer.whatsapp_phone, customer.whatsapp_consent_at) {
        (Some(p), Some(_)) => p.clone(),
        // Consent withdrawn since it was queued: nothing goes to the phone.
        _ => {
            return Ok(Outcome {
                state: "dropped",
                ..Outcome::done("none", now)
            });
        }
    };
    if let Some(nine) = quiet::held_until(now) {
        return Ok(Outcome::next(leak(&row.state), nine, "quiet hours".into()));
    }
    if !take_allowance(state, &phone, now).await? {
        return Ok(Outcome::next(
            "email",
            now,
            "the number's daily cap or the day's SMS budget is spent".into(),
        ));
    }
    if row.state == "whatsapp" {
        return Ok(
            match send_whatsapp(state, &phone, event, language, &variables, &letter).await {
                Ok(()) => Outcome::done("whatsapp", now),
                Err(Unsent::NoProvider) => Outcome::next("sms", now, "no WhatsApp provider".into()),
                Err(Unsent::Refused(e)) => Outcome::next("sms", now + FALLBACK_MS, e),
            },
        );
    }
    Ok(match send_sms(state, &phone, &letter).await {
        Ok(()) => Outcome::done("sms", now),
        Err(Unsent::NoProvider) => {
            Outcome::next("email", now, "no SMS template for updates".into())
        }
        Err(Unsent::Refused(e)) => Outcome::next("email", now, e),
    })
}

/// The template's variables, the proof's link derived again from its id.
fn variables(state: &AppState, stored: &str) -> anyhow::Result<Vec<String>> {
    let Stored {
        mut variables,
        proof_link,
    } = serde_json::from_str(stored)?;
    if let Some(id) = proof_link {
        let token = proof_links::token_of(state.config.code_secret.expose(), &id);
        let base = state.config.public_url.as_deref().unwrap_or("");
        variables.push(format!("{base}/proof/{token}"));
    }
    Ok(variables)
}

/// One more message to `phone` today, within its cap and the store's SMS
/// budget (both spent together, or neither); `false` past either.
async fn take_allowance(state: &AppState, phone: &str, now: i64) -> anyhow::Result<bool> {
    let cap = state.config.whatsapp.per_number_daily;
    if cap <= 0 {
        return Ok(false);
    }
    let mut tx = begin_write(&state.db).await?;
    let within: Option<i64> = sqlx::query_scalar(
        "INSERT INTO notification_caps (phone, day, sent) VALUES ($1, $2, 1) \
         ON CONFLICT (phone, day) DO UPDATE SET sent = notification_caps.sent + 1 \
         WHERE notification_caps.sent < $3 RETURNING sent",
    )
    .bind(phone)
    .bind(india_time::day_number(now))
    .bind(cap)
    .fetch_optional(&mut *tx)
    .await?;
    if within.is_none()
        || !take_from_budget(&mut tx, Channel::Phone, state.config.code_budgets.sms, now)
            .await
            .map_err(|e| anyhow::anyhow!("{e:?}"))?
    {
        tx.rollback().await?;
        return Ok(false);
    }
    tx.commit().await?;
    Ok(true)
}

enum Unsent {
    NoProvider,
    Refused(String),
}

/// In dev mode a message sent (or with no provider, as if sent) is kept in
/// the outbox under its channel, for `/api/dev/outbox`.
async fn keep_in_dev(
    state: &AppState,
    channel: &str,
    phone: &str,
    letter: &Letter,
) -> anyhow::Result<()> {
    if state.notify.dev {
        let mut tx = begin_write(&state.db).await?;
        outbox::put(&mut tx, channel, phone, &letter.subject, &letter.body).await?;
        tx.commit().await?;
    }
    Ok(())
}

async fn send_whatsapp(
    state: &AppState,
    phone: &str,
    event: Event,
    language: Language,
    variables: &[String],
    letter: &Letter,
) -> Result<(), Unsent> {
    match &state.notify.whatsapp {
        Some(provider) => provider
            .send_template(phone, event, language, variables)
            .await
            .map_err(Unsent::Refused)?,
        None if state.notify.dev => {}
        None => return Err(Unsent::NoProvider),
    }
    keep_in_dev(state, "whatsapp", phone, letter)
        .await
        .map_err(|e| Unsent::Refused(e.to_string()))
}

async fn send_sms(state: &AppState, phone: &str, letter: &Letter) -> Result<(), Unsent> {
    let sending = state
        .notify
        .sms
        .as_ref()
        .and_then(|s| s.send_update(phone, &letter.body));
    match sending {
        Some(sending) => sending.await.map_err(|e| Unsent::Refused(e.to_string()))?,
        None if state.notify.dev => {}
        None => return Err(Unsent::NoProvider),
    }
    keep_in_dev(state, "sms", phone, letter)
        .await
        .map_err(|e| Unsent::Refused(e.to_string()))
}
