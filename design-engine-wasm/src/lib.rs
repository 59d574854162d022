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

mod roster;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use design_engine::catalogue::{builtin_catalogue, colour_hex};
use design_engine::design::{Design, PrintArea};
use design_engine::effects::{remove_background, remove_background_png};
use design_engine::elements::{
    ArcDirection, ElementKind, Font, ImageElement, TextArc, TextElement, TextOutline, check_upload,
};
use design_engine::error::StudioError;
use design_engine::facts::facts;
use design_engine::hash::{artwork_hash, content_hash};
use design_engine::preflight;
use design_engine::pricing::{LineQuote, Paise, quote_order};
use design_engine::quantities::Size;
use design_engine::render::{Fonts, Renderer, fonts};
use design_engine::tax::{Gstin, buyer_gstin};
use design_engine::tiers::ProductPricing;

/// A JavaScript `Error` with the studio's message and a `code` property.
fn js_error(e: StudioError) -> JsValue {
    coded_error(&e.to_string(), e.code())
}

fn coded_error(message: &str, code: &str) -> JsValue {
    let err = js_sys::Error::new(message);
    let _ = js_sys::Reflect::set(&err, &"code".into(), &code.into());
    err.into()
}

/// As JSON would have it (maps as plain objects, `None` as null), as the
/// declarations say and as the API sends the same documents.
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsValue::from_str(&e.to_string()))
}

fn area(s: &str) -> Result<PrintArea, JsValue> {
    PrintArea::parse(s).ok_or_else(|| JsValue::from_str(&format!("Unknown print area '{s}'")))
}

fn kind(s: &str) -> Result<ElementKind, JsValue> {
    match s {
        "text" => Ok(ElementKind::Text),
        "image" => Ok(ElementKind::Image),
        _ => Err(JsValue::from_str(&format!("Unknown element kind '{s}'"))),
    }
}

/// JavaScript numbers to whole numbers: fractions truncate, NaN is refused.
fn whole(n: f64) -> Result<i64, JsValue> {
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
fn raster(img: image::RgbaImage) -> JsValue {
    let pixels = js_sys::Uint8ClampedArray::from(img.as_raw().as_slice());
    raster_object(img.width(), img.height(), &pixels)
}

/// A `Raster` object around pixels already in JavaScript's hands (a copy, or a view).
fn raster_object(width: u32, height: u32, pixels: &js_sys::Uint8ClampedArray) -> JsValue {
    let obj = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&obj, &"width".into(), &width.into());
    let _ = js_sys::Reflect::set(&obj, &"height".into(), &height.into());
    let _ = js_sys::Reflect::set(&obj, &"pixels".into(), pixels);
    obj.into()
}

/// One design being edited, with the renderer that draws it.
#[wasm_bindgen]
pub struct Studio {
    design: Design,
    renderer: Renderer,
    /// The pixels of the last `renderAreaView`, which JavaScript reads in place.
    frame: Vec<u8>,
}

impl Studio {
    fn text_of(&self, area: PrintArea) -> Result<TextElement, JsValue> {
        self.design
            .area(area)
            .text
            .clone()
            .ok_or_else(|| js_error(StudioError::NoText))
    }

    /// Puts a text in an area once the renderer accepts its layout (an arc
    /// that cannot hold it is refused with its message; the design is unchanged).
    fn put_text(&mut self, area: PrintArea, text: TextElement) -> Result<(), JsValue> {
        self.renderer.check_text(&text).map_err(js_error)?;
        self.design.set_text(area, text);
        Ok(())
    }
}

#[wasm_bindgen]
impl Studio {
    #[wasm_bindgen(constructor)]
    pub fn new(product_id: &str, color: &str) -> Studio {
        Studio {
            design: Design::new(product_id, color),
            renderer: Renderer::new(Fonts::empty()),
            frame: Vec::new(),
        }
    }

