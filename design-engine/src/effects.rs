//! Image effects the studio offers on uploaded logos, as pure functions on
//! straight-alpha RGBA images. Integer arithmetic only, so native and
//! WebAssembly give identical pixels.

mod background;
mod embroidery;

pub use background::{DEFAULT_TOLERANCE, remove_background};
pub use embroidery::embroider;

use crate::codec::{MAX_KEPT_SIDE, decode_upload, decoding_cost, encode_png, kept_pixels};
use crate::error::StudioError;

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

/// What [`remove_background_png`] holds at its peak, in bytes, for a queue's
/// memory budget: decoding (`decoding_cost`), then the kept picture's copy
/// with the background removed, the flood's mask and the encoder's buffers.
/// A flat 4,898-pixel square (3,600 kept) measured 116 MiB at the peak in a
/// release server; this says 119.5.
pub fn remove_background_cost(bytes: &[u8]) -> u64 {
    let kept = kept_pixels(bytes, MAX_KEPT_SIDE) * 4;
    decoding_cost(bytes, MAX_KEPT_SIDE) + kept + kept / 4 + ENCODER_BYTES
}

/// The PNG encoder's buffers and the compressed bytes of a kept picture.
const ENCODER_BYTES: u64 = 8 << 20;
