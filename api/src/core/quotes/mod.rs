//! Quotes with a negotiated price (issue 52): an admin prices a large order
//! for a customer's e-mail address (the engine prices the line; a negotiated
//! unit price may only be at or below the engine's tier price), numbered in
//! its own series (`QT/26-27/000001`), e-mailed with a link, drawn as a PDF.
//! The customer (the account with that verified address, whenever it signed
//! up) sees it and accepts it once, before it expires: its line goes into the
//! cart holding the quoted price for that line only, and checkout charges it.
//!
//! `make` checks and stores a quote, `accept` takes it into the cart, `pdf`
//! draws it.

pub mod accept;
pub mod make;
pub mod pdf;

use chrono::NaiveDate;
use design_engine::{LineQuote, Quantities};

use crate::core::messages::quotes as messages;
use crate::db::{quotes, users};
use crate::domain::{india_time, numbering};
use crate::error::Failure;
use crate::state::AppState;

pub use crate::db::quotes::Quote;

/// Where a quote stands now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    Open,
    Accepted,
    Expired,
}

impl Standing {
    pub fn as_str(self) -> &'static str {
        match self {
            Standing::Open => "open",
            Standing::Accepted => "accepted",
            Standing::Expired => "expired",
        }
    }
}

/// A quote as read: the stored row with its number, standing and line.
#[derive(Debug, Clone)]
pub struct Shown {
    pub quote: Quote,
    pub number: String,
    pub standing: Standing,
    pub quantities: Quantities,
    /// The engine's line at the held price, as quoted.
    pub line: LineQuote,
    pub valid_until: NaiveDate,
}

pub fn number_of(q: &Quote) -> String {
    numbering::number(&q.series, q.seq)
}

/// `1 December 2026`.
pub fn day(d: NaiveDate) -> String {
    d.format("%-d %B %Y").to_string()
}

pub fn shown(quote: Quote, now: i64) -> Result<Shown, Failure> {
    let standing = if quote.accepted_at.is_some() {
        Standing::Accepted
    } else if now > quote.valid_until {
        Standing::Expired
    } else {
        Standing::Open
    };
    Ok(Shown {
        number: number_of(&quote),
        quantities: serde_json::from_str(&quote.quantities).map_err(Failure::internal)?,
        line: serde_json::from_str(&quote.line).map_err(Failure::internal)?,
        valid_until: india_time::date(quote.valid_until),
        standing,
        quote,
    })
}

/// Where the customer sees a quote (absolute when `PUBLIC_URL` is known).
pub fn link(state: &AppState, id: &str) -> String {
    let base = state.config.public_url.as_deref().unwrap_or("");
    format!("{base}/quotes/{id}")
}

/// The account's address, if it proved it: the quotes made for it are theirs.
async fn verified_email(state: &AppState, user_id: &str) -> Result<Option<String>, Failure> {
    Ok(users::by_id(&state.db, user_id)
        .await?
        .filter(|u| u.is_verified != 0)
        .map(|u| u.email.to_lowercase()))
}

/// Quote `id` as `user_id` may see it: an admin any, a customer those made
/// for their verified address; anyone else is told it does not exist.
pub async fn visible(
    state: &AppState,
    user_id: &str,
    admin: bool,
    id: &str,
) -> Result<Shown, Failure> {
    if !crate::ids::is_id(id) {
        return Err(messages::not_found());
    }
    let quote = quotes::get(&state.db, id)
        .await?
        .ok_or_else(messages::not_found)?;
    if !admin && verified_email(state, user_id).await?.as_deref() != Some(&quote.customer_email) {
        return Err(messages::not_found());
    }
    shown(quote, crate::db::now_ms())
}

/// The customer's quotes, newest first.
pub async fn own(state: &AppState, user_id: &str) -> Result<Vec<Shown>, Failure> {
    let Some(email) = verified_email(state, user_id).await? else {
        return Ok(Vec::new());
    };
    let now = crate::db::now_ms();
    quotes::of_email(&state.db, &email)
        .await?
        .into_iter()
        .map(|q| shown(q, now))
        .collect()
}

/// A page of every quote for the admins, and how many there are.
pub async fn all(state: &AppState, page: i64, limit: i64) -> Result<(Vec<Shown>, i64), Failure> {
    let (rows, total) = quotes::page(&state.db, (page - 1) * limit, limit).await?;
    let now = crate::db::now_ms();
    let list = rows
        .into_iter()
        .map(|q| shown(q, now))
        .collect::<Result<_, _>>()?;
    Ok((list, total))
}
