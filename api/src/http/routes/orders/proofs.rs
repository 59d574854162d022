//! Proofs of paid orders: the admin sends versions (drawn by the server, or
//! a revised PDF uploaded with a note), the owner reads them and approves the
//! latest or asks for changes. Both may list them and download each PDF;
//! anyone else is told the order does not exist. Every action is recorded in
//! the order's events.

use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::{Binary, Json};
use poem_openapi::types::multipart::Upload;
use poem_openapi::{ApiRequest, ApiResponse, Enum, Multipart, Object, OpenApi};

use super::invoice::visible_order;
use crate::core::messages::SellerContact;
use crate::core::messages::orders as orders_messages;
use crate::core::messages::production as messages;
use crate::db::proofs;
use crate::db::proofs::{Answer, NewProof, Refused};
use crate::db::{now_ms, orders, outbox};
use crate::http::auth::BearerAuth;
use crate::http::envelope::Envelope;
use crate::http::error::{ApiError, ApiResult};
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::http::routes::Tag;
use crate::state::AppState;

/// The largest revised proof an admin may upload.
pub const MAX_PROOF_PDF_BYTES: usize = 10 << 20;
const MAX_NOTE: usize = 1000;
const MAX_COMMENT: usize = 2000;

/// Where the order stands with its proof.
#[derive(Enum, Debug, Clone, Copy, PartialEq, Eq)]
#[oai(rename_all = "lowercase")]
pub enum ProofState {
    /// Paid, waiting for the customer to approve a proof.
    Waiting,
    /// Approved by the customer (or by the system when proofs are off).
    Approved,
}

impl ProofState {
    pub fn parse(s: Option<&str>) -> Option<ProofState> {
        match s? {
            "waiting" => Some(ProofState::Waiting),
            "approved" => Some(ProofState::Approved),
            _ => None,
        }
    }
}

/// A version's state.
#[derive(Enum, Debug, Clone, Copy, PartialEq, Eq)]
#[oai(rename_all = "snake_case")]
pub enum VersionState {
    Sent,
    Approved,
    ChangesRequested,
}

/// One version of an order's proof.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct ProofVersion {
    /// From 1; only the latest can be approved.
    pub version: i64,
    /// `drawn` by the server, or `uploaded` by the admin.
    pub source: String,
    pub state: VersionState,
    /// The admin's note to the customer.
    #[oai(skip_serializing_if_is_none)]
    pub note: Option<String>,
    /// The customer's request for changes.
    #[oai(skip_serializing_if_is_none)]
    pub comment: Option<String>,
    pub created_by: String,
    #[oai(skip_serializing_if_is_none)]
    pub created_by_name: Option<String>,
    pub created_at: i64,
    /// When the customer approved it or asked for changes.
    #[oai(skip_serializing_if_is_none)]
    pub decided_at: Option<i64>,
    /// The PDF, e.g. `/api/orders/{id}/proofs/2.pdf`.
    pub pdf_url: String,
}

/// An order's proofs, oldest first.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct Proofs {
    // None before payment (not a doc comment: no allOf wrapper).
    #[oai(skip_serializing_if_is_none)]
    pub proof_state: Option<ProofState>,
    pub versions: Vec<ProofVersion>,
}

#[derive(Object, Debug, Default)]
pub struct SendProofRequest {
    /// Shown to the customer with the proof (at most 1,000 characters).
    pub note: Option<String>,
}

/// A revised proof made elsewhere.
#[derive(Multipart, Debug)]
pub struct UploadProof {
    /// The PDF (at most 10 MiB).
    pub file: Upload,
    pub note: Option<String>,
}

#[derive(ApiRequest, Debug)]
pub enum SendProof {
    /// Draw the proof from the order's designs.
    Json(Json<SendProofRequest>),
    /// Send an uploaded PDF.
    Multipart(UploadProof),
}

#[derive(Object, Debug)]
pub struct ChangesRequest {
    /// What to change (required, at most 2,000 characters).
    pub comment: String,
}

impl ChangesRequest {
    /// The comment, trimmed: refused when empty or longer than `MAX_COMMENT` characters.
    pub(super) fn checked_comment(&self) -> Result<String, ApiError> {
        let comment = self.comment.trim();
        if comment.is_empty() {
            return Err(orders_messages::proof_comment_missing().into());
        }
        if comment.chars().count() > MAX_COMMENT {
            return Err(orders_messages::proof_comment_too_long(MAX_COMMENT).into());
        }
        Ok(comment.to_string())
    }
}

