//! Order updates by WhatsApp to customers who consented (docs/whatsapp.md):
//! each event is queued once per subject (an order, a proof version, a group
//! order, a claim) by an INSERT on the UNIQUE key `(subject_id, event)`, so
//! retries and other instances queue nothing more; the worker ([`worker`])
//! sends it by WhatsApp, falls back to SMS 10 minutes after a failure, then
//! to e-mail, holds it over India's quiet hours (21:00 to 09:00), and keeps
//! to the per-number daily cap and the store-wide SMS budget. The e-mails
//! the store sends today go as before, whatever happens here.

pub mod consent;
pub mod events;
pub mod proof_links;
pub mod quiet;
pub mod worker;

use serde::{Deserialize, Serialize};

use crate::db::Db;
use crate::ids::new_id;
pub use crate::whatsapp::Event;

pub use crate::whatsapp::notifier::{Clock, Notifier};

/// What a queued update keeps: its template's variables, and for a proof the
/// link's id (its token is derived again when sent, never stored).
#[derive(Serialize, Deserialize, Debug, Default)]
pub struct Stored {
    pub variables: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof_link: Option<String>,
}

/// One update to queue.
pub struct Notice<'a> {
    /// What it is about: an order's id, `order/v2` for a proof version, a
    /// group order's id, a claim's id.
    pub subject_id: &'a str,
    pub event: Event,
    pub user_id: &'a str,
    pub stored: Stored,
}

/// Queues `notice` for a customer who consented, once per subject and event;
/// `false` when nothing was queued (no consent, or queued before). The
/// INSERT selects from the user's row, so consent is read in the same
/// statement.
pub async fn queue(
    conn: &mut sqlx::AnyConnection,
    notice: Notice<'_>,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO notifications (id, subject_id, event, user_id, variables, state, due_at, created_at, updated_at) \
         SELECT $1, $2, $3, id, $4, 'whatsapp', $5, $5, $5 FROM users \
         WHERE id = $6 AND whatsapp_consent_at IS NOT NULL AND whatsapp_phone IS NOT NULL \
         ON CONFLICT (subject_id, event) DO NOTHING",
    )
    .bind(new_id())
    .bind(notice.subject_id)
    .bind(notice.event.key())
    .bind(serde_json::to_string(&notice.stored).unwrap_or_default())
    .bind(now)
    .bind(notice.user_id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Queues `notice` on a connection of the pool; a failure is logged and
/// swallowed: an update never fails what caused it (its e-mail went as ever).
pub async fn queue_now(db: &Db, clock: &Clock, notice: Notice<'_>) {
    let (event, subject) = (notice.event, notice.subject_id.to_string());
    let queued = async {
        let mut conn = db.acquire().await?;
        queue(&mut conn, notice, clock.now()).await
    };
    match queued.await {
        Ok(true) => tracing::info!(event = event.key(), subject, "update queued"),
        Ok(false) => {}
        Err(e) => {
            tracing::warn!(error = %e, event = event.key(), subject, "could not queue an update")
        }
    }
}
