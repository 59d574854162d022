//! Production stages (admin): the list, one order moved, or up to 100 moved
//! at once with an answer for each. Only orders in processing have stages.

use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::Order;
use super::admin::with_history;
use crate::core::messages::production as messages;
use crate::db::order_admin;
use crate::db::stages;
use crate::db::stages::Recorded;
use crate::domain::OrderStatus;
use crate::domain::stages::{Refusal, Stages};
use crate::http::auth::BearerAuth;
use crate::http::envelope::Envelope;
use crate::http::error::{ApiError, ApiResult};
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::http::routes::Tag;
use crate::state::AppState;

/// A bulk move takes at most this many orders.
pub const MAX_BULK: usize = 100;

#[derive(Object, Debug)]
pub struct StageRequest {
    pub stage: String,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct BulkStageRequest {
    pub order_ids: Vec<String>,
    pub stage: String,
}

/// One order's answer in a bulk move.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct StageResult {
    pub order_id: String,
    #[oai(skip_serializing_if_is_none)]
    pub order_number: Option<String>,
    pub moved: bool,
    /// Why not, when not moved.
    #[oai(skip_serializing_if_is_none)]
    pub reason: Option<String>,
}

#[derive(Object, Debug)]
pub struct BulkStageAnswer {
    pub moved: u32,
    pub results: Vec<StageResult>,
}

/// The configured name of the requested stage, or a 400 listing them.
fn stage_named<'a>(stages: &'a Stages, name: &str) -> Result<&'a str, ApiError> {
    stages
        .find(name)
        .ok_or_else(|| messages::unknown_stage(name.trim(), stages.names()).into())
}

/// Moves one order: `Err` is the refusal (404 or 409) with its message.
async fn move_one(state: &AppState, id: &str, to: &str, by: &str) -> ApiResult<String> {
    let (db, stages) = (&state.db, &state.config.production_stages);
    let order = order_admin::get(db, id)
        .await?
        .ok_or_else(ApiError::order_not_found)?;
    if order.status != OrderStatus::Processing {
        return Err(messages::stages_only_in_processing(&order.order_number, order.status).into());
    }
    let current = stages::current(db, &[id]).await?.remove(id);
    let (from, last) = match &current {
        Some((stage, seq)) => (Some(stage.as_str()), *seq),
        None => (None, 0),
    };
    match stages.check_move(from, to) {
        Ok(()) => {}
        Err(Refusal::AlreadyThere) => {
            return Err(messages::already_at_stage(&order.order_number, to).into());
        }
        Err(Refusal::TooFarBack { current }) => {
            return Err(messages::stage_too_far_back(&order.order_number, &current).into());
        }
    }
    // The end of production for an order with a balance due: the customer
    // is asked to pay it, with a link to the order's page.
    let email = match stages.names().last() {
        Some(last_stage) if last_stage == to && order.balance_due > 0 => {
            Some(balance_due_email(state, &order)?)
        }
        _ => None,
    };
    match stages::record(db, id, last, from, to, by, email.as_ref()).await? {
        Recorded::Moved => {
            if email.is_some() {
                let base = state.config.public_url.as_deref().unwrap_or("");
                let link = format!("{base}/user/orders?order={}", order.id);
                crate::core::notify::events::balance_due(state, &order, &link).await;
            }
            Ok(order.order_number)
        }
        Recorded::NotProcessing => Err(messages::left_processing(&order.order_number).into()),
        Recorded::Raced => Err(messages::stage_moved_meanwhile(&order.order_number).into()),
    }
}

/// The customer's letter: production has ended, the balance is due, and
/// the link to pay it (the order's page).
fn balance_due_email(
    state: &AppState,
    order: &crate::db::orders::Order,
) -> ApiResult<crate::db::outbox::Outgoing> {
    let to = serde_json::from_str::<serde_json::Value>(&order.shipping_address)?
        .get("email")
        .and_then(|e| e.as_str())
        .map_or_else(|| order.user_email.clone(), str::to_string);
    let base = state.config.public_url.as_deref().unwrap_or("");
    let link = format!("{base}/user/orders?order={}", order.id);
    Ok(crate::core::messages::payment_plans::balance_due(
        &order.order_number,
        design_engine::Paise(order.balance_due),
        &link,
        &state.config.company,
        order.user_language,
    )
    .email_to(to))
}

