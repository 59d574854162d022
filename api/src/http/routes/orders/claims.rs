//! Misprint and damage claims on delivered orders: the owner files one (it
//! is also a complaint ticket), the owner and admins read an order's claims,
//! admins list every claim and decide each once (reprint, refund, reject).
//! Someone else's order is not found, as on every order route.

use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use crate::core::claims::filing::{self, Filing};
use crate::core::claims::{self, Claim, decision};
use crate::core::messages::claims as messages;
use crate::db::{order_admin, orders};
use crate::domain::claim::{ClaimAction, ClaimReason, ClaimStatus};
use crate::http::auth::BearerAuth;
use crate::http::dto::{QuantityDto, SizeQuantities};
use crate::http::envelope::Envelope;
use crate::http::error::ApiError;
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::http::routes::Tag;
use crate::state::AppState;

/// A claim as filed: the pieces of one of the order's designs and what is
/// wrong with them. `reason`: `misprint`, `damaged`, `wrong_item` or `missing`.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct ClaimRequest {
    /// The order line (`orderItems[]._id`); may be left out when the order has one.
    pub item_id: Option<String>,
    /// Pieces per size, keyed as the line's quantities (e.g. `{"m": 2}`).
    pub pieces: SizeQuantities,
    pub reason: String,
    /// What is wrong, 1 to 2000 characters.
    pub message: String,
    /// Up to 6 photos: the SHA-256 of pictures you uploaded with `PUT /artwork/{sha256}`.
    #[oai(default)]
    pub photos: Vec<String>,
}

/// An admin's decision. `action`: `reprint`, `refund` or `reject`; `note`
/// (at most 1000 characters) is required to reject, and the customer reads it.
#[derive(Object, Debug)]
pub struct DecisionRequest {
    pub action: String,
    pub note: Option<String>,
}

/// How a claim was decided.
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct ClaimDecision {
    pub action: ClaimAction,
    #[oai(skip_serializing_if_is_none)]
    pub note: Option<String>,
    pub decided_at: i64,
    /// The reprint: an order of the pieces at ₹0.
    #[oai(skip_serializing_if_is_none)]
    pub reprint_order_id: Option<String>,
    /// The refund's credit note, once the refund is made.
    #[oai(skip_serializing_if_is_none)]
    pub credit_note_number: Option<String>,
    /// The refund, in paise.
    #[oai(skip_serializing_if_is_none)]
    pub refund_paise: Option<i64>,
}

/// A misprint or damage claim. `ticketNumber` is its complaint ticket's
/// (quoted by the customer); `photos` the SHA-256 of its pictures
/// (`GET /artwork/{sha256}` for the customer and admins).
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct ClaimDto {
    pub id: String,
    pub order_id: String,
    pub order_number: String,
    pub item_id: String,
    pub ticket_number: String,
    pub pieces: QuantityDto,
    pub reason: ClaimReason,
    pub message: String,
    pub photos: Vec<String>,
    pub status: ClaimStatus,
    #[oai(skip_serializing_if_is_none)]
    pub decision: Option<ClaimDecision>,
    pub created_at: i64,
}

impl From<Claim> for ClaimDto {
    fn from(c: Claim) -> ClaimDto {
        ClaimDto {
            pieces: QuantityDto(c.sized().into_iter().map(|(s, n)| (s.key(), n)).collect()),
            decision: c.decision.map(|d| ClaimDecision {
                action: d.action,
                note: d.note,
                decided_at: d.decided_at,
                reprint_order_id: d.reprint_order_id,
                credit_note_number: d.credit_note_number,
                refund_paise: d.refund_paise,
            }),
            id: c.id,
            order_id: c.order_id,
            order_number: c.order_number,
            item_id: c.item_id,
            ticket_number: c.ticket_number,
            reason: c.reason,
            message: c.message,
            photos: c.photos,
            status: c.status,
            created_at: c.created_at,
        }
    }
}