    /// Reopens a saved design (its images must be added again with `addImage`).
    #[wasm_bindgen(js_name = fromJson)]
    pub fn from_json(json: &str) -> Result<Studio, JsValue> {
        let design = Design::from_json(json).map_err(js_error)?;
        Ok(Studio {
            design,
            renderer: Renderer::new(Fonts::empty()),
            frame: Vec::new(),
        })
    }

    #[wasm_bindgen(js_name = toJson)]
    pub fn to_json(&self) -> String {
        self.design.to_json()
    }

    /// The design document as a plain object.
    #[wasm_bindgen(unchecked_return_type = "Design")]
    pub fn design(&self) -> Result<JsValue, JsValue> {
        to_js(&self.design)
    }

    /// Adds a font file's bytes; returns how many faces it held. In the browser
    /// build the fonts live in the text module, shared by every studio (a file
    /// loaded twice is kept once), and nothing loads before `useTextEngine`.
    #[wasm_bindgen(js_name = loadFont)]
    pub fn load_font(&mut self, bytes: Vec<u8>) -> usize {
        self.renderer.load_font(bytes)
    }

    #[wasm_bindgen(js_name = hasFont)]
    pub fn has_font(&self, #[wasm_bindgen(unchecked_param_type = "Font")] font: &str) -> bool {
        Font::parse(font).is_ok_and(|f| self.renderer.has_font(f))
    }

    #[wasm_bindgen(js_name = setColor)]
    pub fn set_color(&mut self, color: &str) {
        self.design.set_color(color);
    }

    /// Puts a text in an area (replacing the one there) after checking it. An
    /// edit of the area's text (another size, colour…) keeps its arc and outline.
    #[wasm_bindgen(js_name = setText)]
    pub fn set_text(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PrintArea")] area_key: &str,
        text: &str,
        #[wasm_bindgen(unchecked_param_type = "Font")] font: &str,
        size: f64,
        color: &str,
    ) -> Result<(), JsValue> {
        let font = Font::parse(font).map_err(js_error)?;
        let size =
            u32::try_from(whole(size)?).map_err(|_| js_error(StudioError::FontSizeOutOfRange))?;
        let area = area(area_key)?;
        let mut element = TextElement::new(text, font, size, color).map_err(js_error)?;
        if let Some(old) = &self.design.area(area).text {
            element = element.with_effects_of(old);
        }
        self.put_text(area, element)
    }

    /// Sets the area's text along an arc (`"up"` or `"down"`, radius in
    /// percent of the area's height), or flat with `"none"`.
    #[wasm_bindgen(js_name = setTextArc)]
    pub fn set_text_arc(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PrintArea")] area_key: &str,
        #[wasm_bindgen(unchecked_param_type = "ArcDirection | 'none'")] direction: &str,
        radius: f64,
    ) -> Result<(), JsValue> {
        let area = area(area_key)?;
        let text = self.text_of(area)?;
        let arc = match direction {
            "none" => None,
            "up" | "down" => {
                let radius = u32::try_from(whole(radius)?)
                    .map_err(|_| js_error(StudioError::ArcRadiusOutOfRange))?;
                let up = direction == "up";
                let direction = if up {
                    ArcDirection::Up
                } else {
                    ArcDirection::Down
                };
                Some(TextArc::new(direction, radius).map_err(js_error)?)
            }
            _ => return Err(JsValue::from_str(&format!("Unknown arc '{direction}'"))),
        };
        self.put_text(area, text.with_arc(arc))
    }

    /// Outlines the area's text: `width` percent of the font size (0 removes it).
    #[wasm_bindgen(js_name = setTextOutline)]
    pub fn set_text_outline(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PrintArea")] area_key: &str,
        width: f64,
        color: &str,
    ) -> Result<(), JsValue> {
        let area = area(area_key)?;
        let text = self.text_of(area)?;
        let width = u32::try_from(whole(width)?)
            .map_err(|_| js_error(StudioError::OutlineWidthOutOfRange))?;
        let outline = TextOutline::new(width, color).map_err(js_error)?;
        self.put_text(area, text.with_outline(outline))
    }

