//! Pixel plumbing of the renderer: resampling, laying sprites over a canvas,
//! and the conversions between tiny-skia's premultiplied pixels and the
//! straight alpha of browsers and PNG.

use image::RgbaImage;
use tiny_skia::{FilterQuality, Pixmap, PixmapPaint, Transform};

/// Resamples a picture to exactly `width × height` (bicubic).
pub(super) fn scaled(source: &Pixmap, width: u32, height: u32) -> Pixmap {
    let mut out = Pixmap::new(width, height).expect("non-zero size");
    let (sx, sy) = (
        width as f32 / source.width() as f32,
        height as f32 / source.height() as f32,
    );
    let paint = PixmapPaint {
        quality: FilterQuality::Bicubic,
        ..PixmapPaint::default()
    };
    out.draw_pixmap(
        0,
        0,
        source.as_ref(),
        &paint,
        Transform::from_scale(sx, sy),
        None,
    );
    out
}

/// Pixels of a canvas a drawing touched: columns `left..right`, rows `top..bottom`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Span {
    pub left: usize,
    pub top: usize,
    pub right: usize,
    pub bottom: usize,
}

impl Span {
    pub fn union(self, other: Span) -> Span {
        Span {
            left: self.left.min(other.left),
            top: self.top.min(other.top),
            right: self.right.max(other.right),
            bottom: self.bottom.max(other.bottom),
        }
    }
}

impl Span {
    fn overlaps(&self, other: &Span) -> bool {
        self.left < other.right
            && other.left < self.right
            && self.top < other.bottom
            && other.top < self.bottom
    }
}

/// Where a sprite centred at (cx, cy) lands on a `cw × ch` canvas, on whole
/// pixels: its top-left corner and the canvas pixels it covers (`None`: off the canvas).
fn place(cw: i64, ch: i64, sprite: &Pixmap, cx: f32, cy: f32) -> Option<(i64, i64, Span)> {
    let (sw, sh) = (sprite.width() as i64, sprite.height() as i64);
    let x0 = (cx - sw as f32 / 2.0).round() as i64;
    let y0 = (cy - sh as f32 / 2.0).round() as i64;
    let (left, right) = (x0.max(0), (x0 + sw).min(cw));
    let (top, bottom) = (y0.max(0), (y0 + sh).min(ch));
    if left >= right || top >= bottom {
        return None;
    }
    let span = Span {
        left: left as usize,
        top: top as usize,
        right: right as usize,
        bottom: bottom as usize,
    };
    Some((x0, y0, span))
}

/// Lays a sprite over the canvas with its centre at (cx, cy), on whole pixels:
/// premultiplied source-over in integers (no resampling: fast, and the same on
/// every host). Returns the pixels it may have changed (`None`: off the canvas).
pub(super) fn blit(canvas: &mut Pixmap, sprite: &Pixmap, cx: f32, cy: f32) -> Option<Span> {
    blit_over(canvas, sprite, cx, cy, None)
}

/// `blit`, knowing that the canvas is transparent (all zero) outside `ink`:
/// where the sprite lands clear of it, source-over onto nothing is the sprite
/// itself (premultiplied pixels: a transparent one is all zero), so its rows
/// are copied whole, the same pixels for far less work.
pub(super) fn blit_inked(
    canvas: &mut Pixmap,
    sprite: &Pixmap,
    cx: f32,
    cy: f32,
    ink: Option<Span>,
) -> Option<Span> {
    blit_over(canvas, sprite, cx, cy, Some(ink))
}

fn blit_over(
    canvas: &mut Pixmap,
    sprite: &Pixmap,
    cx: f32,
    cy: f32,
    ink: Option<Option<Span>>,
) -> Option<Span> {
    let (cw, ch) = (canvas.width() as i64, canvas.height() as i64);
    let (x0, y0, covered) = place(cw, ch, sprite, cx, cy)?;
    let blank = ink.is_some_and(|ink| ink.is_none_or(|ink| !ink.overlaps(&covered)));
    let sw = sprite.width() as i64;
    let src = sprite.data();
    let dst = canvas.data_mut();
    let (left, right) = (covered.left as i64, covered.right as i64);
    let span = ((right - left) * 4) as usize;
    for y in covered.top as i64..covered.bottom as i64 {
        let s0 = (((y - y0) * sw + (left - x0)) * 4) as usize;
        let d0 = ((y * cw + left) * 4) as usize;
        let (s_row, d_row) = (&src[s0..s0 + span], &mut dst[d0..d0 + span]);
        if blank {
            d_row.copy_from_slice(s_row);
            continue;
        }
        for (s, d) in s_row.chunks_exact(4).zip(d_row.chunks_exact_mut(4)) {
            match s[3] {
                0 => {}
                255 => d.copy_from_slice(s),
                a => {
                    let keep = 255 - u32::from(a);
                    for i in 0..4 {
                        d[i] = (u32::from(s[i]) + (u32::from(d[i]) * keep + 127) / 255) as u8;
                    }
                }
            }
        }
    }
    Some(covered)
}

