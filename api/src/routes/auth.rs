//! Sign-up, sign-in (password, e-mail code, phone code), tokens, e-mail
//! verification and password reset.

use poem::Request;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::Tag;
use crate::auth::codes::{self, Channel};
use crate::auth::{BearerAuth, passwords, tokens};
use crate::db::users::{self, NewUser, User};
use crate::db::{Db, email_tokens, now_ms, sessions};
use crate::envelope::{ApiError, ApiResult, Envelope};
use crate::state::AppState;

#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct UserDto {
    #[oai(rename = "_id")]
    pub id: String,
    pub name: String,
    pub email: String,
    #[oai(skip_serializing_if_is_none)]
    pub phone: Option<String>,
    /// `user` or `admin`
    pub role: String,
    pub is_verified: bool,
    pub created_at: i64,
}

impl From<User> for UserDto {
    fn from(u: User) -> UserDto {
        UserDto {
            id: u.id,
            name: u.name,
            email: u.email,
            phone: u.phone,
            role: u.role,
            is_verified: u.is_verified != 0,
            created_at: u.created_at,
        }
    }
}

/// What a sign-in returns. For an e-mail code of an address with no account,
/// `existingUser` is false and there is no user or token yet.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct AuthData {
    #[oai(skip_serializing_if_is_none)]
    pub user: Option<UserDto>,
    #[oai(skip_serializing_if_is_none)]
    pub access_token: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub refresh_token: Option<String>,
    pub existing_user: bool,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct TokenPair {
    pub access_token: String,
    pub refresh_token: String,
}

#[derive(Object)]
pub struct RegisterRequest {
    pub name: String,
    pub email: String,
    pub password: String,
}

#[derive(Object)]
pub struct LoginRequest {
    pub email: String,
    pub password: String,
}

#[derive(Object)]
pub struct EmailRequest {
    pub email: String,
}

#[derive(Object)]
pub struct EmailCodeRequest {
    pub email: String,
    pub code: String,
}

#[derive(Object)]
pub struct PhoneRequest {
    pub phone: String,
}

/// Phone sign-in. A new user also gives `name` and `email`. When `email` is
/// given and has a pending e-mail code, `code` is that e-mail code (the login
/// screen's registration step); otherwise it is the code sent to the phone.
#[derive(Object)]
pub struct PhoneCodeRequest {
    pub phone: String,
    pub code: String,
    pub email: Option<String>,
    pub name: Option<String>,
}

#[derive(Object)]
#[oai(rename_all = "camelCase")]
pub struct RefreshRequest {
    pub refresh_token: String,
}

#[derive(Object)]
#[oai(rename_all = "camelCase")]
pub struct LogoutRequest {
    pub refresh_token: Option<String>,
}

#[derive(Object)]
pub struct TokenRequest {
    pub token: String,
}

#[derive(Object)]
pub struct ResetRequest {
    pub token: String,
    pub password: String,
}

#[derive(ApiResponse)]
pub enum Created {
    /// The account was created and signed in.
    #[oai(status = 201)]
    Created(Json<Envelope<AuthData>>),
}

/// Lower-cases and checks an e-mail address.
pub fn normalise_email(email: &str) -> Result<String, ApiError> {
    let email = email.trim().to_lowercase();
    let valid = email.len() <= 254
        && !email.contains(char::is_whitespace)
        && email.split_once('@').is_some_and(|(local, domain)| {
            !local.is_empty()
                && !domain.contains('@')
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
        });
    if valid {
        Ok(email)
    } else {
        Err(ApiError::bad_request("Please enter a valid email address"))
    }
}

/// Keeps the digits of an Indian mobile number: 10 digits, an optional +91 before.
pub fn normalise_phone(phone: &str) -> Result<String, ApiError> {
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    let digits = match digits.len() {
        12 if digits.starts_with("91") => digits[2..].to_string(),
        _ => digits,
    };
    if digits.len() == 10 && !digits.starts_with('0') {
        Ok(digits)
    } else {
        Err(ApiError::bad_request(
            "Please enter a valid 10-digit mobile number",
        ))
    }
}

fn client_of(req: &Request) -> String {
    req.remote_addr()
        .as_socket_addr()
        .map(|a| a.ip().to_string())
        .unwrap_or_else(|| "unknown".into())
}

async fn signed_in(state: &AppState, user: User) -> ApiResult<AuthData> {
    let issued = sessions::start(&state.db, &user.id, state.config.refresh_token_days).await?;
    let access = tokens::issue(&state.config, &user.id, &user.role, &issued.family);
    Ok(AuthData {
        user: Some(user.into()),
        access_token: Some(access),
        refresh_token: Some(issued.refresh_token),
        existing_user: true,
    })
}

async fn send_verification(db: &Db, user: &User) -> ApiResult<()> {
    let token = email_tokens::create(db, &user.id, "verify", 24 * 3600 * 1000).await?;
    let body = format!("Confirm your e-mail address: /verify-email?token={token}");
    email_tokens::mail(db, &user.email, "Confirm your e-mail address", &body).await
}

pub struct AuthApi;

