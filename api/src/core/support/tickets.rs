//! Filing a complaint and the customer's side of it: the form checked field
//! by field, the ticket numbered in its financial year's series and its
//! acknowledgement e-mail queued in one transaction; a ticket found by its
//! number and e-mail, a customer's own tickets, and their replies.

use super::{ACKNOWLEDGE_MS, RESOLVE_MS, Thread, lookup_link, number_of, thread, threads};
use crate::core::documents::tax_document::india_date;
use crate::core::messages::support as messages;
use crate::db::tickets::{Ticket, Writer};
use crate::db::{self, orders, tickets, users};
use crate::domain::numbering::{self, GRIEVANCE_PREFIX};
use crate::domain::ticket::Author;
use crate::domain::{Email, Language, Phone, india_time};
use crate::error::Failure;
use crate::state::AppState;

pub use crate::domain::ticket::Category;

/// A complaint as filed: by anyone (`user_id` when signed in), about an
/// order of theirs or not.
#[derive(Debug, Clone)]
pub struct NewTicket {
    pub user_id: Option<String>,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub category: Category,
    pub subject: String,
    pub message: String,
    /// The order's id or its number (`LT-…`), one of the filer's.
    pub order_id: Option<String>,
    /// The filer's language (a customer's stored one, a visitor's asked one).
    pub language: Language,
}

/// A filed ticket: its id and its number (`GRV/26-27/000042`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenedTicket {
    pub id: String,
    pub number: String,
}

/// `text` trimmed, if it has 1 to `max` characters and, unless
/// `multi_line`, no line break (no control characters at all but line
/// breaks and tabs in a multi-line text).
pub fn text(raw: &str, max: usize, multi_line: bool) -> Option<String> {
    let t = raw.trim();
    let n = t.chars().count();
    let allowed = |c: char| !c.is_control() || (multi_line && matches!(c, '\n' | '\r' | '\t'));
    ((1..=max).contains(&n) && t.chars().all(allowed)).then(|| t.to_string())
}

/// The complaint checked field by field, in the form's order: the first
/// field that is wrong is refused with its own message and code.
struct Checked {
    name: String,
    email: String,
    phone: Option<String>,
    subject: String,
    message: String,
}

fn check(new: &NewTicket) -> Result<Checked, Failure> {
    let name = text(&new.name, messages::NAME_MAX, false).ok_or_else(messages::bad_name)?;
    let email = Email::parse(&new.email)
        .map_err(|_| messages::bad_email())?
        .into_string();
    let phone = match new.phone.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(p) => Some(
            Phone::parse(p)
                .map_err(|_| messages::bad_phone())?
                .into_string(),
        ),
    };
    let subject =
        text(&new.subject, messages::SUBJECT_MAX, false).ok_or_else(messages::bad_subject)?;
    let message =
        text(&new.message, messages::MESSAGE_MAX, true).ok_or_else(messages::bad_message)?;
    Ok(Checked {
        name,
        email,
        phone,
        subject,
        message,
    })
}

/// The order the complaint names, by id or number, if it is the filer's:
/// placed by `user_id`, or by or for `email`. Any other is refused with the
/// same words, whether it exists or not.
async fn filers_order(
    state: &AppState,
    given: &str,
    user_id: Option<&str>,
    email: &str,
) -> Result<String, Failure> {
    let given = given.trim();
    if given.is_empty() || given.len() > 64 {
        return Err(messages::bad_order());
    }
    let order = match orders::get(&state.db, given).await? {
        Some(o) => Some(o),
        None => orders::by_number(&state.db, &given.to_ascii_uppercase()).await?,
    };
    let order = order.ok_or_else(messages::bad_order)?;
    let shipping_email =
        serde_json::from_str::<crate::domain::address::ShippingAddress>(&order.shipping_address)
            .map(|a| a.email.to_lowercase())
            .unwrap_or_default();
    let theirs = user_id == Some(order.user_id.as_str())
        || order.user_email.eq_ignore_ascii_case(email)
        || shipping_email == email;
    if theirs {
        Ok(order.id)
    } else {
        Err(messages::bad_order())
    }
}

