//! Proofs of paid orders and the order's events: each version the admin
//! sends, the customer's approval or request for changes, and every such
//! action recorded in `order_events` (who, when, which version). The order's
//! `proof_state` ('waiting', then 'approved') only moves forward, so the
//! production gate may read it before it changes the status.

use sqlx::FromRow;

use super::orders::Claim;
use super::script::Script;
use super::{Db, now_ms, outbox};
use crate::ids::new_id;

/// Who approved an order when proofs are off (`PROOF_REQUIRED=off`).
pub const SYSTEM: &str = "system";

/// Event kinds, as stored.
pub const SENT: &str = "proof_sent";
pub const APPROVED: &str = "proof_approved";
pub const CHANGES_REQUESTED: &str = "proof_changes_requested";
pub const OVERRIDE: &str = "production_override";

/// Adds the system's approval to a paying script: stored only if that
/// script's payment confirmed the order (`orders::pay`).
pub fn push_system_approval(script: &mut Script, claim: &Claim, now: i64) {
    script
        .push(&format!(
            "INSERT INTO order_events (id, order_id, kind, version, actor, note, created_at) \
             SELECT $1, $2, $3, NULL, $4, $5, $6 FROM {} WHERE id = $2 AND payment_claim = $7",
            Claim::PAID
        ))
        .bind(new_id())
        .bind(claim.order_id.clone())
        .bind(APPROVED)
        .bind(SYSTEM)
        .bind("Approved at payment: proofs are not required (PROOF_REQUIRED=off)")
        .bind(now)
        .bind(claim.claim.clone());
}

/// A proof version as listed (the PDF is read on its own).
#[derive(FromRow, Debug, Clone)]
pub struct Proof {
    pub version: i64,
    /// 'drawn' by the server or 'uploaded' by the admin.
    pub source: String,
    /// 'sent', 'approved' or 'changes_requested'.
    pub state: String,
    pub note: Option<String>,
    pub comment: Option<String>,
    pub created_by: String,
    pub created_by_name: Option<String>,
    pub created_at: i64,
    pub decided_at: Option<i64>,
}

/// The order's proofs, oldest first.
pub async fn list(db: &Db, order_id: &str) -> Result<Vec<Proof>, sqlx::Error> {
    sqlx::query_as(
        "SELECT p.version, p.source, p.state, p.note, p.comment, p.created_by, u.name AS created_by_name, \
         p.created_at, p.decided_at FROM order_proofs p LEFT JOIN users u ON u.id = p.created_by \
         WHERE p.order_id = $1 ORDER BY p.version",
    )
    .bind(order_id)
    .fetch_all(db)
    .await
}

/// A version's PDF.
pub async fn pdf(db: &Db, order_id: &str, version: i64) -> Result<Option<Vec<u8>>, sqlx::Error> {
    sqlx::query_scalar("SELECT pdf FROM order_proofs WHERE order_id = $1 AND version = $2")
        .bind(order_id)
        .bind(version)
        .fetch_optional(db)
        .await
}

/// The number the next version will have.
pub async fn next_version(db: &Db, order_id: &str) -> Result<i64, sqlx::Error> {
    let last: Option<i64> =
        sqlx::query_scalar("SELECT MAX(version) FROM order_proofs WHERE order_id = $1")
            .bind(order_id)
            .fetch_one(db)
            .await?;
    Ok(last.unwrap_or(0) + 1)
}

/// Whether the order may go into production: its proof is approved (by the
/// customer, or by the system when proofs are off).
pub async fn approved(db: &Db, order_id: &str) -> Result<bool, sqlx::Error> {
    let state: Option<Option<String>> =
        sqlx::query_scalar("SELECT proof_state FROM orders WHERE id = $1")
            .bind(order_id)
            .fetch_optional(db)
            .await?;
    Ok(state.flatten().as_deref() == Some("approved"))
}

/// A version to store and send.
pub struct NewProof<'a> {
    pub order_id: &'a str,
    pub version: i64,
    pub source: &'static str,
    pub note: Option<&'a str>,
    pub by: &'a str,
    pub pdf: Vec<u8>,
    /// The customer's "your proof is ready" e-mail.
    pub email: outbox::Outgoing,
}

/// Why a proof action changed nothing.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// The order is not paid (or is gone): it has no proofs.
    NotPaid,
    /// The order's proof is approved already.
    Approved,
    /// No such version.
    NoVersion,
    /// A newer version exists (`latest`).
    Superseded { latest: i64 },
    /// The version was answered already (approved or sent back).
    Answered { state: String },
    /// Another admin sent this version number first.
    Raced,
}

async fn proof_state(
    conn: &mut sqlx::AnyConnection,
    order_id: &str,
) -> Result<Result<(), Refused>, sqlx::Error> {
    let state: Option<(i64, Option<String>)> = sqlx::query_as(
        "SELECT is_paid, proof_state FROM orders WHERE id = $1 AND deleted_at IS NULL",
    )
    .bind(order_id)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(match state {
        Some((1, Some(s))) if s == "approved" => Err(Refused::Approved),
        Some((1, Some(_))) => Ok(()),
        _ => Err(Refused::NotPaid),
    })
}

