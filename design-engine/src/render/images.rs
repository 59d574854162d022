//! Decoding uploads (PNG, JPEG, GIF) safely: type and size checked first, the
//! pixel count checked before any pixel is decoded, so a small file that
//! claims to be a giant image (a decompression bomb) is refused cheaply.

use std::io::Cursor;

use image::{ImageFormat, ImageReader, Limits, RgbaImage};

use crate::elements::{ImageAsset, check_upload};
use crate::error::StudioError;
use crate::hash::sha256_hex;

/// At most 24 megapixels are decoded.
pub const MAX_IMAGE_PIXELS: u64 = 24_000_000;
/// Decoded images are kept at most this many pixels on their long side: enough
/// for a 100%-wide element on the 12-inch Back at 300 DPI.
pub const MAX_KEPT_SIDE: u32 = 3600;

fn reader(bytes: &[u8]) -> Result<ImageReader<Cursor<&[u8]>>, StudioError> {
    let reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|_| StudioError::UndecodableImage)?;
    match reader.format() {
        Some(ImageFormat::Png | ImageFormat::Jpeg | ImageFormat::Gif) => Ok(reader),
        _ => Err(StudioError::UndecodableImage),
    }
}

/// The accepted type the bytes really are (PNG, JPEG or GIF), whatever the
/// sender claimed; None for anything else.
pub fn sniff_type(bytes: &[u8]) -> Option<&'static str> {
    match image::guess_format(bytes).ok()? {
        ImageFormat::Png => Some("image/png"),
        ImageFormat::Jpeg => Some("image/jpeg"),
        ImageFormat::Gif => Some("image/gif"),
        _ => None,
    }
}

/// Checks and decodes an upload; returns its asset record and straight-alpha pixels.
pub fn decode_upload(bytes: &[u8], mime: &str) -> Result<(ImageAsset, RgbaImage), StudioError> {
    check_upload(mime, bytes.len() as u64)?;
    let (width, height) = reader(bytes)?
        .into_dimensions()
        .map_err(|_| StudioError::UndecodableImage)?;
    if width == 0 || height == 0 {
        return Err(StudioError::UndecodableImage);
    }
    if u64::from(width) * u64::from(height) > MAX_IMAGE_PIXELS {
        return Err(StudioError::TooManyPixels { width, height });
    }
    let mut reader = reader(bytes)?;
    let mut limits = Limits::default();
    limits.max_image_width = Some(width);
    limits.max_image_height = Some(height);
    limits.max_alloc = Some(MAX_IMAGE_PIXELS * 8);
    reader.limits(limits);
    let decoded = reader
        .decode()
        .map_err(|_| StudioError::UndecodableImage)?
        .into_rgba8();
    let kept = shrink_to(decoded, MAX_KEPT_SIDE);
    let asset = ImageAsset {
        sha256: sha256_hex(bytes),
        mime: mime.trim().to_ascii_lowercase(),
        bytes: bytes.len() as u64,
        width,
        height,
    };
    Ok((asset, kept))
}

/// Scales an image down (never up) so its long side is at most `side`.
pub fn shrink_to(img: RgbaImage, side: u32) -> RgbaImage {
    let (w, h) = img.dimensions();
    if w.max(h) <= side {
        return img;
    }
    let s = f64::from(side) / f64::from(w.max(h));
    let (nw, nh) = (
        ((f64::from(w) * s).round() as u32).max(1),
        ((f64::from(h) * s).round() as u32).max(1),
    );
    image::imageops::resize(&img, nw, nh, image::imageops::FilterType::Triangle)
}

/// PNG bytes of an image (used after background removal, and for exports).
pub fn encode_png(img: &RgbaImage, dpi: Option<u32>) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, img.width(), img.height());
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_compression(png::Compression::Fast);
        if let Some(dpi) = dpi {
            // pHYs is in pixels per metre.
            let ppm = (f64::from(dpi) / 0.0254).round() as u32;
            encoder.set_pixel_dims(Some(png::PixelDimensions {
                xppu: ppm,
                yppu: ppm,
                unit: png::Unit::Meter,
            }));
        }
        let mut writer = encoder
            .write_header()
            .expect("writing to a Vec cannot fail");
        writer
            .write_image_data(img.as_raw())
            .expect("buffer matches the header");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png_of(w: u32, h: u32) -> Vec<u8> {
        encode_png(
            &RgbaImage::from_pixel(w, h, image::Rgba([200, 10, 10, 255])),
            None,
        )
    }

    #[test]
    fn decodes_png_and_reports_the_asset() {
        let bytes = png_of(30, 20);
        let (asset, img) = decode_upload(&bytes, "image/png").unwrap();
        assert_eq!(
            (asset.width, asset.height, img.dimensions()),
            (30, 20, (30, 20))
        );
        assert_eq!(asset.sha256, sha256_hex(&bytes));
    }

    #[test]
    fn refuses_non_images_and_garbage() {
        assert_eq!(
            decode_upload(b"hello", "text/plain").unwrap_err(),
            StudioError::NotAnImage
        );
        assert_eq!(
            decode_upload(b"hello", "image/png").unwrap_err(),
            StudioError::UndecodableImage
        );
    }

    #[test]
    fn refuses_a_decompression_bomb_before_decoding() {
        // A real PNG whose header is rewritten to claim 20000 × 20000 pixels.
        let mut bytes = png_of(1, 1);
        bytes[16..24].copy_from_slice(&[0, 0, 0x4e, 0x20, 0, 0, 0x4e, 0x20]);
        let crc = crc32(&bytes[12..29]);
        bytes[29..33].copy_from_slice(&crc.to_be_bytes());
        let err = decode_upload(&bytes, "image/png").unwrap_err();
        assert_eq!(
            err,
            StudioError::TooManyPixels {
                width: 20_000,
                height: 20_000
            }
        );
        assert!(err.to_string().contains("24 megapixels"));
    }

    fn crc32(data: &[u8]) -> u32 {
        let mut crc = !0u32;
        for &b in data {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }

    #[test]
    fn big_images_are_kept_at_print_resolution_only() {
        let img = shrink_to(RgbaImage::new(4000, 2000), 3600);
        assert_eq!(img.dimensions(), (3600, 1800));
    }
}
