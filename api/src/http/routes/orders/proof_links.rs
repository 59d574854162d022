//! A proof opened from its WhatsApp link, without signing in
//! (`core::notify::proof_links`): the proof, its PDF, and the customer's
//! approval or request for changes, once. A token never issued answers 404,
//! a used link 409, an expired one 410.

use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::proofs::{ChangesRequest, ProofPdf, VersionState, refused};
use crate::core::messages::orders as orders_messages;
use crate::core::notify::proof_links::{self, Link, Looked};
use crate::db::orders;
use crate::db::proofs::{self, Answer};
use crate::error::{Failure, Kind};
use crate::http::envelope::Envelope;
use crate::http::error::{ApiError, ApiResult};
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::http::routes::Tag;
use crate::state::AppState;

/// The proof a link opens.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct ProofLinkView {
    pub order_number: String,
    pub version: i64,
    pub state: VersionState,
    /// The admin's note to the customer.
    #[oai(skip_serializing_if_is_none)]
    pub note: Option<String>,
    /// When the link stops working (Unix ms).
    pub expires_at: i64,
    /// The proof's PDF through this link.
    pub pdf_url: String,
}

fn used() -> ApiError {
    ApiError::conflict("This link has been used already. Sign in to see your order.")
}

fn expired() -> ApiError {
    Failure::new(
        Kind::Gone,
        "This link has expired. Sign in to see your order's proof.",
    )
    .into()
}

fn unknown() -> ApiError {
    ApiError::not_found("This link is not valid")
}

/// The live link `token` names, or why not.
async fn live(state: &AppState, token: &str) -> ApiResult<Link> {
    match proof_links::look_up(&state.db, token, state.notify.clock.now()).await? {
        Looked::Live(link) => Ok(link),
        Looked::Used => Err(used()),
        Looked::Expired => Err(expired()),
        Looked::Unknown => Err(unknown()),
    }
}

async fn view(state: &AppState, token: &str, link: &Link) -> ApiResult<ProofLinkView> {
    let order = orders::get(&state.db, &link.order_id)
        .await?
        .ok_or_else(unknown)?;
    let version = proofs::list(&state.db, &order.id)
        .await?
        .into_iter()
        .find(|p| p.version == link.version)
        .ok_or_else(unknown)?;
    Ok(ProofLinkView {
        order_number: order.order_number,
        version: link.version,
        state: match version.state.as_str() {
            "approved" => VersionState::Approved,
            "changes_requested" => VersionState::ChangesRequested,
            _ => VersionState::Sent,
        },
        note: version.note,
        expires_at: link.expires_at,
        pdf_url: format!("/api/proof-links/{token}/pdf"),
    })
}

/// Uses the link up and gives the customer's answer; the link is given back
/// only when the store failed (not when the proof was answered or replaced).
async fn answer(state: &AppState, token: &str, answer: Answer<'_>) -> ApiResult<(Link, String)> {
    let link = live(state, token).await?;
    let now = state.notify.clock.now();
    if !proof_links::take(&state.db, &link.id, now).await? {
        // Another request took it (or its time ran out) in between.
        return Err(match live(state, token).await {
            Err(e) => e,
            Ok(_) => used(),
        });
    }
    let owner = orders::get(&state.db, &link.order_id)
        .await?
        .ok_or_else(unknown)?
        .user_id;
    let message = match answer {
        Answer::Approve => orders_messages::proof_approved(link.version),
        Answer::RequestChanges { .. } => orders_messages::proof_changes_requested(link.version),
    };
    match proofs::answer(&state.db, &link.order_id, link.version, &owner, answer).await {
        Ok(Ok(())) => Ok((link, message)),
        Ok(Err(r)) => Err(refused(r)),
        Err(e) => {
            proof_links::give_back(&state.db, &link.id).await?;
            Err(e.into())
        }
    }
}

pub struct ProofLinksApi;

#[OpenApi(tag = "Tag::Orders")]
impl ProofLinksApi {
    /// The proof a WhatsApp link opens, without signing in: 404 for a token
    /// never issued, 409 once used, 410 after its 7 days.
    #[oai(path = "/proof-links/:token", method = "get")]
    async fn open(
        &self,
        state: Data<&AppState>,
        token: Path<String>,
    ) -> Result<Json<Envelope<ProofLinkView>>, Fails<{ ANY | NOT_FOUND | CONFLICT | GONE }>> {
        let link = live(&state, &token.0).await?;
        Ok(Envelope::ok(
            "Proof fetched",
            view(&state, &token.0, &link).await?,
        ))
    }

    /// The linked proof's PDF (while the link works).
    #[oai(path = "/proof-links/:token/pdf", method = "get")]
    async fn pdf(
        &self,
        state: Data<&AppState>,
        token: Path<String>,
    ) -> Result<ProofPdf, Fails<{ ANY | NOT_FOUND | CONFLICT | GONE }>> {
        let link = live(&state, &token.0).await?;
        let order = orders::get(&state.db, &link.order_id)
            .await?
            .ok_or_else(unknown)?;
        let pdf = proofs::pdf(&state.db, &link.order_id, link.version)
            .await?
            .ok_or_else(unknown)?;
        Ok(ProofPdf::Ok(
            poem_openapi::payload::Binary(pdf),
            format!(
                "inline; filename=\"proof-{}-v{}.pdf\"",
                order.order_number, link.version
            ),
        ))
    }

    /// Approve the linked proof: the link is used up (409 after, also for a
    /// proof already answered or replaced by a newer version).
    #[oai(path = "/proof-links/:token/approve", method = "post")]
    async fn approve(
        &self,
        state: Data<&AppState>,
        token: Path<String>,
    ) -> Result<Json<Envelope<ProofLinkView>>, Fails<{ ANY | NOT_FOUND | CONFLICT | GONE }>> {
        let (link, message) = answer(&state, &token.0, Answer::Approve).await?;
        Ok(Envelope::ok(message, view(&state, &token.0, &link).await?))
    }

    /// Ask for changes to the linked proof, with a `comment` the admin sees.
    #[oai(path = "/proof-links/:token/changes", method = "post")]
    async fn changes(
        &self,
        state: Data<&AppState>,
        token: Path<String>,
        body: Json<ChangesRequest>,
    ) -> Result<Json<Envelope<ProofLinkView>>, Fails<{ BODY | NOT_FOUND | CONFLICT | GONE }>> {
        let comment = body.0.checked_comment()?;
        let (link, message) = answer(
            &state,
            &token.0,
            Answer::RequestChanges { comment: &comment },
        )
        .await?;
        Ok(Envelope::ok(message, view(&state, &token.0, &link).await?))
    }
}
