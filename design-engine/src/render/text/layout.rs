//! Outlines laid out here: the text shaped by harfrust (`shape`), each
//! glyph's outline (ttf-parser) set on the baseline or along the arc, and drawn with
//! tiny-skia: the stroke (round joins) under the fill, as SVG's
//! `paint-order="stroke"` did. The server's print files and the browser's
//! text module run this same code.

use tiny_skia::{
    Color, FillRule, LineJoin, Paint, Path, PathBuilder, Pixmap, Rect, Stroke, Transform,
};
use ttf_parser::{Face, GlyphId, OutlineBuilder};

use super::shape::{Glyph, shape};
use super::{ArcPath, REFERENCE_EM, TextStyle};
use crate::elements::HexColour;
use crate::render::fonts::{FaceRef, Fonts};

/// A laid-out text: every glyph's outline in one path at the reference size.
pub struct Outline {
    path: Path,
    fill: Color,
    stroke: Option<(Stroke, Color)>,
}

/// A `#rrggbb` (or `#rgb`) colour; black, SVG's default fill, for anything else.
fn colour(hex: &str) -> Color {
    let [r, g, b] = HexColour::parse(hex).map_or([0, 0, 0], |c| c.rgb());
    Color::from_rgba8(r, g, b, 255)
}

/// Font units to the reference size, for a glyph's face.
fn scale(face: &Face) -> f32 {
    REFERENCE_EM / f32::from(face.units_per_em())
}

/// Each glyph's place: its origin on the baseline, x along it, y down, in
/// reference pixels. Flat: the baseline at y = `REFERENCE_EM` from x = 0.
/// Arched, as SVG's textPath on the circle through the origin's centre: the
/// run's middle at the circle's top (`up`) or bottom, each letter's middle on
/// the circle at its arc length, turned to the tangent there, so its top
/// points out of an arch and into a smile, reading left to right. A letter
/// is a cluster, turned as one: a conjunct with its vowel signs keeps its
/// headline whole (in Latin, each glyph is a cluster of its own).
fn places(faces: &[FaceRef], glyphs: &[Glyph], arc: Option<ArcPath>) -> Vec<Transform> {
    let advance = |g: &Glyph| g.advance as f32 * scale(&faces[g.face].outline);
    let clusters: Vec<&[Glyph]> = glyphs.chunk_by(|a, b| a.cluster == b.cluster).collect();
    let widths: Vec<f32> = clusters
        .iter()
        .map(|c| c.iter().map(advance).sum())
        .collect();
    let total: f32 = widths.iter().sum();
    let mut pen = 0.0;
    let mut out = Vec::with_capacity(glyphs.len());
    for (cluster, &width) in clusters.iter().zip(&widths) {
        let at = match arc {
            None => Transform::from_translate(pen, REFERENCE_EM),
            Some(ArcPath { up, radius }) => {
                let half = width / 2.0;
                // The letter's middle, by arc length from the run's middle.
                let angle = (pen + half - total / 2.0) / radius;
                let (sin, cos) = angle.sin_cos();
                let (x, y, turn) = if up {
                    (radius * sin, -radius * cos, angle)
                } else {
                    (radius * sin, radius * cos, -angle)
                };
                Transform::from_translate(x - half, y).pre_rotate_at(turn.to_degrees(), half, 0.0)
            }
        };
        let mut inside = 0.0;
        for glyph in *cluster {
            out.push(at.pre_translate(inside, 0.0));
            inside += advance(glyph);
        }
        pen += width;
    }
    out
}

/// A glyph's outline in font units (y up) into a path.
struct Pen(PathBuilder);