async fn push_event(
    conn: &mut sqlx::AnyConnection,
    order_id: &str,
    kind: &str,
    version: Option<i64>,
    actor: &str,
    note: Option<&str>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO order_events (id, order_id, kind, version, actor, note, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(new_id())
    .bind(order_id)
    .bind(kind)
    .bind(version)
    .bind(actor)
    .bind(note)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Stores and sends a version: the proof, its event and the customer's
/// e-mail, in one transaction; refused while the order is unpaid or approved.
pub async fn add(db: &Db, p: NewProof<'_>) -> Result<Result<(), Refused>, sqlx::Error> {
    let now = now_ms();
    let mut tx = super::begin_write(db).await?;
    if let Err(r) = proof_state(&mut tx, p.order_id).await? {
        return Ok(Err(r));
    }
    let inserted = sqlx::query(
        "INSERT INTO order_proofs (id, order_id, version, source, state, note, created_by, created_at, pdf) \
         VALUES ($1, $2, $3, $4, 'sent', $5, $6, $7, $8)",
    )
    .bind(new_id())
    .bind(p.order_id)
    .bind(p.version)
    .bind(p.source)
    .bind(p.note)
    .bind(p.by)
    .bind(now)
    .bind(p.pdf)
    .execute(&mut *tx)
    .await;
    match inserted {
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => return Ok(Err(Refused::Raced)),
        r => r?,
    };
    push_event(
        &mut tx,
        p.order_id,
        SENT,
        Some(p.version),
        p.by,
        p.note,
        now,
    )
    .await?;
    outbox::put(
        &mut tx,
        p.email.channel,
        &p.email.to,
        &p.email.subject,
        &p.email.body,
    )
    .await?;
    tx.commit().await?;
    Ok(Ok(()))
}

/// The customer's answer to a version.
pub enum Answer<'a> {
    Approve,
    RequestChanges { comment: &'a str },
}

/// Approves the latest version, or sends it back with a comment: only a
/// version still 'sent' and not superseded; approval approves the order.
pub async fn answer(
    db: &Db,
    order_id: &str,
    version: i64,
    by: &str,
    answer: Answer<'_>,
) -> Result<Result<(), Refused>, sqlx::Error> {
    let now = now_ms();
    let mut tx = super::begin_write(db).await?;
    match proof_state(&mut tx, order_id).await? {
        Err(Refused::Approved) => {}
        Err(r) => return Ok(Err(r)),
        Ok(()) => {}
    }
    let latest: Option<(i64, String)> = sqlx::query_as(
        "SELECT version, state FROM order_proofs WHERE order_id = $1 ORDER BY version DESC LIMIT 1",
    )
    .bind(order_id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((latest, latest_state)) = latest else {
        return Ok(Err(Refused::NoVersion));
    };
    if version < 1 || version > latest {
        return Ok(Err(Refused::NoVersion));
    }
    if version < latest {
        return Ok(Err(Refused::Superseded { latest }));
    }
    if latest_state != "sent" {
        return Ok(Err(Refused::Answered {
            state: latest_state,
        }));
    }
    let (state, comment, kind) = match answer {
        Answer::Approve => ("approved", None, APPROVED),
        Answer::RequestChanges { comment } => {
            ("changes_requested", Some(comment), CHANGES_REQUESTED)
        }
    };
    let done = sqlx::query(
        "UPDATE order_proofs SET state = $1, comment = $2, decided_at = $3 \
         WHERE order_id = $4 AND version = $5 AND state = 'sent'",
    )
    .bind(state)
    .bind(comment)
    .bind(now)
    .bind(order_id)
    .bind(version)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() != 1 {
        return Ok(Err(Refused::Answered {
            state: state.to_string(),
        }));
    }
    if state == "approved" {
        sqlx::query("UPDATE orders SET proof_state = 'approved', updated_at = $1 WHERE id = $2")
            .bind(now)
            .bind(order_id)
            .execute(&mut *tx)
            .await?;
    }
    push_event(&mut tx, order_id, kind, Some(version), by, comment, now).await?;
    tx.commit().await?;
    Ok(Ok(()))
}

/// Records an admin's production override in the caller's transaction.
pub(in crate::db) async fn push_override(
    conn: &mut sqlx::AnyConnection,
    order_id: &str,
    by: &str,
    reason: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    push_event(conn, order_id, OVERRIDE, None, by, Some(reason), now).await
}

/// An event as the admin's order details show it.
#[derive(FromRow, Debug, Clone)]
pub struct Event {
    pub kind: String,
    pub version: Option<i64>,
    pub actor: String,
    pub actor_name: Option<String>,
    pub note: Option<String>,
    pub created_at: i64,
}

/// The order's events, oldest first, with the actor's name.
pub async fn events(db: &Db, order_id: &str) -> Result<Vec<Event>, sqlx::Error> {
    sqlx::query_as(
        "SELECT e.kind, e.version, e.actor, u.name AS actor_name, e.note, e.created_at \
         FROM order_events e LEFT JOIN users u ON u.id = e.actor \
         WHERE e.order_id = $1 ORDER BY e.created_at, e.id",
    )
    .bind(order_id)
    .fetch_all(db)
    .await
}
