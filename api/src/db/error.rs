//! The database layer's errors, in its own terms. The usual answer a caller
//! is told for each (`From<DbError> for Failure`) is in `core::messages`; a
//! caller maps a variant itself where its message differs.

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
