//! Shipping an order (admin): book it (by hand with the courier's name, AWB
//! and tracking URL, or through Shiprocket), which moves it to shipped and
//! e-mails the customer; its label, and the labels of several orders as one
//! PDF. Tracking (owner or admin): the courier, the AWB and its scans.

use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::{Binary, Json};
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::invoice::visible_order;
use crate::core::documents::label;
use crate::core::documents::label::LabelData;
use crate::core::documents::tax_document;
use crate::core::fulfilment::status_email;
use crate::core::messages::orders as orders_messages;
use crate::core::messages::production as messages;
use crate::db::shipments;
use crate::db::shipments::{Booked, Shipment};
use crate::db::{order_admin, orders};
use crate::domain::OrderStatus;
use crate::http::auth::BearerAuth;
use crate::http::dto::tracking::{Tracking, tracking};
use crate::http::envelope::Envelope;
use crate::http::error::{ApiError, ApiResult};
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::http::routes::Tag;
use crate::shipping::{
    Booking, Consignment, ConsignmentItem, Garment, Parcel, ShippingError, ShippingKind,
};
use crate::state::AppState;

/// A bulk label PDF takes at most this many orders.
pub const MAX_LABELS: usize = 100;
const MAX_COURIER: usize = 60;
const MAX_AWB: usize = 40;
const MAX_URL: usize = 500;

/// `manual`: the courier's name, the AWB and the tracking URL. `shiprocket`: `{}`.
#[derive(Object, Debug, Default)]
#[oai(rename_all = "camelCase")]
pub struct ShipmentRequest {
    pub courier: Option<String>,
    pub awb: Option<String>,
    pub tracking_url: Option<String>,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct LabelsRequest {
    pub order_ids: Vec<String>,
}

#[derive(ApiResponse)]
pub enum LabelPdf {
    /// The label(s), A4.
    #[oai(status = 200, content_type = "application/pdf")]
    Ok(
        Binary<Vec<u8>>,
        #[oai(header = "Content-Disposition")] String,
    ),
}

fn required(v: &Option<String>, what: &str, max: usize) -> ApiResult<String> {
    let v = v.as_deref().map(str::trim).unwrap_or_default();
    if v.is_empty() {
        return Err(ApiError::bad_request(format!("Please enter the {what}")));
    }
    if v.chars().count() > max || v.chars().any(char::is_control) {
        return Err(ApiError::bad_request(format!(
            "The {what} can be at most {max} characters, on one line"
        )));
    }
    Ok(v.to_string())
}

/// The admin's booking with their courier, checked.
fn manual_booking(body: &ShipmentRequest) -> ApiResult<Booking> {
    let courier = required(&body.courier, "courier's name", MAX_COURIER)?;
    let awb = required(&body.awb, "AWB (the courier's tracking number)", MAX_AWB)?;
    if !awb.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
        return Err(ApiError::bad_request(
            "The AWB can hold only letters, digits and hyphens",
        ));
    }
    let url = required(&body.tracking_url, "tracking URL", MAX_URL)?;
    let lower = url.to_ascii_lowercase();
    let host = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
        .unwrap_or_default();
    if host.is_empty() || host.starts_with('/') || url.contains(char::is_whitespace) {
        return Err(ApiError::bad_request(
            "The tracking URL must be a web address starting with https:// or http://",
        ));
    }
    Ok(Booking {
        provider_order_id: None,
        shipment_id: None,
        courier,
        awb: awb.to_ascii_uppercase(),
        tracking_url: url,
        etd: None,
    })
}

