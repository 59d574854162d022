//! Rendering: text and image decals, print-area composites and 300 DPI print
//! files. The `Renderer` owns the fonts and the decoded uploads, and caches
//! laid-out texts so that moving an element only re-composites.

pub mod fonts;
mod images;
mod text;

use std::collections::HashMap;
use std::sync::Arc;

use image::RgbaImage;
use resvg::tiny_skia::{FilterQuality, Pixmap, PixmapPaint, Transform};

use crate::design::{Design, PrintArea};
use crate::effects::embroider;
use crate::elements::{Font, ImageAsset, ImageElement, TextElement};
use crate::error::StudioError;
pub use fonts::Fonts;
pub use images::{MAX_IMAGE_PIXELS, decode_upload, encode_png};
use text::TextShape;

/// The studio's decals are at most 512 × 512.
pub const DECAL_MAX_SIDE: u32 = 512;
/// Font size in decal pixels per unit of the studio's text size (16 → 64 px).
pub const DECAL_PX_PER_SIZE: f32 = 4.0;
/// On a print area, a text of size S has a font size of S/200 of the area's height.
pub const TEXT_SIZE_PER_AREA_HEIGHT: f32 = 200.0;
/// Print files are 300 dots per inch.
pub const PRINT_DPI: u32 = 300;
/// Images drawn at most this large use the preview copy, not the full one.
const PREVIEW_SIDE: u32 = 1024;
/// Laid-out texts kept (two areas × a few recent edits).
const TEXT_CACHE: usize = 16;

struct StoredImage {
    asset: ImageAsset,
    full: Arc<RgbaImage>,
    /// (embroidered, preview) → premultiplied pixels ready to draw.
    prepared: HashMap<(bool, bool), Arc<Pixmap>>,
}

#[derive(Clone, PartialEq)]
struct TextKey {
    text: String,
    font: Font,
    colour: String,
}

pub struct Renderer {
    fonts: Fonts,
    images: HashMap<String, StoredImage>,
    texts: Vec<(TextKey, Arc<TextShape>)>,
}

impl Renderer {
    pub fn new(fonts: Fonts) -> Renderer {
        Renderer { fonts, images: HashMap::new(), texts: Vec::new() }
    }

    /// A renderer with every studio font compiled in (the server).
    #[cfg(feature = "bundled-fonts")]
    pub fn with_bundled_fonts() -> Renderer {
        Renderer::new(Fonts::bundled())
    }

    /// Adds a font file (the browser fetches the same files the server bundles).
    pub fn load_font(&mut self, bytes: Vec<u8>) -> usize {
        self.texts.clear();
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
        let (asset, full) = decode_upload(bytes, mime)?;
        let stored = StoredImage { asset: asset.clone(), full: Arc::new(full), prepared: HashMap::new() };
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
        let key = TextKey { text: text.text().to_string(), font: text.font(), colour: text.colour().as_str().to_string() };
        if let Some(pos) = self.texts.iter().position(|(k, _)| *k == key) {
            let hit = self.texts.remove(pos);
            let shape = hit.1.clone();
            self.texts.push(hit);
            return Ok(shape);
        }
        let shape = Arc::new(TextShape::layout(&self.fonts, text)?);
        if self.texts.len() >= TEXT_CACHE {
            self.texts.remove(0);
        }
        self.texts.push((key, shape.clone()));
        Ok(shape)
    }

    fn prepared(&mut self, image: &ImageElement, preview: bool) -> Result<Arc<Pixmap>, StudioError> {
        let stored = self.images.get_mut(&image.asset.sha256).ok_or(StudioError::MissingImage)?;
        let key = (image.use_embroidery, preview);
        if let Some(p) = stored.prepared.get(&key) {
            return Ok(p.clone());
        }
        let base = if preview { images::shrink_to((*stored.full).clone(), PREVIEW_SIDE) } else { (*stored.full).clone() };
        let img = if image.use_embroidery { embroider(&base) } else { base };
        let pixmap = Arc::new(to_pixmap(&img));
        stored.prepared.insert(key, pixmap.clone());
        Ok(pixmap)
    }

    /// The text as the studio shows it: its font, size and colour, at most 512 × 512.
    pub fn text_decal(&mut self, text: &TextElement) -> Result<RgbaImage, StudioError> {
        let shape = self.shape(text)?;
        Ok(to_rgba(&shape.decal(text.size() as f32 * DECAL_PX_PER_SIZE, DECAL_MAX_SIDE)?))
    }

