//! Shipping's public doors: the courier's tracking webhook (Shiprocket's
//! payload, checked by a shared token since Shiprocket signs nothing), order
//! tracking by order number and e-mail for anyone who has both (the timeline
//! and the courier's scans, nothing else), and checkout's delivery estimate.

use poem::Request;
use poem::web::Data;
use poem_openapi::param::{Header, Query};
use poem_openapi::payload::{Binary, Json};
use poem_openapi::{Object, OpenApi};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use super::Tag;
use crate::core::fulfilment::courier_updates;
use crate::core::messages::orders as messages;
use crate::db::{orders, shipments};
use crate::domain::OrderStatus;
use crate::http::dto::timeline::{self, TimelineEvent};
use crate::http::dto::tracking::{Tracking, tracking};
use crate::http::envelope::Envelope;
use crate::http::error::ApiError;
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::limits::{Door, client_key};
use crate::shipping::{Garment, Parcel, Serviceability, tracking as courier};
use crate::state::AppState;

#[derive(Object, Debug)]
pub struct WebhookAnswer {
    /// `applied`, `duplicate` (nothing new) or `unknownAwb`.
    pub outcome: String,
}

/// What anyone with the order number and its e-mail sees.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct TrackAnswer {
    pub order_number: String,
    pub status: OrderStatus,
    pub timeline: Vec<TimelineEvent>,
    // The courier's tracking once shipped (not a doc comment: no allOf wrapper).
    #[oai(skip_serializing_if_is_none)]
    pub tracking: Option<Tracking>,
}

/// The courier's estimate for a delivery pincode.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct DeliveryEstimate {
    /// False when the store cannot say (couriers booked by hand, or the
    /// courier's service did not answer): checkout goes on without a date.
    pub known: bool,
    pub serviceable: bool,
    /// YYYY-MM-DD.
    #[oai(skip_serializing_if_is_none)]
    pub etd: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub days: Option<u32>,
    #[oai(skip_serializing_if_is_none)]
    pub courier: Option<String>,
    /// What to tell the shopper.
    pub message: String,
}

/// The webhook's token, compared in constant time (as digests, so that the
/// lengths give nothing away either). No token configured: nothing passes.
pub(crate) fn token_ok(configured: &str, given: Option<&str>) -> bool {
    let Some(given) = given else { return false };
    !configured.is_empty()
        && bool::from(
            Sha256::digest(configured.as_bytes()).ct_eq(&Sha256::digest(given.trim().as_bytes())),
        )
}

fn pincode_of(p: &str) -> Result<String, ApiError> {
    let p = p.trim();
    if !design_engine::pincode::is_pincode(p) {
        return Err(ApiError::bad_request(
            "Please enter a valid 6-digit pincode",
        ));
    }
    crate::domain::pincodes::lookup(p)
        .map(|_| p.to_string())
        .ok_or_else(|| ApiError::bad_request(crate::domain::pincodes::INVALID_PINCODE))
}