#[derive(ApiResponse)]
pub enum ProofPdf {
    /// The proof (`proof-{order number}-v{version}.pdf`).
    #[oai(status = 200, content_type = "application/pdf")]
    Ok(
        Binary<Vec<u8>>,
        #[oai(header = "Content-Disposition")] String,
    ),
}

fn trimmed(s: Option<String>) -> Option<String> {
    s.map(|s| s.trim().to_string()).filter(|s| !s.is_empty())
}

pub(super) fn refused(r: Refused) -> ApiError {
    match r {
        Refused::NotPaid => ApiError::conflict("This order is not paid: it has no proofs"),
        Refused::Approved => ApiError::conflict("The proof of this order is approved already"),
        Refused::NoVersion => ApiError::not_found("This order has no proof with that version"),
        Refused::Superseded { latest } => orders_messages::proof_superseded(latest).into(),
        Refused::Answered { state } if state == "approved" => {
            ApiError::conflict("This proof is approved already")
        }
        Refused::Answered { .. } => ApiError::conflict(
            "You asked for changes to this proof: a new version will be sent to you",
        ),
        Refused::Raced => {
            ApiError::conflict("Another proof was sent meanwhile. Please reload the order.")
        }
    }
}

async fn list(state: &AppState, order: &orders::Order) -> ApiResult<Proofs> {
    let versions = proofs::list(&state.db, &order.id)
        .await?
        .into_iter()
        .map(|p| ProofVersion {
            pdf_url: format!("/api/orders/{}/proofs/{}.pdf", order.id, p.version),
            state: match p.state.as_str() {
                "approved" => VersionState::Approved,
                "changes_requested" => VersionState::ChangesRequested,
                _ => VersionState::Sent,
            },
            version: p.version,
            source: p.source,
            note: p.note,
            comment: p.comment,
            created_by: p.created_by,
            created_by_name: p.created_by_name,
            created_at: p.created_at,
            decided_at: p.decided_at,
        })
        .collect();
    let proof_state = ProofState::parse(
        orders::get(&state.db, &order.id)
            .await?
            .and_then(|o| o.proof_state)
            .as_deref(),
    );
    Ok(Proofs {
        proof_state,
        versions,
    })
}

/// The customer's e-mail that a proof is ready.
fn ready_email(state: &AppState, order: &orders::Order, version: i64) -> outbox::Outgoing {
    orders_messages::proof_ready(
        &order.order_number,
        &order.user_name,
        version,
        &state.config.company,
        order.user_language,
    )
    .email_to(order.user_email.clone())
}

/// The owner's order (admins included only for their own orders).
async fn owned_order(state: &AppState, auth: &BearerAuth, id: &str) -> ApiResult<orders::Order> {
    if !crate::ids::is_id(id) {
        return Err(ApiError::bad_request("Invalid order id"));
    }
    orders::get_for_user(&state.db, id, &auth.0.id)
        .await?
        .ok_or_else(ApiError::order_not_found)
}

pub struct ProofsApi;

#[OpenApi(tag = "Tag::Orders")]
impl ProofsApi {
    /// Send a new proof version (admin): drawn by the server from the
    /// order's designs (JSON, optional `note`), or a revised PDF uploaded
    /// (multipart `file` and optional `note`). The customer is e-mailed.
    /// 409 while the order is unpaid, or once its proof is approved.
    #[oai(path = "/orders/:id/proofs", method = "post")]
    async fn send(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
        body: SendProof,
    ) -> Result<Json<Envelope<Proofs>>, Fails<{ ADMIN | BODY | NOT_FOUND | CONFLICT | UNAVAILABLE }>>
    {
        auth.0.require_admin()?;
        let order = visible_order(&state, &auth, &id.0).await?;
        let (note, upload) = match body {
            SendProof::Json(j) => (trimmed(j.0.note), None),
            SendProof::Multipart(m) => (trimmed(m.note), Some(m.file)),
        };
        if note.as_ref().is_some_and(|n| n.chars().count() > MAX_NOTE) {
            return Err(ApiError::bad_request(format!(
                "The note can be at most {MAX_NOTE} characters"
            ))
            .into());
        }
        if order.is_paid == 0 || order.proof_state.is_none() {
            return Err(refused(Refused::NotPaid).into());
        }
        if order.status.refunds() {
            return Err(ApiError::from(messages::needs_no_proof(order.status)).into());
        }
        if order.proof_state.as_deref() == Some("approved") {
            return Err(refused(Refused::Approved).into());
        }
        let version = proofs::next_version(&state.db, &order.id).await?;
        let (source, pdf) = match upload {
            Some(file) => ("uploaded", uploaded_pdf(file).await?),
            None => {
                let header = crate::core::proofs::Header {
                    seller: state.config.company.name.clone(),
                    contact: state.config.company.contact_line(),
                    order_number: order.order_number.clone(),
                    version,
                    date: crate::core::documents::en_gb_date(now_ms()),
                    customer: order.user_name.clone(),
                    note: note.clone(),
                };
                let pdf = crate::core::proofs::draw(
                    &state.db,
                    &state.storage,
                    &state.work,
                    &order.id,
                    header,
                )
                .await?;
                ("drawn", pdf)
            }
        };
        proofs::add(
            &state.db,
            NewProof {
                order_id: &order.id,
                version,
                source,
                note: note.as_deref(),
                by: &auth.0.id,
                pdf,
                email: ready_email(&state, &order, version),
            },
        )
        .await?
        .map_err(refused)?;
        crate::core::notify::events::proof_ready(&state, &order, version).await;
        Ok(Envelope::ok(
            messages::proof_sent(version),
            list(&state, &order).await?,
        ))
    }