/// A page of claims, newest first.
#[derive(Object, Debug)]
pub struct ClaimsPage {
    pub claims: Vec<ClaimDto>,
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

#[derive(ApiResponse)]
pub enum Filed {
    /// Filed: the claim, with its ticket's number.
    #[oai(status = 201)]
    Created(Json<Envelope<ClaimDto>>),
}

const MAX_LIMIT: i64 = 100;

pub struct ClaimsApi;

#[OpenApi(tag = "Tag::Orders")]
impl ClaimsApi {
    /// Report misprinted, damaged, wrong or missing pieces of a delivered
    /// order (its owner; anyone else's order is not found): within
    /// `CLAIM_WINDOW_DAYS` of delivery (409 before delivery or after the
    /// window). 400 for pieces in sizes the line was not ordered in, none, or
    /// more than are left to claim (open and granted claims count), an
    /// unknown reason, a message outside 1 to 2000 characters, more than 6
    /// photos or one you did not upload. The claim is also a complaint
    /// ticket, acknowledged by e-mail.
    #[oai(path = "/orders/:id/claims", method = "post")]
    async fn file(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
        body: Json<ClaimRequest>,
    ) -> Result<Filed, Fails<{ USER | BODY | NOT_FOUND | CONFLICT }>> {
        let b = body.0;
        let filing = Filing {
            item_id: b.item_id,
            pieces: b.pieces.0,
            reason: b.reason,
            message: b.message,
            photos: b.photos,
        };
        let claim = filing::file(&state, &auth.0.id, &id.0, filing).await?;
        Ok(Filed::Created(Envelope::ok(
            format!("Claim filed: ticket {}", claim.ticket_number),
            claim.into(),
        )))
    }

    /// An order's claims, oldest first: its owner's, or any order's for an admin.
    #[oai(path = "/orders/:id/claims", method = "get")]
    async fn of_order(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Json<Envelope<Vec<ClaimDto>>>, Fails<{ USER | NOT_FOUND }>> {
        let order = if auth.0.require_admin().is_ok() {
            order_admin::get(&state.db, &id.0).await?
        } else {
            orders::get_for_user(&state.db, &id.0, &auth.0.id).await?
        };
        let order = order.ok_or_else(ApiError::order_not_found)?;
        let found = claims::of_order(&state.db, &order.id).await?;
        Ok(Envelope::ok(
            "Claims fetched",
            found.into_iter().map(Into::into).collect(),
        ))
    }

    /// Decide an open claim (admin), once (409 when decided already):
    /// `reprint` places an order of the pieces at ₹0 from the same print
    /// files, straight into production (409 for a design with names and
    /// numbers); `refund` gives back the pieces' share of what was paid
    /// (409 when it is more than is left to refund), with a credit note for
    /// them; `reject` needs a note. The customer is e-mailed.
    #[oai(path = "/orders/:id/claims/:claim_id/decision", method = "post")]
    async fn decide(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
        claim_id: Path<String>,
        body: Json<DecisionRequest>,
    ) -> Result<Json<Envelope<ClaimDto>>, Fails<{ ADMIN | BODY | NOT_FOUND | CONFLICT }>> {
        auth.0.require_admin()?;
        let action = parse_action(&body.0.action)?;
        let claim = decision::decide(
            &state,
            &auth.0.id,
            &id.0,
            &claim_id.0,
            action,
            body.0.note.as_deref(),
        )
        .await?;
        Ok(Envelope::ok("Claim decided", claim.into()))
    }

    /// Every customer's claims (admin), newest first: `status` (open,
    /// reprinted, refunded, rejected; all when left out), `page` (from 1),
    /// `limit` (default 20, at most 100).
    #[oai(path = "/admin/claims", method = "get")]
    async fn list(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        status: Query<Option<String>>,
        page: Query<Option<i64>>,
        limit: Query<Option<i64>>,
    ) -> Result<Json<Envelope<ClaimsPage>>, Fails<{ ADMIN }>> {
        auth.0.require_admin()?;
        let status = match status.0.as_deref().map(str::trim) {
            None | Some("") | Some("all") => None,
            Some(s) => Some(ClaimStatus::parse(s).ok_or_else(messages::bad_status)?),
        };
        let page = page.0.unwrap_or(1).max(1);
        let limit = limit.0.unwrap_or(20).clamp(1, MAX_LIMIT);
        let offset = (page - 1).saturating_mul(limit);
        let (found, total) = claims::list(&state.db, status, limit, offset).await?;
        Ok(Envelope::ok(
            "Claims fetched",
            ClaimsPage {
                claims: found.into_iter().map(Into::into).collect(),
                total,
                page,
                limit,
            },
        ))
    }
}

fn parse_action(action: &str) -> Result<ClaimAction, ApiError> {
    match action.trim() {
        "reprint" => Ok(ClaimAction::Reprint),
        "refund" => Ok(ClaimAction::Refund),
        "reject" => Ok(ClaimAction::Reject),
        _ => Err(ApiError::bad_request(
            "Please choose the decision: reprint, refund or reject",
        )),
    }
}
