//! The second step of an admin's sign-in: enrolling an authenticator app
//! (TOTP, RFC 6238) and checking its codes or a recovery code. A first
//! factor (password or e-mail code) hands out a challenge instead of a
//! session (`session::signed_in`); these routes turn it into one.
//!
//! Wrong codes are counted per account in the database, over 24 hours from
//! the first (the database's clock): the 5th e-mails the admin, the 10th
//! locks the factor (every code refused, 429) and e-mails a single-use unlock
//! link (`POST /auth/2fa/unlock`, or `api reset-second-factor --unlock`). A
//! right code before the lock starts the count again.

use poem::Request;
use poem::web::Data;
use poem_openapi::OpenApi;
use poem_openapi::payload::Json;

use super::Tag;
use super::dto::*;
use super::outreach::{check_verify_limits, link, tell_owner};
use super::session::{signed_in_response, start_session};
use crate::core::accounts::second_factor as factor;
use crate::core::messages::accounts as messages;
use crate::db::clock;
use crate::db::second_factor as stored;
use crate::db::second_factor::{WRONG_CODES_LOCK, WRONG_CODES_WARNING};
use crate::db::users;
use crate::db::users::User;
use crate::http::envelope::Envelope;
use crate::http::error::{ApiError, ApiResult};
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::limits::{Door, client_key};
use crate::mail;
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
    /// At most 5 codes per account, then one every 5 minutes. The 10th wrong
    /// code in 24 hours locks the factor: every code is then refused (429)
    /// until the unlock link e-mailed to the admin is used.
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
        let now = clock::now_ms(&state.db).await?;
        if let Some(expires) = stored::locked(&state.db, &user.id).await? {
            let expires = if expires <= now {
                // The link expired (or never left): this attempt sends another.
                if let Some(token) = stored::renew_unlock(&state.db, &user.id, now).await? {
                    mail_unlock_link(&state, &user, &token).await;
                }
                now + stored::UNLOCK_TTL_MS
            } else {
                expires
            };
            return Err(locked(expires - now).into());
        }
        let key = state.config.code_secret.expose();
        let code = body.code.trim();
        let digits: String = code.chars().filter(|c| !c.is_whitespace()).collect();
        let mut recovery_used = false;
        if digits.len() == 6 && digits.bytes().all(|b| b.is_ascii_digit()) {
            let secret = factor::open(key, &user.id, &enrolled.secret)?;
            let Some(step) = factor::totp(secret, &user.email)?.check_current(&digits) else {
                return Err(wrong_code_counted(&state, &user, now).await.into());
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
                return Err(wrong_code_counted(&state, &user, now).await.into());
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
        stored::clear_wrong(&state.db, &user.id).await?;
        let left = if recovery_used {
            Some(stored::recovery_codes_left(&state.db, &user.id).await?)
        } else {
            None
        };
        let seller = &state.config.company;
        if let Some(left) = left {
            let letter = messages::recovery_code_used(left, seller);
            tell_owner(&state, &user.email, letter).await;
        } else if enrolled.confirmed_at.is_none() {
            tell_owner(&state, &user.email, messages::authenticator_set_up(seller)).await;
        }
        let started = start_session(&state, user, true).await?;
        Ok(match left {
            Some(left) => {
                signed_in_response(&messages::signed_in_with_recovery_code(left), started)
            }
            None => signed_in_response("Login successful", started),
        })
    }

    /// Unlock a second factor locked after 10 wrong codes, with the token of
    /// the link e-mailed to the admin (`/unlock-second-factor?token=`; single
    /// use, valid 24 hours). The count of wrong codes starts again; sign in again.
    #[oai(path = "/auth/2fa/unlock", method = "post")]
    async fn unlock(
        &self,
        state: Data<&AppState>,
        req: &Request,
        body: Json<TokenRequest>,
    ) -> Result<Json<Envelope<bool>>, Fails<{ BODY | TOO_MANY }>> {
        check_verify_limits(&state, req, None).await?;
        let now = clock::now_ms(&state.db).await?;
        let user_id = stored::unlock_with(&state.db, body.token.trim(), now).await?;
        tracing::info!(user = user_id, "second factor unlocked by its link");
        Ok(Envelope::ok(
            "Your second factor is unlocked. Please sign in again.",
            true,
        ))
    }
}

fn wrong_code() -> ApiError {
    ApiError::bad_request(
        "Wrong code. Enter the current code from your authenticator app, or a recovery code.",
    )
}

/// The answer while the factor is locked; `Retry-After` is how long the
/// e-mailed link still works (after that, an attempt sends a new one).
fn locked(link_ms: i64) -> ApiError {
    messages::second_factor_locked((link_ms.max(1000) / 1000) as u64).into()
}

/// Counts a wrong code: the 5th in 24 hours warns the admin, the 10th locks
/// the factor and mails the unlock link. The answer to give.
async fn wrong_code_counted(state: &AppState, user: &User, now: i64) -> ApiError {
    let n = match stored::count_wrong(&state.db, &user.id, now).await {
        Ok(Some(n)) => n,
        // Locked meanwhile by a parallel attempt.
        Ok(None) => WRONG_CODES_LOCK,
        Err(e) => return e.into(),
    };
    if n == WRONG_CODES_WARNING {
        tracing::warn!(user = user.id, "five wrong second-factor codes");
        let letter = messages::wrong_second_factor_codes(&state.config.company);
        tell_owner(state, &user.email, letter).await;
    }
    if n < WRONG_CODES_LOCK {
        return wrong_code();
    }
    match stored::lock(&state.db, &user.id, now).await {
        Ok(Some(token)) => {
            tracing::warn!(user = user.id, "second factor locked after wrong codes");
            mail_unlock_link(state, user, &token).await;
        }
        Ok(None) => {}
        Err(e) => return e.into(),
    }
    locked(stored::UNLOCK_TTL_MS)
}

/// E-mails the unlock link (a secret: never kept in production's outbox). A
/// link that could not be sent is ended, so the next attempt sends another.
async fn mail_unlock_link(state: &AppState, user: &User, token: &str) {
    let letter = messages::unlock_second_factor(&link(state, "/unlock-second-factor", token));
    let sent = state
        .mailer
        .send_secret(mail::Message {
            channel: mail::Channel::Email,
            to: &user.email,
            subject: &letter.subject,
            body: letter.body,
            code: None,
            language: user.language,
        })
        .await;
    if sent.is_err() {
        tracing::warn!(user = user.id, "could not send an unlock link");
        if let Err(e) = stored::expire_unlock(&state.db, &user.id).await {
            tracing::warn!(error = %e, "could not end an unsent unlock link");
        }
    }
}
