//! Print files and thumbnails: an area at 300 DPI, written to PNG a row at a
//! time, and a saved design's picture.

use tiny_skia::Pixmap;

use super::pixels::{blit, into_rgba, unpremultiply};
use super::placed::Layers;
use super::renderer::Renderer;
use super::{MAX_THUMBNAIL_SIDE, PRINT_DPI};
use crate::codec::{encode_png, encode_png_rows};
use crate::colour::colour_hex;
use crate::design::{Design, PrintArea};
use crate::error::StudioError;

impl Renderer {
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
    pub(super) fn export_rows(
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
            unpremultiply(&mut out[span.clone()]);
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
        let (r, g, b) = colour_hex(&design.color)
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
}

/// `#rrggbb` as its three channels.
fn parse_hex(hex: &str) -> Option<(u8, u8, u8)> {
    let h = hex.strip_prefix('#')?;
    let channel = |i: usize| u8::from_str_radix(h.get(i..i + 2)?, 16).ok();
    Some((channel(0)?, channel(2)?, channel(4)?))
}
