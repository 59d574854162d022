//! Orders as an admin runs them (admin role checked on every route): every
//! customer's orders by status and date, any status from any status (each
//! change recorded; a paid order moved to cancelled or refunded is refunded
//! through the provider first), deletion that keeps the money's records, and
//! the overview's figures. Dates are calendar days in India (UTC+05:30).

use std::collections::BTreeMap;

use chrono::{NaiveDate, TimeDelta};
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::{Order, OrderEvent, OrdersPage, StatusChange, order_dto, order_dtos};
use crate::core::checkout::refunds;
use crate::core::fulfilment::status_email;
use crate::core::messages::orders as orders_messages;
use crate::core::messages::production as messages;
use crate::db::order_admin;
use crate::db::order_admin::Filter;
use crate::db::{Db, now_ms, orders, proofs};
use crate::domain::OrderStatus;
use crate::domain::india_time;
use crate::domain::india_time::{DAY_MS, day_start};
use crate::http::auth::BearerAuth;
use crate::http::dto::Pagination;
use crate::http::envelope::Envelope;
use crate::http::error::{ApiError, ApiResult};
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::http::routes::Tag;
use crate::state::AppState;

const DEFAULT_LIMIT: i64 = 100;
const MAX_LIMIT: i64 = 500;
/// `/orders/admin/all` answers at most this many (newest first).
const MAX_ALL: i64 = 5000;

/// Today's date in India.
pub(crate) fn today() -> NaiveDate {
    india_time::date(now_ms())
}

fn parse_date(value: Option<String>, name: &str) -> Result<Option<NaiveDate>, ApiError> {
    match value
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
    {
        None => Ok(None),
        Some(v) => NaiveDate::parse_from_str(&v, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| ApiError::bad_request(format!("{name} must be a date as YYYY-MM-DD"))),
    }
}

/// The filter from the query: `dateTo` includes its whole day.
fn filter(
    status: Option<String>,
    from: Option<String>,
    to: Option<String>,
) -> Result<Filter, ApiError> {
    let (from, to) = (parse_date(from, "dateFrom")?, parse_date(to, "dateTo")?);
    if let (Some(f), Some(t)) = (from, to)
        && f > t
    {
        return Err(ApiError::bad_request("dateFrom must not be after dateTo"));
    }
    Ok(Filter {
        status: super::status_filter(status)?,
        from_ms: from.map(day_start),
        to_ms: to.map(|t| day_start(t) + DAY_MS),
    })
}

fn page_of(page: Option<i64>, limit: Option<i64>) -> (i64, i64) {
    (
        page.unwrap_or(1).max(1),
        limit.unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIMIT),
    )
}

async fn page(db: &Db, f: Filter, page: i64, limit: i64) -> ApiResult<Json<OrdersPage>> {
    let (rows, total) =
        order_admin::list(db, f, Some(limit), (page - 1).saturating_mul(limit)).await?;
    Ok(Json(OrdersPage {
        success: true,
        message: "Orders fetched".into(),
        data: order_dtos(db, rows).await?,
        pagination: Pagination::new(page, limit, total),
    }))
}

