//! Rendering: text and image decals, print-area composites and 300 DPI print
//! files. The `Renderer` owns the fonts and the decoded uploads, and caches
//! laid-out texts so that moving an element only re-composites.

pub mod cache;
pub mod fonts;
mod images;
mod personal;
mod pixels;
pub mod text;

use std::collections::HashMap;
use std::sync::Arc;

use image::RgbaImage;
use serde::Serialize;
use tiny_skia::Pixmap;

use crate::design::{Design, PrintArea};
use crate::effects::embroider;
use crate::elements::{ElementKind, Font, ImageAsset, ImageElement, TextElement};
use crate::error::StudioError;
use cache::Lru;
pub use fonts::Fonts;
pub use images::{
    MAX_IMAGE_PIXELS, MAX_KEPT_SIDE, check_decodes, decode_upload, decode_within, decoding_cost,
    encode_png, encode_png_rows, kept_pixels, sniff_type,
};
use personal::Layers;
pub use personal::{PersonalBox, PieceFile, piece_file_name, roster_csv};
use pixels::{blit, blit_inked, into_rgba, into_rgba_within, scaled, to_pixmap};
use text::{TextShape, TextStyle};

/// The studio's decals are at most 512 × 512.
pub const DECAL_MAX_SIDE: u32 = 512;
/// Font size in decal pixels per unit of the studio's text size (16 → 64 px).
pub const DECAL_PX_PER_SIZE: f32 = 4.0;
/// On a print area, a text of size S has a font size of S/200 of the area's height.
pub const TEXT_SIZE_PER_AREA_HEIGHT: f32 = 200.0;
/// Print files are 300 dots per inch.
pub const PRINT_DPI: u32 = 300;
/// Composites are at most this wide (a 300 DPI Back is 3600).
pub const MAX_RENDER_WIDTH: u32 = 8192;
/// Thumbnails are at most this many pixels square.
pub const MAX_THUMBNAIL_SIDE: u32 = 1024;
/// Images drawn at most this large use the preview copy, not the full one.
const PREVIEW_SIDE: u32 = 1024;

struct StoredImage {
    asset: ImageAsset,
    full: Arc<RgbaImage>,
    /// (embroidered, preview) → premultiplied pixels ready to draw.
    prepared: HashMap<(bool, bool), Arc<Pixmap>>,
}

/// What a text's layout depends on: its body, font and style (an arc's
/// radius in font sizes depends on the text's size; a flat text's does not).
#[derive(Clone, PartialEq)]
struct TextKey {
    text: String,
    font: Font,
    style: TextStyle,
}

impl TextKey {
    fn of(text: &TextElement) -> TextKey {
        TextKey {
            text: text.text().to_string(),
            font: text.font(),
            style: TextStyle::of(text),
        }
    }
}

/// An element drawn at its final size, ready to be copied onto an area.
#[derive(Clone, PartialEq)]
enum SpriteKey {
    Text {
        text: TextKey,
        em_bits: u32,
    },
    Image {
        sha256: String,
        embroidered: bool,
        preview: bool,
        width: u32,
        height: u32,
    },
}

pub struct Renderer {
    fonts: Fonts,
    images: HashMap<String, StoredImage>,
    shapes: Lru<TextKey, Arc<TextShape>>,
    sprites: Lru<SpriteKey, Arc<Pixmap>>,
    /// Names' and numbers' ink within their layout (`personal`).
    inks: Lru<TextKey, personal::Ink>,
    /// Uploads are kept at most this many pixels on their long side.
    image_side: u32,
}

impl Renderer {
    pub fn new(fonts: Fonts) -> Renderer {
        Renderer {
            fonts,
            images: HashMap::new(),
            shapes: Lru::new(16),
            sprites: Lru::new(16),
            inks: Lru::new(16),
            image_side: images::MAX_KEPT_SIDE,
        }
    }

    /// Keeps uploads added from now on at most `side` pixels on their long
    /// side: enough for previews and thumbnails (not print files), and far
    /// less memory than the print-ready default.
    pub fn keep_images_at(&mut self, side: u32) {
        self.image_side = side.clamp(1, images::MAX_KEPT_SIDE);
    }

    /// The preview's side: what a renderer drawing only previews and
    /// thumbnails needs to keep of an upload.
    pub const PREVIEW_SIDE: u32 = PREVIEW_SIDE;

    /// A renderer with every studio font compiled in (the server).
    #[cfg(feature = "bundled-fonts")]
    pub fn with_bundled_fonts() -> Renderer {
        Renderer::new(Fonts::bundled())
    }

