//! What each operation documents it can fail with. An operation returns
//! `Result<T, Fails<{ … }>>`: at run time any `ApiError` passes through
//! unchanged, but the contract lists only the statuses named, so a client
//! reads from `openapi.json` what it must handle. The schema fuzzer's
//! `status_code_conformance` check fails on any status an operation answers
//! without listing it.

use poem_openapi::ApiResponse;
use poem_openapi::registry::{MetaResponses, Registry};

use crate::http::error::ApiError;

/// The statuses an operation lists, as bits.
pub mod status {
    pub const BAD_REQUEST: u32 = 1 << 0;
    pub const UNAUTHORIZED: u32 = 1 << 1;
    pub const FORBIDDEN: u32 = 1 << 2;
    pub const NOT_FOUND: u32 = 1 << 3;
    pub const TIMEOUT: u32 = 1 << 4;
    pub const CONFLICT: u32 = 1 << 5;
    pub const TOO_LARGE: u32 = 1 << 6;
    pub const MEDIA_TYPE: u32 = 1 << 7;
    pub const UNPROCESSABLE: u32 = 1 << 8;
    pub const TOO_MANY: u32 = 1 << 9;
    pub const INTERNAL: u32 = 1 << 10;
    pub const BAD_GATEWAY: u32 = 1 << 11;
    pub const UNAVAILABLE: u32 = 1 << 12;
    pub const GONE: u32 = 1 << 13;

    /// Every operation: a malformed parameter (400) and the server's own failure (500).
    pub const ANY: u32 = BAD_REQUEST | INTERNAL;
    /// An operation with a JSON body: slow (408), over 1 MiB (413), not JSON (415).
    pub const BODY: u32 = ANY | TIMEOUT | TOO_LARGE | MEDIA_TYPE;
    /// A signed-in shopper's operation.
    pub const USER: u32 = ANY | UNAUTHORIZED;
    /// An admin's operation.
    pub const ADMIN: u32 = USER | FORBIDDEN;
}

fn bit(code: u16) -> u32 {
    use status::*;
    match code {
        400 => BAD_REQUEST,
        401 => UNAUTHORIZED,
        403 => FORBIDDEN,
        404 => NOT_FOUND,
        408 => TIMEOUT,
        409 => CONFLICT,
        410 => GONE,
        413 => TOO_LARGE,
        415 => MEDIA_TYPE,
        422 => UNPROCESSABLE,
        429 => TOO_MANY,
        502 => BAD_GATEWAY,
        503 => UNAVAILABLE,
        _ => INTERNAL,
    }
}

/// An operation's failure: an `ApiError`, documented with the statuses `S`.
#[derive(Debug)]
pub struct Fails<const S: u32>(pub ApiError);

impl<const S: u32> ApiResponse for Fails<S> {
    fn meta() -> MetaResponses {
        let mut meta = ApiError::meta();
        meta.responses
            .retain(|r| r.status.is_none_or(|code| S & bit(code) != 0));
        meta
    }

    fn register(registry: &mut Registry) {
        ApiError::register(registry);
    }
}

impl<const S: u32> From<Fails<S>> for poem::Error {
    fn from(f: Fails<S>) -> poem::Error {
        f.0.into()
    }
}

/// `?` works in an operation as it does with `ApiError`.
macro_rules! fails_from {
    ($($ty:ty),*) => {$(
        impl<const S: u32> From<$ty> for Fails<S> {
            fn from(e: $ty) -> Fails<S> {
                Fails(e.into())
            }
        }
    )*};
}

fails_from!(
    ApiError,
    crate::error::Failure,
    crate::db::DbError,
    design_engine::StudioError,
    sqlx::Error,
    serde_json::Error
);

#[cfg(test)]
mod tests {
    use super::status::*;
    use super::*;

    #[test]
    fn only_the_named_statuses_are_documented() {
        let codes = |meta: MetaResponses| -> Vec<u16> {
            meta.responses.iter().filter_map(|r| r.status).collect()
        };
        assert_eq!(codes(Fails::<ANY>::meta()), [400, 500]);
        assert_eq!(
            codes(Fails::<{ ADMIN | NOT_FOUND }>::meta()),
            [400, 401, 403, 404, 500]
        );
        assert_eq!(codes(ApiError::meta()).len(), 14);
    }
}
