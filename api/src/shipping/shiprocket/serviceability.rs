//! Serviceability: the recommended courier for a pincode and its estimate.

use reqwest::{Method, StatusCode};
use serde_json::Value;

use super::ShiprocketClient;
use super::errors::{checked, message_of};
use super::values::{courier_date, kilograms};
use crate::shipping::tracking::text;
use crate::shipping::{Serviceability, ShippingError};

impl ShiprocketClient {
    /// `GET /courier/serviceability`: the recommended courier's estimate, or
    /// why no courier serves the pincode.
    pub async fn serviceability(
        &self,
        pickup_pincode: &str,
        delivery_pincode: &str,
        weight_grams: u32,
    ) -> Result<Serviceability, ShippingError> {
        for pin in [pickup_pincode, delivery_pincode] {
            if !design_engine::pincode::is_pincode(pin) {
                return Err(ShippingError::Refused(format!(
                    "a pincode is six digits, the first not 0, not {pin:?}"
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
}
