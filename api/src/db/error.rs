//! The database layer's errors, in its own terms. `From<DbError> for Failure`
//! gives the usual answer a caller is told; a caller maps a variant itself
//! where its message differs.

use crate::error::{Failure, UPLOAD_AGAIN};

/// What went wrong below the routes.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// The query failed: connection, SQL, or a constraint.
    #[error(transparent)]
    Query(#[from] sqlx::Error),
    /// A stored value could not be read back (a JSON column, a design document).
    #[error("stored data unreadable: {0}")]
    Corrupt(String),
    /// Something that must hold did not (a row gone right after it was written).
    #[error("{0}")]
    Invariant(&'static str),
    /// The row asked for is not there, or not the caller's.
    #[error("not found")]
    NotFound,
    /// An account with this e-mail or phone exists already.
    #[error("duplicate account")]
    DuplicateAccount,
    /// A session's refresh token is unknown, used, revoked or expired.
    #[error("session expired")]
    SessionExpired,
    /// An e-mail link's token is unknown, used or expired.
    #[error("invalid link")]
    InvalidLink,
    /// A picture a design uses is no longer stored: it must be uploaded again.
    #[error("artwork gone")]
    ArtworkGone,
    /// The account holds as many as it may (`db::caps`); nothing was added.
    #[error("at the cap of {0:?}")]
    AtCap(super::caps::Cap),
}

impl From<serde_json::Error> for DbError {
    fn from(e: serde_json::Error) -> DbError {
        DbError::Corrupt(e.to_string())
    }
}

impl From<design_engine::StudioError> for DbError {
    fn from(e: design_engine::StudioError) -> DbError {
        DbError::Corrupt(e.to_string())
    }
}

/// The usual answer for each database error; a caller maps one itself where
/// its message differs (a missing address is 'Address not found').
impl From<DbError> for Failure {
    fn from(e: DbError) -> Failure {
        match e {
            DbError::Query(e) => e.into(),
            DbError::NotFound => Failure::not_found("Not found"),
            DbError::DuplicateAccount => {
                Failure::conflict("An account with this email or phone already exists")
            }
            DbError::SessionExpired => {
                Failure::unauthorized("Session expired. Please log in again.")
            }
            DbError::InvalidLink => Failure::bad_request("This link is invalid or has expired"),
            DbError::ArtworkGone => Failure::bad_request(UPLOAD_AGAIN),
            DbError::AtCap(cap) => Failure::conflict_code(cap.message(), cap.code()),
            e @ (DbError::Corrupt(_) | DbError::Invariant(_)) => Failure::internal(e),
        }
    }
}
