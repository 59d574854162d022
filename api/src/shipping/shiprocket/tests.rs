use reqwest::StatusCode;
use serde_json::{Value, json};

use super::errors::message_of;
use super::values::{courier_date, is_awb, kilograms, rupees};

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
