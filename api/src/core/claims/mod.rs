//! Misprint and damage claims (issue 49): a customer reports pieces of one
//! line of a delivered order, within `CLAIM_WINDOW_DAYS` of its delivery,
//! with photos they uploaded (`filing`); each claim is also a complaint
//! ticket. An admin decides it once (`decision`): a reprint (`reprint`: a
//! linked order at ₹0 from the same print files), a refund of the pieces'
//! share (`share`) through the refunds worker with a credit note for exactly
//! those pieces, or a rejection with a note. The customer is e-mailed at each
//! step and sees it on the order's timeline.

pub mod decision;
pub mod filing;
pub mod reprint;

use std::collections::HashMap;

use design_engine::{Quantities, Size};
use sqlx::{Any, Transaction};

use crate::core::messages::claims as messages;
use crate::db::claims::{self, ClaimRow};
use crate::db::tickets::{self, Writer};
use crate::db::{Db, DbError, now_ms};
use crate::domain::claim::{ClaimAction, ClaimReason, ClaimStatus};
use crate::domain::ticket::Author;
use crate::domain::{Language, numbering};
use crate::error::{Failure, Fallible};
use crate::state::AppState;

/// A claim as its customer and the admins see it.
#[derive(Debug, Clone)]
pub struct Claim {
    pub id: String,
    pub order_id: String,
    pub order_number: String,
    /// The order line the pieces are from.
    pub item_id: String,
    pub ticket_id: String,
    pub ticket_number: String,
    /// The pieces per size (in the line's order of sizes).
    pub pieces: Quantities,
    pub reason: ClaimReason,
    pub message: String,
    /// The SHA-256 of each photo (artwork the customer uploaded), in order.
    pub photos: Vec<String>,
    pub status: ClaimStatus,
    pub decision: Option<Decision>,
    pub created_at: i64,
}

/// How an admin decided a claim.
#[derive(Debug, Clone)]
pub struct Decision {
    pub action: ClaimAction,
    pub note: Option<String>,
    pub decided_at: i64,
    /// A reprint's order.
    pub reprint_order_id: Option<String>,
    /// A refund's credit note, once the refund is made.
    pub credit_note_number: Option<String>,
    /// A refund's amount in paise.
    pub refund_paise: Option<i64>,
}

impl Claim {
    /// The claimed sizes (those with pieces), as labelled, with their counts.
    pub fn sized(&self) -> Vec<(Size, u32)> {
        sized(&self.pieces)
    }

    /// "2 pieces (M × 2)".
    pub fn pieces_text(&self) -> String {
        pieces_text(&self.pieces, Language::En)
    }

    /// The same in `language`, for the customer's letters.
    pub fn pieces_text_in(&self, language: Language) -> String {
        pieces_text(&self.pieces, language)
    }
}

fn sized(q: &Quantities) -> Vec<(Size, u32)> {
    q.iter().filter(|(_, n)| *n > 0).collect()
}

/// "2 pieces (M × 2)", for the pieces of `q`, in `language`.
pub fn pieces_text(q: &Quantities, language: Language) -> String {
    let labelled: Vec<(String, u32)> = sized(q)
        .into_iter()
        .map(|(s, n)| (s.label().to_string(), n))
        .collect();
    messages::pieces_text(&labelled, language)
}

fn corrupt(what: &str) -> Failure {
    Failure::internal(DbError::Corrupt(format!("a claim's {what}")))
}

fn view(row: ClaimRow, photos: Vec<String>) -> Fallible<Claim> {
    let status = ClaimStatus::parse(&row.status).ok_or_else(|| corrupt("status"))?;
    let decision = match (ClaimAction::of(status), row.decided_at) {
        (Some(action), Some(decided_at)) => Some(Decision {
            action,
            note: row.decision_note,
            decided_at,
            reprint_order_id: row.reprint_order_id,
            credit_note_number: row
                .credit_note_series
                .zip(row.credit_note_seq)
                .map(|(series, seq)| numbering::number(&series, seq)),
            refund_paise: row.refund_amount,
        }),
        _ => None,
    };
    Ok(Claim {
        pieces: serde_json::from_str(&row.pieces).map_err(|_| corrupt("pieces"))?,
        reason: ClaimReason::parse(&row.reason).ok_or_else(|| corrupt("reason"))?,
        status,
        decision,
        photos,
        id: row.id,
        order_id: row.order_id,
        order_number: row.order_number,
        item_id: row.order_item_id,
        ticket_id: row.ticket_id,
        ticket_number: row.ticket_number,
        message: row.message,
        created_at: row.created_at,
    })
}

/// Stored claims as they are shown, with their photos (one query for all).
async fn views(db: &Db, rows: Vec<ClaimRow>) -> Fallible<Vec<Claim>> {
    let ids: Vec<&str> = rows.iter().map(|r| r.id.as_str()).collect();
    let mut photos: HashMap<String, Vec<String>> = HashMap::new();
    for (claim, sha256) in claims::photos(db, &ids).await? {
        photos.entry(claim).or_default().push(sha256);
    }
    rows.into_iter()
        .map(|r| {
            let mine = photos.remove(&r.id).unwrap_or_default();
            view(r, mine)
        })
        .collect()
}

/// One claim (404 when there is none).
pub async fn get(db: &Db, id: &str) -> Fallible<Claim> {
    let row = claims::get(db, id)
        .await?
        .ok_or_else(messages::claim_not_found)?;
    let mut found = views(db, vec![row]).await?;
    found.pop().ok_or_else(messages::claim_not_found)
}

/// The order's claims, oldest first (the caller has checked who asks).
pub async fn of_order(db: &Db, order_id: &str) -> Fallible<Vec<Claim>> {
    let rows = claims::of_order(db, order_id).await?;
    views(db, rows).await
}

/// A page of every customer's claims (all, or those in `status`), newest
/// first, and how many there are.
pub async fn list(
    db: &Db,
    status: Option<ClaimStatus>,
    limit: i64,
    offset: i64,
) -> Fallible<(Vec<Claim>, i64)> {
    let (rows, total) = claims::list(db, status.map(ClaimStatus::as_str), limit, offset).await?;
    Ok((views(db, rows).await?, total))
}

/// Refused (409, naming its decision) unless the claim is still open.
async fn still_open(db: &Db, claim_id: &str) -> Fallible<()> {
    match get(db, claim_id).await?.status {
        ClaimStatus::Open => Ok(()),
        decided => Err(messages::already_decided(decided)),
    }
}

/// Records `decision` on the open claim in `tx` (which holds its order),
/// resolves its ticket with `resolution` (in the deciding admin's name; the
/// decision's e-mail tells the customer), and commits; refused, with nothing
/// written, when the claim was decided meanwhile.
async fn commit(
    state: &AppState,
    mut tx: Transaction<'static, Any>,
    claim: &Claim,
    decision: &claims::Decision<'_>,
    resolution: &str,
) -> Fallible<()> {
    let db = &state.db;
    let name = crate::core::support::desk::admin_name(state, decision.by).await?;
    if !claims::decide(&mut tx, &claim.id, decision).await? {
        drop(tx);
        still_open(db, &claim.id).await?;
        return Err(Failure::internal("a claim's decision was not recorded"));
    }
    let by = Writer {
        author: Author::Staff,
        id: Some(decision.by),
        name: &name,
    };
    // Resolved at the desk already, the ticket stays as it is: the decision stands.
    tickets::resolve_in(&mut tx, &claim.ticket_id, by, resolution, now_ms()).await?;
    tx.commit().await.map_err(DbError::from)?;
    Ok(())
}
