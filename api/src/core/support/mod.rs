//! The complaints desk (Consumer Protection (E-Commerce) Rules, 2020): anyone
//! files a complaint and gets a ticket number at once by e-mail; the store
//! acknowledges it within 48 hours and resolves it within a month, and the
//! grievance officer hears every day of the tickets past either deadline.
//!
//! `tickets` files and shows them (the customer's side), `desk` is the
//! staff's side, `digest` the daily list of overdue tickets.

pub mod desk;
pub mod digest;
pub mod tickets;

use std::collections::HashMap;

use crate::db::tickets::{Message, Ticket};
use crate::domain::numbering;
use crate::domain::ticket::TicketStatus;
use crate::error::Failure;
use crate::state::AppState;

/// A ticket is acknowledged within 48 hours of its filing...
pub const ACKNOWLEDGE_MS: i64 = 48 * 3_600_000;
/// ...and resolved within one month (30 days).
pub const RESOLVE_MS: i64 = 30 * 24 * 3_600_000;

/// The ticket's number as people read it: `GRV/26-27/000042`.
pub fn number_of(t: &Ticket) -> String {
    numbering::number(&t.series, t.seq)
}

/// Past a deadline at `now` (the process's clock): not acknowledged after
/// 48 hours, or not resolved after a month.
pub fn is_overdue(t: &Ticket, now: i64) -> bool {
    (t.status == TicketStatus::Open && now > t.acknowledge_by)
        || (t.status != TicketStatus::Resolved && now > t.resolve_by)
}

/// Where a customer follows a ticket (absolute when `PUBLIC_URL` is known).
pub fn lookup_link(state: &AppState, number: &str) -> String {
    let base = state.config.public_url.as_deref().unwrap_or("");
    format!(
        "{base}/support/lookup?number={}",
        number.replace('/', "%2F")
    )
}

/// A ticket with its thread, and whether it is overdue now.
#[derive(Debug, Clone)]
pub struct Thread {
    pub ticket: Ticket,
    pub messages: Vec<Message>,
    pub overdue: bool,
}

/// The tickets with their threads (one query for all of them), overdue as
/// of this process's clock.
pub async fn threads(state: &AppState, list: Vec<Ticket>) -> Result<Vec<Thread>, Failure> {
    let ids: Vec<&str> = list.iter().map(|t| t.id.as_str()).collect();
    let mut by_ticket: HashMap<String, Vec<Message>> = HashMap::new();
    for m in crate::db::tickets::messages(&state.db, &ids).await? {
        by_ticket.entry(m.ticket_id.clone()).or_default().push(m);
    }
    let now = crate::db::now_ms();
    Ok(list
        .into_iter()
        .map(|ticket| Thread {
            messages: by_ticket.remove(&ticket.id).unwrap_or_default(),
            overdue: is_overdue(&ticket, now),
            ticket,
        })
        .collect())
}

/// One ticket with its thread.
pub async fn thread(state: &AppState, ticket: Ticket) -> Result<Thread, Failure> {
    let mut all = threads(state, vec![ticket]).await?;
    all.pop()
        .ok_or_else(|| Failure::internal("a ticket's thread went missing"))
}
