//! The pictures of a design someone may see but did not upload (a shared
//! design's link, a group order's link): only the design's own pictures, as
//! stored.

use design_engine::Design;
use poem_openapi::ApiResponse;

use crate::http::envelope::{AnyImage, TypedBody};
use crate::http::error::ApiError;
use crate::state::AppState;

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
    let (mime, stream) = crate::core::designs::shared::picture(state, design, sha256).await?;
    Ok(SharedPicture::Ok(
        TypedBody::new(poem::Body::from_bytes_stream(stream), mime),
        "private, no-cache".into(),
    ))
}
