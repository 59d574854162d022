//! The pictures of a design someone may see but did not upload (a shared
//! design's link, a group order's link): only the design's own pictures, as
//! stored.

use design_engine::Design;
use poem_openapi::ApiResponse;

use crate::db::artwork;
use crate::http::envelope::{AnyImage, TypedBody};
use crate::http::error::ApiError;
use crate::state::AppState;
use crate::storage::{Bucket, Key, StorageError};

#[derive(ApiResponse)]
pub enum SharedPicture {
    /// A picture the shared (or group order's) design uses.
    #[oai(status = 200)]
    Ok(TypedBody<AnyImage>, #[oai(header = "Cache-Control")] String),
}

/// A picture `design` uses, for someone who may see the design but did not
/// upload it (a share link, a group order's link): only its own pictures.
pub async fn picture_of(
    state: &AppState,
    design: &Design,
    sha256: &str,
) -> Result<SharedPicture, ApiError> {
    let missing = || ApiError::not_found("Artwork not found");
    if !design.image_assets().any(|a| a.sha256 == sha256) {
        return Err(missing());
    }
    let key = Key::artwork(sha256).map_err(|_| missing())?;
    let stored = artwork::get(&state.db, key.as_str())
        .await?
        .ok_or_else(missing)?;
    let (_, stream) = state
        .storage
        .get(Bucket::Artwork, &key)
        .await
        .map_err(|e| match e {
            StorageError::NotFound => missing(),
            other => ApiError::internal(other),
        })?;
    Ok(SharedPicture::Ok(
        TypedBody::new(poem::Body::from_bytes_stream(stream), stored.mime),
        "private, no-cache".into(),
    ))
}