/// Files a complaint: checks it, numbers it in this financial year's series
/// (by the date in India), stores it with its first message and queues the
/// acknowledgement e-mail (its number, the 48-hour and one-month promises,
/// the link to follow it), all in one transaction. Nothing is stored when a
/// field is wrong (400, naming it).
pub async fn open(state: &AppState, new: NewTicket) -> Result<OpenedTicket, Failure> {
    let c = check(&new)?;
    let order_id = match new.order_id.as_deref() {
        Some(given) if !given.trim().is_empty() => {
            Some(filers_order(state, given, new.user_id.as_deref(), &c.email).await?)
        }
        _ => None,
    };
    let now = db::now_ms();
    let series = numbering::series(GRIEVANCE_PREFIX, india_date(now));
    let row = tickets::NewTicket {
        user_id: new.user_id.as_deref(),
        name: &c.name,
        email: &c.email,
        phone: c.phone.as_deref(),
        category: new.category,
        subject: &c.subject,
        message: &c.message,
        order_id: order_id.as_deref(),
        series: &series,
        created_at: now,
        acknowledge_by: now + ACKNOWLEDGE_MS,
        resolve_by: now + RESOLVE_MS,
        language: new.language,
    };
    let letter = |seq| {
        let number = numbering::number(&series, seq);
        messages::acknowledgement(
            &number,
            &c.subject,
            india_time::date(row.acknowledge_by),
            india_time::date(row.resolve_by),
            &lookup_link(state, &number),
            &state.config.company,
            new.language,
        )
        .email_to(c.email.clone())
    };
    let (id, seq) = tickets::file(&state.db, &row, letter).await?;
    let number = numbering::number(&series, seq);
    tracing::info!(ticket = %number, category = new.category.as_str(), signed_in = new.user_id.is_some(), "complaint filed");
    Ok(OpenedTicket { id, number })
}

/// The ticket numbered `number` (`GRV/26-27/000042`, or with dashes) filed
/// with `email`; the same 404 for a wrong number or a wrong e-mail.
pub async fn lookup(state: &AppState, number: &str, email: &str) -> Result<Thread, Failure> {
    let email = email.trim().to_lowercase();
    let (series, seq) = numbering::parse(number.trim().to_ascii_uppercase().as_str())
        .filter(|(series, _)| series.starts_with(&format!("{GRIEVANCE_PREFIX}/")))
        .ok_or_else(messages::not_found)?;
    let ticket = tickets::by_number(&state.db, &series, seq, &email)
        .await?
        .ok_or_else(messages::not_found)?;
    thread(state, ticket).await
}

/// The customer's address if they proved it (their tickets filed with it
/// signed out are theirs too).
async fn verified_email(state: &AppState, user_id: &str) -> Result<Option<String>, Failure> {
    Ok(users::by_id(&state.db, user_id)
        .await?
        .filter(|u| u.is_verified != 0)
        .map(|u| u.email))
}

/// A signed-in customer's tickets, newest first: filed signed in, or with
/// their verified address.
pub async fn own(state: &AppState, user_id: &str) -> Result<Vec<Thread>, Failure> {
    let email = verified_email(state, user_id).await?;
    let list = tickets::of_customer(&state.db, user_id, email.as_deref()).await?;
    threads(state, list).await
}

/// One of the customer's tickets (404 for anyone else's).
pub async fn own_one(state: &AppState, user_id: &str, id: &str) -> Result<Ticket, Failure> {
    let ticket = tickets::get(&state.db, id)
        .await?
        .ok_or_else(messages::ticket_not_found)?;
    if ticket.user_id.as_deref() == Some(user_id) {
        return Ok(ticket);
    }
    match verified_email(state, user_id).await? {
        Some(email) if email == ticket.email => Ok(ticket),
        _ => Err(messages::ticket_not_found()),
    }
}

/// The customer's reply to their ticket (a resolved one reopens).
pub async fn reply(
    state: &AppState,
    user_id: &str,
    id: &str,
    message: &str,
) -> Result<Thread, Failure> {
    let body = text(message, messages::MESSAGE_MAX, true).ok_or_else(messages::bad_message)?;
    let ticket = own_one(state, user_id, id).await?;
    let by = Writer {
        author: Author::Customer,
        id: Some(user_id),
        name: &ticket.name,
    };
    let added = tickets::add_message(&state.db, id, by, &body, db::now_ms(), None).await?;
    messages::added(added)?;
    tracing::info!(ticket = %number_of(&ticket), "customer replied to a complaint");
    let ticket = tickets::get(&state.db, id)
        .await?
        .ok_or_else(messages::ticket_not_found)?;
    thread(state, ticket).await
}