/// What Shiprocket is asked to carry for this order.
async fn consignment(state: &AppState, order: &orders::Order) -> ApiResult<Consignment> {
    let to = delivery(state, order).await?;
    let lines = tax_document::invoiced_lines(&state.db, &order.id).await?;
    let contents: Vec<(Garment, u32)> = lines
        .iter()
        .map(|l| (Garment::from_hsn(&l.hsn), l.quantity))
        .collect();
    let items = lines
        .iter()
        .enumerate()
        .map(|(i, l)| ConsignmentItem {
            name: l.description.clone(),
            sku: format!("{}-{}", order.order_number, i + 1),
            units: l.quantity,
            selling_price: l.amount.0 / i64::from(l.quantity.max(1)),
            hsn: l.hsn.clone(),
        })
        .collect();
    let ordered = crate::domain::india_time::local(order.created_at);
    Ok(Consignment {
        order_number: order.order_number.clone(),
        order_date: ordered.format("%Y-%m-%d %H:%M").to_string(),
        name: to.full_name.clone(),
        email: to.email.clone(),
        phone: to.phone.clone(),
        address_line1: to.address_line1.clone(),
        address_line2: to.address_line2.clone().unwrap_or_default(),
        city: to.city.clone(),
        state: to.state.clone(),
        pincode: to.zip_code.clone(),
        items,
        sub_total: order.items_price,
        parcel: Parcel::of(&state.config.shipping.pieces, &contents),
    })
}

fn provider_failed(e: ShippingError) -> ApiError {
    match e {
        ShippingError::Unconfigured => ApiError::unavailable(
            "Shipping through Shiprocket is not configured: set SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD",
        ),
        ShippingError::Refused(m) | ShippingError::Unserviceable(m) => {
            messages::courier_refused(&m).into()
        }
        e @ (ShippingError::Unreachable(_) | ShippingError::Malformed(_)) => ApiError::bad_gateway(
            "Shiprocket did not answer. Please try again: the order is looked up there first, so it is never booked twice",
            e,
        ),
    }
}

/// Where the parcel goes: the order's address, or for a group member's order
/// the group's (a member's order shows only the organiser's first name and city).
async fn delivery(
    state: &AppState,
    order: &orders::Order,
) -> ApiResult<crate::domain::address::ShippingAddress> {
    let stored = match &order.group_id {
        Some(group) => crate::db::group_orders::get(&state.db, group)
            .await?
            .and_then(|g| g.ship_to)
            .unwrap_or_else(|| order.shipping_address.clone()),
        None => order.shipping_address.clone(),
    };
    Ok(serde_json::from_str(&stored)?)
}

/// The order may ship: in processing (it passed the proof gate, or an admin
/// overrode it with a recorded reason), or confirmed with its proof
/// approved; and with no balance due.
fn may_ship(order: &orders::Order) -> ApiResult<()> {
    let n = &order.order_number;
    if !matches!(
        order.status,
        OrderStatus::Confirmed | OrderStatus::Processing
    ) {
        return Err(messages::cannot_ship(n, order.status).into());
    }
    if order.status == OrderStatus::Confirmed && order.proof_state.as_deref() != Some("approved") {
        return Err(messages::ships_after_approval(n).into());
    }
    // Paid in two parts: dispatched once the balance is paid (issue 52).
    if order.balance_due > 0 {
        return Err(
            crate::core::messages::payment_plans::balance_before_dispatch(
                n,
                design_engine::Paise(order.balance_due),
            )
            .into(),
        );
    }
    Ok(())
}

fn disposition(name: &str) -> String {
    format!("attachment; filename=\"{name}\"")
}

/// A label PDF's most memory while it is drawn, and each label's share (the
/// pages, the QR codes, the bytes): `cargo bench -p api --bench labels` counts
/// every allocation and printed 0.4 MiB for one label and 3.6 MiB for 100.
const LABELS_PDF_BYTES: u64 = 1 << 20;
const LABEL_BYTES: u64 = 40 << 10;

