//! The customer's orders: list (paged, by status), one order, cancel while pending.
//! Every order is checked against its owner.

use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::Tag;
use crate::core::cart::pricing::PersonalisationLine;
use crate::db::{Db, order_admin, orders};
use crate::domain::OrderStatus;
use crate::domain::address::ShippingAddress;
use crate::http::auth::BearerAuth;
use crate::http::design_document::DesignDocument;
use crate::http::dto::timeline;
use crate::http::dto::{Pagination, QuantityDto};
use crate::http::envelope::Envelope;
use crate::http::error::{ApiError, ApiResult};
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::state::AppState;

pub mod accounts;
pub mod admin;
pub mod balance;
pub mod claims;
pub mod invoice;
pub mod print;
pub mod proof_links;
pub mod proofs;
pub mod reorder;
pub mod shipment;
pub mod stages;
pub mod tax_documents;

/// An order's line, with its design and prices as ordered.
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct OrderItem {
    #[oai(rename = "_id")]
    pub id: String,
    pub product_id: String,
    pub name: String,
    pub color: String,
    #[oai(skip_serializing_if_is_none)]
    pub color_hex: Option<String>,
    pub quantity: QuantityDto,
    pub item_count: i64,
    /// Unit price in paise.
    pub price: i64,
    pub design_fee: i64,
    // The names and numbers on every piece, as charged when it was placed
    // (the roster is `design.roster`); none for a line without them.
    #[oai(skip_serializing_if_is_none)]
    pub personalisation: Option<PersonalisationLine>,
    pub line_total: i64,
    pub elements: i64,
    pub artwork_hash: String,
    pub design: DesignDocument,
    /// The engine's preflight of the design: what may not print well (an
    /// image below 150 DPI on the garment). Empty when all is well.
    pub print_warnings: Vec<String>,
    /// The quote the line was placed from, at its quoted price (`/api/quotes/{id}`).
    #[oai(skip_serializing_if_is_none)]
    pub quote_id: Option<String>,
}

#[derive(Object, Debug, Clone)]
pub struct OrderUser {
    pub name: String,
    pub email: String,
}

/// An order. Money in paise; `taxPrice` is the payment gateway charge, at the
/// fee the order was priced with (`gatewayFeeBps`).
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct Order {
    #[oai(rename = "_id")]
    pub id: String,
    /// Readable and quotable, e.g. LT-20261122-7KQ3M9.
    pub order_number: String,
    pub status: OrderStatus,
    pub payment_method: String,
    pub is_paid: bool,
    #[oai(skip_serializing_if_is_none)]
    pub paid_at: Option<i64>,
    #[oai(skip_serializing_if_is_none)]
    pub payment_id: Option<String>,
    pub currency: String,
    pub created_at: i64,
    pub updated_at: i64,
    pub order_items: Vec<OrderItem>,
    pub items_count: i64,
    pub items_price: i64,
    pub shipping_price: i64,
    // The payment gateway's charge, under the specification's name.
    #[oai(rename = "taxPrice")]
    pub gateway_charge: i64,
    /// The gateway fee this order was priced with, in basis points of the
    /// items price (250 = 2.5%; 0: the merchant absorbed it, no line to show).
    pub gateway_fee_bps: i64,
    /// The charge's label at that fee, e.g. "Payment Gateway (2.5%)".
    pub gateway_label: String,
    pub discount_amount: i64,
    pub total_price: i64,
    pub refunded_amount: i64,
    /// `full`, or `advance`: paid in two parts, the advance at checkout
    /// (`advanceAmount`) and the balance before dispatch.
    pub payment_plan: String,
    pub advance_amount: i64,
    /// What is left to pay before dispatch (`POST /orders/{id}/balance`): 0
    /// before the advance is paid and once the order is paid in full.
    pub balance_due: i64,
    pub shipping_address: ShippingAddress,
    pub billing_address: ShippingAddress,
    /// The business buyer's GSTIN given at checkout (absent for a consumer).
    #[oai(skip_serializing_if_is_none)]
    pub buyer_gstin: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub tracking_number: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub cancel_reason: Option<String>,
    pub user: OrderUser,
    /// Every status change, oldest first (admins only).
    #[oai(skip_serializing_if_is_none)]
    pub status_history: Option<Vec<StatusChange>>,
    /// The production stage reached, while the order is in processing
    /// (none until its first stage).
    #[oai(skip_serializing_if_is_none)]
    pub production_stage: Option<String>,
    /// Every production stage move, oldest first (admins only).
    #[oai(skip_serializing_if_is_none)]
    pub stage_history: Option<Vec<StageChange>>,
    /// Paid, each stage reached, shipped, delivered..., oldest first (one
    /// order's read only, not the lists).
    #[oai(skip_serializing_if_is_none)]
    pub timeline: Option<Vec<timeline::TimelineEvent>>,
    // Where the order stands with its proof (none before payment). Not a doc
    // comment: a described reference is an allOf wrapper in the schema.
    #[oai(skip_serializing_if_is_none)]
    pub proof_state: Option<proofs::ProofState>,
    /// Proofs sent, approved or sent back, and production overrides, oldest
    /// first (admins only).
    #[oai(skip_serializing_if_is_none)]
    pub events: Option<Vec<OrderEvent>>,
}

