//! Signing in: the access token, and the refresh token's cookie.

use crate::core::accounts::{second_factor, tokens};
use crate::db;
use crate::db::sessions;
use crate::db::users::User;
use crate::http::envelope::Envelope;
use crate::http::error::ApiResult;
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

/// A sign-in's outcome: the answer's body, the refresh cookie when a session
/// started, and the message when it differs from the route's own.
pub(super) struct Started {
    pub data: AuthData,
    pub cookie: Option<String>,
    pub message: Option<&'static str>,
}

pub(super) fn signed_in_response(message: &str, started: Started) -> SignedIn {
    SignedIn::Ok(
        Envelope::ok(started.message.unwrap_or(message), started.data),
        started.cookie,
    )
}

/// The user passed their first factor (a password or a code): a session, or,
/// for an account that signs in with a second factor, a challenge for it and
/// no session yet.
pub(super) async fn signed_in(state: &AppState, user: User) -> ApiResult<Started> {
    if !second_factor::required(&state.config, &user) {
        return start_session(state, user, false).await;
    }
    let enrolled = db::second_factor::factor(&state.db, &user.id)
        .await?
        .is_some_and(|f| f.confirmed_at.is_some());
    let challenge = db::second_factor::challenge(&state.db, &user.id).await?;
    Ok(Started {
        data: AuthData {
            user: None,
            access_token: None,
            existing_user: true,
            second_factor: Some(SecondFactorChallenge {
                challenge,
                enrolled,
                expires_in: db::second_factor::CHALLENGE_TTL_MS / 1000,
            }),
        },
        cookie: None,
        message: Some(if enrolled {
            "Enter the code from your authenticator app"
        } else {
            "Set up your authenticator app to finish signing in"
        }),
    })
}

/// Starts a session: the access token, and the refresh token as a cookie.
pub(super) async fn start_session(
    state: &AppState,
    user: User,
    second_factor: bool,
) -> ApiResult<Started> {
    let issued = sessions::start(
        &state.db,
        &user.id,
        state.config.session_lifetime(),
        second_factor,
    )
    .await?;
    let access = tokens::issue(&state.config, &user.id, user.role, &issued.family);
    Ok(Started {
        data: AuthData {
            user: Some(user.into()),
            access_token: Some(access),
            existing_user: true,
            second_factor: None,
        },
        cookie: Some(refresh_cookie(
            state,
            Some((&issued.refresh_token, issued.expires_at)),
        )),
        message: None,
    })
}
