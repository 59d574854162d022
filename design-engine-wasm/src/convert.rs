//! JavaScript values to the engine's and back: errors with their code,
//! plain objects as JSON would have them, print areas and element kinds by
//! key, numbers to whole numbers, and pixels as `Raster` objects.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use design_engine::elements::ElementKind;
use design_engine::error::{StudioError, Values};
use design_engine::roster::{RosterRow, RosterRowInput};
use design_engine::size::Size;
use design_engine::tiers::ProductPricing;

/// A JavaScript `Error` with the studio's message, its `code` and its
/// `values` (a roster row's with its `row`).
pub(crate) fn js_error(e: StudioError) -> JsValue {
    coded_error(&e.to_string(), e.code(), &e.values())
}

/// An `Error` with `message`, a `code` property and a `values` one: a plain
/// object of the values the message names, by the catalogue's names for them,
/// so the page writes the message in its language without reading the English.
pub(crate) fn coded_error(message: &str, code: &str, values: &Values) -> JsValue {
    let err = js_sys::Error::new(message);
    let named = js_sys::Object::new();
    for (name, value) in values {
        let _ = js_sys::Reflect::set(&named, &(*name).into(), &value.into());
    }
    let _ = js_sys::Reflect::set(&err, &"code".into(), &code.into());
    let _ = js_sys::Reflect::set(&err, &"values".into(), &named);
    err.into()
}

/// As JSON would have it (maps as plain objects, `None` as null), as the
/// declarations say and as the API sends the same documents.
pub(crate) fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsValue::from_str(&e.to_string()))
}

pub(crate) fn kind(s: &str) -> Result<ElementKind, JsValue> {
    match s {
        "text" => Ok(ElementKind::Text),
        "image" => Ok(ElementKind::Image),
        _ => Err(JsValue::from_str(&format!("Unknown element kind '{s}'"))),
    }
}

/// JavaScript numbers to whole numbers: fractions truncate, NaN is refused.
pub(crate) fn whole(n: f64) -> Result<i64, JsValue> {
    if n.is_finite() {
        Ok(n.trunc() as i64)
    } else {
        Err(JsValue::from_str("Not a number"))
    }
}

#[wasm_bindgen(typescript_custom_section)]
const RASTER_TS: &str = r#"
/** Straight-alpha RGBA pixels, ready for `new ImageData(pixels, width, height)`. */
export interface Raster { width: number; height: number; pixels: Uint8ClampedArray }
"#;

/// Pixels handed to JavaScript as a plain `Raster` object: copied out once,
/// nothing left in wasm memory for the caller to free.
pub(crate) fn raster(img: image::RgbaImage) -> JsValue {
    let pixels = js_sys::Uint8ClampedArray::from(img.as_raw().as_slice());
    raster_object(img.width(), img.height(), &pixels)
}

/// A `Raster` object around pixels already in JavaScript's hands (a copy, or a view).
pub(crate) fn raster_object(
    width: u32,
    height: u32,
    pixels: &js_sys::Uint8ClampedArray,
) -> JsValue {
    let obj = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&obj, &"width".into(), &width.into());
    let _ = js_sys::Reflect::set(&obj, &"height".into(), &height.into());
    let _ = js_sys::Reflect::set(&obj, &"pixels".into(), pixels);
    obj.into()
}

/// A product's pricing as JavaScript hands it over; a tier table the engine
/// refuses throws an `Error` with the engine's message.
pub(crate) fn product_pricing(value: JsValue) -> Result<ProductPricing, JsValue> {
    serde_wasm_bindgen::from_value(value).map_err(|e| js_sys::Error::new(&e.to_string()).into())
}

/// One typed row in one of `sizes`, checked (its problem's message and code when bad).
pub(crate) fn one_row(row: JsValue, sizes: &[Size]) -> Result<RosterRow, JsValue> {
    let input: RosterRowInput =
        serde_wasm_bindgen::from_value(row).map_err(|e| JsValue::from_str(&e.to_string()))?;
    RosterRow::from_input(&input, sizes)
        .map_err(|p| coded_error(&p.to_string(), p.code(), &p.values()))
}
