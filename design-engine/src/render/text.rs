//! Text shaping and rasterising with usvg/resvg. A text is laid out once at a
//! reference size into vector outlines, then drawn at any scale, so the studio's
//! 512 px decal and a 300 DPI print come from the same outlines.

use resvg::tiny_skia::{Pixmap, PixmapMut, Rect, Transform};

use resvg::usvg;

use crate::elements::TextElement;
use crate::error::StudioError;
use crate::render::fonts::{Fonts, family_for};

/// Font size (px) at which texts are laid out; drawing scales from here.
const REFERENCE_EM: f32 = 100.0;
/// Transparent margin around a decal so antialiased edges are not cut.
const DECAL_PAD: f32 = 2.0;

/// A laid-out text: outlines plus the box its ink covers, at `REFERENCE_EM`.
pub struct TextShape {
    tree: usvg::Tree,
    bbox: Rect,
}

fn escape_xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

impl TextShape {
    pub fn layout(fonts: &Fonts, text: &TextElement) -> Result<TextShape, StudioError> {
        if !fonts.has(text.font()) {
            return Err(StudioError::FontNotLoaded(text.font().name()));
        }
        let svg = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><text x="0" y="{em}" font-family="{family}" font-size="{em}" fill="{fill}" xml:space="preserve">{body}</text></svg>"#,
            em = REFERENCE_EM,
            family = family_for(text.font()),
            fill = text.colour().as_str(),
            body = escape_xml(text.text()),
        );
        let options = usvg::Options {
            fontdb: fonts.database(),
            ..usvg::Options::default()
        };
        let tree = usvg::Tree::from_str(&svg, &options).map_err(|_| StudioError::TextEmpty)?;
        let bbox = tree.root().abs_bounding_box();
        if bbox.width() <= 0.0 || bbox.height() <= 0.0 {
            return Err(StudioError::TextEmpty);
        }
        Ok(TextShape { tree, bbox })
    }

    /// Ink size at a font size of `em_px`.
    pub fn size_at(&self, em_px: f32) -> (f32, f32) {
        let s = em_px / REFERENCE_EM;
        (self.bbox.width() * s, self.bbox.height() * s)
    }

    /// Draws the text at font size `em_px` with the centre of its ink at (cx, cy).
    fn draw_centred(&self, canvas: &mut PixmapMut, em_px: f32, cx: f32, cy: f32) {
        let s = em_px / REFERENCE_EM;
        let (w, h) = self.size_at(em_px);
        let transform = Transform::from_translate(cx - w / 2.0, cy - h / 2.0)
            .pre_scale(s, s)
            .pre_translate(-self.bbox.x(), -self.bbox.y());
        resvg::render(&self.tree, transform, canvas);
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
        let mut pixmap = Pixmap::new(pw, ph).ok_or(StudioError::TextEmpty)?;
        self.draw_centred(
            &mut pixmap.as_mut(),
            em_px * fit,
            pw as f32 / 2.0,
            ph as f32 / 2.0,
        );
        Ok(pixmap)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_in_text_is_text() {
        assert_eq!(escape_xml("<b>&\"'"), "&lt;b&gt;&amp;&quot;&apos;");
        assert_eq!(escape_xml("a\u{7}b"), "a b");
    }
}
