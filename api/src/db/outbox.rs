//! The message outbox: every e-mail and SMS is stored and logged; a delivery
//! worker (SMTP, an SMS gateway) reads from here when configured.

use poem_openapi::Object;
use sqlx::{Any, Transaction};

use super::{Db, now_ms};
use crate::ids::new_id;

pub async fn put(
    tx: &mut Transaction<'_, Any>,
    channel: &str,
    recipient: &str,
    subject: &str,
    body: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO outbox (id, channel, recipient, subject, body, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(new_id())
        .bind(channel)
        .bind(recipient)
        .bind(subject)
        .bind(body)
        .bind(now_ms())
        .execute(&mut **tx)
        .await?;
    tracing::info!(channel, recipient, subject, body, "outbox message");
    Ok(())
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
