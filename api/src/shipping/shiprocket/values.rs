//! Shiprocket's units and formats: rupees, kilograms, numeric ids, AWBs,
//! pincodes and couriers' dates.

use serde_json::Value;

use crate::shipping::tracking::etd_date;

pub(super) fn rupees(paise: i64) -> f64 {
    paise as f64 / 100.0
}

pub(super) fn kilograms(grams: u32) -> f64 {
    f64::from(grams) / 1000.0
}

/// An AWB goes into a URL path: letters, digits and dashes only.
pub(super) fn is_awb(s: &str) -> bool {
    !s.is_empty() && s.len() <= 40 && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// Shiprocket's ids are numbers; one that is not is sent as it came.
pub(super) fn id_value(id: &str) -> Value {
    id.parse::<u64>()
        .map(Value::from)
        .unwrap_or_else(|_| Value::from(id))
}

/// A courier's estimate: "Nov 28, 2026" (serviceability) or "2026-11-28 ...".
pub(super) fn courier_date(s: &str) -> Option<String> {
    chrono::NaiveDate::parse_from_str(s.trim(), "%b %d, %Y")
        .ok()
        .map(|d| d.to_string())
        .or_else(|| etd_date(Some(&Value::from(s))))
}