impl OutlineBuilder for Pen {
    fn move_to(&mut self, x: f32, y: f32) {
        self.0.move_to(x, y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.0.line_to(x, y);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.0.quad_to(x1, y1, x, y);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.0.cubic_to(x1, y1, x2, y2, x, y);
    }
    fn close(&mut self) {
        self.0.close();
    }
}

fn glyph_path(face: &Face, id: GlyphId) -> Option<Path> {
    let mut pen = Pen(PathBuilder::new());
    face.outline_glyph(id, &mut pen)?;
    pen.0.finish()
}

impl Outline {
    /// `body` in `family` painted as `style` says at `REFERENCE_EM`, and its
    /// box: the glyphs' cells (advance by ascent to descent, turned along an
    /// arc), or the stroked ink when a stroke is set. `None` when the family
    /// is not loaded or nothing in `body` has ink.
    pub fn shape(
        fonts: &Fonts,
        family: &str,
        style: &TextStyle,
        body: &str,
    ) -> Option<(Outline, Rect)> {
        let (faces, primary) = fonts.faces(family)?;
        let glyphs = shape(&faces, primary, body);
        let mut ink = PathBuilder::new();
        let mut cells = PathBuilder::new();
        for (glyph, at) in glyphs.iter().zip(places(&faces, &glyphs, style.arc)) {
            let face = &faces[glyph.face].outline;
            let s = scale(face);
            let advance = glyph.advance as f32 * s;
            let cell = Rect::from_xywh(
                0.0,
                -f32::from(face.ascender()) * s,
                if advance > 0.0 { advance } else { 1.0 },
                (f32::from(face.ascender()) - f32::from(face.descender())) * s,
            )?;
            cells.push_path(&PathBuilder::from_rect(cell).transform(at)?);
            if let Some(path) = glyph_path(face, glyph.id) {
                let into_place = at
                    .pre_scale(s, s)
                    .pre_translate(glyph.dx as f32, -glyph.dy as f32)
                    .pre_scale(1.0, -1.0);
                ink.push_path(&path.transform(into_place)?);
            }
        }
        let path = ink.finish()?;
        let stroke = style.stroke.as_ref().map(|(width, c)| {
            let stroke = Stroke {
                width: *width,
                line_join: LineJoin::Round,
                ..Stroke::default()
            };
            (stroke, colour(c))
        });
        let bbox = match &stroke {
            Some((stroke, _)) => path.stroke(stroke, 1.0)?.compute_tight_bounds()?,
            None => cells.finish()?.compute_tight_bounds()?,
        };
        let fill = colour(&style.fill);
        Some((Outline { path, fill, stroke }, bbox))
    }

    /// The outlines drawn with `transform` on a new transparent `width × height` canvas.
    pub fn draw(&self, width: u32, height: u32, transform: Transform) -> Option<Pixmap> {
        let mut pixmap = Pixmap::new(width, height)?;
        let paint = |colour: Color| {
            let mut paint = Paint::default();
            paint.set_color(colour);
            paint.anti_alias = true;
            paint
        };
        if let Some((stroke, colour)) = &self.stroke {
            pixmap.stroke_path(&self.path, &paint(*colour), stroke, transform, None);
        }
        let fill = paint(self.fill);
        pixmap.fill_path(&self.path, &fill, FillRule::Winding, transform, None);
        Some(pixmap)
    }
}

#[cfg(all(test, feature = "bundled-fonts"))]
mod tests {
    use super::*;
    use crate::elements::Font;
    use crate::render::fonts::family_for;

    fn arial_glyphs(body: &str) -> Vec<GlyphId> {
        let fonts = Fonts::bundled();
        let (faces, primary) = fonts.faces(family_for(Font::Arial)).unwrap();
        shape(&faces, primary, body).iter().map(|g| g.id).collect()
    }

    #[test]
    fn markup_in_text_is_text() {
        // No markup is read: each character is its own glyph…
        let fonts = Fonts::bundled();
        let (faces, primary) = fonts.faces(family_for(Font::Arial)).unwrap();
        let literal: Vec<GlyphId> = "<b>&\"'"
            .chars()
            .map(|c| faces[primary].outline.glyph_index(c).unwrap())
            .collect();
        assert_eq!(arial_glyphs("<b>&\"'"), literal);
        // …and a control character is a space.
        assert_eq!(arial_glyphs("a\u{7}b"), arial_glyphs("a b"));
        let style = TextStyle {
            fill: "#000000".into(),
            arc: None,
            stroke: None,
        };
        assert!(Outline::shape(&fonts, "Liberation Sans", &style, "<b>x</b>").is_some());
    }

    /// Each glyph's origin and axes (y down), as placed.
    fn glyphs(style: &TextStyle, body: &str) -> Vec<Transform> {
        let fonts = Fonts::bundled();
        let (faces, primary) = fonts.faces(family_for(Font::Arial)).unwrap();
        let glyphs = shape(&faces, primary, body);
        places(&faces, &glyphs, style.arc)
    }

    fn arched(up: bool, radius: f32) -> TextStyle {
        TextStyle {
            fill: "#000000".into(),
            arc: Some(ArcPath { up, radius }),
            stroke: None,
        }
    }

