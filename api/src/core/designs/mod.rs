//! Designs: their pictures against the artwork the server holds and the
//! thumbnails drawn from it (`artwork`), a shopper's saved designs (`saved`)
//! and what a share link shows (`shared`).

pub mod artwork;
pub mod saved;
pub mod shared;

pub use artwork::{THUMBNAIL_SIDE, check_design, check_kept, pictures, thumbnail};
