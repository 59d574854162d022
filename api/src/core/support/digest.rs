//! The grievance officer's daily list of overdue tickets: every few minutes
//! each instance looks for tickets past a deadline, and the first to find
//! some on an India calendar day claims that day in the database and queues
//! the list in the same transaction, so the officer hears once a day
//! however many instances run (and not at all on a day with nothing overdue).

use std::time::Duration;

use super::number_of;
use crate::core::messages::support::{self as messages, OverdueLine};
use crate::db::{self, tickets};
use crate::domain::india_time;
use crate::error::Failure;
use crate::state::AppState;

/// How often an instance looks.
const EVERY: Duration = Duration::from_secs(10 * 60);

pub async fn run(state: AppState) {
    loop {
        if let Err(e) = send_due(&state).await {
            tracing::warn!(error = ?e, "the overdue complaints' digest failed");
        }
        tokio::time::sleep(EVERY).await;
    }
}

/// Who gets the list: the grievance officer (`GRIEVANCE_OFFICER_EMAIL`), or
/// the admins while no officer's address is configured.
pub async fn recipients(state: &AppState) -> Result<Vec<String>, Failure> {
    match state.config.company.grievance.email.as_str() {
        "" => Ok(tickets::admin_emails(&state.db).await?),
        officer => Ok(vec![officer.to_string()]),
    }
}

/// Sends today's list if a ticket is overdue now and no instance has sent
/// today's yet; how many tickets it named, when it sent it.
pub async fn send_due(state: &AppState) -> Result<Option<usize>, Failure> {
    let now = db::now_ms();
    let overdue = tickets::overdue(&state.db, now).await?;
    if overdue.is_empty() {
        return Ok(None);
    }
    let to = recipients(state).await?;
    if to.is_empty() {
        tracing::warn!(
            tickets = overdue.len(),
            "complaints are overdue and there is no grievance officer or admin to tell"
        );
        return Ok(None);
    }
    let numbers: Vec<String> = overdue.iter().map(number_of).collect();
    let lines: Vec<OverdueLine<'_>> = overdue
        .iter()
        .zip(&numbers)
        .map(|(t, number)| OverdueLine {
            number,
            subject: &t.subject,
            status: t.status.as_str(),
            acknowledge_by: india_time::date(t.acknowledge_by),
            resolve_by: india_time::date(t.resolve_by),
        })
        .collect();
    let base = state.config.public_url.as_deref().unwrap_or("");
    let letter = messages::overdue_digest(&lines, &format!("{base}/admin/tickets?overdue=true"));
    let letters = to
        .iter()
        .map(|r| letter.clone().email_to(r.clone()))
        .collect();
    let day = india_time::day_number(now);
    let n = overdue.len();
    if !tickets::claim_digest_day(&state.db, day, now, n as i64, letters).await? {
        return Ok(None);
    }
    tracing::info!(
        tickets = n,
        recipients = to.len(),
        "overdue complaints sent to the grievance officer"
    );
    Ok(Some(n))
}