    /// Checks and decodes an upload, then puts it in an area; returns the asset record.
    #[wasm_bindgen(js_name = addImage, unchecked_return_type = "ImageAsset")]
    pub fn add_image(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PrintArea")] area_key: &str,
        bytes: &[u8],
        mime: &str,
        name: &str,
    ) -> Result<JsValue, JsValue> {
        let area = area(area_key)?;
        let asset = self.renderer.add_image(bytes, mime).map_err(js_error)?;
        self.design
            .set_image(area, ImageElement::new(asset.clone(), name));
        to_js(&asset)
    }

    /// Makes an image known to the renderer without placing it (reopening a design).
    #[wasm_bindgen(js_name = provideImage, unchecked_return_type = "ImageAsset")]
    pub fn provide_image(&mut self, bytes: &[u8], mime: &str) -> Result<JsValue, JsValue> {
        to_js(&self.renderer.add_image(bytes, mime).map_err(js_error)?)
    }

    pub fn remove(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PrintArea")] area_key: &str,
        #[wasm_bindgen(unchecked_param_type = "ElementKind")] kind_key: &str,
    ) -> Result<bool, JsValue> {
        Ok(self.design.remove(area(area_key)?, kind(kind_key)?))
    }

    /// Removes every text or every image from both areas.
    pub fn clear(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "ElementKind")] kind_key: &str,
    ) -> Result<(), JsValue> {
        self.design.clear(kind(kind_key)?);
        Ok(())
    }

    /// Moves an element; returns the clamped position `{x, y}`, or `undefined` if there is no such element.
    #[wasm_bindgen(js_name = moveElement, unchecked_return_type = "Position | undefined")]
    pub fn move_element(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PrintArea")] area_key: &str,
        #[wasm_bindgen(unchecked_param_type = "ElementKind")] kind_key: &str,
        x: f64,
        y: f64,
    ) -> Result<JsValue, JsValue> {
        match self
            .design
            .move_element(area(area_key)?, kind(kind_key)?, x, y)
        {
            Some(p) => to_js(&p),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    #[wasm_bindgen(js_name = setImageSize)]
    pub fn set_image_size(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PrintArea")] area_key: &str,
        width: f64,
        height: f64,
    ) -> Result<bool, JsValue> {
        let (w, h) = (whole(width)?, whole(height)?);
        let range =
            |v: i64| u32::try_from(v).map_err(|_| js_error(StudioError::ImageSizeOutOfRange));
        self.design
            .set_image_size(area(area_key)?, range(w)?, range(h)?)
            .map_err(js_error)
    }

    /// The preflight of an area's image as the studio's badge shows it (its
    /// DPI at the printed size, Good / Fair / Low, the warning), or `undefined`.
    #[wasm_bindgen(js_name = printQuality, unchecked_return_type = "ImageQuality | undefined")]
    pub fn print_quality(
        &self,
        #[wasm_bindgen(unchecked_param_type = "PrintArea")] area_key: &str,
    ) -> Result<JsValue, JsValue> {
        match preflight::image_quality(&self.design, area(area_key)?) {
            Some(q) => to_js(&q),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    #[wasm_bindgen(js_name = setEmbroidery)]
    pub fn set_embroidery(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PrintArea")] area_key: &str,
        on: bool,
    ) -> Result<bool, JsValue> {
        Ok(self.design.set_embroidery(area(area_key)?, on))
    }

    #[wasm_bindgen(js_name = setQuantity)]
    pub fn set_quantity(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Size | Lowercase<Size>")] size: &str,
        quantity: f64,
    ) -> Result<(), JsValue> {
        let size = Size::parse(size)
            .ok_or_else(|| JsValue::from_str(&format!("Unknown size '{size}'")))?;
        self.design
            .set_quantity(size, whole(quantity)?)
            .map_err(js_error)
    }

    #[wasm_bindgen(js_name = totalQuantity)]
    pub fn total_quantity(&self) -> u32 {
        self.design.quantities.total()
    }

    /// How many more garments before the cart accepts this design (0 when enough).
    #[wasm_bindgen(js_name = needMore)]
    pub fn need_more(&self) -> u32 {
        self.design.quantities.need_more()
    }

    #[wasm_bindgen(js_name = elementCount)]
    pub fn element_count(&self) -> u32 {
        self.design.element_count()
    }

    /// The line's price breakdown at the product's pricing (its unit price in
    /// paise and its quantity tiers), with the tier reached and the next one.
    #[wasm_bindgen(unchecked_return_type = "LineQuote")]
    pub fn quote(
        &self,
        #[wasm_bindgen(unchecked_param_type = "ProductPricing")] pricing: JsValue,
    ) -> Result<JsValue, JsValue> {
        to_js(
            &self
                .design
                .quote(&product_pricing(pricing)?)
                .map_err(js_error)?,
        )
    }

    /// The order breakdown (subtotal, gateway charge, total) for this design
    /// alone, with the merchant's fee in basis points (the server's `/api/store`).
    #[wasm_bindgen(js_name = orderQuote, unchecked_return_type = "OrderQuote")]
    pub fn order_quote(
        &self,
        #[wasm_bindgen(unchecked_param_type = "ProductPricing")] pricing: JsValue,
        fee_bps: f64,
    ) -> Result<JsValue, JsValue> {
        let line = self
            .design
            .quote(&product_pricing(pricing)?)
            .map_err(js_error)?;
        to_js(&quote_order(vec![line], whole(fee_bps)?).map_err(js_error)?)
    }

    /// Throws the first rule the cart would refuse (colour, uploads, quantities,
    /// minimum), given the product (anything with a `colors` array).
    #[wasm_bindgen(js_name = checkForCart)]
    pub fn check_for_cart(
        &self,
        #[wasm_bindgen(unchecked_param_type = "{ colors: string[] }")] product: JsValue,
    ) -> Result<(), JsValue> {
        #[derive(serde::Deserialize)]
        struct Colours {
            colors: Vec<String>,
        }
        let p: Colours = serde_wasm_bindgen::from_value(product)
            .map_err(|e| JsValue::from_str(&e.to_string()))?;
        self.design.check_for_cart(&p.colors).map_err(js_error)
    }

    #[wasm_bindgen(js_name = contentHash)]
    pub fn content_hash(&self) -> String {
        content_hash(&self.design)
    }

    #[wasm_bindgen(js_name = artworkHash)]
    pub fn artwork_hash(&self) -> String {
        artwork_hash(&self.design)
    }

    /// The area's text as a decal (at most 512 × 512), or `undefined` when it has none.
    #[wasm_bindgen(js_name = textDecal, unchecked_return_type = "Raster | undefined")]
    pub fn text_decal(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PrintArea")] area_key: &str,
    ) -> Result<JsValue, JsValue> {
        let Some(text) = self.design.area(area(area_key)?).text.clone() else {
            return Ok(JsValue::UNDEFINED);
        };
        Ok(raster(self.renderer.text_decal(&text).map_err(js_error)?))
    }

    /// The area's image as a decal (embroidered when chosen), or `undefined` when it has none.
    #[wasm_bindgen(js_name = imageDecal, unchecked_return_type = "Raster | undefined")]
    pub fn image_decal(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PrintArea")] area_key: &str,
    ) -> Result<JsValue, JsValue> {
        let Some(image) = self.design.area(area(area_key)?).image.clone() else {
            return Ok(JsValue::UNDEFINED);
        };
        Ok(raster(self.renderer.image_decal(&image).map_err(js_error)?))
    }

    /// The whole print area, `width` pixels wide.
    #[wasm_bindgen(js_name = renderArea, unchecked_return_type = "Raster")]
    pub fn render_area(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PrintArea")] area_key: &str,
        width: u32,
    ) -> Result<JsValue, JsValue> {
        Ok(raster(
            self.renderer
                .render_area(&self.design, area(area_key)?, width)
                .map_err(js_error)?,
        ))
    }

    /// The area drawn `width` wide (with a roster row's name and number when
    /// `row` is given), as `renderArea` and `renderAreaForRow`, but its pixels
    /// are a view of the engine's memory, not a copy: they are valid only
    /// until the next call into the engine, so copy them at once (into a
    /// canvas, a texture's buffer). A frame of a drag then allocates nothing
    /// in JavaScript: a fresh 1 MB array per area cost Chromium more than
    /// drawing it (its large allocations are new pages, each faulted in).
    #[wasm_bindgen(js_name = renderAreaView, unchecked_return_type = "Raster")]
    pub fn render_area_view(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PrintArea")] area_key: &str,
        width: u32,
        #[wasm_bindgen(unchecked_param_type = "RosterRowInput | undefined")] row: JsValue,
    ) -> Result<JsValue, JsValue> {
        let area = area(area_key)?;
        let img = if row.is_undefined() || row.is_null() {
            self.renderer.render_area(&self.design, area, width)
        } else {
            let row = roster::one_row(row)?;
            self.renderer
                .render_area_for_row(&self.design, area, &row, width)
        }
        .map_err(js_error)?;
        let (width, height) = img.dimensions();
        self.frame = img.into_raw();
        // SAFETY: the view reads `self.frame`, which nothing moves or frees
        // until the next call into the engine (the next view replaces it, and
        // any allocation that grew the memory would detach the view rather
        // than let it read freed bytes); the caller copies it before then.
        let pixels = unsafe { js_sys::Uint8ClampedArray::view(&self.frame) };
        Ok(raster_object(width, height, &pixels))
    }

    /// Where each element lies on the area drawn `width` wide (pixels of that drawing).
    #[wasm_bindgen(js_name = elementBoxes, unchecked_return_type = "ElementBox[]")]
    pub fn element_boxes(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PrintArea")] area_key: &str,
        width: u32,
    ) -> Result<JsValue, JsValue> {
        let boxes = self
            .renderer
            .element_boxes(&self.design, area(area_key)?, width)
            .map_err(js_error)?;
        to_js(&boxes)
    }

    /// The element on top at pixel (x, y) of the area drawn `width` wide.
    #[wasm_bindgen(js_name = elementAt, unchecked_return_type = "ElementKind | undefined")]
    pub fn element_at(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PrintArea")] area_key: &str,
        width: u32,
        x: f32,
        y: f32,
    ) -> Result<JsValue, JsValue> {
        let hit = self
            .renderer
            .element_at(&self.design, area(area_key)?, width, x, y)
            .map_err(js_error)?;
        Ok(hit.map_or(JsValue::UNDEFINED, |k| {
            to_js(&k).unwrap_or(JsValue::UNDEFINED)
        }))
    }

    /// The 300 DPI print file of an area, as PNG bytes.
    #[wasm_bindgen(js_name = exportAreaPng)]
    pub fn export_area_png(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PrintArea")] area_key: &str,
    ) -> Result<Vec<u8>, JsValue> {
        self.renderer
            .export_area_png(&self.design, area(area_key)?)
            .map_err(js_error)
    }
}

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

/// Rupees with lakh grouping, e.g. `₹1,23,456.50`.
#[wasm_bindgen(js_name = formatInr)]
pub fn format_inr(paise: f64) -> Result<String, JsValue> {
    Ok(Paise(whole(paise)?).format_inr())
}

/// A product's pricing as JavaScript hands it over; a tier table the engine
/// refuses throws an `Error` with the engine's message.
fn product_pricing(value: JsValue) -> Result<ProductPricing, JsValue> {
    serde_wasm_bindgen::from_value(value).map_err(|e| js_sys::Error::new(&e.to_string()).into())
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

/// Every fact and limit the studio's controls show, from the one place that enforces them.
#[wasm_bindgen(js_name = facts, unchecked_return_type = "Facts")]
pub fn facts_js() -> Result<JsValue, JsValue> {
    to_js(&facts())
}