/// A production stage move: who, when, from and to.
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct StageChange {
    #[oai(skip_serializing_if_is_none)]
    pub from: Option<String>,
    pub to: String,
    pub changed_by: String,
    #[oai(skip_serializing_if_is_none)]
    pub changed_by_name: Option<String>,
    pub changed_at: i64,
}

/// Something that happened to an order besides a status change.
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct OrderEvent {
    /// `proof_sent`, `proof_approved`, `proof_changes_requested` or `production_override`.
    pub kind: String,
    /// The proof's version (none for an override or the system's approval).
    #[oai(skip_serializing_if_is_none)]
    pub version: Option<i64>,
    /// The user's id, or `system`.
    pub actor: String,
    #[oai(skip_serializing_if_is_none)]
    pub actor_name: Option<String>,
    /// The admin's note, the customer's comment or the override's reason.
    #[oai(skip_serializing_if_is_none)]
    pub note: Option<String>,
    pub at: i64,
}

/// A status change: who made it, when, from and to.
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct StatusChange {
    pub from: OrderStatus,
    pub to: OrderStatus,
    /// The admin's user id, and name when the account still exists.
    pub changed_by: String,
    #[oai(skip_serializing_if_is_none)]
    pub changed_by_name: Option<String>,
    pub changed_at: i64,
}

/// The envelope of a page of orders: `pagination` sits beside `data`.
#[derive(Object, Debug)]
pub struct OrdersPage {
    pub success: bool,
    pub message: String,
    pub data: Vec<Order>,
    pub pagination: Pagination,
}

#[derive(Object, Debug)]
pub struct CancelRequest {
    /// Default 'Cancelled by customer'.
    pub reason: Option<String>,
}

fn item_dto(i: orders::Item) -> Result<OrderItem, ApiError> {
    let line = i.line;
    let q: design_engine::Quantities = serde_json::from_str(&line.sizes)?;
    let print_warnings = design_engine::Design::from_json(&line.design)
        .map(|d| design_engine::preflight::warnings_for_design(&d))
        .unwrap_or_default();
    let personalisation = line
        .personalisation()
        .map_err(|e| ApiError::internal(format!("order line {}: {e}", i.id)))?
        .map(Into::into);
    Ok(OrderItem {
        personalisation,
        print_warnings,
        color_hex: design_engine::colour::colour_hex(&line.color),
        quantity: (&q).into(),
        design: DesignDocument::from_stored(&line.design)?,
        id: i.id,
        product_id: line.product_id,
        name: line.name,
        color: line.color,
        item_count: line.quantity,
        price: line.unit_price,
        design_fee: line.design_fee,
        line_total: line.line_total,
        elements: line.elements,
        artwork_hash: line.artwork_hash,
        quote_id: line.quote_id,
    })
}

