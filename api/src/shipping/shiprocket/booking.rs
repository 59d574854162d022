//! Booking: our order looked up by its number (Shiprocket has no idempotency
//! key) or created as an adhoc order, then its AWB and its pickup.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use super::ShiprocketClient;
use super::errors::{checked, clip, message_of};
use super::values::{id_value, is_awb, kilograms, rupees};
use crate::shipping::tracking::{etd_date, text};
use crate::shipping::{Booking, Consignment, ShippingError};

/// How many times a create whose answer was lost is tried in all.
const CREATE_ATTEMPTS: u32 = 3;

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