#[OpenApi(tag = "Tag::Auth")]
impl AuthApi {
    /// Create an account with a password; signs in and sends a verification e-mail.
    #[oai(path = "/auth/register", method = "post")]
    async fn register(
        &self,
        state: Data<&AppState>,
        body: Json<RegisterRequest>,
    ) -> ApiResult<Created> {
        let name = body.name.trim();
        if name.is_empty() {
            return Err(ApiError::bad_request("Please enter your name"));
        }
        let email = normalise_email(&body.email)?;
        passwords::check_strength(&body.password)?;
        if users::by_email(&state.db, &email).await?.is_some() {
            return Err(ApiError::conflict(
                "An account with this email already exists",
            ));
        }
        let hash = passwords::hash(body.password.clone()).await?;
        let user = users::create(
            &state.db,
            NewUser {
                name,
                email: &email,
                phone: None,
                password_hash: Some(hash),
                role: "user",
                verified: false,
            },
        )
        .await?;
        send_verification(&state.db, &user).await?;
        Ok(Created::Created(Envelope::ok(
            "Registration successful",
            signed_in(&state, user).await?,
        )))
    }

    /// Sign in with e-mail and password.
    #[oai(path = "/auth/login", method = "post")]
    async fn login(
        &self,
        state: Data<&AppState>,
        body: Json<LoginRequest>,
    ) -> ApiResult<Json<Envelope<AuthData>>> {
        let email = normalise_email(&body.email).unwrap_or_default();
        let user = users::by_email(&state.db, &email).await?;
        let user_hash = user.as_ref().and_then(|u| u.password_hash.clone());
        match (user, user_hash) {
            (Some(user), Some(stored)) => {
                if passwords::verify(body.password.clone(), stored).await? {
                    Ok(Envelope::ok(
                        "Login successful",
                        signed_in(&state, user).await?,
                    ))
                } else {
                    Err(ApiError::unauthorized("Invalid email or password"))
                }
            }
            _ => {
                // As costly as a real check, so the answer's timing does not tell whether the address exists.
                passwords::hash(body.password.clone()).await?;
                Err(ApiError::unauthorized("Invalid email or password"))
            }
        }
    }

    /// Send a 6-digit sign-in code to an e-mail address.
    #[oai(path = "/auth/otp/email/send", method = "post")]
    async fn email_send(
        &self,
        state: Data<&AppState>,
        req: &Request,
        body: Json<EmailRequest>,
    ) -> ApiResult<Json<Envelope<bool>>> {
        let email = normalise_email(&body.email)?;
        codes::send(
            &state.db,
            &state.config.jwt_secret,
            Channel::Email,
            &email,
            &client_of(req),
        )
        .await?;
        Ok(Envelope::ok("OTP sent to your email", true))
    }

