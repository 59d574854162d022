//! An order's timeline for its customer, from its history: paid, proof
//! approved, in production, each production stage reached, shipped, out for
//! delivery (from the courier's tracking), delivered; cancelled, refunded and
//! returned to the seller too when they happen; and a problem reported (a
//! claim) and what was decided about it.

use poem_openapi::{Enum, Object};

use crate::core::claims::Claim;
use crate::core::messages::claims as messages;
use crate::db::order_admin::StatusChange;
use crate::db::proofs;
use crate::db::proofs::Event;
use crate::db::shipments::event_kind;
use crate::db::stages::StageMove;
use crate::domain::OrderStatus;
use crate::domain::claim::ClaimAction;
use crate::domain::stages::Stages;
use crate::shipping::ShipmentState;

#[derive(Enum, Debug, Clone, Copy, PartialEq, Eq)]
#[oai(rename_all = "camelCase")]
pub enum TimelineKind {
    Paid,
    ProofApproved,
    InProduction,
    Stage,
    Shipped,
    OutForDelivery,
    Delivered,
    Cancelled,
    Refunded,
    /// The courier brought the parcel back to the seller.
    Returned,
    /// The customer reported misprinted, damaged, wrong or missing pieces.
    ClaimFiled,
    /// The claimed pieces are being reprinted (a linked order at ₹0).
    ClaimReprinted,
    /// The claimed pieces' share was refunded.
    ClaimRefunded,
    /// The claim was not accepted.
    ClaimRejected,
}

#[derive(Object, Debug, Clone)]
pub struct TimelineEvent {
    pub kind: TimelineKind,
    /// What the customer reads: "Paid", a stage's name, "Shipped".
    pub label: String,
    /// Unix ms.
    pub at: i64,
}

fn event(kind: TimelineKind, label: &str, at: i64) -> TimelineEvent {
    TimelineEvent {
        kind,
        label: label.to_string(),
        at,
    }
}

/// The order's timeline, read from its history.
pub async fn of_order(
    db: &crate::db::Db,
    order_id: &str,
    paid_at: Option<i64>,
    stages: &Stages,
) -> crate::http::error::ApiResult<Vec<TimelineEvent>> {
    let statuses = crate::db::order_admin::history(db, order_id).await?;
    let moves = crate::db::stages::history(db, order_id).await?;
    let events = proofs::events(db, order_id).await?;
    Ok(build(paid_at, &statuses, &moves, &events, stages))
}

/// The order's claims on its timeline: each filed, and each decision.
pub fn claim_events(claims: &[Claim]) -> Vec<TimelineEvent> {
    let mut out = Vec::new();
    for c in claims {
        let pieces = c.pieces_text();
        out.push(TimelineEvent {
            kind: TimelineKind::ClaimFiled,
            label: messages::filed_label(&pieces),
            at: c.created_at,
        });
        if let Some(d) = &c.decision {
            let kind = match d.action {
                ClaimAction::Reprint => TimelineKind::ClaimReprinted,
                ClaimAction::Refund => TimelineKind::ClaimRefunded,
                ClaimAction::Reject => TimelineKind::ClaimRejected,
            };
            let refund = d.refund_paise.map(design_engine::money::Paise);
            out.push(TimelineEvent {
                kind,
                label: messages::decided_label(c.status, &pieces, refund),
                at: d.decided_at,
            });
        }
    }
    out
}

/// `events` with the order's claims among them, in time order.
pub async fn with_claims(
    db: &crate::db::Db,
    order_id: &str,
    mut events: Vec<TimelineEvent>,
) -> crate::http::error::ApiResult<Vec<TimelineEvent>> {
    events.extend(claim_events(
        &crate::core::claims::of_order(db, order_id).await?,
    ));
    events.sort_by_key(|e| e.at);
    Ok(events)
}

/// The events, oldest first. A stage moved back undoes the stages after it,
/// so the timeline shows each stage the order now stands past.
pub fn build(
    paid_at: Option<i64>,
    statuses: &[StatusChange],
    moves: &[StageMove],
    events: &[Event],
    stages: &Stages,
) -> Vec<TimelineEvent> {
    let mut out = Vec::new();
    if let Some(at) = paid_at {
        out.push(event(TimelineKind::Paid, "Paid", at));
    }
    let out_for_delivery = event_kind(ShipmentState::OutForDelivery);
    let returned = event_kind(ShipmentState::ReturnedToOrigin);
    for e in events {
        let (kind, label) = match e.kind.as_str() {
            // Paying approved it when proofs are off: no step of the customer's.
            proofs::APPROVED if e.actor != proofs::SYSTEM => {
                (TimelineKind::ProofApproved, "Proof approved")
            }
            k if k == out_for_delivery => (TimelineKind::OutForDelivery, "Out for delivery"),
            k if k == returned => (TimelineKind::Returned, "Returned to the seller"),
            _ => continue,
        };
        out.push(event(kind, label, e.created_at));
    }
    for c in statuses {
        let (kind, label) = match c.to_status {
            OrderStatus::Processing => (TimelineKind::InProduction, "In production"),
            OrderStatus::Shipped => (TimelineKind::Shipped, "Shipped"),
            OrderStatus::Delivered => (TimelineKind::Delivered, "Delivered"),
            OrderStatus::Cancelled => (TimelineKind::Cancelled, "Cancelled"),
            OrderStatus::Refunded => (TimelineKind::Refunded, "Refunded"),
            OrderStatus::Pending | OrderStatus::Confirmed => continue,
        };
        out.push(event(kind, label, c.created_at));
    }
    let position = |name: &str| stages.names().iter().position(|s| s == name);
    let mut reached: Vec<&StageMove> = Vec::new();
    for m in moves {
        if let Some(p) = position(&m.to_stage) {
            reached.retain(|r| position(&r.to_stage).is_none_or(|q| q < p));
        }
        reached.push(m);
    }
    out.extend(
        reached
            .into_iter()
            .map(|m| event(TimelineKind::Stage, &m.to_stage, m.created_at)),
    );
    // Stable: a stage recorded in the same millisecond as a status keeps its place.
    out.sort_by_key(|e| e.at);
    out
}
