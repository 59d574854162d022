//! Image effects the studio offers on uploaded logos, as pure functions on
//! straight-alpha RGBA images. Integer arithmetic only, so native and
//! WebAssembly give identical pixels.

mod background;
mod embroidery;

pub use background::{DEFAULT_TOLERANCE, remove_background};
pub use embroidery::embroider;
