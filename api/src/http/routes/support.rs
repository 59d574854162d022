//! The complaints desk's public and customer doors: anyone files a complaint
//! (signed in, it is linked to the account) and follows it by number and
//! e-mail; a signed-in customer lists their complaints, reads one and
//! replies. Filing is limited per client and per e-mail address, lookups
//! per client and per number.

use poem::Request;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi, SecurityScheme};

use super::Tag;
use crate::core::messages::support as messages;
use crate::core::support::tickets::{self, Category, NewTicket};
use crate::domain::numbering;
use crate::http::auth::BearerAuth;
use crate::http::dto::ticket::{Ticket, Viewer, ticket};
use crate::http::envelope::Envelope;
use crate::http::error::ApiError;
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::http::language::RequestLanguage;
use crate::limits::{Door, client_key};
use crate::state::AppState;

/// A bearer token if one is sent and valid; otherwise the caller is anonymous.
#[derive(SecurityScheme)]
enum MaybeSignedIn {
    Bearer(BearerAuth),
    #[oai(fallback)]
    Anonymous,
}

/// A complaint. `name` 1–100 characters, `subject` 1–150 (one line each),
/// `message` 1–5000, `phone` an Indian mobile number (optional), `orderId`
/// the id or number of one of the filer's orders (optional).
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct FileTicketRequest {
    pub name: String,
    pub email: String,
    #[oai(default)]
    pub phone: Option<String>,
    pub category: Category,
    pub subject: String,
    pub message: String,
    #[oai(default)]
    pub order_id: Option<String>,
}

/// A reply in a ticket's thread: 1–5000 characters.
#[derive(Object, Debug)]
pub struct TicketReply {
    pub message: String,
}

#[derive(ApiResponse)]
pub enum Filed {
    /// Filed: its number is in the answer and in the acknowledgement e-mail.
    #[oai(status = 201)]
    Created(Json<Envelope<Ticket>>),
}

/// The longest number and e-mail a lookup reads.
const MAX_NUMBER: usize = 40;
const MAX_EMAIL: usize = 254;

pub struct SupportApi;

#[OpenApi(tag = "Tag::Support")]
impl SupportApi {
    /// File a complaint (anyone; with a valid bearer token it is linked to
    /// the account). Answered with the ticket and its number
    /// (`GRV/26-27/000042`, sequential per financial year); the
    /// acknowledgement e-mail with the number goes out at once. A wrong field
    /// is a 400 whose message names it (and `code`: `TICKET_NAME`,
    /// `TICKET_EMAIL`, `TICKET_PHONE`, `TICKET_SUBJECT`, `TICKET_MESSAGE`,
    /// `TICKET_ORDER`); nothing is filed. 10 complaints, then one a minute,
    /// per client; 5, then one every 10 minutes, per e-mail address (429).
    #[oai(path = "/support/tickets", method = "post")]
    async fn file(
        &self,
        state: Data<&AppState>,
        req: &Request,
        auth: MaybeSignedIn,
        language: RequestLanguage,
        body: Json<FileTicketRequest>,
    ) -> Result<Filed, Fails<{ BODY | TOO_MANY }>> {
        state
            .limits
            .check(Door::TicketClient, &client_key(req, &state.config))
            .await?;
        let address = body.email.trim().to_lowercase();
        if !address.is_empty() && address.len() <= MAX_EMAIL {
            state.limits.check(Door::TicketAddress, &address).await?;
        }
        let user_id = match auth {
            MaybeSignedIn::Bearer(b) => Some(b.0.id),
            MaybeSignedIn::Anonymous => None,
        };
        let body = body.0;
        let opened = tickets::open(
            &state,
            NewTicket {
                user_id,
                name: body.name,
                email: body.email,
                phone: body.phone,
                category: body.category,
                subject: body.subject,
                message: body.message,
                order_id: body.order_id,
                language: language.0,
            },
        )
        .await?;
        let thread = crate::core::support::desk::get(&state, &opened.id).await?;
        Ok(Filed::Created(Envelope::ok(
            format!("Complaint {} filed", opened.number),
            ticket(thread, Viewer::Customer),
        )))
    }

    /// A complaint by its number and the e-mail it was filed with (anyone):
    /// its status, deadlines and thread. The same 404 for a wrong number or a
    /// wrong e-mail. 20 lookups, then one every 30 s, per client; 10, then one
    /// a minute, per number (429).
    #[oai(path = "/support/tickets/lookup", method = "get")]
    async fn lookup(
        &self,
        state: Data<&AppState>,
        req: &Request,
        number: Query<String>,
        email: Query<String>,
    ) -> Result<Json<Envelope<Ticket>>, Fails<{ ANY | NOT_FOUND | TOO_MANY }>> {
        let number = number.0.trim().to_ascii_uppercase();
        let email = email.0.trim().to_lowercase();
        if number.is_empty() || email.is_empty() {
            return Err(ApiError::bad_request(
                "Please enter the complaint number and the e-mail address",
            )
            .into());
        }
        if number.len() > MAX_NUMBER || email.len() > MAX_EMAIL {
            return Err(ApiError::from(messages::not_found()).into());
        }
        state
            .limits
            .check(Door::TicketLookupClient, &client_key(req, &state.config))
            .await?;
        // One bucket per number however it is written (`/` or `-`).
        let key =
            numbering::parse(&number).map_or(number.clone(), |(s, n)| numbering::number(&s, n));
        state.limits.check(Door::TicketLookupNumber, &key).await?;
        let thread = tickets::lookup(&state, &number, &email).await?;
        Ok(Envelope::ok(
            "Complaint found",
            ticket(thread, Viewer::Customer),
        ))
    }

    /// The signed-in customer's complaints, newest first (at most 200): those
    /// filed signed in, and those filed with their verified e-mail address.
    #[oai(path = "/support/tickets", method = "get")]
    async fn mine(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
    ) -> Result<Json<Envelope<Vec<Ticket>>>, Fails<{ USER }>> {
        let list = tickets::own(&state, &auth.0.id).await?;
        Ok(Envelope::ok(
            "Complaints fetched",
            list.into_iter()
                .map(|t| ticket(t, Viewer::Customer))
                .collect(),
        ))
    }

    /// One of the signed-in customer's complaints (404 for anyone else's).
    #[oai(path = "/support/tickets/:id", method = "get")]
    async fn one(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Json<Envelope<Ticket>>, Fails<{ USER | NOT_FOUND }>> {
        let t = tickets::own_one(&state, &auth.0.id, &id.0).await?;
        let thread = crate::core::support::thread(&state, t).await?;
        Ok(Envelope::ok(
            "Complaint fetched",
            ticket(thread, Viewer::Customer),
        ))
    }

    /// The customer's reply to their complaint (a resolved one reopens).
    /// A thread holds at most 200 messages (409 past them). 20 replies, then
    /// one every 30 s, per customer (429).
    #[oai(path = "/support/tickets/:id/replies", method = "post")]
    async fn reply(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
        body: Json<TicketReply>,
    ) -> Result<
        Json<Envelope<Ticket>>,
        Fails<{ BODY | UNAUTHORIZED | NOT_FOUND | CONFLICT | TOO_MANY }>,
    > {
        state
            .limits
            .check(Door::TicketReplyUser, &auth.0.id)
            .await?;
        let thread = tickets::reply(&state, &auth.0.id, &id.0, &body.message).await?;
        Ok(Envelope::ok("Reply sent", ticket(thread, Viewer::Customer)))
    }
}