    /// An order's proofs (the owner's, or any order for an admin), oldest first.
    #[oai(path = "/orders/:id/proofs", method = "get")]
    async fn versions(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Json<Envelope<Proofs>>, Fails<{ USER | FORBIDDEN | NOT_FOUND }>> {
        let order = visible_order(&state, &auth, &id.0).await?;
        Ok(Envelope::ok("Proofs fetched", list(&state, &order).await?))
    }

    /// A version's PDF (`2.pdf`; the owner's, or any order for an admin).
    #[oai(path = "/orders/:id/proofs/:file", method = "get")]
    async fn pdf(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
        file: Path<String>,
    ) -> Result<ProofPdf, Fails<{ USER | FORBIDDEN | NOT_FOUND }>> {
        let order = visible_order(&state, &auth, &id.0).await?;
        let version = file
            .0
            .strip_suffix(".pdf")
            .and_then(|v| v.parse::<i64>().ok())
            .ok_or_else(|| ApiError::not_found("This order has no proof with that version"))?;
        let pdf = proofs::pdf(&state.db, &order.id, version)
            .await?
            .ok_or_else(|| ApiError::not_found("This order has no proof with that version"))?;
        Ok(ProofPdf::Ok(
            Binary(pdf),
            format!(
                "inline; filename=\"proof-{}-v{version}.pdf\"",
                order.order_number
            ),
        ))
    }

    /// Approve the latest version (the owner): the order may then go into
    /// production. 409 for an older version or one answered already.
    #[oai(path = "/orders/:id/proofs/:version/approve", method = "post")]
    async fn approve(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
        version: Path<i64>,
    ) -> Result<Json<Envelope<Proofs>>, Fails<{ USER | NOT_FOUND | CONFLICT }>> {
        let order = owned_order(&state, &auth, &id.0).await?;
        proofs::answer(&state.db, &order.id, version.0, &auth.0.id, Answer::Approve)
            .await?
            .map_err(refused)?;
        Ok(Envelope::ok(
            orders_messages::proof_approved(version.0),
            list(&state, &order).await?,
        ))
    }

    /// Ask for changes to the latest version (the owner), with a `comment`
    /// the admin sees. 409 for an older version or one answered already.
    #[oai(path = "/orders/:id/proofs/:version/request-changes", method = "post")]
    async fn request_changes(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
        version: Path<i64>,
        body: Json<ChangesRequest>,
    ) -> Result<Json<Envelope<Proofs>>, Fails<{ USER | BODY | NOT_FOUND | CONFLICT }>> {
        let comment = body.0.checked_comment()?;
        let order = owned_order(&state, &auth, &id.0).await?;
        proofs::answer(
            &state.db,
            &order.id,
            version.0,
            &auth.0.id,
            Answer::RequestChanges { comment: &comment },
        )
        .await?
        .map_err(refused)?;
        Ok(Envelope::ok(
            orders_messages::proof_changes_requested(version.0),
            list(&state, &order).await?,
        ))
    }
}

/// An uploaded proof: a PDF (by its signature) of at most 10 MiB.
async fn uploaded_pdf(file: Upload) -> ApiResult<Vec<u8>> {
    let bytes = file
        .into_vec()
        .await
        .map_err(|_| ApiError::bad_request("The uploaded proof could not be read"))?;
    if bytes.len() > MAX_PROOF_PDF_BYTES {
        return Err(ApiError::payload_too_large(
            "The proof PDF can be at most 10 MiB",
        ));
    }
    if !bytes.starts_with(b"%PDF-") {
        return Err(ApiError::bad_request("The uploaded proof must be a PDF"));
    }
    Ok(bytes)
}
