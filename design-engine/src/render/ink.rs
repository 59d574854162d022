//! Where a text's ink lies in its layout box: a name's height is its
//! letters', not its line's, so names and numbers are sized by their ink.

use super::text::{REFERENCE_EM, TextShape};
use crate::error::StudioError;

/// Where a text's ink lies in its layout box, at `REFERENCE_EM`: the
/// offset of the ink's centre from the box's centre, and the ink's size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Ink {
    pub(super) dx: f32,
    pub(super) dy: f32,
    pub(super) width: f32,
    pub(super) height: f32,
}

/// The font size the ink is measured at: a pixel is half a reference unit.
const INK_EM: f32 = 2.0 * REFERENCE_EM;
/// Coverage from which a pixel counts as ink (the edge of an antialiased glyph).
const INK_ALPHA: u8 = 128;
/// Drawn around the measured ink (reference units: 2% of the font size), so
/// that no antialiased edge the measure missed is cut.
pub(super) const INK_MARGIN: f32 = 2.0;

impl Ink {
    /// Measured on a raster, the same on every host: a layout's box holds the
    /// line's ascent and descent, a name's height is its letters'.
    pub(super) fn measure(shape: &TextShape) -> Result<Ink, StudioError> {
        // Twelve characters at INK_EM stay far under this side: no scaling.
        let raster = shape.raster(INK_EM, 8192)?;
        let (w, h) = (raster.width() as usize, raster.height() as usize);
        let alpha = |x: usize, y: usize| raster.data()[(y * w + x) * 4 + 3];
        let rows: Vec<usize> = (0..h)
            .filter(|&y| (0..w).any(|x| alpha(x, y) >= INK_ALPHA))
            .collect();
        let cols: Vec<usize> = (0..w)
            .filter(|&x| rows.iter().any(|&y| alpha(x, y) >= INK_ALPHA))
            .collect();
        let scale = INK_EM / REFERENCE_EM;
        let bbox = shape.bbox();
        let (Some(&top), Some(&bottom), Some(&left), Some(&right)) =
            (rows.first(), rows.last(), cols.first(), cols.last())
        else {
            return Ok(Ink {
                dx: 0.0,
                dy: 0.0,
                width: bbox.width(),
                height: bbox.height(),
            });
        };
        // The layout box is centred on the raster.
        let centre = |lo: usize, hi: usize, side: usize| {
            ((lo + hi + 1) as f32 / 2.0 - side as f32 / 2.0) / scale
        };
        Ok(Ink {
            dx: centre(left, right, w),
            dy: centre(top, bottom, h),
            width: (right + 1 - left) as f32 / scale,
            height: (bottom + 1 - top) as f32 / scale,
        })
    }
}
