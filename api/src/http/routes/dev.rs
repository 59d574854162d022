//! Test-provider routes, mounted only while `TEST_PROVIDERS` is on; with it off
//! they do not exist (404), and they are not part of the OpenAPI contract.

use poem::http::StatusCode;
use poem::web::{Data, Json, Query};
use poem::{IntoResponse, Request, handler};
use serde::Deserialize;

use crate::db::outbox;
use crate::http::error::ApiError;
use crate::http::guards;
use crate::state::AppState;

#[derive(Deserialize)]
struct OutboxQuery {
    to: String,
}

/// `GET /api/dev/outbox?to=...`: the latest messages for an address, so tests
/// and a person trying the store can read their codes.
#[handler]
pub async fn outbox_for(
    req: &Request,
    state: Data<&AppState>,
    q: Query<OutboxQuery>,
) -> poem::Response {
    if !guards::from_this_machine(req) {
        tracing::warn!("dev outbox asked from another machine: refused");
        return (
            StatusCode::FORBIDDEN,
            "The dev outbox answers only on this machine",
        )
            .into_response();
    }
    let to = q.to.trim().to_lowercase();
    match outbox::latest(&state.db, &to).await {
        Ok(messages) => {
            let list: Vec<_> = messages
                .into_iter()
                .map(|m| serde_json::json!({"channel": m.channel, "recipient": m.recipient, "subject": m.subject, "body": m.body, "createdAt": m.created_at}))
                .collect();
            Json(serde_json::json!({"success": true, "message": "Outbox", "data": list}))
                .into_response()
        }
        Err(e) => {
            let _ = ApiError::internal(e);
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ClockBody {
    offset_ms: i64,
}

/// The most the dev clock moves either way: a year.
const MAX_CLOCK_OFFSET_MS: i64 = 366 * 24 * 3_600_000;

/// `POST /api/dev/clock {"offsetMs": …}`: moves the clock updates go by (their
/// quiet hours, the proof links' expiry), so a browser test at 02:00 India
/// time sees a WhatsApp message sent as it would be by day.
#[handler]
pub async fn set_clock(
    req: &Request,
    state: Data<&AppState>,
    body: Json<ClockBody>,
) -> poem::Response {
    if !guards::from_this_machine(req) {
        tracing::warn!("dev clock asked from another machine: refused");
        return (
            StatusCode::FORBIDDEN,
            "The dev clock answers only on this machine",
        )
            .into_response();
    }
    if body.offset_ms.abs() > MAX_CLOCK_OFFSET_MS {
        return (
            StatusCode::BAD_REQUEST,
            "offsetMs is at most a year either way",
        )
            .into_response();
    }
    state.notify.clock.set_offset_ms(body.offset_ms);
    Json(serde_json::json!({"success": true, "message": "Clock moved", "data": state.notify.clock.now()}))
        .into_response()
}
