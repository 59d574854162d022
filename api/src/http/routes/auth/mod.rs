//! Sign-up, sign-in (password, e-mail code, phone code), tokens, e-mail
//! verification and password reset.

use poem::Request;
use poem::web::Data;
use poem_openapi::OpenApi;
use poem_openapi::param::Cookie;
use poem_openapi::payload::Json;

use super::Tag;
use crate::core::accounts::codes;
use crate::core::accounts::codes::Channel;
use crate::core::accounts::tokens;
use crate::core::messages::accounts as messages;
use crate::db::users;
use crate::db::users::NewUser;
use crate::db::{email_tokens, sessions};
use crate::domain::{Email, Phone, Role};
use crate::http::auth::BearerAuth;
use crate::http::envelope::Envelope;
use crate::http::error::ApiError;
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::limits::{Door, client_key};
use crate::mail;
use crate::passwords;
use crate::state::AppState;

mod dto;
mod outreach;
mod second_factor;
mod session;

pub use dto::*;
use outreach::{check_verify_limits, mail_link_later, send_code, tell_owner};
pub use second_factor::SecondFactorApi;
pub use session::REFRESH_COOKIE;
use session::{refresh_cookie, signed_in, signed_in_response};

pub struct AuthApi;

#[OpenApi(tag = "Tag::Auth")]
impl AuthApi {
    /// Create an account with a password; signs in and sends a verification e-mail.
    #[oai(path = "/auth/register", method = "post")]
    async fn register(
        &self,
        state: Data<&AppState>,
        req: &Request,
        body: Json<RegisterRequest>,
    ) -> Result<Created, Fails<{ BODY | CONFLICT | TOO_MANY | UNAVAILABLE }>> {
        state
            .limits
            .check(Door::Register, &client_key(req, &state.config))
            .await?;
        let name = body.name.trim();
        if name.is_empty() || name.chars().count() > 100 {
            return Err(ApiError::bad_request("Please enter your name").into());
        }
        let email = Email::parse(&body.email)?.into_string();
        passwords::check_strength(&body.password, &[name, &email])?;
        if users::by_email(&state.db, &email).await?.is_some() {
            return Err(ApiError::conflict("An account with this email already exists").into());
        }
        let hash = state.hasher.hash(body.password.clone()).await?;
        let user = users::create(
            &state.db,
            NewUser {
                name,
                email: &email,
                phone: None,
                phone_verified: false,
                password_hash: Some(hash),
                role: Role::User,
                verified: false,
                language: crate::http::language::visitor(req),
            },
        )
        .await?;
        mail_link_later(&state, user.clone(), email_tokens::Purpose::Verify);
        let started = signed_in(&state, user).await?;
        Ok(Created::Created(
            Envelope::ok("Registration successful", started.data),
            started.cookie,
        ))
    }

    /// Sign in with e-mail and password.
    #[oai(path = "/auth/login", method = "post")]
    async fn login(
        &self,
        state: Data<&AppState>,
        req: &Request,
        body: Json<LoginRequest>,
    ) -> Result<SignedIn, Fails<{ BODY | UNAUTHORIZED | TOO_MANY | UNAVAILABLE }>> {
        let email = Email::parse(&body.email)
            .map(Email::into_string)
            .unwrap_or_default();
        let client = client_key(req, &state.config);
        state.limits.check(Door::LoginClient, &client).await?;
        state
            .limits
            .check(Door::LoginAccountClient, &format!("{email}\0{client}"))
            .await?;
        state.limits.check(Door::LoginAccount, &email).await?;
        if body.password.len() > passwords::MAX_PASSWORD_BYTES {
            return Err(ApiError::unauthorized("Invalid email or password").into());
        }
        let user = users::by_email(&state.db, &email).await?;
        let user_hash = user.as_ref().and_then(|u| u.password_hash.clone());
        match (user, user_hash) {
            (Some(user), Some(stored)) => {
                if state.hasher.verify(body.password.clone(), stored).await? {
                    let started = signed_in(&state, user).await?;
                    Ok(signed_in_response("Login successful", started))
                } else {
                    Err(ApiError::unauthorized("Invalid email or password").into())
                }
            }
            _ => {
                // As costly as a real check, so the answer's timing does not tell whether the address exists.
                state.hasher.hash(body.password.clone()).await?;
                Err(ApiError::unauthorized("Invalid email or password").into())
            }
        }
    }

    /// Send a 6-digit sign-in code to an e-mail address (the answer is the same
    /// whether or not the address has an account).
    #[oai(path = "/auth/otp/email/send", method = "post")]
    async fn email_send(
        &self,
        state: Data<&AppState>,
        req: &Request,
        body: Json<EmailRequest>,
    ) -> Result<Json<Envelope<bool>>, Fails<{ BODY | TOO_MANY | UNAVAILABLE }>> {
        let email = Email::parse(&body.email)?.into_string();
        send_code(&state, req, Channel::Email, &email).await?;
        Ok(Envelope::ok("OTP sent to your email", true))
    }

