//! Shiprocket's answers read: the JSON body (or the text of one that is not),
//! statuses turned into `ShippingError`, and its messages made readable.

use reqwest::StatusCode;
use serde_json::Value;

use crate::shipping::ShippingError;
use crate::shipping::tracking::text;

/// Longest text kept from Shiprocket's error messages.
const MAX_MESSAGE: usize = 300;

pub(super) fn unreachable(e: reqwest::Error) -> ShippingError {
    ShippingError::Unreachable(e.without_url().to_string())
}

/// The status and the JSON body; a body that is not JSON is kept as text
/// (clipped) for the error message, except on a 2xx, where it is malformed.
pub(super) async fn read_json(
    res: reqwest::Response,
) -> Result<(StatusCode, Value), ShippingError> {
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

pub(super) fn checked(status: StatusCode, body: Value) -> Result<Value, ShippingError> {
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
pub(super) fn message_of(body: &Value, status: StatusCode) -> String {
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

pub(super) fn clip(s: &str) -> String {
    s.trim().chars().take(MAX_MESSAGE).collect()
}
