//! One design being edited in the studio, with the renderer that draws it:
//! every edit, its price, its checks, its hashes and its pictures.

use wasm_bindgen::prelude::*;

use design_engine::design::{Design, PrintArea};
use design_engine::elements::{
    ArcDirection, ClipArt, Font, ImageAsset, ImageElement, ImageSource, QrCode, TextArc,
    TextElement, TextOutline,
};
use design_engine::error::StudioError;
use design_engine::garment::Garment;
use design_engine::hash::{artwork_hash, content_hash};
use design_engine::preflight;
use design_engine::pricing::quote_order;
use design_engine::render::{Fonts, Renderer};

use crate::convert::{
    js_error, kind, one_row, product_pricing, raster, raster_object, to_js, whole,
};

/// One design being edited, with the renderer that draws it.
#[wasm_bindgen]
pub struct Studio {
    pub(crate) design: Design,
    /// The product's areas, sizes, surcharges and colours (`setGarment`);
    /// the built-in garment's until then.
    pub(crate) garment: Garment,
    pub(crate) renderer: Renderer,
    /// The pixels of the last `renderAreaView`, which JavaScript reads in place.
    frame: Vec<u8>,
}

impl Studio {
    fn provide_svg_logo(
        &mut self,
        sha256: &str,
        bytes: f64,
        width: u32,
        height: u32,
        png: &[u8],
    ) -> Result<ImageAsset, JsValue> {
        let asset = ImageAsset {
            sha256: sha256.to_string(),
            mime: "image/svg+xml".into(),
            bytes: u64::try_from(whole(bytes)?).unwrap_or(u64::MAX),
            width,
            height,
        };
        self.renderer
            .add_drawn_image(asset.clone(), png)
            .map_err(js_error)?;
        Ok(asset)
    }