/// The order with its status and stage history and its customer's timeline
/// (what the details modal shows).
pub async fn with_history(state: &AppState, row: orders::Order) -> ApiResult<Order> {
    let db = &state.db;
    let history = order_admin::history(db, &row.id).await?;
    let moves = crate::db::stages::history(db, &row.id).await?;
    let events = proofs::events(db, &row.id).await?;
    let mut order = order_dto(db, row).await?;
    let timeline = crate::http::dto::timeline::build(
        order.paid_at,
        &history,
        &moves,
        &events,
        &state.config.production_stages,
    );
    order.timeline = Some(crate::http::dto::timeline::with_claims(db, &order.id, timeline).await?);
    order.stage_history = Some(
        moves
            .into_iter()
            .map(|m| super::StageChange {
                from: m.from_stage,
                to: m.to_stage,
                changed_by: m.changed_by,
                changed_by_name: m.changed_by_name,
                changed_at: m.created_at,
            })
            .collect(),
    );
    order.status_history = Some(
        history
            .into_iter()
            .map(|c| StatusChange {
                from: c.from_status,
                to: c.to_status,
                changed_by: c.changed_by,
                changed_by_name: c.changed_by_name,
                changed_at: c.created_at,
            })
            .collect(),
    );
    order.events = Some(
        events
            .into_iter()
            .map(|e| OrderEvent {
                kind: e.kind,
                version: e.version,
                actor: e.actor,
                actor_name: e.actor_name,
                note: e.note,
                at: e.created_at,
            })
            .collect(),
    );
    Ok(order)
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct StatusRequest {
    pub status: OrderStatus,
    /// Why the order goes into production (processing, shipped, delivered)
    /// without an approved proof: required then, recorded in its events.
    pub override_reason: Option<String>,
}

/// The longest override reason.
const MAX_OVERRIDE_REASON: usize = 500;

/// What an order may not skip: a move into production from outside it
/// needs an approved proof, or an override reason (returned, to record).
async fn production_gate(
    db: &Db,
    order: &orders::Order,
    from: OrderStatus,
    to: OrderStatus,
    reason: Option<String>,
) -> Result<Option<String>, ApiError> {
    let reason = reason
        .map(|r| r.trim().to_string())
        .filter(|r| !r.is_empty());
    if reason
        .as_ref()
        .is_some_and(|r| r.chars().count() > MAX_OVERRIDE_REASON)
    {
        return Err(ApiError::bad_request(format!(
            "The override reason can be at most {MAX_OVERRIDE_REASON} characters"
        )));
    }
    if to.in_production() && !from.in_production() {
        // A member's piece is printed with its group, never before it is placed.
        crate::core::groups::may_make(db, order).await?;
    }
    if !to.in_production() || from.in_production() || proofs::approved(db, &order.id).await? {
        return Ok(None);
    }
    match reason {
        Some(r) => Ok(Some(r)),
        None => {
            Err(messages::no_approved_proof(&order.order_number, to, PROOF_NOT_APPROVED).into())
        }
    }
}

/// The error code of a move into production without an approved proof: the
/// admin's page asks for an override reason when it sees it.
pub const PROOF_NOT_APPROVED: &str = "PROOF_NOT_APPROVED";

#[derive(Object, Debug)]
pub struct StatusCount {
    pub status: OrderStatus,
    pub count: i64,
}

/// Paid money minus refunds, in paise, over a period.
#[derive(Object, Debug, Default)]
#[oai(rename_all = "camelCase")]
pub struct Revenue {
    pub today: i64,
    pub last_7_days: i64,
    pub last_30_days: i64,
}

#[derive(Object, Debug)]
pub struct DayFigures {
    /// YYYY-MM-DD (India).
    pub date: String,
    pub orders: i64,
    /// Paise.
    pub revenue: i64,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct Overview {
    /// Orders in each status (every status listed, deleted orders left out).
    pub by_status: Vec<StatusCount>,
    pub total_orders: i64,
    pub revenue: Revenue,
    /// The last 30 days, oldest first, today last.
    pub daily: Vec<DayFigures>,
    /// Complaints not resolved yet.
    pub open_tickets: i64,
    /// Complaints past their 48-hour acknowledgement or one-month resolution deadline.
    pub overdue_tickets: i64,
}

pub struct AdminOrdersApi;

#[OpenApi(tag = "Tag::Orders")]
impl AdminOrdersApi {
    /// Every customer's orders (admin), newest first: `page`, `limit`
    /// (default 100, at most 500), `status`, `dateFrom` and `dateTo`
    /// (YYYY-MM-DD, India; both days included).
    #[oai(path = "/orders/admin", method = "get")]
    #[allow(clippy::too_many_arguments)] // one per query parameter
    async fn list(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        #[oai(name = "page")] page_no: Query<Option<i64>>,
        limit: Query<Option<i64>>,
        status: Query<Option<String>>,
        #[oai(name = "dateFrom")] date_from: Query<Option<String>>,
        #[oai(name = "dateTo")] date_to: Query<Option<String>>,
    ) -> Result<Json<OrdersPage>, Fails<{ ADMIN }>> {
        auth.0.require_admin()?;
        let f = filter(status.0, date_from.0, date_to.0)?;
        let (p, l) = page_of(page_no.0, limit.0);
        Ok(page(&state.db, f, p, l).await?)
    }

    /// The same orders unpaged (admin; at most 5000, newest first).
    #[oai(path = "/orders/admin/all", method = "get")]
    async fn all(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        status: Query<Option<String>>,
        #[oai(name = "dateFrom")] date_from: Query<Option<String>>,
        #[oai(name = "dateTo")] date_to: Query<Option<String>>,
    ) -> Result<Json<Envelope<Vec<Order>>>, Fails<{ ADMIN }>> {
        auth.0.require_admin()?;
        let f = filter(status.0, date_from.0, date_to.0)?;
        let (rows, _) = order_admin::list(&state.db, f, Some(MAX_ALL), 0).await?;
        Ok(Envelope::ok(
            "Orders fetched",
            order_dtos(&state.db, rows).await?,
        ))
    }

    /// Orders in one status (admin), paged as `/orders/admin`.
    #[oai(path = "/orders/admin/status/:status", method = "get")]
    async fn by_status(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        status: Path<String>,
        #[oai(name = "page")] page_no: Query<Option<i64>>,
        limit: Query<Option<i64>>,
    ) -> Result<Json<OrdersPage>, Fails<{ ADMIN }>> {
        auth.0.require_admin()?;
        let status = OrderStatus::parse(status.0.trim())
            .ok_or_else(|| ApiError::bad_request("Invalid order status"))?;
        let (p, l) = page_of(page_no.0, limit.0);
        Ok(page(
            &state.db,
            Filter {
                status: Some(status),
                ..Filter::default()
            },
            p,
            l,
        )
        .await?)
    }

    /// Set an order's status (admin): any of the seven, from any, except that
    /// an order goes into production (processing, shipped, delivered) from
    /// outside it only with an approved proof, or with an `overrideReason`
    /// (recorded in its events; 409 `PROOF_NOT_APPROVED` without). Each change
    /// is recorded. A paid order moved to cancelled or refunded is first
    /// refunded in full through the payment provider (once: what was refunded
    /// already is not refunded again; without the provider's final answer the
    /// refund is under way, asked again until made, and the status changes all
    /// the same; 409 `REFUND_UNDER_WAY` while another refund of the order is
    /// open); the customer is e-mailed on shipped,
    /// delivered, cancelled and refunded.
    #[oai(path = "/orders/:id/status", method = "put")]
    async fn set_status(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
        body: Json<StatusRequest>,
    ) -> Result<Json<Envelope<Order>>, Fails<{ ADMIN | BODY | NOT_FOUND | CONFLICT | BAD_GATEWAY }>>
    {
        auth.0.require_admin()?;
        let to = body.0.status;
        let mut order = order_admin::get(&state.db, &id.0)
            .await?
            .ok_or_else(ApiError::order_not_found)?;
        let mut from = order.status;
        if matches!(to, OrderStatus::Shipped | OrderStatus::Delivered)
            && from != to
            && order.balance_due > 0
        {
            return Err(ApiError::from(
                crate::core::messages::payment_plans::balance_before_dispatch(
                    &order.order_number,
                    design_engine::Paise(order.balance_due),
                ),
            )
            .into());
        }
        let override_reason =
            production_gate(&state.db, &order, from, to, body.0.override_reason).await?;
        let mut under_way = false;
        if from != to
            && to.refunds()
            && order.is_paid != 0
            && order.refunded_amount < order.paid_amount()
        {
            let reason = orders_messages::refunded_for_status(to);
            let refund = refunds::refund(&state, &order, None, &reason, &auth.0.id).await?;
            // Without the provider's final answer the money is set aside and
            // asked for again: the order changes status all the same.
            under_way = refund.made.is_none();
            order = refund.order;
            // A full refund marks the order refunded by itself: that is a change too.
            let now = order.status;
            if now != from {
                order_admin::record_change(&state.db, &order.id, from, now, &auth.0.id).await?;
                from = now;
            }
        }
        let email = status_email(&order, to, None, &state.config.company);
        if from != to
            && !order_admin::set_status(
                &state.db,
                &order,
                from,
                to,
                &auth.0.id,
                email.as_ref(),
                override_reason.as_deref(),
            )
            .await?
        {
            return Err(
                ApiError::conflict("The order was changed meanwhile. Please reload it.").into(),
            );
        }
        // A courier without tracking updates: the admin's word is the
        // delivery (once, as when the tracking says so).
        if from != to && to == OrderStatus::Delivered {
            use crate::core::notify::events::{DeliveryStep, delivery_step};
            delivery_step(&state, &order, DeliveryStep::Delivered).await;
        }
        let row = order_admin::get(&state.db, &id.0)
            .await?
            .ok_or_else(ApiError::order_not_found)?;
        Ok(Envelope::ok(
            messages::status_updated(to, under_way),
            with_history(&state, row).await?,
        ))
    }

    /// The overview (admin): orders per status, revenue (paid minus refunded,
    /// in paise) today and over 7 and 30 days, orders and revenue per day
    /// for the last 30 days, and the complaints open and overdue.
    #[oai(path = "/orders/stats/overview", method = "get")]
    async fn overview(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
    ) -> Result<Json<Envelope<Overview>>, Fails<{ ADMIN }>> {
        auth.0.require_admin()?;
        let counts: BTreeMap<String, i64> = order_admin::status_counts(&state.db)
            .await?
            .into_iter()
            .collect();
        let by_status: Vec<StatusCount> = OrderStatus::ALL
            .into_iter()
            .map(|status| StatusCount {
                status,
                count: counts.get(status.as_str()).copied().unwrap_or(0),
            })
            .collect();
        let today = today();
        let first = today - TimeDelta::days(29);
        let mut daily: Vec<DayFigures> = (0..30)
            .map(|i| DayFigures {
                date: (first + TimeDelta::days(i)).format("%Y-%m-%d").to_string(),
                orders: 0,
                revenue: 0,
            })
            .collect();
        let mut revenue = Revenue::default();
        let start = day_start(first);
        for f in order_admin::daily_since(&state.db, start, DAY_MS).await? {
            let Some(slot) = usize::try_from(f.day).ok().and_then(|d| daily.get_mut(d)) else {
                continue;
            };
            let (day, paid) = (f.day, f.revenue);
            slot.orders += f.orders;
            slot.revenue += paid;
            revenue.last_30_days += paid;
            if day >= 23 {
                revenue.last_7_days += paid;
            }
            if day == 29 {
                revenue.today += paid;
            }
        }
        let (open_tickets, overdue_tickets) = crate::core::support::desk::counts(&state).await?;
        Ok(Envelope::ok(
            "Overview fetched",
            Overview {
                total_orders: by_status.iter().map(|s| s.count).sum(),
                by_status,
                revenue,
                daily,
                open_tickets,
                overdue_tickets,
            },
        ))
    }
}
