//! Rendering: text and image decals, print-area composites and 300 DPI print
//! files. The `Renderer` owns the fonts and the decoded uploads, and caches
//! laid-out texts so that moving an element only re-composites.
//!
//! In layers: `renderer` (the caches, decals and sprites) under `area` (an
//! area's elements placed and composited) under `prints` (print files and
//! thumbnails) under `personal` (a roster row's names and numbers); `placed`
//! and `ink` are what they share. Pictures are decoded and encoded by
//! `codec`, which `effects` uses too.

mod area;
pub mod cache;
pub mod fonts;
mod ink;
mod personal;
mod pixels;
mod placed;
mod prints;
mod renderer;
pub mod text;
#[cfg(not(feature = "text"))]
pub mod text_module;
pub mod vector;

pub use fonts::Fonts;
pub use personal::{PieceFile, piece_file_name, roster_csv};
pub use placed::{ElementBox, PersonalBox};
pub use renderer::Renderer;

/// The studio's decals are at most 512 × 512.
pub const DECAL_MAX_SIDE: u32 = 512;
/// Font size in decal pixels per unit of the studio's text size (16 → 64 px).
pub const DECAL_PX_PER_SIZE: f32 = 4.0;
/// On a print area, a text of size S has a font size of S/200 of the area's height.
pub const TEXT_SIZE_PER_AREA_HEIGHT: f32 = 200.0;
/// Print files are 300 dots per inch.
pub const PRINT_DPI: u32 = 300;
/// Composites are at most this wide (a 300 DPI Back is 3600).
pub const MAX_RENDER_WIDTH: u32 = 8192;
/// Thumbnails are at most this many pixels square.
pub const MAX_THUMBNAIL_SIDE: u32 = 1024;
/// Images drawn at most this large use the preview copy, not the full one.
const PREVIEW_SIDE: u32 = 1024;

#[cfg(test)]
mod tests;
