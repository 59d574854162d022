//! The engine's WebAssembly binding, the browser's core module: converts
//! JavaScript values, calls the engine, converts back. No rule lives here.
//! Values cross as plain objects whose TypeScript types are generated from the
//! engine's own (tsify), so the package's declarations name `Design`,
//! `OrderQuote`, `Facts`…, never `any`.
//!
//! Its own crate, so the engine stays a plain library (no cdylib linked in
//! every native build) and the JavaScript surface is in one place. It builds
//! the engine without text shaping: the text module (design-text) does that.

#![cfg(target_arch = "wasm32")]

mod convert;
mod roster;
mod studio;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use design_engine::catalogue::builtin_catalogue;
use design_engine::colour::colour_hex;
use design_engine::design::Design;
use design_engine::effects::{remove_background, remove_background_png};
use design_engine::elements::{Font, check_upload};
use design_engine::facts::facts;
use design_engine::money::Paise;
use design_engine::pincode;
use design_engine::preflight;
use design_engine::pricing::{LineQuote, quote_order};
use design_engine::render::fonts;
use design_engine::tax::{Gstin, buyer_gstin};

use crate::convert::{js_error, product_pricing, to_js, whole};

/// Hands over the text module (`import('design-engine/design_text.js')`):
/// this module lays out and draws no text itself (see `render::text`), so
/// studios wait for it only when they hold text.
#[wasm_bindgen(js_name = useTextEngine)]
pub fn use_text_engine(engine: design_engine::render::text_module::TextEngine) {
    design_engine::render::text_module::use_engine(engine);
}

/// The five built-in products.
#[wasm_bindgen(unchecked_return_type = "Product[]")]
pub fn catalogue() -> Result<JsValue, JsValue> {
    to_js(&builtin_catalogue())
}

/// `#RRGGBB` for a colour name, or `undefined`.
#[wasm_bindgen(js_name = colorHex)]
pub fn color_hex(name: &str) -> Option<String> {
    colour_hex(name)
}

/// Rupees with lakh grouping, e.g. `₹1,23,456.50`, `-₹5.00`.
#[wasm_bindgen(js_name = formatInr)]
pub fn format_inr(paise: f64) -> Result<String, JsValue> {
    Ok(Paise(whole(paise)?).format_inr())
}

/// Rupees as a merchant types them (`"60"`, `"59.5"`, `"59.50"`, at most
/// ₹99,999.99) in paise, or `undefined` for anything else: more than two
/// decimals (`"5.555"`) are refused, never rounded.
#[wasm_bindgen(js_name = parseRupees)]
pub fn parse_rupees(text: &str) -> Option<f64> {
    // Whole paise below ₹10^5: exact as a JavaScript number.
    Paise::parse_rupees(text).map(|p| p.0 as f64)
}

/// Whether `text` is a pincode: six digits, the first not 0 (trim it first).
#[wasm_bindgen(js_name = isPincode)]
pub fn is_pincode(text: &str) -> bool {
    pincode::is_pincode(text)
}

/// Every tier of a product with its price per piece, for the studio's table.
#[wasm_bindgen(js_name = tierPrices, unchecked_return_type = "TierPrice[]")]
pub fn tier_prices(
    #[wasm_bindgen(unchecked_param_type = "ProductPricing")] pricing: JsValue,
) -> Result<JsValue, JsValue> {
    let pricing = product_pricing(pricing)?;
    to_js(&pricing.tiers.prices(pricing.unit_price).map_err(js_error)?)
}

/// The order breakdown of several lines (each a `LineQuote`) with the
/// merchant's fee in basis points (the server's `/api/store`).
#[wasm_bindgen(js_name = quoteOrder, unchecked_return_type = "OrderQuote")]
pub fn quote_order_js(
    #[wasm_bindgen(unchecked_param_type = "LineQuote[]")] lines: JsValue,
    fee_bps: f64,
) -> Result<JsValue, JsValue> {
    let lines: Vec<LineQuote> =
        serde_wasm_bindgen::from_value(lines).map_err(|e| JsValue::from_str(&e.to_string()))?;
    to_js(&quote_order(lines, whole(fee_bps)?).map_err(js_error)?)
}

