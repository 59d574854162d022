//! Shiprocket's REST API (apiv2.shiprocket.in/v1/external): sign in with the
//! API user and keep the token (signing in again on 401), serviceability,
//! booking (an adhoc order looked up by our order number before any retry,
//! since Shiprocket has no idempotency key; then the AWB and the pickup),
//! labels and tracking. The base URL is configurable so tests run this very
//! client against a local stand-in.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use tokio::sync::Mutex;

use super::config::ShiprocketConfig;
use super::tracking::{etd_date, scans_of, text};
use super::{Booking, Consignment, Serviceability, ShippingError, TrackingUpdate};
use crate::domain::shipment::{MAX_SCAN_TEXT, ShipmentState};
use crate::env::Secret;

/// Largest label PDF accepted (a page per shipment; hundreds fit).
pub const MAX_LABEL_BYTES: usize = 20 * 1024 * 1024;
/// How many times a create whose answer was lost is tried in all.
const CREATE_ATTEMPTS: u32 = 3;
/// Longest text kept from Shiprocket's error messages.
const MAX_MESSAGE: usize = 300;

pub struct ShiprocketClient {
    http: reqwest::Client,
    base: String,
    email: String,
    password: Secret,
    token: Mutex<TokenSlot>,
    /// Pause before looking an order up again after a lost create answer
    /// (Shiprocket may still be finishing the create).
    relook_pause: Duration,
}

/// The signed-in token and its generation: a call refused with generation
/// `g` signs in again only if the token is still `g`, so one sign-in serves
/// every call refused with the same token.
#[derive(Default)]
struct TokenSlot {
    generation: u64,
    token: Option<Secret>,
}

/// An order as Shiprocket holds it, with its (first) shipment.
#[derive(Debug, Clone)]
struct FoundOrder {
    order_id: String,
    shipment_id: String,
    awb: Option<String>,
    courier: Option<String>,
    etd: Option<String>,
}

impl ShiprocketClient {
    pub fn new(config: &ShiprocketConfig) -> ShiprocketClient {
        ShiprocketClient::with_timeouts(config, Duration::from_secs(10), Duration::from_secs(30))
    }

    /// Tests shorten the whole-request timeout to lose an answer quickly.
    pub fn with_timeouts(
        config: &ShiprocketConfig,
        connect: Duration,
        request: Duration,
    ) -> ShiprocketClient {
        let http = reqwest::Client::builder()
            .connect_timeout(connect)
            .timeout(request)
            .build()
            .unwrap_or_default();
        ShiprocketClient {
            http,
            base: config.api_base.trim_end_matches('/').to_string(),
            email: config.email.clone(),
            password: config.password.clone(),
            token: Mutex::new(TokenSlot::default()),
            relook_pause: (request / 10).min(Duration::from_secs(2)),
        }
    }

    /// The current token, signing in if there is none. The lock is held
    /// through the sign-in so concurrent callers wait for it.
    async fn token(&self) -> Result<(u64, Secret), ShippingError> {
        let mut slot = self.token.lock().await;
        match &slot.token {
            Some(t) => Ok((slot.generation, t.clone())),
            None => self.sign_in_into(&mut slot).await,
        }
    }

    /// A new token after generation `stale` was refused, unless another
    /// call already got one.
    async fn renew(&self, stale: u64) -> Result<(u64, Secret), ShippingError> {
        let mut slot = self.token.lock().await;
        match &slot.token {
            Some(t) if slot.generation != stale => Ok((slot.generation, t.clone())),
            _ => self.sign_in_into(&mut slot).await,
        }
    }

    async fn sign_in_into(&self, slot: &mut TokenSlot) -> Result<(u64, Secret), ShippingError> {
        slot.token = None;
        slot.generation += 1;
        let token = self.sign_in().await?;
        slot.token = Some(token.clone());
        Ok((slot.generation, token))
    }

    /// `POST /auth/login`.
    async fn sign_in(&self) -> Result<Secret, ShippingError> {
        let res = self
            .http
            .post(format!("{}/auth/login", self.base))
            .json(&json!({"email": self.email, "password": self.password.expose()}))
            .send()
            .await
            .map_err(unreachable)?;
        let (status, body) = read_json(res).await?;
        if !status.is_success() {
            let message = format!("signing in: {}", message_of(&body, status));
            return Err(if status.is_server_error() {
                ShippingError::Unreachable(message)
            } else {
                ShippingError::Refused(message)
            });
        }
        body.get("token")
            .and_then(Value::as_str)
            .filter(|t| !t.is_empty())
            .map(Secret::new)
            .ok_or_else(|| ShippingError::Malformed("signing in: no token in the answer".into()))
    }