    /// Check an e-mail code. An existing user is signed in; for a new address
    /// `existingUser` is false and the code stays valid for the registration step.
    /// The first proof of an address ends any password and session set up before it.
    #[oai(path = "/auth/otp/email/verify", method = "post")]
    async fn email_verify(
        &self,
        state: Data<&AppState>,
        req: &Request,
        body: Json<EmailCodeRequest>,
    ) -> Result<SignedIn, Fails<{ BODY | CONFLICT | TOO_MANY | UNAVAILABLE }>> {
        let email = Email::parse(&body.email)?.into_string();
        check_verify_limits(&state, req, Some(&email)).await?;
        let secret = state.config.code_secret.expose();
        match users::by_email(&state.db, &email).await? {
            Some(user) => {
                codes::verify(&state.db, secret, Channel::Email, &email, &body.code, true).await?;
                users::prove_email(&state.db, &user.id).await?;
                let user = users::by_id(&state.db, &user.id).await?.unwrap_or(user);
                let started = signed_in(&state, user).await?;
                Ok(signed_in_response("Login successful", started))
            }
            None => {
                codes::verify(&state.db, secret, Channel::Email, &email, &body.code, false).await?;
                let data = AuthData {
                    user: None,
                    access_token: None,
                    existing_user: false,
                    second_factor: None,
                };
                Ok(SignedIn::Ok(
                    Envelope::ok("Enter your details to continue", data),
                    None,
                ))
            }
        }
    }

    /// Send a 6-digit sign-in code by SMS.
    #[oai(path = "/auth/otp/phone/send", method = "post")]
    async fn phone_send(
        &self,
        state: Data<&AppState>,
        req: &Request,
        body: Json<PhoneRequest>,
    ) -> Result<Json<Envelope<bool>>, Fails<{ BODY | TOO_MANY | UNAVAILABLE }>> {
        let phone = Phone::parse(&body.phone)?.into_string();
        send_code(&state, req, Channel::Phone, &phone).await?;
        Ok(Envelope::ok("OTP sent to your phone", true))
    }