/// The label PDF of shipments that are all of one kind.
async fn labels_pdf(state: &AppState, found: &[(orders::Order, Shipment)]) -> ApiResult<Vec<u8>> {
    let provider = found
        .first()
        .map(|(_, s)| s.provider.as_str())
        .unwrap_or("manual");
    if found.iter().any(|(_, s)| s.provider != provider) {
        return Err(ApiError::conflict(
            "Orders booked through Shiprocket and by hand cannot share a label PDF: select them separately",
        ));
    }
    if provider == ShippingKind::Shiprocket.as_str() {
        if let [(_, one)] = found
            && let Some(kept) = shipments::label(&state.db, &one.order_id).await?
        {
            return Ok(kept);
        }
        let ids: Vec<String> = found
            .iter()
            .filter_map(|(_, s)| s.shipment_id.clone())
            .collect();
        let pdf = state.shipping.labels(&ids).await.map_err(provider_failed)?;
        if let [(_, one)] = found {
            shipments::keep_label(&state.db, &one.order_id, &pdf).await?;
        }
        return Ok(pdf);
    }
    let seller = &state.config.company;
    let mut data = Vec::with_capacity(found.len());
    for (order, s) in found {
        data.push(LabelData {
            order_number: order.order_number.clone(),
            to: delivery(state, order).await?,
            pieces: order.items_count,
            courier: s.courier.clone(),
            awb: s.awb.clone(),
            sender_name: seller.name.clone(),
            sender_address: seller.address.clone(),
            sender_phone: seller.phone.clone(),
        });
    }
    // Fifty labels are a few hundred milliseconds of drawing: the queue of heavy work's, not the request thread's.
    let cost = LABELS_PDF_BYTES + LABEL_BYTES * data.len() as u64;
    state
        .work
        .run_holding(cost, move || label::render(&data))
        .await?
        .map_err(ApiError::internal)
}

pub struct ShipmentApi;

#[OpenApi(tag = "Tag::Orders")]
impl ShipmentApi {
    /// Ship an order (admin). With `SHIPPING_PROVIDER=manual` the body names
    /// the courier, the AWB and the tracking URL; with `shiprocket` it is
    /// `{}` and the order is booked there (an order, its AWB and a pickup).
    /// The order moves to shipped and the customer is e-mailed the tracking
    /// link. 409: not confirmed or in processing, proof not approved, already
    /// shipped, or the AWB is another order's; 422: Shiprocket refused;
    /// 502: Shiprocket did not answer (trying again never books twice).
    #[oai(path = "/orders/:id/shipment", method = "post")]
    async fn create(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
        body: Json<ShipmentRequest>,
    ) -> Result<
        Json<Envelope<Tracking>>,
        Fails<{ ADMIN | BODY | NOT_FOUND | CONFLICT | UNPROCESSABLE | BAD_GATEWAY | UNAVAILABLE }>,
    > {
        auth.0.require_admin()?;
        let order = visible_order(&state, &auth, &id.0).await?;
        let manual = state.config.shipping.kind == ShippingKind::Manual;
        let booking = if manual {
            Some(manual_booking(&body)?)
        } else if body.courier.is_some() || body.awb.is_some() || body.tracking_url.is_some() {
            return Err(ApiError::bad_request(
                "Shipments are booked through Shiprocket here: send {} without a courier, AWB or tracking URL",
            )
            .into());
        } else {
            None
        };
        if shipments::get(&state.db, &order.id).await?.is_some() {
            return Err(ApiError::from(messages::shipment_exists(&order.order_number)).into());
        }
        may_ship(&order)?;
        // A member's piece ships with its group, once the group is placed.
        crate::core::groups::may_make(&state.db, &order).await?;
        let booking = match booking {
            Some(b) => b,
            None => {
                if !shipments::claim_booking(&state.db, &order.id).await? {
                    return Err(ApiError::conflict(
                        "This order is being booked with the courier right now. Please wait a moment and reload it.",
                    )
                    .into());
                }
                let consignment = consignment(&state, &order).await;
                let booked = match consignment {
                    Ok(c) => state.shipping.book(&c).await.map_err(provider_failed),
                    Err(e) => Err(e),
                };
                shipments::release_booking(&state.db, &order.id).await?;
                booked?
            }
        };
        let courier_line = orders_messages::courier_line(
            &booking.courier,
            &booking.awb,
            &booking.tracking_url,
            order.user_language,
        );
        let email = status_email(
            &order,
            OrderStatus::Shipped,
            Some(&courier_line),
            &state.config.company,
        );
        let outcome = shipments::record_booking(
            &state.db,
            &order,
            order.status,
            state.shipping.name(),
            &booking,
            &auth.0.id,
            email.as_ref(),
        )
        .await?;
        let n = &order.order_number;
        match outcome {
            Booked::Done => {}
            Booked::AlreadyShipped => {
                return Err(ApiError::from(messages::shipment_exists(n)).into());
            }
            Booked::AwbTaken => {
                return Err(ApiError::from(messages::awb_taken(&booking.awb)).into());
            }
            Booked::Moved => {
                return Err(ApiError::from(messages::changed_while_shipping(n)).into());
            }
        }
        let s = shipments::get(&state.db, &order.id)
            .await?
            .ok_or_else(|| ApiError::internal("a recorded shipment"))?;
        crate::core::notify::events::shipped(
            &state,
            &order,
            &s.courier,
            &s.awb,
            &booking.tracking_url,
        )
        .await;
        Ok(Envelope::ok(
            messages::shipped(n, &s.courier, &s.awb),
            tracking(&state, s).await?,
        ))
    }

