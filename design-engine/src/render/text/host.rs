//! Outlines kept by the host: the browser's core module leaves shaping out
//! and asks the text module (design-text, the same layout code compiled on
//! its own), which the page hands over with `useTextEngine` once it has
//! loaded. Only the text's identity crosses; the placement arithmetic stays
//! in `TextShape`, so both draw the same pixels.

use std::cell::RefCell;

use tiny_skia::{IntSize, Pixmap, Rect, Transform};
use wasm_bindgen::prelude::*;

use super::TextStyle;
use crate::render::fonts::Fonts;

#[wasm_bindgen]
extern "C" {
    /// The text module's exports (design_text.js).
    #[wasm_bindgen(typescript_type = "typeof import('./design_text')")]
    pub type TextEngine;

    #[wasm_bindgen(method, js_name = loadFont)]
    fn load_font(this: &TextEngine, bytes: &[u8]) -> usize;

    #[wasm_bindgen(method, js_name = hasFont)]
    fn has_family(this: &TextEngine, family: &str) -> bool;

    #[wasm_bindgen(method, catch, js_name = layoutText)]
    fn layout_text(
        this: &TextEngine,
        family: &str,
        fill: &str,
        body: &str,
        arc: f32,
        stroke_width: f32,
        stroke_colour: &str,
    ) -> Result<Vec<f32>, JsValue>;

    #[wasm_bindgen(method, catch, js_name = drawText)]
    #[allow(clippy::too_many_arguments)]
    fn draw_text(
        this: &TextEngine,
        family: &str,
        fill: &str,
        body: &str,
        arc: f32,
        stroke_width: f32,
        stroke_colour: &str,
        width: u32,
        height: u32,
        transform: &[f32],
    ) -> Result<Vec<u8>, JsValue>;
}

thread_local! {
    static ENGINE: RefCell<Option<TextEngine>> = const { RefCell::new(None) };
}

/// Hands over the text module; texts can be laid out from now on.
pub fn use_engine(engine: TextEngine) {
    ENGINE.with(|e| *e.borrow_mut() = Some(engine));
}

fn with_engine<T>(f: impl FnOnce(&TextEngine) -> Option<T>) -> Option<T> {
    ENGINE.with(|e| e.borrow().as_ref().and_then(f))
}

/// Font files go to the text module, which shapes with them.
pub fn load_font(bytes: &[u8]) -> usize {
    with_engine(|e| Some(e.load_font(bytes))).unwrap_or(0)
}

pub fn has_family(family: &str) -> bool {
    with_engine(|e| Some(e.has_family(family))).unwrap_or(false)
}

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
