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
    /// What to attach when it is sent (see [`Attachment`]).
    pub attachment: Option<Attachment>,
}

/// A document an e-mail carries, stored as a reference and drawn when sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Attachment {
    /// The order's tax invoice PDF.
    TaxInvoice { order_id: String },
}

impl Attachment {
    const TAX_INVOICE: &'static str = "tax-invoice:";

    fn stored(&self) -> String {
        match self {
            Attachment::TaxInvoice { order_id } => format!("{}{order_id}", Self::TAX_INVOICE),
        }
    }

    fn parse(stored: &str) -> Option<Attachment> {
        stored
            .strip_prefix(Self::TAX_INVOICE)
            .map(|id| Attachment::TaxInvoice {
                order_id: id.to_string(),
            })
    }
}

/// Adds the message to a paying script, stored only if that script's payment
/// confirmed the order (`orders::pay`).
pub fn put_if_claimed(script: &mut Script, m: &Outgoing, claim: &Claim) {
    script
        .push(&format!(
            "INSERT INTO outbox (id, channel, recipient, subject, body, created_at, attachment) \
             SELECT $1, $2, $3, $4, $5, $6, $9 FROM {} WHERE id = $7 AND payment_claim = $8",
            Claim::PAID
        ))
        .bind(new_id())
        .bind(m.channel)
        .bind(m.to.clone())
        .bind(m.subject.clone())
        .bind(m.body.clone())
        .bind(now_ms())
        .bind(claim.order_id.clone())
        .bind(claim.claim.clone())
        .bind(m.attachment.as_ref().map(Attachment::stored));
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
    pub created_at: i64,
    attachment: Option<String>,
}

impl Pending {
    pub fn attachment(&self) -> Option<Attachment> {
        self.attachment.as_deref().and_then(Attachment::parse)
    }
}

/// How long a claimed e-mail is this worker's to send before another may.
pub const CLAIM_MS: i64 = 60_000;

/// Claims up to `limit` e-mails not yet handed to the relay and not claimed by
/// another worker, oldest first, until `now + CLAIM_MS`. One statement: of two
/// workers on one database, each message goes to one (PostgreSQL re-checks a
/// row the other claimed first; SQLite runs one write at a time).
pub async fn claim_undelivered(db: &Db, now: i64, limit: i64) -> Result<Vec<Pending>, sqlx::Error> {
    const FREE: &str = "channel = 'email' AND delivered_at IS NULL AND (claimed_until IS NULL OR claimed_until < $2)";
    let mut claimed: Vec<Pending> = sqlx::query_as(&format!(
        "UPDATE outbox SET claimed_until = $1 \
         WHERE id IN (SELECT id FROM outbox WHERE {FREE} ORDER BY created_at, id LIMIT $3) AND {FREE} \
         RETURNING id, recipient, subject, body, created_at, attachment"
    ))
    .bind(now + CLAIM_MS)
    .bind(now)
    .bind(limit)
    .fetch_all(db)
    .await?;
    claimed.sort_by(|a, b| (a.created_at, &a.id).cmp(&(b.created_at, &b.id)));
    Ok(claimed)
}

/// Gives claimed e-mails back (the relay failed for now): any worker may try again.
pub async fn release(db: &Db, ids: &[&str]) -> Result<(), sqlx::Error> {
    for id in ids {
        sqlx::query(
            "UPDATE outbox SET claimed_until = NULL WHERE id = $1 AND delivered_at IS NULL",
        )
        .bind(id)
        .execute(db)
        .await?;
    }
    Ok(())
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

/// E-mails not yet handed to the relay: how many, and the oldest one's time (`/metrics`).
pub async fn waiting(db: &Db) -> Result<(i64, Option<i64>), sqlx::Error> {
    sqlx::query_as(
        "SELECT COUNT(*), MIN(created_at) FROM outbox WHERE channel = 'email' AND delivered_at IS NULL",
    )
    .fetch_one(db)
    .await
}