    /// One authenticated call; a 401 signs in again and retries it once.
    /// Answers with the HTTP status and the JSON body, whatever the status.
    async fn call(
        &self,
        method: Method,
        path: &str,
        query: &[(&str, String)],
        body: Option<&Value>,
    ) -> Result<(StatusCode, Value), ShippingError> {
        let send = |token: Secret| {
            let mut req = self
                .http
                .request(method.clone(), format!("{}{path}", self.base))
                .bearer_auth(token.expose())
                .query(query);
            if let Some(b) = body {
                req = req.json(b);
            }
            async move { req.send().await.map_err(unreachable) }
        };
        let (generation, token) = self.token().await?;
        let res = send(token).await?;
        if res.status() != StatusCode::UNAUTHORIZED {
            return read_json(res).await;
        }
        let (_, token) = self.renew(generation).await?;
        let res = send(token).await?;
        if res.status() != StatusCode::UNAUTHORIZED {
            return read_json(res).await;
        }
        let (status, body) = read_json(res).await?;
        Err(ShippingError::Refused(format!(
            "the API user was refused after signing in again: {}",
            message_of(&body, status)
        )))
    }

    /// `call`, with any answer but a 2xx turned into an error: a 4xx is a
    /// refusal, a 5xx a provider that could not answer.
    async fn call_ok(
        &self,
        method: Method,
        path: &str,
        query: &[(&str, String)],
        body: Option<&Value>,
    ) -> Result<Value, ShippingError> {
        let (status, body) = self.call(method, path, query, body).await?;
        checked(status, body)
    }

    /// `GET /courier/serviceability`: the recommended courier's estimate, or
    /// why no courier serves the pincode.
    pub async fn serviceability(
        &self,
        pickup_pincode: &str,
        delivery_pincode: &str,
        weight_grams: u32,
    ) -> Result<Serviceability, ShippingError> {
        for pin in [pickup_pincode, delivery_pincode] {
            if !is_pincode(pin) {
                return Err(ShippingError::Refused(format!(
                    "a pincode is six digits, not {pin:?}"
                )));
            }
        }
        let query = [
            ("pickup_postcode", pickup_pincode.to_string()),
            ("delivery_postcode", delivery_pincode.to_string()),
            ("weight", kilograms(weight_grams).to_string()),
            ("cod", "0".to_string()),
        ];
        let (status, body) = self
            .call(Method::GET, "/courier/serviceability", &query, None)
            .await?;
        // Unserviceable comes as a 404, or as a 200 whose body says 404.
        if status == StatusCode::NOT_FOUND
            || body.get("status").and_then(Value::as_i64) == Some(404)
        {
            return Ok(Serviceability::Unserviceable {
                message: message_of(&body, StatusCode::NOT_FOUND),
            });
        }
        let body = checked(status, body)?;
        let data = body.get("data").unwrap_or(&Value::Null);
        let couriers = data
            .get("available_courier_companies")
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or_default();
        let recommended = data
            .get("recommended_courier_company_id")
            .or_else(|| body.get("recommended_courier_company_id"))
            .and_then(text);
        let days_of = |c: &Value| {
            c.get("estimated_delivery_days")
                .and_then(text)?
                .parse::<u32>()
                .ok()
        };
        let chosen = couriers
            .iter()
            .find(|c| {
                recommended.is_some() && c.get("courier_company_id").and_then(text) == recommended
            })
            .or_else(|| {
                couriers
                    .iter()
                    .min_by_key(|c| days_of(c).unwrap_or(u32::MAX))
            });
        let Some(c) = chosen else {
            return Ok(Serviceability::Unserviceable {
                message: body
                    .get("message")
                    .and_then(text)
                    .unwrap_or_else(|| "no courier serves this pincode".into()),
            });
        };
        Ok(Serviceability::Serviceable {
            courier: c.get("courier_name").and_then(text).unwrap_or_default(),
            etd: c.get("etd").and_then(text).and_then(|s| courier_date(&s)),
            days: days_of(c),
        })
    }