/// The API shape of stored orders, with their lines (one query for all).
pub async fn order_dtos(db: &Db, rows: Vec<orders::Order>) -> ApiResult<Vec<Order>> {
    let ids: Vec<&str> = rows.iter().map(|o| o.id.as_str()).collect();
    // Lines grouped by order once (not scanned once per order: a list of
    // 5,000 orders spent half its time there).
    let mut by_order: std::collections::HashMap<String, Vec<orders::Item>> =
        std::collections::HashMap::with_capacity(rows.len());
    for item in orders::items(db, &ids).await? {
        by_order
            .entry(item.order_id.clone())
            .or_default()
            .push(item);
    }
    let mut stages = crate::db::stages::current(db, &ids).await?;
    let mut out = Vec::with_capacity(rows.len());
    for o in rows {
        let production_stage = match o.status {
            OrderStatus::Processing => stages.remove(&o.id).map(|(stage, _)| stage),
            _ => None,
        };
        let mine = by_order.remove(&o.id).unwrap_or_default();
        let status = o.status;
        out.push(Order {
            order_items: mine.into_iter().map(item_dto).collect::<Result<_, _>>()?,
            shipping_address: serde_json::from_str(&o.shipping_address)?,
            billing_address: serde_json::from_str(&o.billing_address)?,
            is_paid: o.is_paid != 0,
            user: OrderUser {
                name: o.user_name,
                email: o.user_email,
            },
            id: o.id,
            order_number: o.order_number,
            status,
            status_history: None,
            production_stage,
            stage_history: None,
            timeline: None,
            events: None,
            proof_state: proofs::ProofState::parse(o.proof_state.as_deref()),
            payment_method: o.payment_method,
            paid_at: o.paid_at,
            payment_id: o.payment_id,
            currency: o.currency,
            created_at: o.created_at,
            updated_at: o.updated_at,
            items_count: o.items_count,
            items_price: o.items_price,
            shipping_price: o.shipping_price,
            gateway_charge: o.gateway_charge,
            gateway_fee_bps: o.gateway_fee_bps,
            gateway_label: design_engine::pricing::gateway_label(o.gateway_fee_bps),
            discount_amount: o.discount_amount,
            total_price: o.total_price,
            refunded_amount: o.refunded_amount,
            payment_plan: if o.advance_amount > 0 {
                "advance"
            } else {
                "full"
            }
            .to_string(),
            advance_amount: o.advance_amount,
            balance_due: o.balance_due,
            tracking_number: o.tracking_number,
            cancel_reason: o.cancel_reason,
            buyer_gstin: o.buyer_gstin,
        });
    }
    Ok(out)
}

pub async fn order_dto(db: &Db, row: orders::Order) -> ApiResult<Order> {
    order_dtos(db, vec![row])
        .await?
        .pop()
        .ok_or_else(|| ApiError::internal("an order without its shape"))
}

const MAX_LIMIT: i64 = 100;

/// The `status` query of the order lists: a status, or none for all (blank or `all`).
fn status_filter(value: Option<String>) -> Result<Option<OrderStatus>, ApiError> {
    match value
        .map(|s| s.trim().to_lowercase())
        .filter(|s| !s.is_empty() && s != "all")
    {
        None => Ok(None),
        Some(s) => OrderStatus::parse(&s)
            .map(Some)
            .ok_or_else(|| ApiError::bad_request("Invalid order status")),
    }
}

pub struct OrdersApi;

#[OpenApi(tag = "Tag::Orders")]
impl OrdersApi {
    /// The signed-in user's orders, newest first: `page` (from 1), `limit`
    /// (default 10, at most 100) and an optional `status`.
    #[oai(path = "/orders", method = "get")]
    async fn list(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        page: Query<Option<i64>>,
        limit: Query<Option<i64>>,
        status: Query<Option<String>>,
    ) -> Result<Json<OrdersPage>, Fails<{ USER }>> {
        let page = page.0.unwrap_or(1).max(1);
        let limit = limit.0.unwrap_or(10).clamp(1, MAX_LIMIT);
        let status = status_filter(status.0)?;
        let offset = (page - 1).saturating_mul(limit);
        let (rows, total) =
            orders::list_for_user(&state.db, &auth.0.id, status, limit, offset).await?;
        Ok(Json(OrdersPage {
            success: true,
            message: "Orders fetched".into(),
            data: order_dtos(&state.db, rows).await?,
            pagination: Pagination::new(page, limit, total),
        }))
    }

