//! Outlines kept by the host: the browser's core module leaves shaping out
//! and asks the text module (design-text, the same layout code compiled on
//! its own), which the page hands over with `useTextEngine` once it has
//! loaded. Only the text's identity crosses; the placement arithmetic stays
//! in `TextShape`, so both draw the same pixels.

use tiny_skia::{IntSize, Pixmap, Rect, Transform};

use super::TextStyle;
use crate::render::fonts::Fonts;
use crate::render::text_module::with_engine;

pub struct Outline {
    family: &'static str,
    style: TextStyle,
    body: String,
}

impl Outline {
    pub fn shape(
        _fonts: &Fonts,
        family: &'static str,
        style: &TextStyle,
        body: &str,
    ) -> Option<(Outline, Rect)> {
        let (arc, width, colour) = style.to_parts();
        let bbox = with_engine(|e| {
            e.layout_text(family, &style.fill, body, arc, width, colour)
                .ok()
        })?;
        let [x, y, w, h] = bbox[..] else { return None };
        let outline = Outline {
            family,
            style: style.clone(),
            body: body.to_string(),
        };
        Some((outline, Rect::from_xywh(x, y, w, h)?))
    }

    pub fn draw(&self, width: u32, height: u32, t: Transform) -> Option<Pixmap> {
        let matrix = [t.sx, t.ky, t.kx, t.sy, t.tx, t.ty];
        let pixels = with_engine(|e| {
            let (arc, stroke_width, colour) = self.style.to_parts();
            e.draw_text(
                self.family,
                &self.style.fill,
                &self.body,
                arc,
                stroke_width,
                colour,
                width,
                height,
                &matrix,
            )
            .ok()
        })?;
        Pixmap::from_vec(pixels, IntSize::from_wh(width, height)?)
    }
}