    /// The order's shipping label as a PDF (admin): Shiprocket's, or one
    /// drawn by the store for a shipment booked by hand.
    #[oai(path = "/orders/:id/shipment/label.pdf", method = "get")]
    async fn label(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<LabelPdf, Fails<{ ADMIN | NOT_FOUND | CONFLICT | BAD_GATEWAY | UNAVAILABLE }>> {
        auth.0.require_admin()?;
        let order = visible_order(&state, &auth, &id.0).await?;
        let s = shipments::get(&state.db, &order.id)
            .await?
            .ok_or_else(|| ApiError::not_found("This order has not been shipped yet"))?;
        let name = format!("label-{}.pdf", order.order_number);
        let pdf = labels_pdf(&state, &[(order, s)]).await?;
        Ok(LabelPdf::Ok(Binary(pdf), disposition(&name)))
    }

    /// The labels of up to 100 shipped orders as one PDF (admin), four to
    /// an A4 page for shipments booked by hand. 409 names the orders without
    /// a shipment.
    #[oai(path = "/orders/labels", method = "post")]
    async fn labels(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: Json<LabelsRequest>,
    ) -> Result<LabelPdf, Fails<{ ADMIN | BODY | CONFLICT | BAD_GATEWAY | UNAVAILABLE }>> {
        auth.0.require_admin()?;
        let ids = &body.order_ids;
        if ids.is_empty() || ids.len() > MAX_LABELS {
            return Err(ApiError::bad_request(format!(
                "orderIds must list 1 to {MAX_LABELS} orders, not {}",
                ids.len()
            ))
            .into());
        }
        if let Some(bad) = ids.iter().find(|id| !crate::ids::is_id(id)) {
            return Err(ApiError::bad_request(format!("Invalid order id {bad:?}")).into());
        }
        let mut unique: Vec<&str> = Vec::with_capacity(ids.len());
        for id in ids {
            if !unique.contains(&id.as_str()) {
                unique.push(id);
            }
        }
        let mut by_id: std::collections::HashMap<String, Shipment> =
            shipments::of_orders(&state.db, &unique)
                .await?
                .into_iter()
                .map(|s| (s.order_id.clone(), s))
                .collect();
        let mut found = Vec::with_capacity(unique.len());
        let mut missing = Vec::new();
        for id in unique {
            match (order_admin::get(&state.db, id).await?, by_id.remove(id)) {
                (Some(o), Some(s)) => found.push((o, s)),
                (Some(o), None) => missing.push(o.order_number),
                (None, _) => missing.push(id.to_string()),
            }
        }
        if !missing.is_empty() {
            return Err(ApiError::from(messages::no_shipment(&missing)).into());
        }
        let pdf = labels_pdf(&state, &found).await?;
        Ok(LabelPdf::Ok(
            Binary(pdf),
            disposition(&format!("labels-{}.pdf", found.len())),
        ))
    }

    /// Where the order's parcel is (owner or admin): the courier, the AWB,
    /// the tracking link and the courier's scans, oldest first. 404 until it ships.
    #[oai(path = "/orders/:id/tracking", method = "get")]
    async fn tracking(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Json<Envelope<Tracking>>, Fails<{ USER | NOT_FOUND }>> {
        let order = visible_order(&state, &auth, &id.0).await?;
        let s = shipments::get(&state.db, &order.id)
            .await?
            .ok_or_else(|| ApiError::not_found("This order has not been shipped yet"))?;
        Ok(Envelope::ok("Tracking", tracking(&state, s).await?))
    }
}
