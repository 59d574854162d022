//! Pictures in and out: decoding uploads (PNG, JPEG, GIF) safely, shrinking
//! them to what is kept, and encoding PNGs. Type and size are checked first,
//! the pixel count before any pixel is decoded, so a small file that claims
//! to be a giant image (a decompression bomb) is refused cheaply. Shared by
//! `render` and `effects`, which import neither each other nor anything
//! above this.

use std::io::Cursor;

use image::{DynamicImage, GenericImageView, ImageFormat, ImageReader, Limits, RgbaImage};

use crate::elements::{ImageAsset, check_upload};
use crate::error::StudioError;
use crate::hash::sha256_hex;

/// At most 24 megapixels are decoded.
pub const MAX_IMAGE_PIXELS: u64 = 24_000_000;
pub use crate::limits::MAX_KEPT_SIDE;

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
    #[cfg(feature = "svg")]
    if crate::svg_logo::looks_like_svg(bytes) {
        return Some(crate::svg_logo::SVG_MIME);
    }
    match image::guess_format(bytes).ok()? {
        ImageFormat::Png => Some("image/png"),
        ImageFormat::Jpeg => Some("image/jpeg"),
        ImageFormat::Gif => Some("image/gif"),
        _ => None,
    }
}

/// Checks and decodes an upload; returns its asset record and straight-alpha
/// pixels, at most [`MAX_KEPT_SIDE`] on the long side.
pub fn decode_upload(bytes: &[u8], mime: &str) -> Result<(ImageAsset, RgbaImage), StudioError> {
    decode_within(bytes, mime, MAX_KEPT_SIDE)
}

/// Checks an upload by decoding every pixel, keeping none: its asset record.
/// A non-interlaced PNG of any size is read a row at a time.
pub fn check_decodes(bytes: &[u8], mime: &str) -> Result<ImageAsset, StudioError> {
    decode_within(bytes, mime, CHECK_SIDE).map(|(asset, _)| asset)
}

/// [`check_decodes`] keeps the picture this small (and drops it).
const CHECK_SIDE: u32 = 64;

/// The header's size, refused when it is empty or over [`MAX_IMAGE_PIXELS`].
fn dimensions(bytes: &[u8]) -> Result<(u32, u32), StudioError> {
    let (width, height) = reader(bytes)?
        .into_dimensions()
        .map_err(|_| StudioError::UndecodableImage)?;
    if width == 0 || height == 0 {
        return Err(StudioError::UndecodableImage);
    }
    if u64::from(width) * u64::from(height) > MAX_IMAGE_PIXELS {
        return Err(StudioError::TooManyPixels { width, height });
    }
    Ok((width, height))
}

/// A PNG that can be read a row at a time: not interlaced (Adam7's passes
/// would need the whole picture at hand).
fn streams(bytes: &[u8]) -> bool {
    image::guess_format(bytes).ok() == Some(ImageFormat::Png)
        && png::Decoder::new(Cursor::new(bytes))
            .read_header_info()
            .is_ok_and(|info| !info.interlaced)
}

/// The most memory decoding `bytes` with [`decode_within`] at `side` holds
/// at once, from the header alone (0 for bytes that will be refused): a host
/// budgets its work with it before decoding anything.
pub fn decoding_cost(bytes: &[u8], side: u32) -> u64 {
    #[cfg(feature = "svg")]
    if crate::svg_logo::looks_like_svg(bytes) {
        // The parsed tree (a few times the text) and the drawn pixmap and its copy.
        let drawn = u64::from(side.min(MAX_KEPT_SIDE)).pow(2) * 8;
        return bytes.len() as u64 * 8 + drawn;
    }
    let Ok((width, height)) = dimensions(bytes) else {
        return 0;
    };
    let (kw, kh) = kept_size(width, height, side);
    let kept = u64::from(kw) * u64::from(kh) * 4;
    if width.max(height) > side && streams(bytes) {
        // A few rows of up to 16-bit RGBA, the row sums and the kept picture.
        return kept + u64::from(width) * 64;
    }
    // The whole picture at up to 8 bytes a pixel (16-bit samples, or 8-bit ones
    // and their RGBA copy), then the kept one.
    u64::from(width) * u64::from(height) * 8 + kept
}

/// The pixels a picture keeps once decoded within `side` (none when its
/// header cannot be read).
pub fn kept_pixels(bytes: &[u8], side: u32) -> u64 {
    dimensions(bytes).map_or(0, |(width, height)| {
        let (kw, kh) = kept_size(width, height, side);
        u64::from(kw) * u64::from(kh)
    })
}