/// Straight-alpha RGBA → tiny-skia's premultiplied pixels.
pub(super) fn to_pixmap(img: &RgbaImage) -> Pixmap {
    let mut data = img.as_raw().clone();
    for px in data.chunks_exact_mut(4) {
        let a = u32::from(px[3]);
        for c in &mut px[..3] {
            *c = ((u32::from(*c) * a + 127) / 255) as u8;
        }
    }
    let size = tiny_skia::IntSize::from_wh(img.width().max(1), img.height().max(1))
        .expect("non-zero size");
    Pixmap::from_vec(data, size).expect("buffer matches its size")
}

/// Premultiplied pixels → straight-alpha RGBA, as browsers' ImageData and PNG
/// expect, in place. Most pixels are fully transparent or opaque: no division.
pub(super) fn into_rgba(pixmap: Pixmap) -> RgbaImage {
    let (width, height) = (pixmap.width(), pixmap.height());
    let mut data = pixmap.take();
    unpremultiply(&mut data);
    RgbaImage::from_raw(width, height, data).expect("buffer matches its size")
}

/// `into_rgba` for a canvas that is transparent (all zero) outside `ink`:
/// only the inked span is converted, the same pixels for far less work.
pub(super) fn into_rgba_within(pixmap: Pixmap, ink: Option<Span>) -> RgbaImage {
    let (width, height) = (pixmap.width(), pixmap.height());
    let mut data = pixmap.take();
    if let Some(ink) = ink {
        let stride = width as usize * 4;
        for row in data[ink.top * stride..ink.bottom * stride].chunks_exact_mut(stride) {
            unpremultiply(&mut row[ink.left * 4..ink.right * 4]);
        }
    }
    RgbaImage::from_raw(width, height, data).expect("buffer matches its size")
}

pub(super) fn unpremultiply(data: &mut [u8]) {
    for px in data.chunks_exact_mut(4) {
        let a = u32::from(px[3]);
        if a != 0 && a != 255 {
            for c in &mut px[..3] {
                *c = ((u32::from(*c) * 255 + a / 2) / a).min(255) as u8;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiny_skia::{Color, Paint, PathBuilder, Transform};

    /// A premultiplied sprite with opaque, half-transparent and empty pixels.
    fn sprite(w: u32, h: u32, rgb: (u8, u8, u8)) -> Pixmap {
        let mut p = Pixmap::new(w, h).unwrap();
        let mut paint = Paint::default();
        paint.set_color(Color::from_rgba8(rgb.0, rgb.1, rgb.2, 200));
        let circle =
            PathBuilder::from_circle(w as f32 / 2.0, h as f32 / 2.0, w as f32 / 2.5).unwrap();
        p.fill_path(
            &circle,
            &paint,
            tiny_skia::FillRule::Winding,
            Transform::identity(),
            None,
        );
        p
    }

    /// Copying rows where the canvas is still empty draws the pixels blending would,
    /// with sprites apart, overlapping and hanging off the canvas; and only the
    /// inked span needs converting to straight alpha.
    #[test]
    fn sprites_on_an_empty_canvas_are_the_blended_pixels() {
        let sprites = [
            (sprite(40, 30, (200, 30, 10)), (20.0, 16.0)),
            (sprite(50, 50, (10, 90, 220)), (70.0, 60.0)),
            (sprite(36, 36, (30, 160, 40)), (34.0, 24.5)),
            (sprite(30, 30, (90, 90, 90)), (98.0, 3.0)),
        ];
        let (mut blended, mut copied) =
            (Pixmap::new(100, 80).unwrap(), Pixmap::new(100, 80).unwrap());
        let mut ink = None;
        for (s, (x, y)) in &sprites {
            blit(&mut blended, s, *x, *y);
            if let Some(span) = blit_inked(&mut copied, s, *x, *y, ink) {
                ink = Some(ink.map_or(span, |i: Span| i.union(span)));
            }
        }
        assert!(blended == copied);
        assert!(into_rgba(blended) == into_rgba_within(copied, ink));
    }
}