    /// One order: the owner's; an admin may read any, with its status history.
    #[oai(path = "/orders/:id", method = "get")]
    async fn get(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Json<Envelope<Order>>, Fails<{ USER | FORBIDDEN | NOT_FOUND }>> {
        if auth.0.require_admin().is_ok() {
            let row = order_admin::get(&state.db, &id.0)
                .await?
                .ok_or_else(ApiError::order_not_found)?;
            return Ok(Envelope::ok(
                "Order fetched",
                admin::with_history(&state, row).await?,
            ));
        }
        let row = orders::get_for_user(&state.db, &id.0, &auth.0.id)
            .await?
            .ok_or_else(ApiError::order_not_found)?;
        let mut order = order_dto(&state.db, row).await?;
        let events = timeline::of_order(
            &state.db,
            &order.id,
            order.paid_at,
            &state.config.production_stages,
        )
        .await?;
        order.timeline = Some(timeline::with_claims(&state.db, &order.id, events).await?);
        Ok(Envelope::ok("Order fetched", order))
    }

    // (Here rather than in `admin`: one OpenAPI struct per path.)
    /// Delete an order (admin). A paid order leaves every list; its payment
    /// and refund records are kept. An order never paid is cancelled rather
    /// than deleted: a pending one is cancelled (recorded as the admin's
    /// change) and stays listed, so a payment that still arrives is refunded
    /// in plain view; one no longer pending answers 409 `ORDER_NEVER_PAID`.
    #[oai(path = "/orders/:id", method = "delete")]
    async fn delete(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Json<Envelope<bool>>, Fails<{ ADMIN | NOT_FOUND | CONFLICT }>> {
        auth.0.require_admin()?;
        let message = match order_admin::delete(&state.db, &id.0, &auth.0.id).await? {
            order_admin::Deleted::Removed => "Order deleted successfully",
            order_admin::Deleted::Cancelled => {
                "Order cancelled: it was never paid, so it stays listed as cancelled"
            }
            order_admin::Deleted::NeverPaid => {
                return Err(ApiError::conflict_code(
                    "This order was never paid: it stays listed, so a payment that still \
                     arrives for it shows with its refund",
                    "ORDER_NEVER_PAID",
                )
                .into());
            }
            order_admin::Deleted::NotFound => return Err(ApiError::order_not_found().into()),
        };
        Ok(Envelope::ok(message, true))
    }

    /// Cancel an order while it is pending (not yet paid).
    #[oai(path = "/orders/:id/cancel", method = "put")]
    async fn cancel(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
        body: Json<CancelRequest>,
    ) -> Result<Json<Envelope<Order>>, Fails<{ USER | BODY | NOT_FOUND | CONFLICT }>> {
        let reason = body
            .0
            .reason
            .map(|r| r.trim().to_string())
            .filter(|r| !r.is_empty());
        let reason = reason.unwrap_or_else(|| "Cancelled by customer".into());
        if reason.chars().count() > 500 {
            return Err(ApiError::bad_request("The reason can be at most 500 characters").into());
        }
        let row = orders::get_for_user(&state.db, &id.0, &auth.0.id)
            .await?
            .ok_or_else(ApiError::order_not_found)?;
        if !orders::cancel(&state.db, &row.id, &auth.0.id, &reason).await? {
            return Err(ApiError::bad_request("Only pending orders can be cancelled").into());
        }
        let row = orders::get(&state.db, &row.id)
            .await?
            .ok_or_else(ApiError::order_not_found)?;
        Ok(Envelope::ok(
            "Order cancelled successfully",
            order_dto(&state.db, row).await?,
        ))
    }
}