/// Checks and decodes an upload, keeping its pixels at most `side` on the long
/// side. Shrinking never works in floats on the whole picture: a non-interlaced
/// PNG is shrunk row by row as it is decoded (memory: the kept picture and a
/// row, whatever the picture's size); other pictures are decoded whole (at
/// most 24 MP) and shrunk with integer sums.
pub fn decode_within(
    bytes: &[u8],
    mime: &str,
    side: u32,
) -> Result<(ImageAsset, RgbaImage), StudioError> {
    check_upload(mime, bytes.len() as u64)?;
    #[cfg(feature = "svg")]
    if crate::svg_logo::looks_like_svg(bytes) {
        return crate::svg_logo::decode_within(bytes, side);
    }
    let (width, height) = dimensions(bytes)?;
    let asset = ImageAsset {
        sha256: sha256_hex(bytes),
        mime: mime.trim().to_ascii_lowercase(),
        bytes: bytes.len() as u64,
        width,
        height,
    };
    if width.max(height) <= side {
        return Ok((asset, decode_whole(bytes, width, height)?.into_rgba8()));
    }
    let (kw, kh) = kept_size(width, height, side);
    let mut shrinker = Shrinker::new(width, height, kw, kh);
    if streams(bytes) {
        shrink_png_rows(bytes, &mut shrinker)?;
    } else {
        shrink_decoded(&decode_whole(bytes, width, height)?, &mut shrinker);
    }
    Ok((asset, shrinker.finish()?))
}

/// Decodes all of a picture whose header was checked.
fn decode_whole(bytes: &[u8], width: u32, height: u32) -> Result<DynamicImage, StudioError> {
    let mut reader = reader(bytes)?;
    let mut limits = Limits::default();
    limits.max_image_width = Some(width);
    limits.max_image_height = Some(height);
    limits.max_alloc = Some(MAX_IMAGE_PIXELS * 8);
    reader.limits(limits);
    reader.decode().map_err(|_| StudioError::UndecodableImage)
}

/// A PNG's rows, decoded one at a time (8 bits a sample, palettes expanded).
fn shrink_png_rows(bytes: &[u8], shrinker: &mut Shrinker) -> Result<(), StudioError> {
    let bad = |_| StudioError::UndecodableImage;
    let mut decoder = png::Decoder::new(Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().map_err(bad)?;
    let (colour, _) = reader.output_color_type();
    let mut rgba = vec![0u8; shrinker.width as usize * 4];
    while let Some(row) = reader.next_row().map_err(bad)? {
        let data = row.data();
        match colour {
            png::ColorType::Rgba => {
                let n = rgba.len();
                rgba.copy_from_slice(&data[..n]);
            }
            png::ColorType::Rgb => {
                fill_rgba(&mut rgba, data.chunks_exact(3), |p| [p[0], p[1], p[2], 255])
            }
            png::ColorType::GrayscaleAlpha => fill_rgba(&mut rgba, data.chunks_exact(2), |p| {
                [p[0], p[0], p[0], p[1]]
            }),
            png::ColorType::Grayscale => {
                fill_rgba(&mut rgba, data.chunks_exact(1), |p| [p[0], p[0], p[0], 255])
            }
            png::ColorType::Indexed => return Err(StudioError::UndecodableImage),
        }
        shrinker.push_row(&rgba);
    }
    Ok(())
}

fn fill_rgba<'a>(
    out: &mut [u8],
    pixels: impl Iterator<Item = &'a [u8]>,
    to_rgba: impl Fn(&[u8]) -> [u8; 4],
) {
    for (o, p) in out.chunks_exact_mut(4).zip(pixels) {
        o.copy_from_slice(&to_rgba(p));
    }
}

/// Feeds a decoded picture's rows to the shrinker, one RGBA row at a time
/// (never a second whole copy).
fn shrink_decoded(img: &DynamicImage, shrinker: &mut Shrinker) {
    let width = img.width() as usize;
    let mut rgba = vec![0u8; width * 4];
    match img {
        DynamicImage::ImageRgba8(buf) => {
            for row in buf.as_raw().chunks_exact(width * 4) {
                shrinker.push_row(row);
            }
        }
        DynamicImage::ImageRgb8(buf) => {
            for row in buf.as_raw().chunks_exact(width * 3) {
                fill_rgba(&mut rgba, row.chunks_exact(3), |p| [p[0], p[1], p[2], 255]);
                shrinker.push_row(&rgba);
            }
        }
        DynamicImage::ImageLuma8(buf) => {
            for row in buf.as_raw().chunks_exact(width) {
                fill_rgba(&mut rgba, row.chunks_exact(1), |p| [p[0], p[0], p[0], 255]);
                shrinker.push_row(&rgba);
            }
        }
        DynamicImage::ImageLumaA8(buf) => {
            for row in buf.as_raw().chunks_exact(width * 2) {
                fill_rgba(&mut rgba, row.chunks_exact(2), |p| [p[0], p[0], p[0], p[1]]);
                shrinker.push_row(&rgba);
            }
        }
        // Deeper samples (16-bit PNG, float): a row at a time too.
        other => {
            for y in 0..other.height() {
                for (x, o) in rgba.chunks_exact_mut(4).enumerate() {
                    o.copy_from_slice(&other.get_pixel(x as u32, y).0);
                }
                shrinker.push_row(&rgba);
            }
        }
    }
}