    /// Adds a font file (the browser fetches the same files the server bundles).
    pub fn load_font(&mut self, bytes: Vec<u8>) -> usize {
        self.shapes.clear();
        self.sprites.clear();
        self.inks.clear();
        self.fonts.load(bytes)
    }

    pub fn has_font(&self, font: Font) -> bool {
        self.fonts.has(font)
    }

    /// Checks, decodes and keeps an upload; returns its asset record. Adding
    /// the same bytes again is free.
    pub fn add_image(&mut self, bytes: &[u8], mime: &str) -> Result<ImageAsset, StudioError> {
        let sha = crate::hash::sha256_hex(bytes);
        if let Some(stored) = self.images.get(&sha) {
            return Ok(stored.asset.clone());
        }
        let (asset, full) = decode_within(bytes, mime, self.image_side)?;
        let stored = StoredImage {
            asset: asset.clone(),
            full: Arc::new(full),
            prepared: HashMap::new(),
        };
        self.images.insert(sha, stored);
        Ok(asset)
    }

    pub fn has_image(&self, sha256: &str) -> bool {
        self.images.contains_key(sha256)
    }

    /// Forgets uploads no longer used by any of `keep`.
    pub fn retain_images(&mut self, keep: &[&str]) {
        self.images.retain(|sha, _| keep.contains(&sha.as_str()));
    }

    fn shape(&mut self, text: &TextElement) -> Result<Arc<TextShape>, StudioError> {
        let fonts = &self.fonts;
        self.shapes.get_or_try(TextKey::of(text), || {
            TextShape::layout(fonts, text).map(Arc::new)
        })
    }

    /// Checks what only a layout can tell (an arc holds its text in a half
    /// circle); a flat text needs no fonts for this, so it always passes.
    pub fn check_text(&mut self, text: &TextElement) -> Result<(), StudioError> {
        if text.arc().is_some() {
            self.shape(text)?;
        }
        Ok(())
    }

    fn prepared(
        &mut self,
        image: &ImageElement,
        preview: bool,
    ) -> Result<Arc<Pixmap>, StudioError> {
        let stored = self
            .images
            .get_mut(&image.asset.sha256)
            .ok_or(StudioError::MissingImage)?;
        let key = (image.use_embroidery, preview);
        if let Some(p) = stored.prepared.get(&key) {
            return Ok(p.clone());
        }
        let base = if preview {
            images::shrink_to((*stored.full).clone(), PREVIEW_SIDE)
        } else {
            (*stored.full).clone()
        };
        let img = if image.use_embroidery {
            embroider(&base)
        } else {
            base
        };
        let pixmap = Arc::new(to_pixmap(&img));
        stored.prepared.insert(key, pixmap.clone());
        Ok(pixmap)
    }

    /// The text as the studio shows it: its font, size and colour, at most 512 × 512.
    pub fn text_decal(&mut self, text: &TextElement) -> Result<RgbaImage, StudioError> {
        let shape = self.shape(text)?;
        Ok(into_rgba(shape.raster(
            text.size() as f32 * DECAL_PX_PER_SIZE,
            DECAL_MAX_SIDE,
        )?))
    }

    /// The image as the studio shows it (with the embroidery effect when chosen),
    /// at most 512 × 512.
    pub fn image_decal(&mut self, image: &ImageElement) -> Result<RgbaImage, StudioError> {
        let pixmap = self.prepared(image, true)?;
        Ok(images::shrink_to(
            into_rgba((*pixmap).clone()),
            DECAL_MAX_SIDE,
        ))
    }

    /// Every element of an area at its place, `width_px` wide (height keeps the
    /// area's proportions). The image lies under the text.
    pub fn render_area(
        &mut self,
        design: &Design,
        area: PrintArea,
        width_px: u32,
    ) -> Result<RgbaImage, StudioError> {
        self.area_rgba(design, area, width_px, Layers::Shared)
    }

    /// The print file of an area: PNG at 300 DPI for its physical size
    /// (Left Chest 4 × 4 in, Back 12 × 14 in), drawn from the full-resolution upload.
    pub fn export_area_png(
        &mut self,
        design: &Design,
        area: PrintArea,
    ) -> Result<Vec<u8>, StudioError> {
        self.export_rows(design, area, Layers::Shared)
    }