    #[test]
    fn glyphs_sit_on_the_circle_turned_to_its_tangent() {
        for up in [true, false] {
            let r = 300.0;
            let placed = glyphs(&arched(up, r), "TEAM");
            assert_eq!(placed.len(), 4);
            for t in &placed {
                // Each glyph's middle is on the circle, turned to the tangent
                // there: its baseline (the line through its origin along its
                // x axis) touches the circle…
                let (ox, oy) = (t.tx, t.ty);
                let len = (t.sx * t.sx + t.ky * t.ky).sqrt();
                let (ax, ay) = (t.sx / len, t.ky / len);
                let distance = (ox * ay - oy * ax).abs();
                assert!(
                    (distance - r).abs() < 0.5,
                    "baseline {distance} from the centre"
                );
                // …at a point less than half an em ahead of the origin…
                let ahead = -(ox * ax + oy * ay);
                assert!(ahead > 0.0 && ahead < REFERENCE_EM / 2.0, "{ahead}");
                // …and its top points out of the circle for an arch, in for a smile.
                let (ux, uy) = (-t.kx, -t.sy);
                assert_eq!(ux * ox + uy * oy > 0.0, up);
            }
            // Read left to right, centred on the circle's top (or bottom).
            assert!(placed.windows(2).all(|w| w[0].tx < w[1].tx));
            let (_, cells) = Outline::shape(
                &Fonts::bundled(),
                family_for(Font::Arial),
                &arched(up, r),
                "TEAM",
            )
            .unwrap();
            let mid = cells.x() + cells.width() / 2.0;
            assert!(mid.abs() < 3.0, "centred on the circle's axis: {mid}");
            assert!(placed.iter().all(|t| (t.ty < 0.0) == up));
        }
    }

    #[test]
    fn an_arc_turns_each_letter_whole_so_the_headline_stays_unbroken() {
        // "क्षत्रिय": क्ष, त्रि (a pre-base matra and a conjunct), य.
        let fonts = Fonts::bundled();
        let (faces, primary) = fonts.faces("Noto Sans Devanagari").unwrap();
        let body = "क्षत्रिय";
        let shaped = shape(&faces, primary, body);
        let placed = places(&faces, &shaped, arched(true, 150.0).arc);
        let clusters: Vec<&[Glyph]> = shaped.chunk_by(|a, b| a.cluster == b.cluster).collect();
        assert_eq!(clusters.len(), 3);
        assert!(clusters.iter().any(|c| c.len() > 1));
        let mut at = 0;
        for cluster in clusters {
            let group = &placed[at..at + cluster.len()];
            // One turn for the whole letter, its glyphs side by side along it:
            // each starts where the one before it ends.
            for (i, t) in group.iter().enumerate().skip(1) {
                let first = group[0];
                assert_eq!(
                    (t.sx, t.ky, t.kx, t.sy),
                    (first.sx, first.ky, first.kx, first.sy)
                );
                let before = group[i - 1];
                let step = cluster[i - 1].advance as f32 * scale(&faces[primary].outline);
                let (ex, ey) = (before.tx + before.sx * step, before.ty + before.ky * step);
                assert!((t.tx - ex).abs() < 1e-3 && (t.ty - ey).abs() < 1e-3);
            }
            at += cluster.len();
        }
        // Letters turn apart from each other.
        assert_ne!(placed[0].sx, placed[placed.len() - 1].sx);
    }

    #[test]
    fn the_box_is_the_cells_or_the_stroked_ink() {
        let fonts = Fonts::bundled();
        let mut style = TextStyle {
            fill: "#1d4ed8".into(),
            arc: None,
            stroke: None,
        };
        // Flat: from the pen's start to its end, ascent to descent.
        let (_, cells) = Outline::shape(&fonts, "Liberation Sans", &style, "x x ").unwrap();
        let em = |units: f32| units * REFERENCE_EM / 2048.0;
        assert_eq!(cells.x(), 0.0);
        assert!((cells.y() - (REFERENCE_EM - em(1854.0))).abs() < 1e-3);
        assert!((cells.height() - em(1854.0 + 434.0)).abs() < 1e-3);
        let (faces, primary) = fonts.faces("Liberation Sans").unwrap();
        let advances: i32 = shape(&faces, primary, "x x ")
            .iter()
            .map(|g| g.advance)
            .sum();
        assert!((cells.width() - em(advances as f32)).abs() < 1e-3);
        // Spaces keep their advances, a trailing one too.
        let (_, shorter) = Outline::shape(&fonts, "Liberation Sans", &style, "x x").unwrap();
        assert!(shorter.width() < cells.width());
        // Stroked: the letters' ink grown by half the stroke.
        style.stroke = Some((10.0, "#000000".into()));
        let (_, inked) = Outline::shape(&fonts, "Liberation Sans", &style, "x").unwrap();
        assert!(inked.height() < cells.height());
        assert!(inked.bottom() > REFERENCE_EM + 4.0 && inked.bottom() < REFERENCE_EM + 6.0);
        // Nothing with ink: nothing to lay out.
        assert!(Outline::shape(&fonts, "Liberation Sans", &style, "   ").is_none());
        assert!(Outline::shape(&fonts, "No Such Family", &style, "x").is_none());
    }
}
