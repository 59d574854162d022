//! What the store's logic answers when it refuses or fails: a kind, the
//! specification's message for the customer and, where one applies, a stable
//! machine-readable code. It knows nothing of HTTP: `http::envelope` maps each
//! kind to its status, once. The cause of an internal failure is logged here
//! and never shown.

use std::collections::BTreeMap;

/// Why an operation did not happen. Each kind is one answer a client handles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The input is invalid; nothing was changed.
    Invalid,
    /// Sign-in is required, or the credentials are invalid or expired.
    Unauthenticated,
    /// Signed in, but not allowed.
    Forbidden,
    /// No such thing (or not the caller's).
    NotFound,
    /// The input arrived too slowly.
    TimedOut,
    /// Conflicts with what exists.
    Conflict,
    /// Existed, and is no longer available (an expired quote).
    Gone,
    /// The input is over its size limit; it was not read.
    TooLarge,
    /// A body of a type the operation does not take.
    UnsupportedType,
    /// A file that is not what its name or type says; it was not kept.
    Unprocessable,
    /// Too many attempts: wait `retry_after` seconds.
    TooMany,
    /// Something went wrong inside; the cause is in the log.
    Internal,
    /// An outside service (the payment provider) could not be reached or refused.
    Upstream,
    /// A service the operation needs is not configured, or busy (then with `retry_after`).
    Unavailable,
}

/// An operation's refusal or failure, as the customer is told it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub kind: Kind,
    pub message: String,
    /// A stable code (e.g. `BELOW_MINIMUM`) where one applies.
    pub code: Option<String>,
    /// The values the message names, by name (the design engine's: `size`,
    /// `count`), for its text in another language; empty for most.
    pub values: BTreeMap<String, String>,
    /// Seconds to wait before trying again (too many attempts, busy).
    pub retry_after: Option<u64>,
}

/// The result of the store's operations.
pub type Fallible<T> = Result<T, Failure>;

/// A design's picture is no longer stored: the studio asks for it again.
pub const UPLOAD_AGAIN: &str = "Please upload the image again";

impl Failure {
    pub fn new(kind: Kind, message: impl Into<String>) -> Failure {
        Failure {
            kind,
            message: message.into(),
            code: None,
            values: BTreeMap::new(),
            retry_after: None,
        }
    }
    /// The same failure with its stable code.
    pub fn with_code(mut self, code: &str) -> Failure {
        self.code = Some(code.to_string());
        self
    }
    /// The same failure with the values its message names (the engine's).
    pub fn with_values(mut self, values: design_engine::error::Values) -> Failure {
        self.values = values
            .into_iter()
            .map(|(name, value)| (name.to_string(), value))
            .collect();
        self
    }
    pub fn bad_request(message: impl Into<String>) -> Failure {
        Failure::new(Kind::Invalid, message)
    }
    pub fn bad_request_code(message: impl Into<String>, code: &str) -> Failure {
        Failure::bad_request(message).with_code(code)
    }
    pub fn unauthorized(message: impl Into<String>) -> Failure {
        Failure::new(Kind::Unauthenticated, message)
    }
    pub fn forbidden(message: impl Into<String>) -> Failure {
        Failure::new(Kind::Forbidden, message)
    }
    pub fn not_found(message: impl Into<String>) -> Failure {
        Failure::new(Kind::NotFound, message)
    }
    /// An order that does not exist or is not the caller's.
    pub fn order_not_found() -> Failure {
        Failure::not_found("Order not found")
    }
    pub fn conflict(message: impl Into<String>) -> Failure {
        Failure::new(Kind::Conflict, message)
    }
    pub fn conflict_code(message: impl Into<String>, code: &str) -> Failure {
        Failure::conflict(message).with_code(code)
    }
    pub fn too_many(message: impl Into<String>, retry_after_secs: u64) -> Failure {
        Failure {
            retry_after: Some(retry_after_secs.max(1)),
            ..Failure::new(Kind::TooMany, message)
        }
    }
    pub fn request_timeout(message: impl Into<String>) -> Failure {
        Failure::new(Kind::TimedOut, message)
    }
    pub fn payload_too_large(message: impl Into<String>) -> Failure {
        Failure::new(Kind::TooLarge, message)
    }
    pub fn unsupported_type(message: impl Into<String>) -> Failure {
        Failure::new(Kind::UnsupportedType, message)
    }
    pub fn unprocessable(message: impl Into<String>) -> Failure {
        Failure::new(Kind::Unprocessable, message)
    }
    pub fn unavailable(message: impl Into<String>) -> Failure {
        Failure::new(Kind::Unavailable, message)
    }
    /// Busy for now (a full work queue): come back in `retry_after_secs`.
    pub fn busy(retry_after_secs: u64) -> Failure {
        Failure {
            retry_after: Some(retry_after_secs.max(1)),
            ..Failure::unavailable("The server is busy. Please try again in a moment.")
        }
    }
    /// Logs the cause (an outside service's failure); the client sees `message`.
    pub fn bad_gateway(message: impl Into<String>, cause: impl std::fmt::Display) -> Failure {
        let cause = crate::log_mask::contacts(&cause.to_string());
        tracing::error!(%cause, "payment provider error");
        Failure::new(Kind::Upstream, message)
    }
    /// Logs the cause; the client sees only a generic message.
    pub fn internal(cause: impl std::fmt::Display) -> Failure {
        let cause = crate::log_mask::contacts(&cause.to_string());
        tracing::error!(%cause, "internal error");
        Failure::new(Kind::Internal, "Server error. Please try again later.")
    }
}

/// A studio rule broken: the engine's own message, with its code and values.
impl From<design_engine::StudioError> for Failure {
    fn from(e: design_engine::StudioError) -> Failure {
        let message = match &e {
            // A rule broken inside a submitted design: say which rule, in the studio's words.
            design_engine::StudioError::MalformedDesign(inner) => inner.clone(),
            other => other.to_string(),
        };
        Failure::bad_request_code(message, e.code()).with_values(e.values())
    }
}

impl From<sqlx::Error> for Failure {
    fn from(e: sqlx::Error) -> Failure {
        match &e {
            sqlx::Error::Database(db) if db.is_unique_violation() => {
                Failure::conflict("This already exists.")
            }
            sqlx::Error::Database(db) if db.is_foreign_key_violation() => {
                Failure::not_found("A referenced item does not exist.")
            }
            _ => Failure::internal(e),
        }
    }
}

impl From<serde_json::Error> for Failure {
    fn from(e: serde_json::Error) -> Failure {
        Failure::internal(e)
    }
}
