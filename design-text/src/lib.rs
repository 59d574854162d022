//! The studio's text module: the engine's own text layout (usvg shaping with
//! the studio's fonts, resvg drawing) compiled on its own, so the browser's
//! core module can leave it out and the first render never waits for it. The
//! core asks it through `useTextEngine`; nothing here decides where a text
//! goes or how big it is (that arithmetic stays in the core's `TextShape`).

use std::cell::RefCell;
use std::rc::Rc;

use design_engine::render::cache::Lru;
use design_engine::render::fonts::Fonts;
use design_engine::render::text::{Outline, TextStyle};
use tiny_skia::Transform;
use wasm_bindgen::prelude::*;

/// A text's identity: family, style (the engine's `TextStyle` as JSON), body.
type Key = (String, String, String);
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

fn shaped(family: &str, style: &str, body: &str) -> Result<Shaped, JsValue> {
    STATE.with_borrow_mut(|s| {
        let key = (family.to_string(), style.to_string(), body.to_string());
        let fonts = &s.fonts;
        s.shaped.get_or_try(key, || {
            let paint: TextStyle = serde_json::from_str(style).map_err(|e| {
                JsValue::from_str(&format!("The text style could not be read: {e}"))
            })?;
            let (outline, b) = Outline::shape(fonts, family, &paint, body)
                .ok_or_else(|| JsValue::from_str("The text could not be laid out"))?;
            Ok(Rc::new((outline, [b.x(), b.y(), b.width(), b.height()])))
        })
    })
}

/// Lays `body` out in `family`, painted as `style` says (the engine's
/// `TextStyle` as JSON: fill, and optionally arc and stroke), at the engine's
/// reference size; returns the box its ink covers as `[x, y, width, height]`.
#[wasm_bindgen(js_name = layoutText)]
pub fn layout_text(family: &str, style: &str, body: &str) -> Result<Vec<f32>, JsValue> {
    Ok(shaped(family, style, body)?.1.to_vec())
}

/// Draws a laid-out text with `transform` (`[sx, ky, kx, sy, tx, ty]`) on a
/// new transparent `width × height` canvas; returns its premultiplied RGBA.
#[wasm_bindgen(js_name = drawText)]
pub fn draw_text(
    family: &str,
    style: &str,
    body: &str,
    width: u32,
    height: u32,
    transform: &[f32],
) -> Result<Vec<u8>, JsValue> {
    let &[sx, ky, kx, sy, tx, ty] = transform else {
        return Err(JsValue::from_str("A transform has six numbers"));
    };
    shaped(family, style, body)?
        .0
        .draw(width, height, Transform::from_row(sx, ky, kx, sy, tx, ty))
        .map(|p| p.take())
        .ok_or_else(|| JsValue::from_str("The canvas size is not drawable"))
}