    /// Create (or find) the order, assign its AWB, request its pickup.
    pub async fn book(
        &self,
        consignment: &Consignment,
        pickup_location: &str,
    ) -> Result<Booking, ShippingError> {
        let order = self.find_or_create(consignment, pickup_location).await?;
        let (awb, courier) = match (&order.awb, &order.courier) {
            (Some(awb), courier) => (awb.clone(), courier.clone().unwrap_or_default()),
            (None, _) => self.assign_awb(&order.shipment_id).await?,
        };
        self.request_pickup(&order.shipment_id).await?;
        Ok(Booking {
            tracking_url: format!("https://shiprocket.co/tracking/{awb}"),
            provider_order_id: Some(order.order_id),
            shipment_id: Some(order.shipment_id),
            courier,
            awb,
            etd: order.etd,
        })
    }

    /// Our order in Shiprocket: looked up first, created if absent. A lost
    /// create answer (no answer, a 5xx, a garbled body) may hide a created
    /// order, so it is looked up again before the create is tried again.
    async fn find_or_create(
        &self,
        consignment: &Consignment,
        pickup_location: &str,
    ) -> Result<FoundOrder, ShippingError> {
        let body = adhoc_order(consignment, pickup_location);
        let mut lost = None;
        for attempt in 0..CREATE_ATTEMPTS {
            if attempt > 0 {
                tokio::time::sleep(self.relook_pause).await;
            }
            if let Some(found) = self.find_order(&consignment.order_number).await? {
                return Ok(found);
            }
            match self
                .call_ok(Method::POST, "/orders/create/adhoc", &[], Some(&body))
                .await
                .and_then(|b| created_order(&b))
            {
                Ok(created) => return Ok(created),
                Err(e @ (ShippingError::Unreachable(_) | ShippingError::Malformed(_))) => {
                    tracing::warn!(order = %consignment.order_number, error = %e, "Shiprocket's answer to a create was lost; looking the order up");
                    lost = Some(e);
                }
                Err(e) => return Err(e),
            }
        }
        // The last create may have landed after all.
        if let Some(found) = self.find_order(&consignment.order_number).await? {
            return Ok(found);
        }
        Err(lost.unwrap_or_else(|| ShippingError::Unreachable("creating the order".into())))
    }

    /// `GET /orders?search=<our order number>`: the live (not cancelled)
    /// order whose channel order id is exactly ours. The search also matches
    /// AWBs and partial ids, hence the exact comparison.
    async fn find_order(&self, order_number: &str) -> Result<Option<FoundOrder>, ShippingError> {
        let body = self
            .call_ok(
                Method::GET,
                "/orders",
                &[("search", order_number.to_string())],
                None,
            )
            .await?;
        let orders = body
            .get("data")
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or_default();
        let Some(order) = orders.iter().find(|o| {
            o.get("channel_order_id").and_then(text).as_deref() == Some(order_number)
                && !o
                    .get("status")
                    .and_then(text)
                    .is_some_and(|s| s.to_ascii_uppercase().starts_with("CANCEL"))
        }) else {
            return Ok(None);
        };
        let order_id = order
            .get("id")
            .and_then(text)
            .ok_or_else(|| ShippingError::Malformed("an order without its id".into()))?;
        let shipment = order
            .get("shipments")
            .and_then(Value::as_array)
            .and_then(|s| s.first())
            .ok_or_else(|| {
                ShippingError::Malformed(format!("Shiprocket's order {order_id} has no shipment"))
            })?;
        Ok(Some(FoundOrder {
            order_id,
            shipment_id: shipment
                .get("id")
                .and_then(text)
                .ok_or_else(|| ShippingError::Malformed("a shipment without its id".into()))?,
            awb: shipment.get("awb").and_then(text),
            courier: shipment.get("courier").and_then(text),
            etd: etd_date(shipment.get("etd")),
        }))
    }