    /// The image as the studio shows it (with the embroidery effect when chosen),
    /// at most 512 × 512.
    pub fn image_decal(&mut self, image: &ImageElement) -> Result<RgbaImage, StudioError> {
        let pixmap = self.prepared(image, true)?;
        Ok(images::shrink_to(to_rgba(&pixmap), DECAL_MAX_SIDE))
    }

    /// Every element of an area at its place, `width_px` wide (height keeps the
    /// area's proportions). The image lies under the text.
    pub fn render_area(&mut self, design: &Design, area: PrintArea, width_px: u32) -> Result<RgbaImage, StudioError> {
        Ok(to_rgba(&self.area_pixmap(design, area, width_px, false)?))
    }

    /// The print file of an area: PNG at 300 DPI for its physical size
    /// (Left Chest 4 × 4 in, Back 12 × 14 in), drawn from the full-resolution upload.
    pub fn export_area_png(&mut self, design: &Design, area: PrintArea) -> Result<Vec<u8>, StudioError> {
        let width = (area.print_size_inches().0 * f64::from(PRINT_DPI)).round() as u32;
        let pixmap = self.area_pixmap(design, area, width, true)?;
        Ok(encode_png(&to_rgba(&pixmap), Some(PRINT_DPI)))
    }

    fn area_pixmap(&mut self, design: &Design, area: PrintArea, width_px: u32, print: bool) -> Result<Pixmap, StudioError> {
        let (w, h) = area.pixel_size(width_px.clamp(1, 20_000));
        let mut canvas = Pixmap::new(w, h).ok_or(StudioError::PriceOverflow)?;
        let (wf, hf) = (w as f32, h as f32);
        let content = design.area(area).clone();

        if let Some(image) = &content.image {
            let box_w = image.size.width() as f32 / 100.0 * wf;
            let box_h = image.size.height() as f32 / 100.0 * hf;
            let preview = !print && box_w.max(box_h) <= PREVIEW_SIDE as f32;
            let pixmap = self.prepared(image, preview)?;
            let (iw, ih) = (pixmap.width() as f32, pixmap.height() as f32);
            // Fit inside the element's box, keeping the picture's proportions.
            let s = (box_w / iw).min(box_h / ih);
            let cx = image.position.x() as f32 / 100.0 * wf;
            let cy = image.position.y() as f32 / 100.0 * hf;
            let paint = PixmapPaint {
                quality: if print { FilterQuality::Bicubic } else { FilterQuality::Bilinear },
                ..PixmapPaint::default()
            };
            let t = Transform::from_row(s, 0.0, 0.0, s, cx - iw * s / 2.0, cy - ih * s / 2.0);
            canvas.draw_pixmap(0, 0, Pixmap::as_ref(&pixmap), &paint, t, None);
        }

        if let Some(text) = &content.text {
            let shape = self.shape(text)?;
            let mut em = text.size() as f32 / TEXT_SIZE_PER_AREA_HEIGHT * hf;
            // A text never runs off the garment: it shrinks to fit the area.
            let (tw, th) = shape.size_at(em);
            let fit = (wf / tw).min(hf / th).min(1.0);
            em *= fit;
            let cx = text.position.x() as f32 / 100.0 * wf;
            let cy = text.position.y() as f32 / 100.0 * hf;
            shape.draw_centred(&mut canvas.as_mut(), em, cx, cy);
        }
        Ok(canvas)
    }
}

/// Straight-alpha RGBA → tiny-skia's premultiplied pixels.
fn to_pixmap(img: &RgbaImage) -> Pixmap {
    let mut data = img.as_raw().clone();
    for px in data.chunks_exact_mut(4) {
        let a = u32::from(px[3]);
        for c in &mut px[..3] {
            *c = ((u32::from(*c) * a + 127) / 255) as u8;
        }
    }
    let size = resvg::tiny_skia::IntSize::from_wh(img.width().max(1), img.height().max(1)).expect("non-zero size");
    Pixmap::from_vec(data, size).expect("buffer matches its size")
}

/// Premultiplied pixels → straight-alpha RGBA, as browsers' ImageData and PNG
/// expect. Most pixels are fully transparent or opaque and need no division.
fn to_rgba(pixmap: &Pixmap) -> RgbaImage {
    let mut data = pixmap.data().to_vec();
    for px in data.chunks_exact_mut(4) {
        let a = u32::from(px[3]);
        if a != 0 && a != 255 {
            for c in &mut px[..3] {
                *c = ((u32::from(*c) * 255 + a / 2) / a).min(255) as u8;
            }
        }
    }
    RgbaImage::from_raw(pixmap.width(), pixmap.height(), data).expect("buffer matches its size")
}
