//! The second step of an admin's sign-in: enrolling an authenticator app
//! (TOTP, RFC 6238) and checking its codes or a recovery code. A first
//! factor (password or e-mail code) hands out a challenge instead of a
//! session (`session::signed_in`); these routes turn it into one.

use poem::Request;
use poem::web::Data;
use poem_openapi::OpenApi;
use poem_openapi::payload::Json;

use super::Tag;
use super::dto::*;
use super::outreach::tell_owner;
use super::session::{signed_in_response, start_session};
use crate::auth::second_factor as factor;
use crate::db::second_factor as stored;
use crate::db::users::{self, User};
use crate::envelope::{ApiError, ApiResult, Envelope};
use crate::fails::Fails;
use crate::fails::status::*;
use crate::limits::{Door, client_key};
use crate::state::AppState;

pub struct SecondFactorApi;

fn sign_in_again() -> ApiError {
    ApiError::unauthorized("Your sign-in has expired. Please sign in again.")
}

/// The user whose open challenge this is (401 when it is not one).
async fn challenged(state: &AppState, req: &Request, challenge: &str) -> ApiResult<User> {
    state
        .limits
        .check(Door::VerifyClient, &client_key(req, &state.config))
        .await?;
    let user_id = stored::challenged(&state.db, challenge.trim())
        .await?
        .ok_or_else(sign_in_again)?;
    users::by_id(&state.db, &user_id)
        .await?
        .ok_or_else(sign_in_again)
}

#[OpenApi(tag = "Tag::Auth")]
impl SecondFactorApi {
    /// Set up an authenticator app, with the challenge of a sign-in whose
    /// second factor is not `enrolled`: a new TOTP secret as a QR code and as
    /// text, and ten one-time recovery codes, all shown only now. Asking again
    /// replaces them until a first code confirms them at `POST /auth/2fa/verify`.
    #[oai(path = "/auth/2fa/enroll", method = "post")]
    async fn enroll(
        &self,
        state: Data<&AppState>,
        req: &Request,
        body: Json<ChallengeRequest>,
    ) -> Result<Json<Envelope<Enrolment>>, Fails<{ BODY | UNAUTHORIZED | CONFLICT | TOO_MANY }>>
    {
        let user = challenged(&state, req, &body.challenge).await?;
        let already = || {
            ApiError::conflict("Your authenticator app is already set up. Enter the code it shows.")
        };
        if stored::factor(&state.db, &user.id)
            .await?
            .is_some_and(|f| f.confirmed_at.is_some())
        {
            return Err(already().into());
        }
        let key = state.config.code_secret.expose();
        let secret = factor::new_secret();
        let shown = factor::enrolment(&factor::totp(secret.clone(), &user.email)?)?;
        let recovery_codes = factor::new_recovery_codes();
        let hashes: Vec<String> = recovery_codes
            .iter()
            .filter_map(|c| factor::normalise_recovery_code(c))
            .map(|c| factor::recovery_hash(key, &user.id, &c))
            .collect();
        let sealed = factor::seal(key, &user.id, &secret)?;
        if !stored::enrol(&state.db, &user.id, &sealed, &hashes).await? {
            return Err(already().into());
        }
        tracing::info!(user = user.id, "second factor enrolment started");
        Ok(Envelope::ok(
            "Scan the QR code with your authenticator app, keep your recovery codes, then enter a code",
            Enrolment {
                secret: shown.secret,
                otpauth_uri: shown.uri,
                qr_svg: shown.qr_svg,
                recovery_codes,
            },
        ))
    }

    /// Finish an admin's sign-in with the challenge and a code: the 6-digit
    /// code from the authenticator app (the first one also confirms a new
    /// enrolment; each works once) or a recovery code (each works once).
    /// Signs in as the first factor would have, with the refresh cookie.
    /// At most 5 codes per account, then one every 5 minutes.
    #[oai(path = "/auth/2fa/verify", method = "post")]
    async fn verify(
        &self,
        state: Data<&AppState>,
        req: &Request,
        body: Json<SecondFactorCodeRequest>,
    ) -> Result<SignedIn, Fails<{ BODY | UNAUTHORIZED | TOO_MANY }>> {
        let user = challenged(&state, req, &body.challenge).await?;
        state
            .limits
            .check(Door::SecondFactorAccount, &user.id)
            .await?;
        let Some(enrolled) = stored::factor(&state.db, &user.id).await? else {
            return Err(
                ApiError::bad_request("Please set up your authenticator app first.").into(),
            );
        };
        let key = state.config.code_secret.expose();
        let code = body.code.trim();
        let digits: String = code.chars().filter(|c| !c.is_whitespace()).collect();
        let mut recovery_used = false;
        if digits.len() == 6 && digits.bytes().all(|b| b.is_ascii_digit()) {
            let secret = factor::open(key, &user.id, &enrolled.secret)?;
            let Some(step) = factor::totp(secret, &user.email)?.check_current(&digits) else {
                return Err(wrong_code().into());
            };
            if !stored::take_step(&state.db, &user.id, step as i64).await? {
                return Err(ApiError::bad_request(
                    "This code was already used. Please wait for the next one.",
                )
                .into());
            }
        } else if let Some(recovery) = factor::normalise_recovery_code(code) {
            if enrolled.confirmed_at.is_none() {
                return Err(ApiError::bad_request(
                    "Enter a code from your authenticator app to finish setting it up.",
                )
                .into());
            }
            let hash = factor::recovery_hash(key, &user.id, &recovery);
            if !stored::use_recovery_code(&state.db, &user.id, &hash).await? {
                return Err(wrong_code().into());
            }
            recovery_used = true;
        } else {
            return Err(ApiError::bad_request(
                "Please enter the 6-digit code from your authenticator app, or a recovery code",
            )
            .into());
        }
        if !stored::close_challenge(&state.db, body.challenge.trim()).await? {
            return Err(sign_in_again().into());
        }
        let left = if recovery_used {
            Some(stored::recovery_codes_left(&state.db, &user.id).await?)
        } else {
            None
        };
        if let Some(left) = left {
            let what = format!(
                "A recovery code was used to sign in to your admin account; {left} are left."
            );
            tell_owner(&state, &user.email, "A recovery code was used", &what).await;
        } else if enrolled.confirmed_at.is_none() {
            tell_owner(
                &state,
                &user.email,
                "An authenticator app was set up",
                "An authenticator app was set up as the second factor of your admin account.",
            )
            .await;
        }
        let started = start_session(&state, user, true).await?;
        Ok(match left {
            Some(left) => signed_in_response(
                &format!("Login successful. You have {left} recovery codes left."),
                started,
            ),
            None => signed_in_response("Login successful", started),
        })
    }
}

fn wrong_code() -> ApiError {
    ApiError::bad_request(
        "Wrong code. Enter the current code from your authenticator app, or a recovery code.",
    )
}
