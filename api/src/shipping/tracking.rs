//! Tracking: a courier's words ("PICKED UP", "OUT FOR DELIVERY", "RTO
//! INITIATED"...) read into the few states a shopper cares about, and
//! Shiprocket's tracking payload (its webhook's, which any tracking service
//! can send) read into an update. A state only ever moves forward: replayed
//! or late events add their scans to the timeline and change nothing else.

use serde_json::Value;

use crate::domain::shipment::{MAX_SCAN_TEXT, MAX_SCANS, Scan, ShipmentState, TrackingUpdate};

/// A string or a number as text (Shiprocket sends AWBs and ids as either).
pub fn text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.trim().to_string()).filter(|s| !s.is_empty()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn clipped(v: Option<&Value>) -> String {
    let s = v.and_then(text).unwrap_or_default();
    s.chars().take(MAX_SCAN_TEXT).collect()
}

fn number(v: Option<&Value>) -> Option<i64> {
    match v? {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// Shiprocket's times: "2026-11-20 15:38:53" (or with a T, or with
/// seconds missing), India time; "23 05 2023 11:43:52" in `current_timestamp`.
pub fn india_time_ms(s: &str) -> Option<i64> {
    use chrono::NaiveDateTime;
    let s = s.trim();
    let formats = [
        "%Y-%m-%d %H:%M:%S",
        "%Y-%m-%dT%H:%M:%S",
        "%Y-%m-%d %H:%M",
        "%d %m %Y %H:%M:%S",
        "%d-%m-%Y %H:%M:%S",
    ];
    let t = formats
        .iter()
        .find_map(|f| NaiveDateTime::parse_from_str(s, f).ok())?;
    Some(crate::domain::india_time::wall_clock_ms(t))
}

/// The date part of Shiprocket's `etd` ("2026-11-28 18:00:00" or "2026-11-28").
pub fn etd_date(v: Option<&Value>) -> Option<String> {
    let s = v.and_then(text)?;
    let date = s.get(..10)?;
    chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d")
        .ok()
        .map(|d| d.to_string())
}

/// A tracking webhook's body, in Shiprocket's shape: `awb`,
/// `current_status` (or `shipment_status`), `current_status_id`, `etd`,
/// `is_return`, `scans[] {date, activity, location}`. None without an AWB.
pub fn from_webhook(body: &Value) -> Option<TrackingUpdate> {
    let awb = body.get("awb").and_then(text)?;
    let current_status = clipped(
        body.get("current_status")
            .or_else(|| body.get("shipment_status")),
    );
    let status_id =
        number(body.get("current_status_id")).or_else(|| number(body.get("shipment_status_id")));
    let is_return = matches!(body.get("is_return"), Some(Value::Bool(true)))
        || number(body.get("is_return")) == Some(1);
    let state = if is_return {
        Some(ShipmentState::ReturnedToOrigin)
    } else {
        ShipmentState::from_courier(&current_status, status_id)
    };
    let scans = body
        .get("scans")
        .and_then(Value::as_array)
        .map(|a| scans_of(a, "date"))
        .unwrap_or_default();
    Some(TrackingUpdate {
        awb: awb.chars().take(40).collect(),
        current_status,
        state,
        etd: etd_date(body.get("etd")),
        scans,
    })
}

/// Scans from an array of `{<date_key>, activity, location}` (the webhook's
/// `scans`, the track API's `shipment_track_activities`); unreadable dates are skipped.
pub fn scans_of(items: &[Value], date_key: &str) -> Vec<Scan> {
    items
        .iter()
        .take(MAX_SCANS)
        .filter_map(|s| {
            let at = india_time_ms(&s.get(date_key).and_then(text)?)?;
            let activity = clipped(s.get("activity").or_else(|| s.get("status")));
            (!activity.is_empty()).then(|| Scan {
                at,
                activity,
                location: clipped(s.get("location")),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn courier_words_read_into_states() {
        let st = |s| ShipmentState::from_courier(s, None);
        assert_eq!(st("PICKED UP"), Some(ShipmentState::InTransit));
        assert_eq!(st("In Transit"), Some(ShipmentState::InTransit));
        assert_eq!(st("OUT FOR DELIVERY"), Some(ShipmentState::OutForDelivery));
        assert_eq!(st("Delivered"), Some(ShipmentState::Delivered));
        assert_eq!(st("UNDELIVERED"), Some(ShipmentState::InTransit));
        assert_eq!(st("RTO INITIATED"), Some(ShipmentState::ReturnedToOrigin));
        assert_eq!(st("RTO_DELIVERED"), Some(ShipmentState::ReturnedToOrigin));
        assert_eq!(st("PICKUP SCHEDULED"), Some(ShipmentState::Booked));
        assert_eq!(st("CANCELED"), None);
        assert_eq!(
            ShipmentState::from_courier("X-DDD3FD", Some(7)),
            Some(ShipmentState::Delivered)
        );
        assert_eq!(ShipmentState::from_courier("", None), None);
        assert!(ShipmentState::Delivered.rank() > ShipmentState::OutForDelivery.rank());
    }

    #[test]
    fn a_shiprocket_webhook_reads() {
        let body = json!({
            "awb": 19041424751540u64,
            "courier_name": "Delhivery Surface",
            "current_status": "OUT FOR DELIVERY",
            "current_status_id": 17,
            "etd": "2026-11-28 18:00:00",
            "is_return": 0,
            "scans": [
                {"date": "2026-11-26 10:00:00", "activity": "Picked up", "location": "Bengaluru"},
                {"date": "not a date", "activity": "?", "location": ""},
                {"date": "2026-11-27 08:30:00", "activity": "Out for delivery", "location": "Pune"}
            ]
        });
        let u = from_webhook(&body).unwrap();
        assert_eq!(u.awb, "19041424751540");
        assert_eq!(u.state, Some(ShipmentState::OutForDelivery));
        assert_eq!(u.etd.as_deref(), Some("2026-11-28"));
        assert_eq!(u.scans.len(), 2);
        // 10:00 in India is 04:30 UTC.
        assert_eq!(u.scans[0].at, 1_795_667_400_000);
        assert!(from_webhook(&json!({"current_status": "DELIVERED"})).is_none());
        let back =
            from_webhook(&json!({"awb": "A1", "current_status": "IN TRANSIT", "is_return": 1}))
                .unwrap();
        assert_eq!(back.state, Some(ShipmentState::ReturnedToOrigin));
    }
}