/// The preflight warnings of every area of a design (a low-resolution image),
/// as the server lists them on a cart line and for the printer.
#[wasm_bindgen(js_name = printWarnings)]
pub fn print_warnings(
    #[wasm_bindgen(unchecked_param_type = "Design")] design: JsValue,
) -> Result<Vec<String>, JsValue> {
    let design: Design =
        serde_wasm_bindgen::from_value(design).map_err(|e| JsValue::from_str(&e.to_string()))?;
    Ok(preflight::warnings_for_design(&design))
}

/// A buyer's GSTIN as checkout takes it: the GSTIN as stored (upper case;
/// `""` for a blank one), or an `Error` with the server's message (format,
/// check character, state code, or not registered in `billingState`; a blank
/// billing state is not compared).
#[wasm_bindgen(js_name = checkGstin)]
pub fn check_gstin(raw: &str, billing_state: &str) -> Result<String, JsValue> {
    match buyer_gstin(raw, billing_state) {
        Ok(g) => Ok(g.map(String::from).unwrap_or_default()),
        Err(e) => Err(js_sys::Error::new(&e.to_string()).into()),
    }
}

/// The state a valid GSTIN is registered in, e.g. `Maharashtra (27)`, or `undefined`.
#[wasm_bindgen(js_name = gstinState)]
pub fn gstin_state(raw: &str) -> Option<String> {
    Gstin::parse(raw)
        .ok()
        .map(|g| format!("{} ({})", g.state().name, g.state().code_str()))
}

/// Checks a chosen file before it is read: an image type, under 5 MB.
#[wasm_bindgen(js_name = checkUpload)]
pub fn check_upload_js(mime: &str, bytes: f64) -> Result<(), JsValue> {
    let bytes = u64::try_from(whole(bytes)?).unwrap_or(0);
    check_upload(mime, bytes).map_err(js_error)
}

/// Removes a logo's border-connected background; returns PNG bytes.
#[wasm_bindgen(js_name = removeBackground)]
pub fn remove_background_js(bytes: &[u8], mime: &str, tolerance: u8) -> Result<Vec<u8>, JsValue> {
    remove_background_png(bytes, mime, tolerance).map_err(js_error)
}

/// Background removal on raw RGBA pixels (`width × height × 4` bytes).
#[wasm_bindgen(js_name = removeBackgroundRgba)]
pub fn remove_background_rgba(
    pixels: Vec<u8>,
    width: u32,
    height: u32,
    tolerance: u8,
) -> Result<Vec<u8>, JsValue> {
    let img = image::RgbaImage::from_raw(width, height, pixels)
        .ok_or_else(|| JsValue::from_str("pixel buffer does not match width × height × 4"))?;
    Ok(remove_background(&img, tolerance).into_raw())
}

/// A font of the studio and the file that draws it.
#[derive(Serialize, tsify::Tsify)]
pub struct FontFile {
    font: Font,
    file: &'static str,
}

/// The font files the studio needs, to fetch and pass to `loadFont`.
#[wasm_bindgen(js_name = fontFiles, unchecked_return_type = "FontFile[]")]
pub fn font_files() -> Result<JsValue, JsValue> {
    to_js(
        &Font::ALL
            .iter()
            .map(|&font| FontFile {
                font,
                file: fonts::file_for(font),
            })
            .collect::<Vec<_>>(),
    )
}

/// The font files a text in `font` needs (its own, and its scripts'
/// fallbacks): the studio loads these before it draws the text.
#[wasm_bindgen(js_name = fontFilesFor)]
pub fn font_files_for(font: &str, text: &str) -> Result<Vec<String>, JsValue> {
    let font = Font::parse(font).map_err(|e| JsValue::from_str(&e.to_string()))?;
    Ok(fonts::files_for(font, text)
        .into_iter()
        .map(String::from)
        .collect())
}

/// How many letters a text holds as the engine counts them for its limits
/// (extended grapheme clusters: "कि" is one).
#[wasm_bindgen(js_name = letterCount)]
pub fn letter_count(text: &str) -> usize {
    design_engine::limits::letters(text)
}

/// Every fact and limit the studio's controls show, from the one place that enforces them.
#[wasm_bindgen(js_name = facts, unchecked_return_type = "Facts")]
pub fn facts_js() -> Result<JsValue, JsValue> {
    to_js(&facts())
}
