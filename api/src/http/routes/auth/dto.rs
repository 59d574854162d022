//! The auth routes' request and response bodies.

use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object};

use crate::db::users::User;
use crate::domain::Role;
use crate::http::envelope::Envelope;

#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct UserDto {
    #[oai(rename = "_id")]
    pub id: String,
    pub name: String,
    pub email: String,
    #[oai(skip_serializing_if_is_none)]
    pub phone: Option<String>,
    pub role: Role,
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
/// `existingUser` is false and there is no user or token yet. The refresh
/// token is never in the body: it comes as the HttpOnly `refresh_token`
/// cookie (`Set-Cookie`), out of reach of the page's scripts.
///
/// `secondFactor` is present when the account signs in with a second factor
/// (an admin in production): the first factor passed, but there is no
/// session (no user, no token) until `POST /auth/2fa/verify` takes a code
/// with its challenge, after `POST /auth/2fa/enroll` when not yet `enrolled`.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct AuthData {
    #[oai(skip_serializing_if_is_none)]
    pub user: Option<UserDto>,
    #[oai(skip_serializing_if_is_none)]
    pub access_token: Option<String>,
    pub existing_user: bool,
    #[oai(skip_serializing_if_is_none)]
    pub second_factor: Option<SecondFactorChallenge>,
}

/// The second step of an admin's sign-in.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct SecondFactorChallenge {
    /// Single use, valid for `expiresIn` seconds; send it with the code.
    pub challenge: String,
    /// Whether an authenticator app is set up; if not, enrol first.
    pub enrolled: bool,
    pub expires_in: i64,
}

#[derive(Object)]
pub struct ChallengeRequest {
    pub challenge: String,
}

#[derive(Object)]
pub struct SecondFactorCodeRequest {
    pub challenge: String,
    /// The 6-digit code from the authenticator app, or a recovery code (`xxxxx-xxxxx`).
    pub code: String,
}

/// What the authenticator app is given, shown once: scan `qrSvg` (or type
/// `secret`), keep the recovery codes, then send a code to `POST /auth/2fa/verify`.
#[derive(Object)]
#[oai(rename_all = "camelCase")]
pub struct Enrolment {
    /// The TOTP secret in base32, to type in by hand.
    pub secret: String,
    /// The `otpauth://totp/...` URI the QR code holds.
    pub otpauth_uri: String,
    /// The URI as a QR code, an SVG document.
    pub qr_svg: String,
    /// Ten one-time codes for when the app is not at hand; each works once.
    pub recovery_codes: Vec<String>,
}

/// A renewed session's access token; the new refresh token is in the cookie.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct AccessToken {
    pub access_token: String,
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

/// The web app sends `{}` and its cookie; other clients may send the token
/// they took from the `refresh_token` cookie instead.
#[derive(Object)]
#[oai(rename_all = "camelCase")]
pub struct RefreshRequest {
    pub refresh_token: Option<String>,
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

#[derive(Object)]
#[oai(rename_all = "camelCase")]
pub struct ChangePasswordRequest {
    pub current_password: String,
    pub new_password: String,
}

#[derive(ApiResponse)]
pub enum Created {
    /// The account was created and signed in; the refresh token is set as an HttpOnly cookie.
    #[oai(status = 201)]
    Created(
        Json<Envelope<AuthData>>,
        #[oai(header = "Set-Cookie")] Option<String>,
    ),
}

#[derive(ApiResponse)]
pub enum SignedIn {
    /// Signed in (or, for a new e-mail address, the code checked); the refresh
    /// token is set as an HttpOnly cookie.
    #[oai(status = 200)]
    Ok(
        Json<Envelope<AuthData>>,
        #[oai(header = "Set-Cookie")] Option<String>,
    ),
}

#[derive(ApiResponse)]
pub enum Refreshed {
    /// A new access token; the refresh cookie is replaced by a new one.
    #[oai(status = 200)]
    Ok(
        Json<Envelope<AccessToken>>,
        #[oai(header = "Set-Cookie")] Option<String>,
    ),
}

#[derive(ApiResponse)]
pub enum LoggedOut {
    /// The session ended; the refresh cookie is cleared.
    #[oai(status = 200)]
    Ok(Json<Envelope<bool>>, #[oai(header = "Set-Cookie")] String),
}
