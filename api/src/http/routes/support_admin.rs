//! The complaints desk as the staff run it (admin role checked on every
//! route): every ticket by status, category and overdue, paged; acknowledge,
//! reply (the customer is e-mailed), assign to an admin, resolve with a note
//! (e-mailed), reopen.

use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::Tag;
use crate::core::support::desk;
use crate::db::tickets::Filter;
use crate::domain::ticket::{Category, TicketStatus};
use crate::http::auth::BearerAuth;
use crate::http::dto::ticket::{Ticket, Viewer, ticket};
use crate::http::envelope::Envelope;
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::state::AppState;

const DEFAULT_LIMIT: i64 = 20;
const MAX_LIMIT: i64 = 100;

/// A page of tickets.
#[derive(Object, Debug)]
pub struct TicketsPage {
    pub tickets: Vec<Ticket>,
    /// How many match the filters.
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

/// The staff's reply, e-mailed to the customer: 1–5000 characters.
#[derive(Object, Debug)]
#[oai(rename = "TicketStaffReply")]
pub struct StaffReply {
    pub message: String,
}

/// Whom to hand the ticket to: an admin's user id.
#[derive(Object, Debug)]
#[oai(rename = "TicketAssignRequest", rename_all = "camelCase")]
pub struct AssignRequest {
    pub admin_id: String,
}

/// The resolution, e-mailed to the customer: 1–5000 characters, required.
#[derive(Object, Debug)]
#[oai(rename = "TicketResolveRequest")]
pub struct ResolveRequest {
    pub note: String,
}

type Answer = Json<Envelope<Ticket>>;

fn answer(message: &str, thread: crate::core::support::Thread) -> Answer {
    Envelope::ok(message, ticket(thread, Viewer::Staff))
}

pub struct SupportAdminApi;

#[OpenApi(tag = "Tag::Support")]
impl SupportAdminApi {
    /// Every complaint, newest first, by `status`, `category` and `overdue`
    /// (true: past its 48-hour acknowledgement or one-month resolution
    /// deadline; false: not), `page` from 1, `limit` 20 by default, at most 100.
    #[oai(path = "/admin/tickets", method = "get")]
    #[allow(clippy::too_many_arguments)] // one per query parameter
    async fn list(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        status: Query<Option<TicketStatus>>,
        category: Query<Option<Category>>,
        overdue: Query<Option<bool>>,
        page: Query<Option<i64>>,
        limit: Query<Option<i64>>,
    ) -> Result<Json<Envelope<TicketsPage>>, Fails<{ ADMIN }>> {
        auth.0.require_admin()?;
        let page = page.0.unwrap_or(1).max(1);
        let limit = limit.0.unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIMIT);
        let filter = Filter {
            status: status.0,
            category: category.0,
            overdue: overdue.0,
        };
        let (threads, total) = desk::list(&state, filter, page, limit).await?;
        Ok(Envelope::ok(
            "Complaints fetched",
            TicketsPage {
                tickets: threads
                    .into_iter()
                    .map(|t| ticket(t, Viewer::Staff))
                    .collect(),
                total,
                page,
                limit,
            },
        ))
    }

    /// One complaint with its thread.
    #[oai(path = "/admin/tickets/:id", method = "get")]
    async fn one(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Answer, Fails<{ ADMIN | NOT_FOUND }>> {
        auth.0.require_admin()?;
        Ok(answer("Complaint fetched", desk::get(&state, &id.0).await?))
    }

    /// Acknowledge an open complaint (409 when it is not open).
    #[oai(path = "/admin/tickets/:id/acknowledge", method = "post")]
    async fn acknowledge(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Answer, Fails<{ ADMIN | NOT_FOUND | CONFLICT }>> {
        auth.0.require_admin()?;
        let thread = desk::acknowledge(&state, &id.0).await?;
        Ok(answer("Complaint acknowledged", thread))
    }

    /// Reply in the thread; the customer is e-mailed, and an open complaint
    /// is acknowledged by it. A thread holds at most 200 messages (409 past them).
    #[oai(path = "/admin/tickets/:id/replies", method = "post")]
    async fn reply(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
        body: Json<StaffReply>,
    ) -> Result<Answer, Fails<{ BODY | UNAUTHORIZED | FORBIDDEN | NOT_FOUND | CONFLICT }>> {
        auth.0.require_admin()?;
        let thread = desk::reply(&state, &auth.0.id, &id.0, &body.message).await?;
        Ok(answer("Reply sent", thread))
    }

    /// Hand the complaint to an admin (400 when `adminId` is not an admin's id).
    #[oai(path = "/admin/tickets/:id/assign", method = "post")]
    async fn assign(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
        body: Json<AssignRequest>,
    ) -> Result<Answer, Fails<{ BODY | UNAUTHORIZED | FORBIDDEN | NOT_FOUND }>> {
        auth.0.require_admin()?;
        let thread = desk::assign(&state, &id.0, &body.admin_id).await?;
        Ok(answer("Complaint assigned", thread))
    }

    /// Resolve the complaint with a note (required), which joins the thread
    /// and is e-mailed to the customer (409 when it is resolved already).
    #[oai(path = "/admin/tickets/:id/resolve", method = "post")]
    async fn resolve(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
        body: Json<ResolveRequest>,
    ) -> Result<Answer, Fails<{ BODY | UNAUTHORIZED | FORBIDDEN | NOT_FOUND | CONFLICT }>> {
        auth.0.require_admin()?;
        let thread = desk::resolve(&state, &auth.0.id, &id.0, &body.note).await?;
        Ok(answer("Complaint resolved", thread))
    }

    /// Reopen a resolved complaint: back to acknowledged (or open, if it
    /// never was); 409 when it is not resolved.
    #[oai(path = "/admin/tickets/:id/reopen", method = "post")]
    async fn reopen(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Answer, Fails<{ ADMIN | NOT_FOUND | CONFLICT }>> {
        auth.0.require_admin()?;
        Ok(answer(
            "Complaint reopened",
            desk::reopen(&state, &id.0).await?,
        ))
    }
}