    /// Sign in (or register, with name and e-mail) with a code.
    #[oai(path = "/auth/otp/phone/verify", method = "post")]
    async fn phone_verify(
        &self,
        state: Data<&AppState>,
        req: &Request,
        body: Json<PhoneCodeRequest>,
    ) -> Result<SignedIn, Fails<{ BODY | CONFLICT | TOO_MANY | UNAVAILABLE }>> {
        let phone = Phone::parse(&body.phone)?.into_string();
        let email = body
            .email
            .as_deref()
            .filter(|e| !e.trim().is_empty())
            .map(|e| Email::parse(e).map(Email::into_string))
            .transpose()?;
        let name = body
            .name
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty() && n.chars().count() <= 100);
        check_verify_limits(&state, req, Some(&phone)).await?;
        if let Some(e) = &email {
            state.limits.check(Door::VerifyTarget, e).await?;
        }
        let secret = state.config.code_secret.expose();
        let by_phone = users::by_phone(&state.db, &phone).await?;
        let by_email = match &email {
            Some(e) => users::by_email(&state.db, e).await?,
            None => None,
        };
        // Asked before a code is spent, so a missing detail costs no code.
        if by_phone.is_none() && by_email.is_none() && (email.is_none() || name.is_none()) {
            return Err(
                ApiError::bad_request("Please enter your name and email to register").into(),
            );
        }
        // The registration step of the e-mail flow presents the e-mail code.
        let email_proven = match &email {
            Some(e) => codes::verify(&state.db, secret, Channel::Email, e, &body.code, true)
                .await
                .is_ok(),
            None => false,
        };
        if !email_proven {
            codes::verify(&state.db, secret, Channel::Phone, &phone, &body.code, true).await?;
        }
        // The account is the one whose address the code proved: never one
        // found by the other, unproven detail (that would hand a stranger's
        // account to whoever types its phone number or e-mail). A number that
        // was only typed at registration, never proven, signs nobody in and
        // yields to whoever proves it.
        let by_phone = match by_phone {
            Some(u) if u.phone_verified == 0 && !email_proven => {
                users::release_unproven_phone(&state.db, &phone).await?;
                None
            }
            other => other,
        };
        let (existing, other) = if email_proven {
            (by_email, by_phone)
        } else {
            (by_phone, by_email)
        };
        if existing.is_none() && other.is_some() {
            return Err(ApiError::conflict(if email_proven {
                "This mobile number is already registered to another account"
            } else {
                "This email is already registered. Please sign in with your email."
            })
            .into());
        }
        if existing.is_none() && (email.is_none() || name.is_none()) {
            return Err(
                ApiError::bad_request("Please enter your name and email to register").into(),
            );
        }
        let user = match existing {
            Some(user) => {
                if email_proven {
                    users::prove_email(&state.db, &user.id).await?;
                }
                users::by_id(&state.db, &user.id).await?.unwrap_or(user)
            }
            None => {
                let user = users::create(
                    &state.db,
                    NewUser {
                        name: name.unwrap_or_default(),
                        email: email.as_deref().unwrap_or_default(),
                        phone: Some(&phone),
                        phone_verified: !email_proven,
                        password_hash: None,
                        role: Role::User,
                        // A phone code proves the phone only; the e-mail is
                        // proven when the e-mail code was the one presented.
                        verified: email_proven,
                        language: crate::http::language::visitor(req),
                    },
                )
                .await?;
                let mut started = signed_in(&state, user).await?;
                started.data.existing_user = false;
                return Ok(signed_in_response(
                    "Registration successful! Logging you in...",
                    started,
                ));
            }
        };
        let started = signed_in(&state, user).await?;
        Ok(signed_in_response("Login successful", started))
    }

    /// The signed-in user.
    #[oai(path = "/auth/me", method = "get")]
    async fn me(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
    ) -> Result<Json<Envelope<UserDto>>, Fails<{ USER }>> {
        let user = users::by_id(&state.db, &auth.0.id)
            .await?
            .ok_or_else(|| ApiError::unauthorized("Please log in"))?;
        Ok(Envelope::ok("User fetched", user.into()))
    }

    /// Exchange a refresh token (the body's, or else the `refresh_token`
    /// cookie) for a new access token and a new refresh cookie. Each refresh
    /// token works once; presenting one again ends that session everywhere,
    /// except within 30 s of its use while its successor is unused (a lost
    /// answer, refreshes racing with one cookie): that same successor again. A
    /// session ends `SESSION_MAX_DAYS` after its sign-in however often it is
    /// refreshed. An admin's session that did not pass a second factor (while
    /// they are required) is ended instead.
    #[oai(path = "/auth/refresh", method = "post")]
    async fn refresh(
        &self,
        state: Data<&AppState>,
        body: Json<RefreshRequest>,
        #[oai(name = "refresh_token")] cookie: Cookie<Option<String>>,
    ) -> Result<Refreshed, Fails<{ BODY | UNAUTHORIZED }>> {
        let token = body
            .refresh_token
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .or(cookie.0.as_deref())
            .ok_or_else(|| ApiError::unauthorized("Session expired. Please log in again."))?;
        let (user_id, issued) = sessions::rotate(
            &state.db,
            token,
            state.config.session_lifetime(),
            state.config.jwt_secret.expose(),
        )
        .await?;
        let user = users::by_id(&state.db, &user_id)
            .await?
            .ok_or_else(|| ApiError::unauthorized("Please log in"))?;
        // A session that became an admin's without a second factor (made
        // admin while signed in) does not carry on as one: sign in again.
        if crate::core::accounts::second_factor::required(&state.config, &user)
            && !issued.second_factor
        {
            sessions::revoke_family(&state.db, &issued.family).await?;
            return Err(
                ApiError::unauthorized("Please sign in again with your second factor.").into(),
            );
        }
        let access_token = tokens::issue(&state.config, &user.id, user.role, &issued.family);
        let cookie = refresh_cookie(&state, Some((&issued.refresh_token, issued.expires_at)));
        Ok(Refreshed::Ok(
            Envelope::ok("Token refreshed", AccessToken { access_token }),
            Some(cookie),
        ))
    }

    /// End the session: its access and refresh tokens stop working, and the
    /// refresh cookie is cleared.
    #[oai(path = "/auth/logout", method = "post")]
    async fn logout(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: Json<LogoutRequest>,
        #[oai(name = "refresh_token")] cookie: Cookie<Option<String>>,
    ) -> Result<LoggedOut, Fails<{ USER | BODY }>> {
        sessions::revoke_family(&state.db, &auth.0.family).await?;
        for token in [body.refresh_token.as_deref(), cookie.0.as_deref()]
            .into_iter()
            .flatten()
        {
            if let Some(family) = sessions::family_of(&state.db, token, &auth.0.id).await? {
                sessions::revoke_family(&state.db, &family).await?;
            }
        }
        Ok(LoggedOut::Ok(
            Envelope::ok("Logged out", true),
            refresh_cookie(&state, None),
        ))
    }

    /// Confirm an e-mail address with the token from the verification e-mail.
    /// Proving the address for the first time ends every password and session
    /// set up before (they may be a stranger's); sign in again with a code.
    #[oai(path = "/auth/verify-email", method = "post")]
    async fn verify_email(
        &self,
        state: Data<&AppState>,
        req: &Request,
        body: Json<TokenRequest>,
    ) -> Result<Json<Envelope<bool>>, Fails<{ BODY | TOO_MANY }>> {
        check_verify_limits(&state, req, None).await?;
        let user_id =
            email_tokens::consume(&state.db, body.token.trim(), email_tokens::Purpose::Verify)
                .await?;
        let message = if users::prove_email(&state.db, &user_id).await? {
            "Email verified. Please sign in again."
        } else {
            "Email verified"
        };
        Ok(Envelope::ok(message, true))
    }

    /// Send a password-reset link (the answer, and its timing, are the same
    /// whether or not the address has an account).
    #[oai(path = "/auth/forgot-password", method = "post")]
    async fn forgot_password(
        &self,
        state: Data<&AppState>,
        req: &Request,
        body: Json<EmailRequest>,
    ) -> Result<Json<Envelope<bool>>, Fails<{ BODY | TOO_MANY | UNAVAILABLE }>> {
        let email = Email::parse(&body.email)?.into_string();
        state
            .limits
            .check(Door::ForgotClient, &client_key(req, &state.config))
            .await?;
        state.limits.check(Door::ForgotTarget, &email).await?;
        state.mailer.check_available(mail::Channel::Email)?;
        if let Some(user) = users::by_email(&state.db, &email).await? {
            mail_link_later(&state, user, email_tokens::Purpose::Reset);
        }
        Ok(Envelope::ok(
            "If an account exists for this email, a reset link has been sent",
            true,
        ))
    }

    /// Set a new password with the token from the reset e-mail; signs out every session.
    /// A weak or common password (or one made of the user's name or e-mail) is
    /// refused with the reason, and the link stays usable.
    #[oai(path = "/auth/reset-password", method = "post")]
    async fn reset_password(
        &self,
        state: Data<&AppState>,
        req: &Request,
        body: Json<ResetRequest>,
    ) -> Result<Json<Envelope<bool>>, Fails<{ BODY | TOO_MANY | UNAVAILABLE }>> {
        check_verify_limits(&state, req, None).await?;
        let token = body.token.trim();
        let holder = email_tokens::holder(&state.db, token, email_tokens::Purpose::Reset).await?;
        let user = users::by_id(&state.db, &holder)
            .await?
            .ok_or_else(|| ApiError::from(crate::db::DbError::InvalidLink))?;
        passwords::check_strength(&body.password, &[&user.name, &user.email])?;
        let user_id = email_tokens::consume(&state.db, token, email_tokens::Purpose::Reset).await?;
        // The link proves the address: first any stranger's password and
        // sessions go, then the owner's new password is set.
        users::prove_email(&state.db, &user_id).await?;
        let hash = state.hasher.hash(body.password.clone()).await?;
        users::set_password(&state.db, &user_id, &hash, None).await?;
        tell_owner(
            &state,
            &user.email,
            messages::password_reset(&state.config.company, user.language),
        )
        .await;
        Ok(Envelope::ok(
            "Password has been reset. Please log in.",
            true,
        ))
    }

    /// Change the signed-in user's password: the current one, then a new one
    /// that is not weak, common or made of the user's name or e-mail. Every
    /// other session ends; this one goes on. An account without a password
    /// (one that signs in with codes) sets one through 'Forgot password?'.
    #[oai(path = "/auth/change-password", method = "post")]
    async fn change_password(
        &self,
        state: Data<&AppState>,
        req: &Request,
        auth: BearerAuth,
        body: Json<ChangePasswordRequest>,
    ) -> Result<Json<Envelope<bool>>, Fails<{ USER | BODY | TOO_MANY | UNAVAILABLE }>> {
        let user = users::by_id(&state.db, &auth.0.id)
            .await?
            .ok_or_else(|| ApiError::unauthorized("Please log in"))?;
        let client = client_key(req, &state.config);
        state.limits.check(Door::LoginClient, &client).await?;
        state.limits.check(Door::LoginAccount, &user.email).await?;
        let Some(stored) = user.password_hash.clone() else {
            return Err(ApiError::bad_request(
                "This account has no password yet. Use 'Forgot password?' to set one.",
            )
            .into());
        };
        passwords::check_strength(&body.new_password, &[&user.name, &user.email])?;
        if body.current_password.len() > passwords::MAX_PASSWORD_BYTES
            || !state
                .hasher
                .verify(body.current_password.clone(), stored)
                .await?
        {
            return Err(ApiError::bad_request("Current password is incorrect").into());
        }
        let hash = state.hasher.hash(body.new_password.clone()).await?;
        users::set_password(&state.db, &user.id, &hash, Some(&auth.0.family)).await?;
        tell_owner(
            &state,
            &user.email,
            messages::password_changed(&state.config.company, user.language),
        )
        .await;
        Ok(Envelope::ok("Password changed", true))
    }
}
