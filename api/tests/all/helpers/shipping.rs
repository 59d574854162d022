//! Shipping helpers shared by the shipping tests: a shipment booked by hand
//! and the tracking webhook's calls and bodies.

use serde_json::{Value, json};

use super::TestApp;

/// The admin books a shipment by hand with Delhivery under `awb`.
pub async fn ship(app: &TestApp, admin: &str, id: &str, awb: &str) -> (u16, Value) {
    app.post_auth(
        &format!("/api/orders/{id}/shipment"),
        admin,
        json!({"courier": "Delhivery", "awb": awb, "trackingUrl": format!("https://www.delhivery.com/track/package/{awb}")}),
    )
    .await
}

/// The tracking webhook called with `key` as its `X-Api-Key`.
pub async fn hook(app: &TestApp, key: Option<&str>, body: &Value) -> (u16, Value) {
    let mut req = app
        .client
        .post(app.url("/api/shipping/webhook"))
        .header("content-type", "application/json")
        .body(body.to_string());
    if let Some(k) = key {
        req = req.header("X-Api-Key", k);
    }
    let res = req.send().await.unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

/// A courier's tracking update of `awb`: its status and scans (date, activity).
pub fn update(awb: &str, status: &str, scans: &[(&str, &str)]) -> Value {
    json!({
        "awb": awb,
        "courier_name": "Delhivery Surface",
        "current_status": status,
        "etd": "2026-12-02 18:00:00",
        "is_return": 0,
        "scans": scans.iter().map(|(date, activity)| json!({"date": date, "activity": activity, "location": "Pune Hub"})).collect::<Vec<_>>(),
    })
}