    /// A print file at 300 DPI on the whole area, composed a row at a time as
    /// the PNG is written: the same pixels as `blit` on the whole area (it
    /// places sprites on whole pixels), without holding the area's 58 MiB
    /// (the Back) twice, and only the span the sprites cover in each row is
    /// touched, unpremultiplied and filtered (the rest stays 0).
    fn export_rows(
        &mut self,
        design: &Design,
        area: PrintArea,
        layers: Layers,
    ) -> Result<Vec<u8>, StudioError> {
        let width = (area.print_size_inches().0 * f64::from(PRINT_DPI)).round() as u32;
        let (w, h) = area.pixel_size(width);
        let mut sprites = Vec::with_capacity(4);
        for p in self.layout(design, area, w, h, true, layers)? {
            sprites.push(self.draw(p, true, w.max(h))?);
        }
        let mut line = Pixmap::new(w, 1).expect("non-zero size");
        let mut dirty = 0..0;
        Ok(encode_png_rows(w, h, Some(PRINT_DPI), |y, out| {
            out[dirty.clone()].fill(0);
            let (mut left, mut right) = (w as usize, 0);
            for (sprite, (x, cy)) in &sprites {
                let half = sprite.height() as f32 / 2.0;
                let top = (cy - half).round() as i64;
                let y = i64::from(y);
                if (top..top + i64::from(sprite.height())).contains(&y) {
                    // Whole rows and halves: exact, so this row lines up with `blit`'s on the whole area.
                    blit(&mut line, sprite, *x, (top - y) as f32 + half);
                    let x0 = (x - sprite.width() as f32 / 2.0).round() as i64;
                    let clamp = |v: i64| v.clamp(0, i64::from(w)) as usize;
                    left = left.min(clamp(x0));
                    right = right.max(clamp(x0 + i64::from(sprite.width())));
                }
            }
            dirty = left * 4..right.max(left) * 4;
            let span = dirty.clone();
            out[span.clone()].copy_from_slice(&line.data()[span.clone()]);
            pixels::unpremultiply(&mut out[span.clone()]);
            line.data_mut()[span].fill(0);
        }))
    }

    /// A saved design's picture, `side` pixels square: the print areas that
    /// hold something, side by side on the garment's colour (one is centred),
    /// as PNG, names and numbers as the roster's first row has them. The
    /// server draws it from the stored artwork.
    pub fn thumbnail_png(&mut self, design: &Design, side: u32) -> Result<Vec<u8>, StudioError> {
        let side = side.clamp(16, MAX_THUMBNAIL_SIDE);
        let mut canvas = Pixmap::new(side, side).expect("non-zero size");
        let (r, g, b) = crate::catalogue::colour_hex(&design.color)
            .and_then(|hex| parse_hex(&hex))
            .unwrap_or((0xe5, 0xe7, 0xeb));
        canvas.fill(tiny_skia::Color::from_rgba8(r, g, b, 255));
        let sample = design.roster().first();
        let layers = sample.map_or(Layers::Shared, Layers::Piece);
        let filled: Vec<PrintArea> = PrintArea::ALL
            .into_iter()
            .filter(|a| {
                let content = design.area(*a);
                content.element_count() > 0 || (sample.is_some() && content.is_personalised())
            })
            .collect();
        let cell = side as f32 / filled.len().max(1) as f32;
        for (i, area) in filled.into_iter().enumerate() {
            // Each area fits 84% of its cell, keeping its proportions.
            let (iw, ih) = area.print_size_inches();
            let scale = (cell * 0.84 / iw as f32).min(side as f32 * 0.84 / ih as f32);
            let width = ((iw as f32 * scale).round() as u32).max(1);
            let drawn = self.area_pixmap(design, area, width, false, layers)?;
            blit(
                &mut canvas,
                &drawn,
                cell * (i as f32 + 0.5),
                side as f32 / 2.0,
            );
        }
        Ok(encode_png(&into_rgba(canvas), None))
    }

    /// A sprite from the cache, or made now. Print-size sprites are not kept:
    /// they are large and each print file is made once.
    fn sprite(
        &mut self,
        key: SpriteKey,
        print: bool,
        make: impl FnOnce() -> Result<Pixmap, StudioError>,
    ) -> Result<Arc<Pixmap>, StudioError> {
        if print {
            return make().map(Arc::new);
        }
        self.sprites.get_or_try(key, || make().map(Arc::new))
    }

    /// Where each element of an area lies when the area is drawn `width_px`
    /// wide, in that drawing's pixels: the studio hit-tests and outlines
    /// elements with these, so it never repeats the layout rules.
    pub fn element_boxes(
        &mut self,
        design: &Design,
        area: PrintArea,
        width_px: u32,
    ) -> Result<Vec<ElementBox>, StudioError> {
        let (w, h) = area.pixel_size(width_px.clamp(1, MAX_RENDER_WIDTH));
        Ok(self
            .layout(design, area, w, h, false, Layers::Shared)?
            .into_iter()
            .map(|p| p.element_box())
            .collect())
    }

