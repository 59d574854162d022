//! The API's errors: every [`Failure`] answered with its status, once, with a
//! body carrying the specification's message (and a stable code where one
//! applies), never an internal cause.

use std::collections::BTreeMap;

use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object};

use crate::error::{Failure, Kind};

/// The body of every error response.
#[derive(Object, Debug, Clone)]
pub struct ErrorBody {
    /// Always false.
    pub success: bool,
    pub message: String,
    /// A stable machine-readable code where one applies (e.g. `BELOW_MINIMUM`).
    #[oai(skip_serializing_if_is_none)]
    pub code: Option<String>,
    /// The values the message names, by name, where its code's text in another
    /// language needs them (the design studio's: `{"size": "M"}`).
    #[oai(skip_serializing_if_is_none)]
    pub values: Option<BTreeMap<String, String>>,
}

/// The one error type of the API: each variant is a status code.
#[derive(ApiResponse, Debug)]
pub enum ApiError {
    /// The request is invalid; nothing was changed.
    #[oai(status = 400)]
    BadRequest(Json<ErrorBody>),
    /// Sign-in is required, or the token is invalid or expired.
    #[oai(status = 401)]
    Unauthorized(Json<ErrorBody>),
    /// Signed in, but not allowed.
    #[oai(status = 403)]
    Forbidden(Json<ErrorBody>),
    /// No such thing (or not yours).
    #[oai(status = 404)]
    NotFound(Json<ErrorBody>),
    /// The request body arrived too slowly (more than 30 s).
    #[oai(status = 408)]
    RequestTimeout(Json<ErrorBody>),
    /// Conflicts with what exists.
    #[oai(status = 409)]
    Conflict(Json<ErrorBody>),
    /// It existed and is no longer available (an expired quote).
    #[oai(status = 410)]
    Gone(Json<ErrorBody>),
    /// The request body is over 1 MiB; it was not read.
    #[oai(status = 413)]
    PayloadTooLarge(Json<ErrorBody>),
    /// A body that is not `application/json` where JSON is expected.
    #[oai(status = 415)]
    UnsupportedMediaType(Json<ErrorBody>),
    /// A file that is not what its name or type says; it was not kept.
    #[oai(status = 422)]
    Unprocessable(Json<ErrorBody>),
    /// Too many requests; `Retry-After` says how many seconds to wait.
    #[oai(status = 429)]
    TooManyRequests(Json<ErrorBody>, #[oai(header = "Retry-After")] u64),
    /// Something went wrong on the server; details are in its log, not here.
    #[oai(status = 500)]
    Internal(Json<ErrorBody>),
    /// The payment provider could not be reached or refused; nothing was charged by this call.
    #[oai(status = 502)]
    BadGateway(Json<ErrorBody>),
    /// A service this call needs is not configured or busy; when busy,
    /// `Retry-After` says how many seconds to wait.
    #[oai(status = 503)]
    ServiceUnavailable(Json<ErrorBody>, #[oai(header = "Retry-After")] Option<u64>),
}

fn body(
    message: String,
    code: Option<String>,
    values: BTreeMap<String, String>,
) -> Json<ErrorBody> {
    Json(ErrorBody {
        success: false,
        message,
        code,
        values: (!values.is_empty()).then_some(values),
    })
}

/// Each kind of failure answered with its status, once.
impl From<Failure> for ApiError {
    fn from(f: Failure) -> ApiError {
        let retry_after = f.retry_after;
        let b = body(f.message, f.code, f.values);
        match f.kind {
            Kind::Invalid => ApiError::BadRequest(b),
            Kind::Unauthenticated => ApiError::Unauthorized(b),
            Kind::Forbidden => ApiError::Forbidden(b),
            Kind::NotFound => ApiError::NotFound(b),
            Kind::TimedOut => ApiError::RequestTimeout(b),
            Kind::Conflict => ApiError::Conflict(b),
            Kind::Gone => ApiError::Gone(b),
            Kind::TooLarge => ApiError::PayloadTooLarge(b),
            Kind::UnsupportedType => ApiError::UnsupportedMediaType(b),
            Kind::Unprocessable => ApiError::Unprocessable(b),
            Kind::TooMany => ApiError::TooManyRequests(b, retry_after.unwrap_or(1)),
            Kind::Internal => ApiError::Internal(b),
            Kind::Upstream => ApiError::BadGateway(b),
            Kind::Unavailable => ApiError::ServiceUnavailable(b, retry_after),
        }
    }
}

/// The routes' own refusals, built as [`Failure`]'s constructors build them.
macro_rules! like_failure {
    ($($name:ident($($arg:ident: $ty:ty),*);)*) => {
        impl ApiError {
            $(pub fn $name($($arg: $ty),*) -> ApiError {
                Failure::$name($($arg),*).into()
            })*
        }
    };
}

like_failure! {
    bad_request(message: impl Into<String>);
    bad_request_code(message: impl Into<String>, code: &str);
    unauthorized(message: impl Into<String>);
    forbidden(message: impl Into<String>);
    not_found(message: impl Into<String>);
    order_not_found();
    conflict(message: impl Into<String>);
    conflict_code(message: impl Into<String>, code: &str);
    too_many(message: impl Into<String>, retry_after_secs: u64);
    request_timeout(message: impl Into<String>);
    payload_too_large(message: impl Into<String>);
    unsupported_type(message: impl Into<String>);
    unprocessable(message: impl Into<String>);
    unavailable(message: impl Into<String>);
    busy(retry_after_secs: u64);
    bad_gateway(message: impl Into<String>, cause: impl std::fmt::Display);
    internal(cause: impl std::fmt::Display);
}

/// What the layers below answer, as their usual HTTP answer.
macro_rules! via_failure {
    ($($ty:ty),*) => {$(
        impl From<$ty> for ApiError {
            fn from(e: $ty) -> ApiError {
                Failure::from(e).into()
            }
        }
    )*};
}

via_failure!(
    design_engine::StudioError,
    sqlx::Error,
    crate::db::DbError,
    serde_json::Error
);

pub type ApiResult<T> = Result<T, ApiError>;
