//! A complaint ticket with its thread, as customers and admins see it.

use poem_openapi::Object;

use crate::core::support::{Thread, number_of};
use crate::domain::ticket::{Author, Category, TicketStatus};

/// One message of a ticket's thread: the complaint itself first.
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct TicketMessage {
    pub id: String,
    pub author: Author,
    pub author_name: String,
    pub body: String,
    pub created_at: i64,
}

/// The admin handling a ticket.
#[derive(Object, Debug, Clone)]
#[oai(rename = "TicketAssignee")]
pub struct Assignee {
    pub id: String,
    pub name: String,
}

/// A complaint: its number, where it stands against its deadlines
/// (`acknowledgeBy` 48 hours and `resolveBy` 30 days after filing; `overdue`
/// past either), and its thread.
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct Ticket {
    pub id: String,
    /// `GRV/26-27/000042`: sequential per financial year.
    pub number: String,
    pub status: TicketStatus,
    pub category: Category,
    pub subject: String,
    pub name: String,
    pub email: String,
    #[oai(skip_serializing_if_is_none)]
    pub phone: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub order_id: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub order_number: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub claim_id: Option<String>,
    pub created_at: i64,
    pub acknowledge_by: i64,
    pub resolve_by: i64,
    #[oai(skip_serializing_if_is_none)]
    pub acknowledged_at: Option<i64>,
    #[oai(skip_serializing_if_is_none)]
    pub resolved_at: Option<i64>,
    /// The note it was resolved with.
    #[oai(skip_serializing_if_is_none)]
    pub resolution: Option<String>,
    pub overdue: bool,
    // Admins only (not a doc comment: that would wrap the reference in allOf).
    #[oai(skip_serializing_if_is_none)]
    pub assignee: Option<Assignee>,
    pub messages: Vec<TicketMessage>,
}

/// Who sees the ticket: the staff see whom it is assigned to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    Customer,
    Staff,
}

pub fn ticket(thread: Thread, viewer: Viewer) -> Ticket {
    let Thread {
        ticket: t,
        messages,
        overdue,
    } = thread;
    let assignee = match (viewer, t.assignee_id.clone()) {
        (Viewer::Staff, Some(id)) => Some(Assignee {
            id,
            name: t.assignee_name.clone().unwrap_or_default(),
        }),
        _ => None,
    };
    Ticket {
        number: number_of(&t),
        id: t.id,
        status: t.status,
        category: t.category,
        subject: t.subject,
        name: t.name,
        email: t.email,
        phone: t.phone,
        order_id: t.order_id,
        order_number: t.order_number,
        claim_id: t.claim_id,
        created_at: t.created_at,
        acknowledge_by: t.acknowledge_by,
        resolve_by: t.resolve_by,
        acknowledged_at: t.acknowledged_at,
        resolved_at: t.resolved_at,
        resolution: t.resolution,
        overdue,
        assignee,
        messages: messages
            .into_iter()
            .map(|m| TicketMessage {
                id: m.id,
                author: m.author,
                author_name: m.author_name,
                body: m.body,
                created_at: m.created_at,
            })
            .collect(),
    }
}