    /// `POST /courier/assign/awb`: the AWB and the courier's name.
    async fn assign_awb(&self, shipment_id: &str) -> Result<(String, String), ShippingError> {
        let body = self
            .call_ok(
                Method::POST,
                "/courier/assign/awb",
                &[],
                Some(&json!({"shipment_id": id_value(shipment_id)})),
            )
            .await?;
        let data = body.pointer("/response/data").unwrap_or(&Value::Null);
        let awb = data.get("awb_code").and_then(text);
        match (body.get("awb_assign_status").and_then(text).as_deref(), awb) {
            (Some("1"), Some(awb)) if is_awb(&awb) => Ok((
                awb,
                data.get("courier_name").and_then(text).unwrap_or_default(),
            )),
            (Some("1"), _) => Err(ShippingError::Malformed(
                "an AWB assigned without a readable AWB code".into(),
            )),
            _ => Err(ShippingError::Refused(
                data.get("awb_assign_error")
                    .and_then(text)
                    .unwrap_or_else(|| message_of(&body, StatusCode::OK)),
            )),
        }
    }

    /// `POST /courier/generate/pickup`; a shipment already in the pickup
    /// queue (a booking tried again) is fine.
    async fn request_pickup(&self, shipment_id: &str) -> Result<(), ShippingError> {
        let (status, body) = self
            .call(
                Method::POST,
                "/courier/generate/pickup",
                &[],
                Some(&json!({"shipment_id": [id_value(shipment_id)]})),
            )
            .await?;
        if status.is_client_error()
            && message_of(&body, status)
                .to_ascii_lowercase()
                .contains("already")
        {
            return Ok(());
        }
        let body = checked(status, body)?;
        match body.get("pickup_status").and_then(text).as_deref() {
            Some("1") => Ok(()),
            _ => Err(ShippingError::Refused(format!(
                "pickup not scheduled: {}",
                message_of(&body, status)
            ))),
        }
    }

