//! The usual answer a caller is told for each database error. The database
//! layer returns `DbError` in its own terms; its words are here, with the
//! rest of what the customer is told.

use crate::db::DbError;
use crate::error::{Failure, UPLOAD_AGAIN};

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
            DbError::AtCap(cap) => super::accounts::at_cap(cap),
            e @ (DbError::Corrupt(_) | DbError::Invariant(_)) => Failure::internal(e),
        }
    }
}
