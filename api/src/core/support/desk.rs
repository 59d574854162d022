//! The staff's side of the complaints desk (the routes check the admin
//! role): every ticket by status, category and overdue, acknowledging,
//! replying (the customer is e-mailed), assigning to an admin, resolving
//! with a note (e-mailed) and reopening.

use super::{Thread, lookup_link, number_of, thread, threads};
use crate::core::messages::support as messages;
use crate::core::support::tickets::text;
use crate::db::tickets::{Filter, Ticket, Writer};
use crate::db::{self, tickets, users};
use crate::domain::ticket::Author;
use crate::error::Failure;
use crate::state::AppState;

/// A page of tickets (`page` from 1), newest first, and how many match;
/// overdue as of this process's clock.
pub async fn list(
    state: &AppState,
    filter: Filter,
    page: i64,
    limit: i64,
) -> Result<(Vec<Thread>, i64), Failure> {
    let offset = (page - 1).saturating_mul(limit);
    let (list, total) = tickets::list(&state.db, filter, db::now_ms(), limit, offset).await?;
    Ok((threads(state, list).await?, total))
}

async fn ticket(state: &AppState, id: &str) -> Result<Ticket, Failure> {
    tickets::get(&state.db, id)
        .await?
        .ok_or_else(messages::ticket_not_found)
}

/// Complaints not resolved, and of them those overdue now (the admin overview).
pub async fn counts(state: &AppState) -> Result<(i64, i64), Failure> {
    Ok(tickets::counts(&state.db, db::now_ms()).await?)
}

/// Any ticket with its thread.
pub async fn get(state: &AppState, id: &str) -> Result<Thread, Failure> {
    thread(state, ticket(state, id).await?).await
}

/// The admin as a thread names them.
pub async fn admin_name(state: &AppState, admin_id: &str) -> Result<String, Failure> {
    Ok(users::by_id(&state.db, admin_id)
        .await?
        .map(|u| u.name)
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| state.config.company.name.clone()))
}

/// Acknowledges an open ticket (409 when it is not open).
pub async fn acknowledge(state: &AppState, id: &str) -> Result<Thread, Failure> {
    let t = ticket(state, id).await?;
    if !tickets::acknowledge(&state.db, id, db::now_ms()).await? {
        return Err(messages::not_open(t.status));
    }
    tracing::info!(ticket = %number_of(&t), "complaint acknowledged");
    get(state, id).await
}

/// A ticket an admin answers: its customer's address, its number and
/// link, and the admin as the thread names them.
struct Answer<'a> {
    admin_id: &'a str,
    admin: String,
    email: String,
    number: String,
    link: String,
    language: crate::domain::Language,
}

impl Answer<'_> {
    fn writer(&self) -> Writer<'_> {
        Writer {
            author: Author::Staff,
            id: Some(self.admin_id),
            name: &self.admin,
        }
    }
}

async fn answer<'a>(state: &AppState, admin_id: &'a str, id: &str) -> Result<Answer<'a>, Failure> {
    let t = ticket(state, id).await?;
    let number = number_of(&t);
    Ok(Answer {
        admin_id,
        admin: admin_name(state, admin_id).await?,
        link: lookup_link(state, &number),
        email: t.email,
        language: t.language,
        number,
    })
}

/// The admin's reply in the thread, e-mailed to the customer; it
/// acknowledges an open ticket.
pub async fn reply(
    state: &AppState,
    admin_id: &str,
    id: &str,
    message: &str,
) -> Result<Thread, Failure> {
    let body = text(message, messages::MESSAGE_MAX, true).ok_or_else(messages::bad_message)?;
    let a = answer(state, admin_id, id).await?;
    let letter = messages::staff_reply(
        &a.number,
        &a.admin,
        &body,
        &a.link,
        &state.config.company,
        a.language,
    )
    .email_to(a.email.clone());
    let added =
        tickets::add_message(&state.db, id, a.writer(), &body, db::now_ms(), Some(letter)).await?;
    messages::added(added)?;
    tracing::info!(ticket = %a.number, "staff replied to a complaint");
    get(state, id).await
}

/// Hands the ticket to an admin (400 when `admin_id` is not one).
pub async fn assign(state: &AppState, id: &str, admin_id: &str) -> Result<Thread, Failure> {
    let t = ticket(state, id).await?;
    if admin_id.len() > 64 || !tickets::assign(&state.db, id, admin_id.trim()).await? {
        return Err(messages::not_an_admin());
    }
    tracing::info!(ticket = %number_of(&t), "complaint assigned");
    get(state, id).await
}

/// Resolves the ticket with `note` (required), which joins the thread and is
/// e-mailed to the customer (409 when it is resolved already).
pub async fn resolve(
    state: &AppState,
    admin_id: &str,
    id: &str,
    note: &str,
) -> Result<Thread, Failure> {
    let note =
        text(note, messages::MESSAGE_MAX, true).ok_or_else(messages::resolution_note_needed)?;
    let a = answer(state, admin_id, id).await?;
    let letter = messages::resolved(&a.number, &note, &a.link, &state.config.company, a.language)
        .email_to(a.email.clone());
    if !tickets::resolve(&state.db, id, a.writer(), &note, db::now_ms(), letter).await? {
        return Err(messages::already_resolved());
    }
    tracing::info!(ticket = %a.number, "complaint resolved");
    get(state, id).await
}

/// Reopens a resolved ticket (409 when it is not resolved).
pub async fn reopen(state: &AppState, id: &str) -> Result<Thread, Failure> {
    let t = ticket(state, id).await?;
    if !tickets::reopen(&state.db, id).await? {
        return Err(messages::not_resolved());
    }
    tracing::info!(ticket = %number_of(&t), "complaint reopened");
    get(state, id).await
}