    /// The element drawn on top at pixel (x, y) of an area drawn `width_px` wide.
    pub fn element_at(
        &mut self,
        design: &Design,
        area: PrintArea,
        width_px: u32,
        x: f32,
        y: f32,
    ) -> Result<Option<ElementKind>, StudioError> {
        let boxes = self.element_boxes(design, area, width_px)?;
        Ok(boxes
            .iter()
            .rev()
            .find(|b| b.contains(x, y))
            .map(|b| b.kind))
    }

    /// Each element of an area at its drawn size and centre, bottom first (the
    /// image lies under the text, a row's name and number over both). Sprites
    /// are made when drawn, not here.
    fn layout(
        &mut self,
        design: &Design,
        area: PrintArea,
        w: u32,
        h: u32,
        print: bool,
        layers: Layers,
    ) -> Result<Vec<Placed>, StudioError> {
        let (wf, hf) = (w as f32, h as f32);
        let content = design.area(area);
        let mut placed = Vec::with_capacity(4);
        let shared = layers.shared();

        if let Some(image) = content.image.clone().filter(|_| shared) {
            let box_w = image.size.width() as f32 / 100.0 * wf;
            let box_h = image.size.height() as f32 / 100.0 * hf;
            let preview = !print && box_w.max(box_h) <= PREVIEW_SIDE as f32;
            let source = self.prepared(&image, preview)?;
            let (iw, ih) = (source.width() as f32, source.height() as f32);
            // Fit inside the element's box, keeping the picture's proportions.
            let s = (box_w / iw).min(box_h / ih);
            let (dw, dh) = (
                ((iw * s).round() as u32).max(1),
                ((ih * s).round() as u32).max(1),
            );
            placed.push(Placed {
                centre: (
                    image.position.x() as f32 / 100.0 * wf,
                    image.position.y() as f32 / 100.0 * hf,
                ),
                size: (dw as f32, dh as f32),
                what: PlacedKind::Image {
                    key: SpriteKey::Image {
                        sha256: image.asset.sha256.clone(),
                        embroidered: image.use_embroidery,
                        preview,
                        width: dw,
                        height: dh,
                    },
                    source,
                },
            });
        }

        if let Some(text) = content.text.clone().filter(|_| shared) {
            let shape = self.shape(&text)?;
            let mut em = text.size() as f32 / TEXT_SIZE_PER_AREA_HEIGHT * hf;
            // A text never runs off the garment: it shrinks to fit the area.
            let (tw, th) = shape.size_at(em);
            let fit = (wf / tw).min(hf / th).min(1.0);
            em *= fit;
            placed.push(Placed {
                centre: (
                    text.position.x() as f32 / 100.0 * wf,
                    text.position.y() as f32 / 100.0 * hf,
                ),
                size: (tw * fit, th * fit),
                what: PlacedKind::Text {
                    key: SpriteKey::Text {
                        text: TextKey::of(&text),
                        em_bits: em.to_bits(),
                    },
                    shape,
                    em,
                    part: None,
                },
            });
        }
        if let Some(row) = layers.row() {
            let personal = self.place_personal(design, area, row, wf, hf)?;
            placed.extend(personal.into_iter().map(|(_, p)| p));
        }
        Ok(placed)
    }

    fn area_pixmap(
        &mut self,
        design: &Design,
        area: PrintArea,
        width_px: u32,
        print: bool,
        layers: Layers,
    ) -> Result<Pixmap, StudioError> {
        Ok(self.area_inked(design, area, width_px, print, layers)?.0)
    }

    /// A preview of an area as straight-alpha RGBA (`render_area`): only the
    /// pixels the sprites cover are converted, the rest stays transparent.
    fn area_rgba(
        &mut self,
        design: &Design,
        area: PrintArea,
        width_px: u32,
        layers: Layers,
    ) -> Result<RgbaImage, StudioError> {
        let (canvas, ink) = self.area_inked(design, area, width_px, false, layers)?;
        Ok(into_rgba_within(canvas, ink))
    }

    /// The area drawn premultiplied, and the pixels its sprites cover
    /// (`None` when nothing is drawn on it).
    fn area_inked(
        &mut self,
        design: &Design,
        area: PrintArea,
        width_px: u32,
        print: bool,
        layers: Layers,
    ) -> Result<(Pixmap, Option<pixels::Span>), StudioError> {
        let (w, h) = area.pixel_size(width_px.clamp(1, MAX_RENDER_WIDTH));
        let mut canvas =
            Pixmap::new(w, h).ok_or(StudioError::MalformedDesign("empty print area".into()))?;
        let mut ink: Option<pixels::Span> = None;
        for p in self.layout(design, area, w, h, print, layers)? {
            let (sprite, (x, y)) = self.draw(p, print, w.max(h))?;
            if let Some(span) = blit_inked(&mut canvas, &sprite, x, y, ink) {
                ink = Some(ink.map_or(span, |i| i.union(span)));
            }
        }
        Ok((canvas, ink))
    }