    /// `POST /courier/generate/label` for the shipments, then the PDF it points at.
    pub async fn labels(&self, shipment_ids: &[String]) -> Result<Vec<u8>, ShippingError> {
        if shipment_ids.is_empty() {
            return Err(ShippingError::Refused("no shipments to label".into()));
        }
        let ids = shipment_ids
            .iter()
            .map(|id| {
                id.parse::<u64>().map_err(|_| {
                    ShippingError::Refused(format!("{id:?} is not a Shiprocket shipment id"))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let body = self
            .call_ok(
                Method::POST,
                "/courier/generate/label",
                &[],
                Some(&json!({"shipment_id": ids})),
            )
            .await?;
        let url = body
            .get("label_url")
            .and_then(text)
            .filter(|u| u.starts_with("https://") || u.starts_with("http://"));
        let (Some("1"), Some(url)) = (body.get("label_created").and_then(text).as_deref(), url)
        else {
            let not_created = body
                .get("not_created")
                .and_then(Value::as_array)
                .filter(|a| !a.is_empty())
                .map(|a| {
                    let ids = a.iter().filter_map(text).collect::<Vec<_>>();
                    format!(" (not created for {})", ids.join(", "))
                })
                .unwrap_or_default();
            let message = body
                .get("response")
                .and_then(text)
                .unwrap_or_else(|| message_of(&body, StatusCode::OK));
            return Err(ShippingError::Refused(format!("{message}{not_created}")));
        };
        self.download_pdf(&url).await
    }

    /// The label file, from wherever Shiprocket stored it: without our
    /// token (it is another host), at most `MAX_LABEL_BYTES`, a PDF.
    async fn download_pdf(&self, url: &str) -> Result<Vec<u8>, ShippingError> {
        let mut res = self.http.get(url).send().await.map_err(unreachable)?;
        if !res.status().is_success() {
            return Err(ShippingError::Unreachable(format!(
                "the label file answered {}",
                res.status()
            )));
        }
        let too_big = || {
            ShippingError::Malformed(format!(
                "the label file is larger than {} MiB",
                MAX_LABEL_BYTES >> 20
            ))
        };
        if res
            .content_length()
            .is_some_and(|n| n > MAX_LABEL_BYTES as u64)
        {
            return Err(too_big());
        }
        let mut pdf = Vec::new();
        while let Some(chunk) = res.chunk().await.map_err(unreachable)? {
            if pdf.len() + chunk.len() > MAX_LABEL_BYTES {
                return Err(too_big());
            }
            pdf.extend_from_slice(&chunk);
        }
        if !pdf.starts_with(b"%PDF") {
            return Err(ShippingError::Malformed(
                "the label file is not a PDF".into(),
            ));
        }
        Ok(pdf)
    }

    /// `GET /courier/track/awb/{awb}`; None when Shiprocket has no tracking yet.
    pub async fn track(&self, awb: &str) -> Result<Option<TrackingUpdate>, ShippingError> {
        if !is_awb(awb) {
            return Err(ShippingError::Refused(format!("{awb:?} is not an AWB")));
        }
        let body = self
            .call_ok(Method::GET, &format!("/courier/track/awb/{awb}"), &[], None)
            .await?;
        // The answer is `{tracking_data}`, or that keyed by the AWB.
        let data = body
            .get("tracking_data")
            .or_else(|| body.get(awb).and_then(|b| b.get("tracking_data")))
            .ok_or_else(|| ShippingError::Malformed("no tracking_data in the answer".into()))?;
        if data.get("track_status").and_then(text).as_deref() == Some("0") {
            return Ok(None);
        }
        let track = data
            .get("shipment_track")
            .and_then(Value::as_array)
            .and_then(|t| t.first());
        let current_status = track
            .and_then(|t| t.get("current_status"))
            .and_then(text)
            .unwrap_or_default()
            .chars()
            .take(MAX_SCAN_TEXT)
            .collect::<String>();
        let status_id = data
            .get("shipment_status")
            .and_then(text)
            .and_then(|s| s.parse().ok());
        let scans = data
            .get("shipment_track_activities")
            .and_then(Value::as_array)
            .map(|a| scans_of(a, "date"))
            .unwrap_or_default();
        Ok(Some(TrackingUpdate {
            awb: awb.to_string(),
            state: ShipmentState::from_courier(&current_status, status_id),
            current_status,
            etd: etd_date(data.get("etd")).or_else(|| etd_date(track.and_then(|t| t.get("edd")))),
            scans,
        }))
    }
}

/// The adhoc order's body: money in rupees, weight in kg, sizes in cm.
fn adhoc_order(c: &Consignment, pickup_location: &str) -> Value {
    let items = c
        .items
        .iter()
        .map(|i| {
            json!({
                "name": i.name,
                "sku": i.sku,
                "units": i.units,
                "selling_price": rupees(i.selling_price),
                "hsn": i.hsn.parse::<u64>().map(Value::from).unwrap_or_else(|_| Value::from(i.hsn.as_str())),
            })
        })
        .collect::<Vec<_>>();
    json!({
        "order_id": c.order_number,
        "order_date": c.order_date,
        "pickup_location": pickup_location,
        "billing_customer_name": c.name,
        "billing_last_name": "",
        "billing_address": c.address_line1,
        "billing_address_2": c.address_line2,
        "billing_city": c.city,
        "billing_pincode": c.pincode,
        "billing_state": c.state,
        "billing_country": "India",
        "billing_email": c.email,
        "billing_phone": c.phone,
        "shipping_is_billing": true,
        "order_items": items,
        "payment_method": "Prepaid",
        "sub_total": rupees(c.sub_total),
        "length": c.parcel.length_cm,
        "breadth": c.parcel.breadth_cm,
        "height": c.parcel.height_cm,
        "weight": kilograms(c.parcel.grams),
    })
}

/// A create's answer: `{order_id, shipment_id, status, ...}`.
fn created_order(body: &Value) -> Result<FoundOrder, ShippingError> {
    let (Some(order_id), Some(shipment_id)) = (
        body.get("order_id").and_then(text),
        body.get("shipment_id").and_then(text),
    ) else {
        // A 2xx that refuses (Shiprocket sometimes answers 200 with a message).
        return Err(match body.get("message").and_then(text) {
            Some(m) => ShippingError::Refused(clip(&m)),
            None => ShippingError::Malformed("a created order without its ids".into()),
        });
    };
    Ok(FoundOrder {
        order_id,
        shipment_id,
        awb: body.get("awb_code").and_then(text),
        courier: body.get("courier_name").and_then(text),
        etd: None,
    })
}

fn unreachable(e: reqwest::Error) -> ShippingError {
    ShippingError::Unreachable(e.without_url().to_string())
}

/// The status and the JSON body; a body that is not JSON is kept as text
/// (clipped) for the error message, except on a 2xx, where it is malformed.
async fn read_json(res: reqwest::Response) -> Result<(StatusCode, Value), ShippingError> {
    let status = res.status();
    let bytes = res.bytes().await.map_err(unreachable)?;
    match serde_json::from_slice::<Value>(&bytes) {
        Ok(v) => Ok((status, v)),
        Err(_) if status.is_success() => Err(ShippingError::Malformed(format!(
            "{status} with a body that is not JSON"
        ))),
        Err(_) => Ok((
            status,
            Value::String(clip(&String::from_utf8_lossy(&bytes))),
        )),
    }
}

fn checked(status: StatusCode, body: Value) -> Result<Value, ShippingError> {
    if status.is_success() {
        Ok(body)
    } else if status.is_server_error() {
        Err(ShippingError::Unreachable(format!(
            "{status}: {}",
            message_of(&body, status)
        )))
    } else {
        Err(ShippingError::Refused(message_of(&body, status)))
    }
}

/// Shiprocket's `message`, with a 422's per-field `errors` after it.
fn message_of(body: &Value, status: StatusCode) -> String {
    let message = body
        .get("message")
        .and_then(text)
        .or_else(|| {
            body.as_str()
                .map(str::to_string)
                .filter(|s| !s.trim().is_empty())
        })
        .unwrap_or_else(|| status.to_string());
    let fields = body
        .get("errors")
        .and_then(Value::as_object)
        .map(|errors| {
            errors
                .iter()
                .map(|(field, e)| {
                    let said = match e {
                        Value::Array(a) => a.iter().filter_map(text).collect::<Vec<_>>().join(" "),
                        other => text(other).unwrap_or_default(),
                    };
                    format!("{field}: {said}")
                })
                .collect::<Vec<_>>()
                .join("; ")
        })
        .filter(|f| !f.is_empty());
    clip(&match fields {
        Some(f) => format!("{message} ({f})"),
        None => message,
    })
}

fn clip(s: &str) -> String {
    s.trim().chars().take(MAX_MESSAGE).collect()
}

fn rupees(paise: i64) -> f64 {
    paise as f64 / 100.0
}

fn kilograms(grams: u32) -> f64 {
    f64::from(grams) / 1000.0
}

fn is_pincode(s: &str) -> bool {
    s.len() == 6 && s.bytes().all(|b| b.is_ascii_digit())
}

/// An AWB goes into a URL path: letters, digits and dashes only.
fn is_awb(s: &str) -> bool {
    !s.is_empty() && s.len() <= 40 && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// Shiprocket's ids are numbers; one that is not is sent as it came.
fn id_value(id: &str) -> Value {
    id.parse::<u64>()
        .map(Value::from)
        .unwrap_or_else(|_| Value::from(id))
}

/// A courier's estimate: "Nov 28, 2026" (serviceability) or "2026-11-28 ...".
fn courier_date(s: &str) -> Option<String> {
    chrono::NaiveDate::parse_from_str(s.trim(), "%b %d, %Y")
        .ok()
        .map(|d| d.to_string())
        .or_else(|| etd_date(Some(&Value::from(s))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shiprocket_messages_read_with_their_field_errors() {
        let body = json!({"message": "Oops! Invalid Data.", "errors": {"billing_pincode": ["The billing pincode must be 6 digits."]}});
        assert_eq!(
            message_of(&body, StatusCode::UNPROCESSABLE_ENTITY),
            "Oops! Invalid Data. (billing_pincode: The billing pincode must be 6 digits.)"
        );
        assert_eq!(
            message_of(
                &Value::String("<html>bad gateway</html>".into()),
                StatusCode::BAD_GATEWAY
            ),
            "<html>bad gateway</html>"
        );
        assert_eq!(
            message_of(&Value::Null, StatusCode::BAD_GATEWAY),
            "502 Bad Gateway"
        );
    }

    #[test]
    fn courier_dates_and_units_read() {
        assert_eq!(courier_date("Nov 28, 2026").as_deref(), Some("2026-11-28"));
        assert_eq!(
            courier_date("2026-11-28 18:00:00").as_deref(),
            Some("2026-11-28")
        );
        assert_eq!(courier_date("NA"), None);
        assert_eq!(rupees(49_950), 499.5);
        assert_eq!(kilograms(540), 0.54);
        assert!(is_awb("19041424751540") && !is_awb("../orders") && !is_awb(""));
    }
}
