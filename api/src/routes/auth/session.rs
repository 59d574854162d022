//! Signing in: the access token, and the refresh token's cookie.

use crate::auth::tokens;
use crate::db::sessions;
use crate::db::users::User;
use crate::envelope::{ApiResult, Envelope};
use crate::state::AppState;

use super::dto::*;

/// The refresh token's cookie for the web app: HttpOnly (no script reads it),
/// SameSite=Strict and scoped to the auth routes (no other request carries it).
pub const REFRESH_COOKIE: &str = "refresh_token";

/// `Set-Cookie` for a refresh token that works until `expires_at` (Unix ms),
/// or, with `None`, one that clears it.
pub(super) fn refresh_cookie(state: &AppState, token: Option<(&str, i64)>) -> String {
    let secure = if state.config.is_https() {
        "; Secure"
    } else {
        ""
    };
    let (value, age) = match token {
        Some((t, expires_at)) => (t, ((expires_at - crate::db::now_ms()) / 1000).max(0)),
        None => ("", 0),
    };
    format!(
        "{REFRESH_COOKIE}={value}; Path=/api/auth; HttpOnly; SameSite=Strict; Max-Age={age}{secure}"
    )
}

/// A session just started: the answer's body and the refresh cookie.
pub(super) struct Started {
    pub data: AuthData,
    pub cookie: String,
}

pub(super) fn signed_in_response(message: &str, started: Started) -> SignedIn {
    SignedIn::Ok(Envelope::ok(message, started.data), Some(started.cookie))
}

pub(super) async fn signed_in(state: &AppState, user: User) -> ApiResult<Started> {
    let issued = sessions::start(&state.db, &user.id, state.config.session_lifetime()).await?;
    let access = tokens::issue(&state.config, &user.id, user.role, &issued.family);
    Ok(Started {
        data: AuthData {
            user: Some(user.into()),
            access_token: Some(access),
            existing_user: true,
        },
        cookie: refresh_cookie(state, Some((&issued.refresh_token, issued.expires_at))),
    })
}
