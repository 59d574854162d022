//! The renderer: the fonts, the decoded uploads, and the caches of laid-out
//! texts and drawn sprites, so that moving an element only re-composites; an
//! element's decal, and its sprite at any size.

use std::collections::HashMap;
use std::sync::Arc;

use image::RgbaImage;
use tiny_skia::Pixmap;

use super::cache::Lru;
use super::fonts::Fonts;
use super::ink::Ink;
use super::pixels::{into_rgba, scaled, to_pixmap};
use super::placed::{Placed, PlacedKind, SpriteKey, TextKey};
use super::text::TextShape;
use super::vector::VectorArt;
use super::{DECAL_MAX_SIDE, DECAL_PX_PER_SIZE, PREVIEW_SIDE};
use crate::codec::{MAX_KEPT_SIDE, decode_within, shrink_to, sniff_type};
use crate::effects::embroider;
use crate::elements::{Font, ImageAsset, ImageElement, ImageSource, TextElement, check_upload};
use crate::error::StudioError;
use crate::hash::sha256_hex;

/// A drawn image's paths and its one colour.
pub(super) type Drawn = (Arc<VectorArt>, [u8; 3]);

struct StoredImage {
    asset: ImageAsset,
    full: Arc<RgbaImage>,
    /// (embroidered, preview) → premultiplied pixels ready to draw.
    prepared: HashMap<(bool, bool), Arc<Pixmap>>,
}

pub struct Renderer {
    fonts: Fonts,
    images: HashMap<String, StoredImage>,
    /// The library's clip-arts loaded so far, by id.
    cliparts: HashMap<String, Arc<VectorArt>>,
    shapes: Lru<TextKey, Arc<TextShape>>,
    sprites: Lru<SpriteKey, Arc<Pixmap>>,
    /// Names' and numbers' ink within their layout (`personal`).
    pub(super) inks: Lru<TextKey, Ink>,
    /// Uploads are kept at most this many pixels on their long side.
    image_side: u32,
}

impl Renderer {
    pub fn new(fonts: Fonts) -> Renderer {
        Renderer {
            fonts,
            images: HashMap::new(),
            cliparts: HashMap::new(),
            shapes: Lru::new(16),
            sprites: Lru::new(16),
            inks: Lru::new(16),
            image_side: MAX_KEPT_SIDE,
        }
    }

    /// Keeps uploads added from now on at most `side` pixels on their long
    /// side: enough for previews and thumbnails (not print files), and far
    /// less memory than the print-ready default.
    pub fn keep_images_at(&mut self, side: u32) {
        self.image_side = side.clamp(1, MAX_KEPT_SIDE);
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
        let sha = sha256_hex(bytes);
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

    /// Keeps a picture this renderer cannot decode itself (an SVG logo in the
    /// browser, whose module has no SVG renderer) under `asset`, the server's
    /// record of it, with `drawing` (a PNG drawn elsewhere) as its pixels. The
    /// record, not the drawing, speaks for its size and print resolution.
    pub fn add_drawn_image(
        &mut self,
        asset: ImageAsset,
        drawing: &[u8],
    ) -> Result<(), StudioError> {
        check_upload(&asset.mime, asset.bytes)?;
        if self.images.contains_key(&asset.sha256) {
            return Ok(());
        }
        // Only a PNG: whatever else it might be, the record speaks for it.
        if sniff_type(drawing) != Some("image/png") {
            return Err(StudioError::UndecodableImage);
        }
        let (_, full) = decode_within(drawing, "image/png", self.image_side)?;
        let stored = StoredImage {
            asset: asset.clone(),
            full: Arc::new(full),
            prepared: HashMap::new(),
        };
        self.images.insert(asset.sha256, stored);
        Ok(())
    }

    pub fn has_image(&self, sha256: &str) -> bool {
        self.images.contains_key(sha256)
    }

    /// Forgets uploads no longer used by any of `keep`.
    pub fn retain_images(&mut self, keep: &[&str]) {
        self.images.retain(|sha, _| keep.contains(&sha.as_str()));
    }

    /// Reads and keeps a clip-art of the library (its normalised SVG) under `id`.
    pub fn add_clipart(&mut self, id: &str, svg: &str) -> Result<(), StudioError> {
        let art = VectorArt::from_svg(svg)?;
        self.cliparts.insert(id.to_string(), Arc::new(art));
        Ok(())
    }

    pub fn has_clipart(&self, id: &str) -> bool {
        self.cliparts.contains_key(id)
    }

    /// The paths and colour of a drawn image (`None` for an upload).
    pub(super) fn vector(&self, source: &ImageSource) -> Result<Option<Drawn>, StudioError> {
        match source {
            ImageSource::Asset(_) => Ok(None),
            ImageSource::Qr(code) => {
                Ok(Some((Arc::new(VectorArt::qr(code)?), code.colour().rgb())))
            }
            ImageSource::Clipart(c) => {
                let art = self
                    .cliparts
                    .get(c.id())
                    .ok_or_else(|| StudioError::MissingClipArt(c.id().to_string()))?;
                Ok(Some((Arc::clone(art), c.colour().rgb())))
            }
        }
    }

    pub(super) fn shape(&mut self, text: &TextElement) -> Result<Arc<TextShape>, StudioError> {
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

    pub(super) fn prepared(
        &mut self,
        image: &ImageElement,
        preview: bool,
    ) -> Result<Arc<Pixmap>, StudioError> {
        let sha = &image.asset().ok_or(StudioError::MissingImage)?.sha256;
        let stored = self.images.get_mut(sha).ok_or(StudioError::MissingImage)?;
        let key = (image.use_embroidery, preview);
        if let Some(p) = stored.prepared.get(&key) {
            return Ok(p.clone());
        }
        let base = if preview {
            shrink_to((*stored.full).clone(), PREVIEW_SIDE)
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
        if let Some((art, rgb)) = self.vector(&image.source)? {
            let side = DECAL_MAX_SIDE as f32;
            let (w, h) = if art.aspect() >= 1.0 {
                (side, side / art.aspect())
            } else {
                (side * art.aspect(), side)
            };
            return Ok(into_rgba(art.raster(
                rgb,
                w.round() as u32,
                h.round() as u32,
            )?));
        }
        let pixmap = self.prepared(image, true)?;
        Ok(shrink_to(into_rgba((*pixmap).clone()), DECAL_MAX_SIDE))
    }

    /// A sprite from the cache, or made now. Print-size sprites are not kept:
    /// they are large and each print file is made once.
    pub(super) fn sprite(
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

    /// A laid-out element's sprite, and where its centre goes.
    pub(super) fn draw(
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
            PlacedKind::Vector { key, art, rgb } => {
                let (dw, dh) = (p.size.0 as u32, p.size.1 as u32);
                self.sprite(key, print, || art.raster(rgb, dw, dh))?
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
