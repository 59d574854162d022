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

/// Lays a sprite over the canvas with its centre at (cx, cy), on whole pixels:
/// premultiplied source-over in integers (no resampling: fast, and the same on
/// every host).
pub(super) fn blit(canvas: &mut Pixmap, sprite: &Pixmap, cx: f32, cy: f32) {
    let (cw, ch) = (canvas.width() as i64, canvas.height() as i64);
    let (sw, sh) = (sprite.width() as i64, sprite.height() as i64);
    let x0 = (cx - sw as f32 / 2.0).round() as i64;
    let y0 = (cy - sh as f32 / 2.0).round() as i64;
    let (left, right) = (x0.max(0), (x0 + sw).min(cw));
    let (top, bottom) = (y0.max(0), (y0 + sh).min(ch));
    if left >= right || top >= bottom {
        return;
    }
    let src = sprite.data();
    let dst = canvas.data_mut();
    let span = ((right - left) * 4) as usize;
    for y in top..bottom {
        let s0 = (((y - y0) * sw + (left - x0)) * 4) as usize;
        let d0 = ((y * cw + left) * 4) as usize;
        let (s_row, d_row) = (&src[s0..s0 + span], &mut dst[d0..d0 + span]);
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
