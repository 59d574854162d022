//! The message outbox: e-mails written in the transaction that caused them
//! and delivered by `mail::run_outbox_worker`; in dev mode also every sign-in
//! code and link, for `/api/dev/outbox`.

use poem_openapi::Object;
use sqlx::{Any, Transaction};

use super::orders::Claim;
use super::script::Script;
use super::{Db, now_ms};
use crate::ids::new_id;

pub async fn put(
    tx: &mut Transaction<'_, Any>,
    channel: &str,
    recipient: &str,
    subject: &str,
    body: &str,
) -> Result<(), sqlx::Error> {
    let id = new_id();
    sqlx::query("INSERT INTO outbox (id, channel, recipient, subject, body, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(&id)
        .bind(channel)
        .bind(recipient)
        .bind(subject)
        .bind(body)
        .bind(now_ms())
        .execute(&mut **tx)
        .await?;
    // Never the body: it may carry a code or a link.
    tracing::info!(id, channel, subject, "outbox message");
    Ok(())
}

/// A message to store.
pub struct Outgoing {
    pub channel: &'static str,
    pub to: String,
    pub subject: String,
    pub body: String,
}

/// Adds the message to a paying script, stored only if that script's payment
/// confirmed the order (`orders::pay`).
pub fn put_if_claimed(script: &mut Script, m: &Outgoing, claim: &Claim) {
    script
        .push(&format!(
            "INSERT INTO outbox (id, channel, recipient, subject, body, created_at) \
             SELECT $1, $2, $3, $4, $5, $6 FROM {} WHERE id = $7 AND payment_claim = $8",
            Claim::PAID
        ))
        .bind(new_id())
        .bind(m.channel)
        .bind(m.to.clone())
        .bind(m.subject.clone())
        .bind(m.body.clone())
        .bind(now_ms())
        .bind(claim.order_id.clone())
        .bind(claim.claim.clone());
}

#[derive(Object, sqlx::FromRow, Debug)]
#[oai(rename_all = "camelCase")]
pub struct Message {
    pub channel: String,
    pub recipient: String,
    pub subject: String,
    pub body: String,
    pub created_at: i64,
}

/// The latest messages for an address, newest first.
pub async fn latest(db: &Db, recipient: &str) -> Result<Vec<Message>, sqlx::Error> {
    sqlx::query_as(
        "SELECT channel, recipient, subject, body, created_at FROM outbox WHERE recipient = $1 \
         ORDER BY created_at DESC, id DESC LIMIT 20",
    )
    .bind(recipient)
    .fetch_all(db)
    .await
}

#[derive(sqlx::FromRow, Debug)]
pub struct Pending {
    pub id: String,
    pub recipient: String,
    pub subject: String,
    pub body: String,
}

/// E-mails not yet handed to the relay, oldest first.
pub async fn undelivered(db: &Db, limit: i64) -> Result<Vec<Pending>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, recipient, subject, body FROM outbox WHERE channel = 'email' AND delivered_at IS NULL \
         ORDER BY created_at, id LIMIT $1",
    )
    .bind(limit)
    .fetch_all(db)
    .await
}

/// Marks a message handed over; `blank_body` (production) drops its text.
pub async fn mark_delivered(
    db: &Db,
    id: &str,
    at: i64,
    blank_body: bool,
) -> Result<(), sqlx::Error> {
    let sql = if blank_body {
        "UPDATE outbox SET delivered_at = $1, body = '' WHERE id = $2"
    } else {
        "UPDATE outbox SET delivered_at = $1 WHERE id = $2"
    };
    sqlx::query(sql).bind(at).bind(id).execute(db).await?;
    Ok(())
}
