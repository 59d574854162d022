//! Texts: laid out once at a reference size into vector outlines, then drawn
//! at any scale, so the studio's 512 px decal and a 300 DPI print come from
//! the same outlines. The outlines come from usvg here (feature `text`) or,
//! in the browser's core module, from the text module through the host.

use tiny_skia::{Pixmap, Rect, Transform};

use crate::elements::TextElement;
use crate::error::StudioError;
use crate::render::fonts::{Fonts, family_for};

#[cfg(not(feature = "text"))]
#[path = "text/host.rs"]
pub mod outline;
#[cfg(feature = "text")]
#[path = "text/usvg.rs"]
pub mod outline;

pub use outline::Outline;

/// Font size (px) at which texts are laid out; drawing scales from here.
pub const REFERENCE_EM: f32 = 100.0;
/// Transparent margin around a decal so antialiased edges are not cut.
const DECAL_PAD: f32 = 2.0;

/// A laid-out text: outlines plus the box its ink covers, at `REFERENCE_EM`.
pub struct TextShape {
    outline: Outline,
    bbox: Rect,
}

impl TextShape {
    pub fn layout(fonts: &Fonts, text: &TextElement) -> Result<TextShape, StudioError> {
        if !fonts.has(text.font()) {
            return Err(StudioError::FontNotLoaded(text.font().name()));
        }
        let (outline, bbox) = Outline::shape(
            fonts,
            family_for(text.font()),
            text.colour().as_str(),
            text.text(),
        )
        .ok_or(StudioError::TextEmpty)?;
        if bbox.width() <= 0.0 || bbox.height() <= 0.0 {
            return Err(StudioError::TextEmpty);
        }
        Ok(TextShape { outline, bbox })
    }

    /// Ink size at a font size of `em_px`.
    pub fn size_at(&self, em_px: f32) -> (f32, f32) {
        let s = em_px / REFERENCE_EM;
        (self.bbox.width() * s, self.bbox.height() * s)
    }

    /// The text at font size `em_px` on a transparent canvas just big enough
    /// for its ink (plus a margin), the ink centred; scaled down if needed so
    /// each side is at most `max_side`.
    pub fn raster(&self, em_px: f32, max_side: u32) -> Result<Pixmap, StudioError> {
        let (w, h) = self.size_at(em_px);
        let (w, h) = (w + 2.0 * DECAL_PAD, h + 2.0 * DECAL_PAD);
        let fit = (max_side as f32 / w).min(max_side as f32 / h).min(1.0);
        let (pw, ph) = (
            ((w * fit).ceil() as u32).clamp(1, max_side),
            ((h * fit).ceil() as u32).clamp(1, max_side),
        );
        // The ink's centre at the canvas's centre.
        let s = em_px * fit / REFERENCE_EM;
        let (iw, ih) = (self.bbox.width() * s, self.bbox.height() * s);
        let transform =
            Transform::from_translate(pw as f32 / 2.0 - iw / 2.0, ph as f32 / 2.0 - ih / 2.0)
                .pre_scale(s, s)
                .pre_translate(-self.bbox.x(), -self.bbox.y());
        self.outline
            .draw(pw, ph, transform)
            .ok_or(StudioError::TextEmpty)
    }
}
