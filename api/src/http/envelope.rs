//! Every JSON response is `{success, message, data}`; every error is a
//! [`Failure`] answered with its status, carrying the specification's message
//! and never an internal cause.

use poem_openapi::payload::Json;
use poem_openapi::types::{ParseFromJSON, ToJSON};
use poem_openapi::{ApiResponse, Object};

use crate::error::{Failure, Kind};

#[derive(Object, Debug)]
pub struct Envelope<T: ParseFromJSON + ToJSON + Send + Sync> {
    pub success: bool,
    pub message: String,
    pub data: T,
}

impl<T: ParseFromJSON + ToJSON + Send + Sync> Envelope<T> {
    pub fn ok(message: impl Into<String>, data: T) -> Json<Envelope<T>> {
        Json(Envelope {
            success: true,
            message: message.into(),
            data,
        })
    }
}

/// The body of every error response.
#[derive(Object, Debug, Clone)]
pub struct ErrorBody {
    /// Always false.
    pub success: bool,
    pub message: String,
    /// A stable machine-readable code where one applies (e.g. `BELOW_MINIMUM`).
    #[oai(skip_serializing_if_is_none)]
    pub code: Option<String>,
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

fn body(message: String, code: Option<String>) -> Json<ErrorBody> {
    Json(ErrorBody {
        success: false,
        message,
        code,
    })
}

/// Each kind of failure answered with its status, once.
impl From<Failure> for ApiError {
    fn from(f: Failure) -> ApiError {
        let retry_after = f.retry_after;
        let b = body(f.message, f.code);
        match f.kind {
            Kind::Invalid => ApiError::BadRequest(b),
            Kind::Unauthenticated => ApiError::Unauthorized(b),
            Kind::Forbidden => ApiError::Forbidden(b),
            Kind::NotFound => ApiError::NotFound(b),
            Kind::TimedOut => ApiError::RequestTimeout(b),
            Kind::Conflict => ApiError::Conflict(b),
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

/// What a [`TypedBody`] is documented as: its media range in the contract.
pub trait MediaRange: Send {
    const RANGE: &'static str;
}

/// Any picture (`image/*`).
pub struct AnyImage;
impl MediaRange for AnyImage {
    const RANGE: &'static str = "image/*";
}

/// A PNG picture.
pub struct Png;
impl MediaRange for Png {
    const RANGE: &'static str = "image/png";
}

/// Any stored file: models and pictures (`*/*`).
pub struct AnyFile;
impl MediaRange for AnyFile {
    const RANGE: &'static str = "*/*";
}

/// A streamed body sent with the type it really is, which the contract
/// documents as the range `R` (one status, several types, one response).
pub struct TypedBody<R> {
    body: poem::Body,
    mime: String,
    range: std::marker::PhantomData<R>,
}

impl<R> TypedBody<R> {
    pub fn new(body: poem::Body, mime: impl Into<String>) -> TypedBody<R> {
        TypedBody {
            body,
            mime: mime.into(),
            range: std::marker::PhantomData,
        }
    }
}

impl<R: MediaRange> poem_openapi::payload::Payload for TypedBody<R> {
    const CONTENT_TYPE: &'static str = R::RANGE;

    fn check_content_type(_content_type: &str) -> bool {
        true
    }

    fn schema_ref() -> poem_openapi::registry::MetaSchemaRef {
        poem_openapi::registry::MetaSchemaRef::Inline(Box::new(
            poem_openapi::registry::MetaSchema {
                format: Some("binary"),
                ..poem_openapi::registry::MetaSchema::new("string")
            },
        ))
    }
}

impl<R: MediaRange> poem::IntoResponse for TypedBody<R> {
    fn into_response(self) -> poem::Response {
        poem::Response::builder()
            .content_type(self.mime)
            .body(self.body)
    }
}
