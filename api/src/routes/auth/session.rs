//! Signing in: the token pair, and the refresh token's cookie.

use crate::auth::tokens;
use crate::db::sessions;
use crate::db::users::User;
use crate::envelope::{ApiResult, Envelope};
use crate::state::AppState;

use super::dto::*;

/// The refresh token's cookie for the web app: HttpOnly (no script reads it),
/// SameSite=Strict and scoped to the auth routes (no other request carries it).
pub const REFRESH_COOKIE: &str = "refresh_token";

/// `Set-Cookie` for a refresh token (or, with `None`, one that clears it).
pub(super) fn refresh_cookie(state: &AppState, token: Option<&str>) -> String {
    let secure = if state.config.is_https() {
        "; Secure"
    } else {
        ""
    };
    let (value, age) = match token {
        Some(t) => (t, state.config.refresh_token_days * 24 * 3600),
        None => ("", 0),
    };
    format!(
        "{REFRESH_COOKIE}={value}; Path=/api/auth; HttpOnly; SameSite=Strict; Max-Age={age}{secure}"
    )
}

pub(super) fn signed_in_response(state: &AppState, message: &str, data: AuthData) -> SignedIn {
    let cookie = data
        .refresh_token
        .as_deref()
        .map(|t| refresh_cookie(state, Some(t)));
    SignedIn::Ok(Envelope::ok(message, data), cookie)
}

pub(super) async fn signed_in(state: &AppState, user: User) -> ApiResult<AuthData> {
    let issued = sessions::start(&state.db, &user.id, state.config.refresh_token_days).await?;
    let access = tokens::issue(&state.config, &user.id, user.role, &issued.family);
    Ok(AuthData {
        user: Some(user.into()),
        access_token: Some(access),
        refresh_token: Some(issued.refresh_token),
        existing_user: true,
    })
}