    /// A laid-out element's sprite, and where its centre goes.
    fn draw(
        &mut self,
        p: Placed,
        print: bool,
        area_side: u32,
    ) -> Result<(Arc<Pixmap>, (f32, f32)), StudioError> {
        let sprite = match p.what {
            PlacedKind::Image { key, source } => {
                let (dw, dh) = (p.size.0 as u32, p.size.1 as u32);
                self.sprite(key, print, || Ok(scaled(&source, dw, dh)))?
            }
            PlacedKind::Text {
                key,
                shape,
                em,
                part: None,
            } => self.sprite(key, print, || shape.raster(em, area_side + 8))?,
            PlacedKind::Text {
                key,
                shape,
                em,
                part: Some(part),
            } => self.sprite(key, print, || shape.raster_part(em, part))?,
        };
        Ok((sprite, p.centre))
    }
}

/// An element's place on a drawn area: centre and size in pixels.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ElementBox {
    pub kind: ElementKind,
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
}

impl ElementBox {
    fn contains(&self, x: f32, y: f32) -> bool {
        (x - self.x).abs() <= self.width / 2.0 && (y - self.y).abs() <= self.height / 2.0
    }
}

/// One element laid out on an area, with what is needed to draw it.
struct Placed {
    centre: (f32, f32),
    size: (f32, f32),
    what: PlacedKind,
}

enum PlacedKind {
    Image {
        key: SpriteKey,
        source: Arc<Pixmap>,
    },
    Text {
        key: SpriteKey,
        shape: Arc<TextShape>,
        em: f32,
        /// Only this part of the text's box (`TextShape::raster_part`).
        part: Option<[f32; 4]>,
    },
}

impl Placed {
    fn element_box(&self) -> ElementBox {
        ElementBox {
            kind: match self.what {
                PlacedKind::Image { .. } => ElementKind::Image,
                PlacedKind::Text { .. } => ElementKind::Text,
            },
            x: self.centre.0,
            y: self.centre.1,
            width: self.size.0,
            height: self.size.1,
        }
    }
}

/// `#rrggbb` as its three channels.
fn parse_hex(hex: &str) -> Option<(u8, u8, u8)> {
    let h = hex.strip_prefix('#')?;
    let channel = |i: usize| u8::from_str_radix(h.get(i..i + 2)?, 16).ok();
    Some((channel(0)?, channel(2)?, channel(4)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elements::{Font, ImageElement, TextElement};

    /// A print file composed a row at a time holds exactly the pixels of the
    /// area drawn whole: a text over a half-transparent picture, both off
    /// centre, and the text running past the picture's edge.
    #[test]
    fn a_print_file_written_row_by_row_is_the_whole_area_drawn() {
        let mut r = Renderer::with_bundled_fonts();
        let picture = image::RgbaImage::from_fn(300, 200, |x, y| {
            image::Rgba([
                (x % 256) as u8,
                (y % 256) as u8,
                90,
                if x < 150 { 255 } else { 120 },
            ])
        });
        let asset = r
            .add_image(&encode_png(&picture, None), "image/png")
            .unwrap();
        let mut d = Design::new("p", "white");
        d.set_image(PrintArea::Back, ImageElement::new(asset, "half.png"));
        d.set_image_size(PrintArea::Back, 55, 45).unwrap();
        d.move_element(PrintArea::Back, crate::ElementKind::Image, 41.3, 57.7);
        d.set_text(
            PrintArea::Back,
            TextElement::new("Row by row", Font::Georgia, 30, "#2050a0").unwrap(),
        );
        d.move_element(PrintArea::Back, crate::ElementKind::Text, 63.1, 49.9);
        for area in [PrintArea::Back, PrintArea::LeftChest] {
            let png = r.export_area_png(&d, area).unwrap();
            let streamed = image::load_from_memory(&png).unwrap().to_rgba8();
            let width = (area.print_size_inches().0 * f64::from(PRINT_DPI)).round() as u32;
            let whole = into_rgba(
                r.area_pixmap(&d, area, width, true, Layers::Shared)
                    .unwrap(),
            );
            assert_eq!(streamed.dimensions(), whole.dimensions());
            assert!(streamed == whole, "{area:?}: the pixels differ");
        }
    }
}
