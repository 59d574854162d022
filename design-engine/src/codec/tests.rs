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

fn encoded(img: &image::DynamicImage, format: ImageFormat) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, format).unwrap();
    out.into_inner()
}

/// Left half opaque red, right half fully transparent green: the
/// transparent colour must not bleed into the kept pixels.
fn half_and_half(w: u32, h: u32) -> RgbaImage {
    RgbaImage::from_fn(w, h, |x, _| {
        if x < w / 2 {
            image::Rgba([200, 10, 10, 255])
        } else {
            image::Rgba([0, 255, 0, 0])
        }
    })
}

#[test]
fn a_large_png_is_shrunk_row_by_row_to_the_kept_side() {
    let bytes = encode_png(&half_and_half(4000, 1000), None);
    assert!(streams(&bytes));
    let (asset, img) = decode_within(&bytes, "image/png", 400).unwrap();
    assert_eq!((asset.width, asset.height), (4000, 1000));
    assert_eq!(img.dimensions(), (400, 100));
    assert_eq!(img.get_pixel(10, 50).0, [200, 10, 10, 255]);
    assert_eq!(img.get_pixel(390, 50).0, [0, 0, 0, 0]);
    // The column that straddles nothing: exact halves at 10:1.
    assert_eq!(img.get_pixel(199, 0).0, [200, 10, 10, 255]);
    assert_eq!(img.get_pixel(200, 0).0[3], 0);
}

#[test]
fn mixed_pixels_average_their_alpha_and_weight_colour_by_it() {
    // 2 x 1 → 1 x 1: opaque red beside transparent green.
    let mut shrinker = Shrinker::new(2, 1, 1, 1);
    shrinker.push_row(&[200, 10, 10, 255, 0, 255, 0, 0]);
    assert_eq!(
        shrinker.finish().unwrap().get_pixel(0, 0).0,
        [200, 10, 10, 128]
    );
}

#[test]
fn other_formats_shrink_the_same_way() {
    let img = image::DynamicImage::ImageRgba8(half_and_half(1200, 600));
    let png = encoded(&img, ImageFormat::Png);
    let (_, from_png) = decode_within(&png, "image/png", 300).unwrap();
    // GIF keeps binary alpha, so the same picture, decoded whole.
    let gif = encoded(&img, ImageFormat::Gif);
    assert!(!streams(&gif));
    let (_, from_gif) = decode_within(&gif, "image/gif", 300).unwrap();
    assert_eq!(from_gif.dimensions(), (300, 150));
    assert_eq!(from_gif.get_pixel(10, 10).0, from_png.get_pixel(10, 10).0);
    assert_eq!(from_gif.get_pixel(290, 10).0[3], 0);
    let jpeg = encoded(
        &image::DynamicImage::ImageRgb8(image::RgbImage::from_pixel(
            1200,
            600,
            image::Rgb([30, 60, 90]),
        )),
        ImageFormat::Jpeg,
    );
    let (_, from_jpeg) = decode_within(&jpeg, "image/jpeg", 300).unwrap();
    assert_eq!(from_jpeg.dimensions(), (300, 150));
    let [r, g, b, a] = from_jpeg.get_pixel(150, 75).0;
    assert!(r.abs_diff(30) <= 2 && g.abs_diff(60) <= 2 && b.abs_diff(90) <= 2 && a == 255);
}

#[test]
fn small_pictures_decode_exactly_as_before() {
    let bytes = encode_png(&half_and_half(300, 200), None);
    let (_, img) = decode_within(&bytes, "image/png", 300).unwrap();
    assert_eq!(img, half_and_half(300, 200));
}

#[test]
fn a_truncated_png_is_refused_even_when_streamed() {
    let bytes = encode_png(&half_and_half(2000, 2000), None);
    let cut = &bytes[..bytes.len() - 40];
    assert_eq!(
        check_decodes(cut, "image/png").unwrap_err(),
        StudioError::UndecodableImage
    );
    assert!(check_decodes(&bytes, "image/png").is_ok());
}

#[test]
fn decoding_cost_follows_what_is_kept_not_the_pixel_count() {
    // 4,899 × 4,899 (24 MP): streamed, the cost is the kept picture and rows.
    let big = encode_png(
        &RgbaImage::from_pixel(4899, 4899, image::Rgba([1, 2, 3, 255])),
        None,
    );
    assert!(
        decoding_cost(&big, 64) < 1 << 20,
        "{}",
        decoding_cost(&big, 64)
    );
    assert!(decoding_cost(&big, MAX_KEPT_SIDE) < 64 << 20);
    // A JPEG is decoded whole: its cost says so, before anything is decoded.
    let jpeg = encoded(
        &image::DynamicImage::ImageRgb8(image::RgbImage::new(2000, 2000)),
        ImageFormat::Jpeg,
    );
    assert!(decoding_cost(&jpeg, 64) >= 2000 * 2000 * 4);
    assert_eq!(decoding_cost(b"not a picture", 64), 0);
}
