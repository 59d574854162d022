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
