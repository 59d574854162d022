//! The studio's text module: the engine's own text layout (harfrust shaping,
//! ttf-parser outlines, tiny-skia drawing, with the studio's fonts) compiled on its
//! own, so the browser's core module can leave it out and the first render
//! never waits for it. The core asks it through `useTextEngine`; nothing here
//! decides where a text goes or how big it is (that arithmetic stays in the
//! core's `TextShape`).

use std::cell::RefCell;
use std::rc::Rc;

use design_engine::render::cache::Lru;
use design_engine::render::fonts::Fonts;
use design_engine::render::text::{Outline, TextStyle};
use tiny_skia::Transform;
use wasm_bindgen::prelude::*;

/// A text's identity: family, fill, body, and the effects (arc radius and
/// stroke width as bits, stroke colour).
type Key = (String, String, String, u32, u32, String);
/// A laid-out text and the box its ink covers (`[x, y, width, height]`).
type Shaped = Rc<(Outline, [f32; 4])>;

struct State {
    fonts: Fonts,
    /// Fingerprints of the font files loaded and their face counts, so a
    /// second studio loading the same files adds no duplicate faces.
    files: Vec<(u64, usize)>,
    /// The core lays a text out, then draws it at each size it needs.
    shaped: Lru<Key, Shaped>,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State {
        fonts: Fonts::empty(),
        files: Vec::new(),
        shaped: Lru::new(16),
    });
}

fn fingerprint(bytes: &[u8]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut h);
    h.finish()
}

/// Adds a font file; returns how many faces it held (0 if it was not a font).
#[wasm_bindgen(js_name = loadFont)]
pub fn load_font(bytes: &[u8]) -> usize {
    STATE.with_borrow_mut(|s| {
        let print = fingerprint(bytes);
        if let Some(&(_, faces)) = s.files.iter().find(|(p, _)| *p == print) {
            return faces;
        }
        let faces = s.fonts.load(bytes.to_vec());
        s.files.push((print, faces));
        s.shaped.clear();
        faces
    })
}

/// Whether a face of this family is loaded.
#[wasm_bindgen(js_name = hasFont)]
pub fn has_font(family: &str) -> bool {
    STATE.with_borrow(|s| s.fonts.has_family(family))
}

fn shaped(family: &str, style: &TextStyle, body: &str) -> Result<Shaped, JsValue> {
    STATE.with_borrow_mut(|s| {
        let (arc, width, colour) = style.to_parts();
        let key = (
            family.to_string(),
            style.fill.clone(),
            body.to_string(),
            arc.to_bits(),
            width.to_bits(),
            colour.to_string(),
        );
        let fonts = &s.fonts;
        s.shaped.get_or_try(key, || {
            let (outline, b) = Outline::shape(fonts, family, style, body)
                .ok_or_else(|| JsValue::from_str("The text could not be laid out"))?;
            Ok(Rc::new((outline, [b.x(), b.y(), b.width(), b.height()])))
        })
    })
}

/// Lays `body` out in `family`, filled with `fill`, at the engine's reference
/// size, along an arc of radius `arc` (positive arching up, negative down, 0
/// flat) with a stroke `stroke_width` wide (0 for none) under the fill;
/// returns the box its ink covers as `[x, y, width, height]`.
#[wasm_bindgen(js_name = layoutText)]
pub fn layout_text(
    family: &str,
    fill: &str,
    body: &str,
    arc: f32,
    stroke_width: f32,
    stroke_colour: &str,
) -> Result<Vec<f32>, JsValue> {
    let style = TextStyle::from_parts(fill, arc, stroke_width, stroke_colour);
    Ok(shaped(family, &style, body)?.1.to_vec())
}

/// Draws a laid-out text with `transform` (`[sx, ky, kx, sy, tx, ty]`) on a
/// new transparent `width × height` canvas; returns its premultiplied RGBA.
#[wasm_bindgen(js_name = drawText)]
#[allow(clippy::too_many_arguments)] // plain values cross to JavaScript cheaply
pub fn draw_text(
    family: &str,
    fill: &str,
    body: &str,
    arc: f32,
    stroke_width: f32,
    stroke_colour: &str,
    width: u32,
    height: u32,
    transform: &[f32],
) -> Result<Vec<u8>, JsValue> {
    let &[sx, ky, kx, sy, tx, ty] = transform else {
        return Err(JsValue::from_str("A transform has six numbers"));
    };
    let style = TextStyle::from_parts(fill, arc, stroke_width, stroke_colour);
    shaped(family, &style, body)?
        .0
        .draw(width, height, Transform::from_row(sx, ky, kx, sy, tx, ty))
        .map(|p| p.take())
        .ok_or_else(|| JsValue::from_str("The canvas size is not drawable"))
}