    /// One of the product's print areas, with its inches.
    pub(crate) fn area(&self, key: &str) -> Result<PrintArea, JsValue> {
        self.garment
            .area(key)
            .ok_or_else(|| js_error(StudioError::UnknownArea(key.chars().take(24).collect())))
    }

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
            garment: Garment::with_colours(Vec::new()),
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
            garment: Garment::with_colours(Vec::new()),
            renderer: Renderer::new(Fonts::empty()),
            frame: Vec::new(),
        })
    }

    /// The product's garment: its colours, sizes (with surcharges) and print
    /// areas, which every edit, check and render then uses. A design not yet
    /// started takes the product's areas and sizes (`Design::adopt`).
    #[wasm_bindgen(js_name = setGarment)]
    pub fn set_garment(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Garment")] garment: JsValue,
    ) -> Result<(), JsValue> {
        let garment: Garment = serde_wasm_bindgen::from_value(garment)
            .map_err(|e| JsValue::from_str(&e.to_string()))?;
        self.design.adopt(&garment);
        self.garment = garment;
        Ok(())
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
        let area = self.area(area_key)?;
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
        let area = self.area(area_key)?;
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
        let area = self.area(area_key)?;
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
        let area = self.area(area_key)?;
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

    /// Puts an SVG logo in an area: `sha256`, `bytes`, `width` and `height`
    /// are the server's record of its sanitised copy (drawn at print size
    /// there), `png` the browser's drawing of that copy for the preview (this
    /// module has no SVG renderer). Plain arguments, not an object: no
    /// deserialiser grows the module.
    #[allow(clippy::too_many_arguments)]
    #[wasm_bindgen(js_name = addSvgLogo)]
    pub fn add_svg_logo(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PrintArea")] area_key: &str,
        sha256: &str,
        bytes: f64,
        width: u32,
        height: u32,
        png: &[u8],
        name: &str,
    ) -> Result<(), JsValue> {
        let area = self.area(area_key)?;
        let asset = self.provide_svg_logo(sha256, bytes, width, height, png)?;
        self.design.set_image(area, ImageElement::new(asset, name));
        Ok(())
    }

    /// Makes an SVG logo known to the renderer without placing it (reopening
    /// a design): the design's record of it, and the browser's drawing.
    #[wasm_bindgen(js_name = provideSvgLogo)]
    pub fn provide_svg_logo_js(
        &mut self,
        sha256: &str,
        bytes: f64,
        width: u32,
        height: u32,
        png: &[u8],
    ) -> Result<(), JsValue> {
        self.provide_svg_logo(sha256, bytes, width, height, png)
            .map(|_| ())
    }

    /// Puts a QR code of `text` in `color` in an area (checked against the
    /// garment's colour when the design is saved).
    #[wasm_bindgen(js_name = setQrCode)]
    pub fn set_qr_code(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PrintArea")] area_key: &str,
        text: &str,
        color: &str,
    ) -> Result<(), JsValue> {
        let area = self.area(area_key)?;
        let code = QrCode::new(text, color).map_err(js_error)?;
        self.design
            .set_image(area, ImageElement::of(ImageSource::Qr(code), "QR code"));
        Ok(())
    }

    /// Makes a clip-art of the library known to the renderer: its normalised
    /// SVG, as `GET /api/clipart/{id}.svg` serves it.
    #[wasm_bindgen(js_name = provideClipart)]
    pub fn provide_clipart(&mut self, id: &str, svg: &str) -> Result<(), JsValue> {
        self.renderer.add_clipart(id, svg).map_err(js_error)
    }

    /// Puts a clip-art (provided first) in `color` in an area.
    #[wasm_bindgen(js_name = setClipart)]
    pub fn set_clipart(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PrintArea")] area_key: &str,
        id: &str,
        color: &str,
        name: &str,
    ) -> Result<(), JsValue> {
        let area = self.area(area_key)?;
        let clip = ClipArt::new(id, color).map_err(js_error)?;
        self.design
            .set_image(area, ImageElement::of(ImageSource::Clipart(clip), name));
        Ok(())
    }

    pub fn remove(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PrintArea")] area_key: &str,
        #[wasm_bindgen(unchecked_param_type = "ElementKind")] kind_key: &str,
    ) -> Result<bool, JsValue> {
        Ok(self.design.remove(self.area(area_key)?, kind(kind_key)?))
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
            .move_element(self.area(area_key)?, kind(kind_key)?, x, y)
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
            .set_image_size(self.area(area_key)?, range(w)?, range(h)?)
            .map_err(js_error)
    }

    /// The preflight of an area's image as the studio's badge shows it (its
    /// DPI at the printed size, Good / Fair / Low, the warning), or `undefined`.
    #[wasm_bindgen(js_name = printQuality, unchecked_return_type = "ImageQuality | undefined")]
    pub fn print_quality(
        &self,
        #[wasm_bindgen(unchecked_param_type = "PrintArea")] area_key: &str,
    ) -> Result<JsValue, JsValue> {
        match preflight::image_quality(&self.design, self.area(area_key)?) {
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
        Ok(self.design.set_embroidery(self.area(area_key)?, on))
    }

    #[wasm_bindgen(js_name = setQuantity)]
    pub fn set_quantity(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Size")] size: &str,
        quantity: f64,
    ) -> Result<(), JsValue> {
        let size = self
            .garment
            .size(size)
            .ok_or_else(|| js_error(StudioError::UnknownSize(size.chars().take(12).collect())))?;
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

    /// Throws the first rule the cart would refuse (colour, areas, sizes,
    /// uploads, quantities, minimum, roster) against the product's garment.
    #[wasm_bindgen(js_name = checkForCart)]
    pub fn check_for_cart(&self) -> Result<(), JsValue> {
        self.design.check_for_cart(&self.garment).map_err(js_error)
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
        let Some(text) = self.design.area(self.area(area_key)?).text.clone() else {
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
        let Some(image) = self.design.area(self.area(area_key)?).image.clone() else {
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
                .render_area(&self.design, self.area(area_key)?, width)
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
        let area = self.area(area_key)?;
        let img = if row.is_undefined() || row.is_null() {
            self.renderer.render_area(&self.design, area, width)
        } else {
            let row = one_row(row, &self.garment.sizes)?;
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
            .element_boxes(&self.design, self.area(area_key)?, width)
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
            .element_at(&self.design, self.area(area_key)?, width, x, y)
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
            .export_area_png(&self.design, self.area(area_key)?)
            .map_err(js_error)
    }
}