/// When the courier expects to deliver, in words: "by Sat, 28 Nov".
fn estimate_message(etd: Option<&str>, days: Option<u32>) -> String {
    let date = etd.and_then(|d| chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d").ok());
    messages::delivery_estimate(date, days)
}

pub struct ShippingApi;

#[OpenApi(tag = "Tag::Orders")]
impl ShippingApi {
    /// The courier's tracking webhook, in Shiprocket's shape (`awb`,
    /// `current_status`, `current_status_id`, `etd`, `is_return`, `scans[]
    /// {date, activity, location}`), for shipments booked either way. The
    /// `X-Api-Key` header must be `SHIPPING_WEBHOOK_TOKEN` (401 otherwise,
    /// and nothing changes). A shipment only moves forward: a replayed or
    /// late event adds nothing. Delivered marks the order delivered and
    /// e-mails the customer. An unknown AWB is answered 200 (`unknownAwb`).
    #[oai(path = "/shipping/webhook", method = "post")]
    async fn webhook(
        &self,
        state: Data<&AppState>,
        body: Binary<Vec<u8>>,
        #[oai(name = "X-Api-Key")] key: Header<Option<String>>,
    ) -> Result<Json<Envelope<WebhookAnswer>>, Fails<{ BODY | UNAUTHORIZED }>> {
        if !token_ok(
            state.config.shipping.webhook_token.expose(),
            key.0.as_deref(),
        ) {
            tracing::warn!("tracking webhook refused: wrong or missing X-Api-Key");
            return Err(ApiError::unauthorized("Invalid or missing X-Api-Key").into());
        }
        let value: serde_json::Value = serde_json::from_slice(&body.0)
            .map_err(|_| ApiError::bad_request("The tracking update is not JSON"))?;
        let update = courier::from_webhook(&value)
            .ok_or_else(|| ApiError::bad_request("The tracking update has no awb"))?;
        let outcome = courier_updates::receive(&state, &update).await?;
        tracing::info!(awb = %update.awb, status = %update.current_status, outcome = outcome.as_str(), "tracking update");
        Ok(Envelope::ok(
            "Tracking update received",
            WebhookAnswer {
                outcome: outcome.as_str().to_string(),
            },
        ))
    }

    /// Track an order with its number and the e-mail it was placed with:
    /// its status, its timeline and the courier's scans, and nothing else
    /// (no address, no items). The same 404 for a wrong number or a wrong
    /// e-mail. 20 lookups, then one every 30 s, per client; 10, then one a
    /// minute, per order number (429).
    #[oai(path = "/track", method = "get")]
    async fn track(
        &self,
        state: Data<&AppState>,
        req: &Request,
        #[oai(name = "orderNumber")] order_number: Query<String>,
        email: Query<String>,
    ) -> Result<Json<Envelope<TrackAnswer>>, Fails<{ ANY | NOT_FOUND | TOO_MANY }>> {
        let number = order_number.0.trim().to_ascii_uppercase();
        let email = email.0.trim().to_lowercase();
        if number.is_empty() || email.is_empty() {
            return Err(ApiError::bad_request(
                "Please enter the order number and the e-mail address",
            )
            .into());
        }
        if number.len() > 40 || email.len() > 254 {
            return Err(
                ApiError::bad_request("No order matches that order number and e-mail").into(),
            );
        }
        state
            .limits
            .check(Door::TrackClient, &client_key(req, &state.config))
            .await?;
        state.limits.check(Door::TrackOrder, &number).await?;
        let not_found = || ApiError::not_found("No order matches that order number and e-mail");
        let order = orders::by_number(&state.db, &number)
            .await?
            .ok_or_else(not_found)?;
        let shipping_email = serde_json::from_str::<crate::domain::address::ShippingAddress>(
            &order.shipping_address,
        )
        .map(|a| a.email.to_lowercase())
        .unwrap_or_default();
        let matches = |e: &str| !e.is_empty() && bool::from(e.as_bytes().ct_eq(email.as_bytes()));
        if !(matches(&order.user_email.to_lowercase()) || matches(&shipping_email)) {
            return Err(not_found().into());
        }
        let timeline = timeline::of_order(
            &state.db,
            &order.id,
            order.paid_at,
            &state.config.production_stages,
        )
        .await?;
        let tracking = match shipments::get(&state.db, &order.id).await? {
            Some(s) => Some(tracking(&state, s).await?),
            None => None,
        };
        Ok(Envelope::ok(
            "Order found",
            TrackAnswer {
                order_number: order.order_number,
                status: order.status,
                timeline,
                tracking,
            },
        ))
    }

    /// The courier's delivery estimate for a pincode (checkout): a date when
    /// the shipping provider can say, a clear message when no courier
    /// serves the pincode, `known: false` when it cannot say. 30, then one
    /// every 2 s, per client (429).
    #[oai(path = "/shipping/estimate", method = "get")]
    async fn estimate(
        &self,
        state: Data<&AppState>,
        req: &Request,
        pincode: Query<String>,
    ) -> Result<Json<Envelope<DeliveryEstimate>>, Fails<{ ANY | TOO_MANY }>> {
        let pincode = pincode_of(&pincode.0)?;
        state
            .limits
            .check(Door::EstimateClient, &client_key(req, &state.config))
            .await?;
        // A minimum order: 25 t-shirts.
        let parcel = Parcel::of(&state.config.shipping.pieces, &[(Garment::TShirt, 25)]);
        let answer = match state.shipping.estimate(&pincode, parcel.grams).await {
            None => DeliveryEstimate {
                known: false,
                serviceable: true,
                etd: None,
                days: None,
                courier: None,
                message: "Delivery usually takes 3 to 7 days after dispatch".to_string(),
            },
            Some(Serviceability::Serviceable { courier, etd, days }) => DeliveryEstimate {
                known: true,
                serviceable: true,
                message: estimate_message(etd.as_deref(), days),
                etd,
                days,
                courier: Some(courier),
            },
            Some(Serviceability::Unserviceable { message }) => DeliveryEstimate {
                known: true,
                serviceable: false,
                etd: None,
                days: None,
                courier: None,
                message: messages::pincode_not_served(&pincode, &message),
            },
        };
        Ok(Envelope::ok("Delivery estimate", answer))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_must_match_exactly() {
        assert!(token_ok("secret-token", Some("secret-token")));
        assert!(token_ok("secret-token", Some(" secret-token ")));
        assert!(!token_ok("secret-token", Some("secret-tokeN")));
        assert!(!token_ok("secret-token", None));
        assert!(!token_ok("", Some("")));
    }

    #[test]
    fn estimates_read_well() {
        assert_eq!(
            estimate_message(Some("2026-11-28"), Some(3)),
            "Estimated delivery by Sat, 28 Nov after dispatch"
        );
        assert_eq!(
            estimate_message(None, Some(1)),
            "Estimated delivery in 1 day after dispatch"
        );
    }
}
