//! Image effects the studio offers on uploaded logos, as pure functions on
//! straight-alpha RGBA images. Integer arithmetic only, so native and
//! WebAssembly give identical pixels.

mod background;
mod embroidery;

pub use background::{DEFAULT_TOLERANCE, remove_background};
pub use embroidery::embroider;

use crate::error::StudioError;
use crate::render::{decode_upload, encode_png};

/// An uploaded logo (PNG, JPEG or GIF bytes, checked as every upload is) with
/// its background removed, as PNG bytes: what the studio's browser module and
/// the API's `POST /remove-background` both answer.
pub fn remove_background_png(
    bytes: &[u8],
    mime: &str,
    tolerance: u8,
) -> Result<Vec<u8>, StudioError> {
    let (_, img) = decode_upload(bytes, mime)?;
    Ok(encode_png(&remove_background(&img, tolerance), None))
}