fn message_of(e: &ApiError) -> Option<String> {
    match e {
        ApiError::NotFound(b) | ApiError::Conflict(b) => Some(b.message.clone()),
        _ => None,
    }
}

pub struct StagesApi;

#[OpenApi(tag = "Tag::Orders")]
impl StagesApi {
    /// The production stages, in order (admin; `PRODUCTION_STAGES`).
    #[oai(path = "/orders/stages", method = "get")]
    async fn list(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
    ) -> Result<Json<Envelope<Vec<String>>>, Fails<{ ADMIN }>> {
        auth.0.require_admin()?;
        Ok(Envelope::ok(
            "Production stages",
            state.config.production_stages.names().to_vec(),
        ))
    }

    /// Move an order in processing to a production stage (admin): forward to
    /// any later stage, or back one to correct a mistake; recorded in its
    /// history. An order not in processing: 409.
    #[oai(path = "/orders/:id/stage", method = "put")]
    async fn move_order(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
        body: Json<StageRequest>,
    ) -> Result<Json<Envelope<Order>>, Fails<{ ADMIN | BODY | NOT_FOUND | CONFLICT }>> {
        auth.0.require_admin()?;
        let stages = &state.config.production_stages;
        let to = stage_named(stages, &body.stage)?;
        move_one(&state, &id.0, to, &auth.0.id).await?;
        let row = order_admin::get(&state.db, &id.0)
            .await?
            .ok_or_else(ApiError::order_not_found)?;
        Ok(Envelope::ok(
            messages::moved_to_stage(to),
            with_history(&state, row).await?,
        ))
    }

    /// Move up to 100 orders to a stage (admin). Each order is answered:
    /// moved, or why not (not found, not in processing, already there, too
    /// far back); the others still move.
    #[oai(path = "/orders/stages", method = "post")]
    async fn move_orders(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: Json<BulkStageRequest>,
    ) -> Result<Json<Envelope<BulkStageAnswer>>, Fails<{ ADMIN | BODY }>> {
        auth.0.require_admin()?;
        let stages = &state.config.production_stages;
        let to = stage_named(stages, &body.stage)?;
        let ids = &body.order_ids;
        if ids.is_empty() || ids.len() > MAX_BULK {
            return Err(ApiError::bad_request(format!(
                "orderIds must list 1 to {MAX_BULK} orders, not {}",
                ids.len()
            ))
            .into());
        }
        if let Some((i, id)) = ids
            .iter()
            .enumerate()
            .find(|(i, id)| ids[..*i].contains(id))
        {
            return Err(ApiError::bad_request(format!(
                "orderIds lists {id} twice (at {} and {})",
                ids.iter().position(|x| x == id).unwrap_or_default() + 1,
                i + 1
            ))
            .into());
        }
        let mut results = Vec::with_capacity(ids.len());
        for id in ids {
            let result = match move_one(&state, id, to, &auth.0.id).await {
                Ok(number) => StageResult {
                    order_id: id.clone(),
                    order_number: Some(number),
                    moved: true,
                    reason: None,
                },
                Err(e) => {
                    let Some(reason) = message_of(&e) else {
                        return Err(e.into());
                    };
                    StageResult {
                        order_id: id.clone(),
                        order_number: None,
                        moved: false,
                        reason: Some(reason),
                    }
                }
            };
            results.push(result);
        }
        let moved = results.iter().filter(|r| r.moved).count() as u32;
        Ok(Envelope::ok(
            messages::moved_orders_to_stage(moved, results.len(), to),
            BulkStageAnswer { moved, results },
        ))
    }
}