/// The size a `width` × `height` picture is kept at: at most `side` on its
/// long side, never enlarged.
fn kept_size(width: u32, height: u32, side: u32) -> (u32, u32) {
    if width.max(height) <= side {
        return (width, height);
    }
    let s = f64::from(side) / f64::from(width.max(height));
    (
        ((f64::from(width) * s).round() as u32).clamp(1, side),
        ((f64::from(height) * s).round() as u32).clamp(1, side),
    )
}

/// Shrinks a picture that arrives a row at a time, by box averaging in
/// integers: each source pixel falls in one kept pixel, whose colour is the
/// alpha-weighted mean of its pixels (a transparent pixel's colour never
/// bleeds into its neighbours) and whose alpha is their mean. Holds the kept
/// picture and one row of sums.
struct Shrinker {
    width: u32,
    height: u32,
    out: RgbaImage,
    /// Per kept column: sums of r·a, g·a, b·a and a over the current band of rows.
    sums: Vec<[u64; 4]>,
    /// Per kept column: how many source columns fall in it.
    columns: Vec<u32>,
    /// Source rows pushed so far.
    y: u32,
    /// The kept row being summed, and how many source rows it has.
    band: u32,
    band_rows: u32,
}

impl Shrinker {
    fn new(width: u32, height: u32, out_width: u32, out_height: u32) -> Shrinker {
        let mut columns = vec![0u32; out_width as usize];
        for x in 0..width {
            columns[Self::bin(x, width, out_width)] += 1;
        }
        Shrinker {
            width,
            height,
            out: RgbaImage::new(out_width, out_height),
            sums: vec![[0; 4]; out_width as usize],
            columns,
            y: 0,
            band: 0,
            band_rows: 0,
        }
    }

    fn bin(i: u32, from: u32, to: u32) -> usize {
        (u64::from(i) * u64::from(to) / u64::from(from)) as usize
    }

    fn push_row(&mut self, rgba: &[u8]) {
        if self.y >= self.height {
            return;
        }
        let band = Self::bin(self.y, self.height, self.out.height()) as u32;
        if band != self.band {
            self.flush();
            self.band = band;
        }
        let out_width = self.out.width();
        for (x, p) in rgba.chunks_exact(4).take(self.width as usize).enumerate() {
            let a = u64::from(p[3]);
            let sum = &mut self.sums[Self::bin(x as u32, self.width, out_width)];
            sum[0] += u64::from(p[0]) * a;
            sum[1] += u64::from(p[1]) * a;
            sum[2] += u64::from(p[2]) * a;
            sum[3] += a;
        }
        self.band_rows += 1;
        self.y += 1;
    }

    fn flush(&mut self) {
        if self.band_rows == 0 {
            return;
        }
        for (x, sum) in self.sums.iter_mut().enumerate() {
            let n = u64::from(self.columns[x]) * u64::from(self.band_rows);
            let a = sum[3];
            let colour = |c: u64| (c + a / 2).checked_div(a).unwrap_or(0) as u8;
            let pixel = image::Rgba([
                colour(sum[0]),
                colour(sum[1]),
                colour(sum[2]),
                ((a + n / 2) / n) as u8,
            ]);
            self.out.put_pixel(x as u32, self.band, pixel);
            *sum = [0; 4];
        }
        self.band_rows = 0;
    }

    /// The kept picture; a picture that ended before its last row is refused.
    fn finish(mut self) -> Result<RgbaImage, StudioError> {
        if self.y < self.height {
            return Err(StudioError::UndecodableImage);
        }
        self.flush();
        Ok(self.out)
    }
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
    png_writer(&mut out, img.width(), img.height(), dpi)
        .write_image_data(img.as_raw())
        .expect("buffer matches the header");
    out
}

/// PNG bytes of a `width × height` image written row by row: `row(y, buf)`
/// fills row `y` (straight-alpha RGBA). A per-piece print file is mostly
/// empty: it is never held whole in memory.
pub fn encode_png_rows(
    width: u32,
    height: u32,
    dpi: Option<u32>,
    mut row: impl FnMut(u32, &mut [u8]),
) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut writer = png_writer(&mut out, width, height, dpi);
        // Flat letters on an empty area: the row above predicts a row well,
        // for a fraction of the adaptive filter's work.
        writer.set_filter(png::Filter::Up);
        let mut stream = writer
            .stream_writer_with_size(1 << 20)
            .expect("writing to a Vec cannot fail");
        let mut buf = vec![0u8; width as usize * 4];
        for y in 0..height {
            row(y, &mut buf);
            std::io::Write::write_all(&mut stream, &buf).expect("writing to a Vec cannot fail");
        }
        stream.finish().expect("every row was written");
    }
    out
}

fn png_writer(
    out: &mut Vec<u8>,
    width: u32,
    height: u32,
    dpi: Option<u32>,
) -> png::Writer<&mut Vec<u8>> {
    let mut encoder = png::Encoder::new(out, width, height);
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
    encoder
        .write_header()
        .expect("writing to a Vec cannot fail")
}

#[cfg(test)]
mod tests;
