//! Every JSON response is `{success, message, data}`; errors carry the
//! specification's message and never leak an internal cause.

use poem_openapi::payload::Json;
use poem_openapi::types::{ParseFromJSON, ToJSON};
use poem_openapi::{ApiResponse, Object};

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

fn body(message: impl Into<String>, code: Option<&str>) -> Json<ErrorBody> {
    Json(ErrorBody {
        success: false,
        message: message.into(),
        code: code.map(str::to_string),
    })
}

impl ApiError {
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::BadRequest(body(message, None))
    }
    pub fn unauthorized(message: impl Into<String>) -> ApiError {
        ApiError::Unauthorized(body(message, None))
    }
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::Forbidden(body(message, None))
    }
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::NotFound(body(message, None))
    }
    /// An order that does not exist or is not the caller's (the orders and payments routes alike).
    pub fn order_not_found() -> ApiError {
        ApiError::not_found("Order not found")
    }
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::Conflict(body(message, None))
    }
    pub fn bad_request_code(message: impl Into<String>, code: &str) -> ApiError {
        ApiError::BadRequest(body(message, Some(code)))
    }
    pub fn too_many(message: impl Into<String>, retry_after_secs: u64) -> ApiError {
        ApiError::TooManyRequests(body(message, None), retry_after_secs.max(1))
    }
    pub fn conflict_code(message: impl Into<String>, code: &str) -> ApiError {
        ApiError::Conflict(body(message, Some(code)))
    }
    pub fn request_timeout(message: impl Into<String>) -> ApiError {
        ApiError::RequestTimeout(body(message, None))
    }
    pub fn payload_too_large(message: impl Into<String>) -> ApiError {
        ApiError::PayloadTooLarge(body(message, None))
    }
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::Unprocessable(body(message, None))
    }
    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError::ServiceUnavailable(body(message, None), None)
    }
    /// Busy for now (a full work queue): come back in `retry_after_secs`.
    pub fn busy(retry_after_secs: u64) -> ApiError {
        ApiError::ServiceUnavailable(
            body("The server is busy. Please try again in a moment.", None),
            Some(retry_after_secs.max(1)),
        )
    }
    /// Logs the cause (an outside service's failure); the client sees `message`.
    pub fn bad_gateway(message: impl Into<String>, cause: impl std::fmt::Display) -> ApiError {
        let cause = crate::log_mask::contacts(&cause.to_string());
        tracing::error!(%cause, "payment provider error");
        ApiError::BadGateway(body(message, None))
    }
    /// Logs the cause; the client sees only a generic message.
    pub fn internal(cause: impl std::fmt::Display) -> ApiError {
        let cause = crate::log_mask::contacts(&cause.to_string());
        tracing::error!(%cause, "internal error");
        ApiError::Internal(body("Server error. Please try again later.", None))
    }
}

/// A studio rule broken: the engine's own message, with its code.
impl From<design_engine::StudioError> for ApiError {
    fn from(e: design_engine::StudioError) -> ApiError {
        let message = match &e {
            // A rule broken inside a submitted design: say which rule, in the studio's words.
            design_engine::StudioError::MalformedDesign(inner) => inner.clone(),
            other => other.to_string(),
        };
        ApiError::BadRequest(body(message, Some(e.code())))
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> ApiError {
        match &e {
            sqlx::Error::Database(db) if db.is_unique_violation() => {
                ApiError::conflict("This already exists.")
            }
            sqlx::Error::Database(db) if db.is_foreign_key_violation() => {
                ApiError::not_found("A referenced item does not exist.")
            }
            _ => ApiError::internal(e),
        }
    }
}

/// The usual answer for each database error; a route maps one itself where
/// its message differs (a missing address is 'Address not found').
impl From<crate::db::DbError> for ApiError {
    fn from(e: crate::db::DbError) -> ApiError {
        use crate::db::DbError;
        match e {
            DbError::Query(e) => e.into(),
            DbError::NotFound => ApiError::not_found("Not found"),
            DbError::DuplicateAccount => {
                ApiError::conflict("An account with this email or phone already exists")
            }
            DbError::SessionExpired => {
                ApiError::unauthorized("Session expired. Please log in again.")
            }
            DbError::InvalidLink => ApiError::bad_request("This link is invalid or has expired"),
            DbError::ArtworkGone => ApiError::bad_request(UPLOAD_AGAIN),
            DbError::AtCap(cap) => ApiError::conflict_code(cap.message(), cap.code()),
            e @ (DbError::Corrupt(_) | DbError::Invariant(_)) => ApiError::internal(e),
        }
    }
}

/// A design's picture is no longer stored: the studio asks for it again.
pub const UPLOAD_AGAIN: &str = "Please upload the image again";

impl From<serde_json::Error> for ApiError {
    fn from(e: serde_json::Error) -> ApiError {
        ApiError::internal(e)
    }
}

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
