//! Texts: laid out once at a reference size into vector outlines, then drawn
//! at any scale, so the studio's 512 px decal and a 300 DPI print come from
//! the same outlines. The outlines are laid out here (feature `text`: shaped
//! by harfrust, outlines from ttf-parser, drawn with tiny-skia) or, in the
//! browser's core module, by the text module (the same code) through the host.
//! Effects (an arc, an outline) are part of the layout, and the box below is
//! what the effect really covers.

use tiny_skia::{Pixmap, Rect, Transform};

use crate::elements::{ArcDirection, TextElement};
use crate::error::StudioError;
use crate::render::TEXT_SIZE_PER_AREA_HEIGHT;
use crate::render::fonts::{Fonts, family_for};

#[cfg(not(feature = "text"))]
#[path = "text/host.rs"]
pub mod outline;
#[cfg(feature = "text")]
#[path = "text/layout.rs"]
pub mod outline;
#[cfg(feature = "text")]
mod shape;

pub use outline::Outline;

/// Font size (px) at which texts are laid out; drawing scales from here.
pub const REFERENCE_EM: f32 = 100.0;
/// Transparent margin around a decal so antialiased edges are not cut.
const DECAL_PAD: f32 = 2.0;

/// How a text is painted, in the reference layout's pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct TextStyle {
    pub fill: String,
    /// The baseline's circle: its radius, and whether the text arches up.
    pub arc: Option<ArcPath>,
    /// A stroke under the fill: its full width (half of it shows) and colour.
    pub stroke: Option<(f32, String)>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ArcPath {
    pub up: bool,
    pub radius: f32,
}

impl TextStyle {
    pub fn of(text: &TextElement) -> TextStyle {
        TextStyle {
            fill: text.colour().as_str().to_string(),
            arc: text.arc().map(|arc| ArcPath {
                up: arc.direction() == ArcDirection::Up,
                radius: arc_radius_in_ems(arc.radius(), text.size()) * REFERENCE_EM,
            }),
            stroke: text.outline().map(|o| {
                (
                    2.0 * o.width() as f32 / 100.0 * REFERENCE_EM,
                    o.colour().as_str().to_string(),
                )
            }),
        }
    }

    /// The style as the text module's plain arguments (numbers parse in far
    /// less WebAssembly than JSON): the arc's radius signed, positive arching
    /// up, negative down, 0 flat; the stroke's width (0 for none) and colour.
    pub fn to_parts(&self) -> (f32, f32, &str) {
        let arc = self
            .arc
            .map_or(0.0, |a| if a.up { a.radius } else { -a.radius });
        let (width, colour) = self
            .stroke
            .as_ref()
            .map_or((0.0, ""), |(w, c)| (*w, c.as_str()));
        (arc, width, colour)
    }

    /// The style from `to_parts`'s arguments.
    pub fn from_parts(fill: &str, arc: f32, stroke_width: f32, stroke_colour: &str) -> TextStyle {
        TextStyle {
            fill: fill.to_string(),
            arc: (arc != 0.0).then(|| ArcPath {
                up: arc > 0.0,
                radius: arc.abs(),
            }),
            stroke: (stroke_width > 0.0).then(|| (stroke_width, stroke_colour.to_string())),
        }
    }

    /// The same text without its arc: what the arc's length is measured on.
    fn flat(&self) -> TextStyle {
        TextStyle {
            arc: None,
            ..self.clone()
        }
    }
}

/// An arc's radius (percent of the area's height) in units of the font size:
/// a text of size S is S/200 of the area's height, so the ratio needs no area.
fn arc_radius_in_ems(radius: u32, size: u32) -> f32 {
    radius as f32 / 100.0 * TEXT_SIZE_PER_AREA_HEIGHT / size as f32
}

/// The smallest arc radius (percent of the area's height) that holds a text
/// `width_ems` font sizes wide in a half circle.
fn min_arc_radius(width_ems: f32, size: u32) -> u32 {
    (width_ems / std::f32::consts::PI * size as f32 / TEXT_SIZE_PER_AREA_HEIGHT * 100.0).ceil()
        as u32
}

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
        let style = TextStyle::of(text);
        let shape = |style: &TextStyle| {
            let (outline, bbox) =
                Outline::shape(fonts, family_for(text.font()), style, text.text())
                    .ok_or(StudioError::TextEmpty)?;
            if bbox.width() <= 0.0 || bbox.height() <= 0.0 {
                return Err(StudioError::TextEmpty);
            }
            Ok(TextShape { outline, bbox })
        };
        if let Some(arc) = style.arc {
            // At most a half circle: the flat text's width against the arc's.
            let flat = shape(&style.flat())?.bbox.width();
            if flat > std::f32::consts::PI * arc.radius {
                return Err(StudioError::ArcTooTight(min_arc_radius(
                    flat / REFERENCE_EM,
                    text.size(),
                )));
            }
        }
        shape(&style)
    }

    /// The box the ink covers at `REFERENCE_EM` (arc and outline included).
    pub fn bbox(&self) -> Rect {
        self.bbox
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

    /// Only a part of the text's box at font size `em_px`: `part` is that
    /// part's centre as an offset from the box's centre, and its size, in
    /// reference units. On a canvas just big enough (plus a margin), the
    /// part's centre at the canvas's centre: a name's letters without the
    /// line's empty ascent and descent.
    pub fn raster_part(&self, em_px: f32, part: [f32; 4]) -> Result<Pixmap, StudioError> {
        let [dx, dy, w, h] = part;
        let s = em_px / REFERENCE_EM;
        let (pw, ph) = (
            ((w * s + 2.0 * DECAL_PAD).ceil() as u32).max(1),
            ((h * s + 2.0 * DECAL_PAD).ceil() as u32).max(1),
        );
        let (cx, cy) = (
            self.bbox.x() + self.bbox.width() / 2.0 + dx,
            self.bbox.y() + self.bbox.height() / 2.0 + dy,
        );
        let transform = Transform::from_translate(pw as f32 / 2.0, ph as f32 / 2.0)
            .pre_scale(s, s)
            .pre_translate(-cx, -cy);
        self.outline
            .draw(pw, ph, transform)
            .ok_or(StudioError::TextEmpty)
    }
}