    /// Check an e-mail code. An existing user is signed in; for a new address
    /// `existingUser` is false and the code stays valid for the registration step.
    #[oai(path = "/auth/otp/email/verify", method = "post")]
    async fn email_verify(
        &self,
        state: Data<&AppState>,
        body: Json<EmailCodeRequest>,
    ) -> ApiResult<Json<Envelope<AuthData>>> {
        let email = normalise_email(&body.email)?;
        let secret = &state.config.jwt_secret;
        match users::by_email(&state.db, &email).await? {
            Some(user) => {
                codes::verify(&state.db, secret, Channel::Email, &email, &body.code, true).await?;
                users::set_verified(&state.db, &user.id).await?;
                let user = users::by_id(&state.db, &user.id).await?.unwrap_or(user);
                Ok(Envelope::ok(
                    "Login successful",
                    signed_in(&state, user).await?,
                ))
            }
            None => {
                codes::verify(&state.db, secret, Channel::Email, &email, &body.code, false).await?;
                let data = AuthData {
                    user: None,
                    access_token: None,
                    refresh_token: None,
                    existing_user: false,
                };
                Ok(Envelope::ok("Enter your details to continue", data))
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
    ) -> ApiResult<Json<Envelope<bool>>> {
        let phone = normalise_phone(&body.phone)?;
        codes::send(
            &state.db,
            &state.config.jwt_secret,
            Channel::Phone,
            &phone,
            &client_of(req),
        )
        .await?;
        Ok(Envelope::ok("OTP sent to your phone", true))
    }

    /// Sign in (or register, with name and e-mail) with a code.
    #[oai(path = "/auth/otp/phone/verify", method = "post")]
    async fn phone_verify(
        &self,
        state: Data<&AppState>,
        body: Json<PhoneCodeRequest>,
    ) -> ApiResult<Json<Envelope<AuthData>>> {
        let phone = normalise_phone(&body.phone)?;
        let email = body
            .email
            .as_deref()
            .filter(|e| !e.trim().is_empty())
            .map(normalise_email)
            .transpose()?;
        let name = body
            .name
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty());
        let secret = &state.config.jwt_secret;
        let by_phone = users::by_phone(&state.db, &phone).await?;
        let by_email = match &email {
            Some(e) => users::by_email(&state.db, e).await?,
            None => None,
        };
        // Asked before a code is spent, so a missing detail costs no code.
        if by_phone.is_none() && by_email.is_none() && (email.is_none() || name.is_none()) {
            return Err(ApiError::bad_request(
                "Please enter your name and email to register",
            ));
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
        // account to whoever types its phone number or e-mail).
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
            }));
        }
        if existing.is_none() && (email.is_none() || name.is_none()) {
            return Err(ApiError::bad_request(
                "Please enter your name and email to register",
            ));
        }
        let user = match existing {
            Some(user) => user,
            None => {
                let user = users::create(
                    &state.db,
                    NewUser {
                        name: name.unwrap_or_default(),
                        email: email.as_deref().unwrap_or_default(),
                        phone: Some(&phone),
                        password_hash: None,
                        role: "user",
                        verified: true,
                    },
                )
                .await?;
                let data = signed_in(&state, user).await?;
                return Ok(Envelope::ok(
                    "Registration successful! Logging you in...",
                    AuthData {
                        existing_user: false,
                        ..data
                    },
                ));
            }
        };
        Ok(Envelope::ok(
            "Login successful",
            signed_in(&state, user).await?,
        ))
    }

    /// The signed-in user.
    #[oai(path = "/auth/me", method = "get")]
    async fn me(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
    ) -> ApiResult<Json<Envelope<UserDto>>> {
        let user = users::by_id(&state.db, &auth.0.id)
            .await?
            .ok_or_else(|| ApiError::unauthorized("Please log in"))?;
        Ok(Envelope::ok("User fetched", user.into()))
    }

    /// Exchange a refresh token for a new pair. Each refresh token works once;
    /// presenting one again ends that session everywhere.
    #[oai(path = "/auth/refresh", method = "post")]
    async fn refresh(
        &self,
        state: Data<&AppState>,
        body: Json<RefreshRequest>,
    ) -> ApiResult<Json<Envelope<TokenPair>>> {
        let (user_id, issued) = sessions::rotate(
            &state.db,
            body.refresh_token.trim(),
            state.config.refresh_token_days,
        )
        .await?;
        let user = users::by_id(&state.db, &user_id)
            .await?
            .ok_or_else(|| ApiError::unauthorized("Please log in"))?;
        let access_token = tokens::issue(&state.config, &user.id, &user.role, &issued.family);
        Ok(Envelope::ok(
            "Token refreshed",
            TokenPair {
                access_token,
                refresh_token: issued.refresh_token,
            },
        ))
    }

    /// End the session: its access and refresh tokens stop working.
    #[oai(path = "/auth/logout", method = "post")]
    async fn logout(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: Json<LogoutRequest>,
    ) -> ApiResult<Json<Envelope<bool>>> {
        sessions::revoke_family(&state.db, &auth.0.family).await?;
        if let Some(token) = &body.refresh_token
            && let Ok((_, issued)) = sessions::rotate(&state.db, token, 1).await
        {
            sessions::revoke_family(&state.db, &issued.family).await?;
        }
        Ok(Envelope::ok("Logged out", true))
    }

    /// Confirm an e-mail address with the token from the verification e-mail.
    #[oai(path = "/auth/verify-email", method = "post")]
    async fn verify_email(
        &self,
        state: Data<&AppState>,
        body: Json<TokenRequest>,
    ) -> ApiResult<Json<Envelope<bool>>> {
        let user_id = email_tokens::consume(&state.db, body.token.trim(), "verify").await?;
        users::set_verified(&state.db, &user_id).await?;
        Ok(Envelope::ok("Email verified", true))
    }

    /// Send a password-reset link (the answer is the same whether or not the address has an account).
    #[oai(path = "/auth/forgot-password", method = "post")]
    async fn forgot_password(
        &self,
        state: Data<&AppState>,
        body: Json<EmailRequest>,
    ) -> ApiResult<Json<Envelope<bool>>> {
        let email = normalise_email(&body.email)?;
        if let Some(user) = users::by_email(&state.db, &email).await? {
            let token = email_tokens::create(&state.db, &user.id, "reset", 3600 * 1000).await?;
            let body = format!("Reset your password within an hour: /reset-password?token={token}");
            email_tokens::mail(&state.db, &user.email, "Reset your password", &body).await?;
        }
        Ok(Envelope::ok(
            "If an account exists for this email, a reset link has been sent",
            true,
        ))
    }

    /// Set a new password with the token from the reset e-mail; signs out every session.
    #[oai(path = "/auth/reset-password", method = "post")]
    async fn reset_password(
        &self,
        state: Data<&AppState>,
        body: Json<ResetRequest>,
    ) -> ApiResult<Json<Envelope<bool>>> {
        passwords::check_strength(&body.password)?;
        let user_id = email_tokens::consume(&state.db, body.token.trim(), "reset").await?;
        let hash = passwords::hash(body.password.clone()).await?;
        users::set_password(&state.db, &user_id, &hash).await?;
        sqlx::query(
            "UPDATE sessions SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL",
        )
        .bind(now_ms())
        .bind(&user_id)
        .execute(&state.db)
        .await?;
        Ok(Envelope::ok(
            "Password has been reset. Please log in.",
            true,
        ))
    }
}
