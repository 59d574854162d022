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

use crate::db::tickets::Ticket;
use crate::domain::numbering;
use crate::domain::ticket::TicketStatus;
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
