//! An order's timeline for its customer, from its history: paid, proof
//! approved (a slot the proofs work fills), in production, each production
//! stage reached, shipped, out for delivery (a slot the courier's tracking
//! fills), delivered; cancelled and refunded too when they happen.

use poem_openapi::{Enum, Object};

use crate::db::order_admin::StatusChange;
use crate::db::stages::StageMove;
use crate::domain::OrderStatus;
use crate::stages::Stages;

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

/// The events, oldest first. A stage moved back undoes the stages after it,
/// so the timeline shows each stage the order now stands past.
pub fn build(
    paid_at: Option<i64>,
    statuses: &[StatusChange],
    moves: &[StageMove],
    stages: &Stages,
) -> Vec<TimelineEvent> {
    let mut out = Vec::new();
    if let Some(at) = paid_at {
        out.push(event(TimelineKind::Paid, "Paid", at));
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
