//! The text module (design-text) as the page hands it over (`useTextEngine`):
//! the browser's core module leaves text shaping out and asks it to load the
//! fonts and to lay out and draw texts (`text::outline`, on the host).

use std::cell::RefCell;

use wasm_bindgen::prelude::*;

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
    pub(super) fn layout_text(
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
    pub(super) fn draw_text(
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

pub(super) fn with_engine<T>(f: impl FnOnce(&TextEngine) -> Option<T>) -> Option<T> {
    ENGINE.with(|e| e.borrow().as_ref().and_then(f))
}

/// Font files go to the text module, which shapes with them.
pub fn load_font(bytes: &[u8]) -> usize {
    with_engine(|e| Some(e.load_font(bytes))).unwrap_or(0)
}

pub fn has_family(family: &str) -> bool {
    with_engine(|e| Some(e.has_family(family))).unwrap_or(false)
}
