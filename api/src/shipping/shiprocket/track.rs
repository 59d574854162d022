//! Tracking a shipment by its AWB.

use reqwest::Method;
use serde_json::Value;

use super::ShiprocketClient;
use super::values::is_awb;
use crate::domain::shipment::{MAX_SCAN_TEXT, ShipmentState};
use crate::shipping::tracking::{etd_date, scans_of, text};
use crate::shipping::{ShippingError, TrackingUpdate};

impl ShiprocketClient {
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
