//! Rendering behaviour: decal limits, fonts really used, elements placed where
//! the design says, print files at 300 DPI, bombs refused.

use design_engine::codec::{decode_upload, encode_png};
use design_engine::render::Renderer;
use design_engine::{Design, ElementKind, Font, ImageElement, PrintArea, StudioError, TextElement};
use image::{Rgba, RgbaImage};
use proptest::prelude::*;

fn text(s: &str, font: Font, size: u32) -> TextElement {
    TextElement::new(s, font, size, "#1e293b").unwrap()
}

/// The centre of the non-transparent pixels.
fn ink_centre(img: &RgbaImage) -> (f64, f64) {
    let (mut sx, mut sy, mut n) = (0f64, 0f64, 0f64);
    for (x, y, p) in img.enumerate_pixels() {
        if p[3] > 0 {
            let w = f64::from(p[3]);
            sx += f64::from(x) * w;
            sy += f64::from(y) * w;
            n += w;
        }
    }
    (sx / n, sy / n)
}

fn ink_box(img: &RgbaImage) -> (u32, u32, u32, u32) {
    let ink: Vec<_> = img
        .enumerate_pixels()
        .filter(|(_, _, p)| p[3] > 0)
        .map(|(x, y, _)| (x, y))
        .collect();
    let xs = ink.iter().map(|p| p.0);
    let ys = ink.iter().map(|p| p.1);
    (
        xs.clone().min().unwrap(),
        ys.clone().min().unwrap(),
        xs.max().unwrap(),
        ys.max().unwrap(),
    )
}

#[test]
fn every_font_draws_differently_in_its_colour() {
    let mut r = Renderer::with_bundled_fonts();
    let mut hashes = std::collections::HashSet::new();
    for font in Font::ALL {
        // In the font's own script: the Noto faces share their Latin letters.
        let script = design_engine::render::fonts::file_of(font).scripts[0];
        let body = format!("{} Quick Brown Fox", script.sample());
        let decal = r
            .text_decal(&TextElement::new(&body, font, 24, "#ff0000").unwrap())
            .unwrap();
        let opaque = decal.pixels().filter(|p| p[3] == 255).collect::<Vec<_>>();
        assert!(!opaque.is_empty(), "{} drew nothing", font.name());
        assert!(opaque.iter().all(|p| p[0] == 255 && p[1] == 0 && p[2] == 0));
        hashes.insert(design_engine::hash::sha256_hex(decal.as_raw()));
    }
    // Arial and Helvetica share Liberation Sans: one rendering less than names.
    assert_eq!(hashes.len(), Font::ALL.len() - 1);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]
    #[test]
    fn text_decals_never_exceed_512(s in "[A-Za-z0-9 !?&<>]{1,50}", size in 8u32..=48) {
        prop_assume!(!s.trim().is_empty());
        let mut r = Renderer::with_bundled_fonts();
        let decal = r.text_decal(&text(&s, Font::Verdana, size)).unwrap();
        prop_assert!(decal.width() <= 512 && decal.height() <= 512);
    }
}

#[test]
fn bigger_sizes_draw_bigger_text() {
    let mut r = Renderer::with_bundled_fonts();
    let small = r.text_decal(&text("Hi", Font::Arial, 8)).unwrap();
    let big = r.text_decal(&text("Hi", Font::Arial, 48)).unwrap();
    assert!(big.height() > small.height() * 4);
}

#[test]
fn elements_are_drawn_at_their_position() {
    let mut r = Renderer::with_bundled_fonts();
    let mut d = Design::new("p", "white");
    d.set_text(PrintArea::Back, text("X", Font::Arial, 20));
    d.move_element(PrintArea::Back, ElementKind::Text, 25.0, 75.0);
    let img = r.render_area(&d, PrintArea::Back, 400).unwrap();
    assert_eq!(img.dimensions(), (400, 467));
    let (cx, cy) = ink_centre(&img);
    assert!(
        (cx - 100.0).abs() < 2.0 && (cy - 350.0).abs() < 2.0,
        "centre at {cx},{cy}"
    );
}

#[test]
fn an_image_fills_its_box_keeping_proportions() {
    let mut r = Renderer::with_bundled_fonts();
    let png = encode_png(
        &RgbaImage::from_pixel(200, 100, Rgba([0, 128, 255, 255])),
        None,
    );
    let asset = r.add_image(&png, "image/png").unwrap();
    let mut d = Design::new("p", "white");
    d.set_image(PrintArea::LeftChest, ImageElement::new(asset, "wide.png"));
    d.set_image_size(PrintArea::LeftChest, 50, 50).unwrap();
    let img = r.render_area(&d, PrintArea::LeftChest, 400).unwrap();
    let (x0, y0, x1, y1) = ink_box(&img);
    // A 2:1 picture in a 200 × 200 box: 200 × 100, centred.
    assert_eq!((x1 - x0 + 1, y1 - y0 + 1), (200, 100));
    assert_eq!((x0, y0), (100, 150));
}

#[test]
fn a_long_text_shrinks_to_stay_on_the_garment() {
    let mut r = Renderer::with_bundled_fonts();
    let mut d = Design::new("p", "white");
    d.set_text(
        PrintArea::LeftChest,
        text(&"W".repeat(50), Font::Verdana, 48),
    );
    let img = r.render_area(&d, PrintArea::LeftChest, 300).unwrap();
    let (x0, _, x1, _) = ink_box(&img);
    assert!(
        x0 <= 2 && x1 >= 297,
        "text should span the area: {x0}..{x1}"
    );
}

#[test]
fn print_files_are_300_dpi_pngs_of_the_physical_size() {
    let mut r = Renderer::with_bundled_fonts();
    let mut d = Design::new("p", "white");
    d.set_text(PrintArea::LeftChest, text("Chest", Font::Georgia, 20));
    let png = r.export_area_png(&d, PrintArea::LeftChest).unwrap();
    let decoder = png::Decoder::new(std::io::Cursor::new(&png));
    let reader = decoder.read_info().unwrap();
    let info = reader.info();
    assert_eq!((info.width, info.height), (1200, 1200));
    let dims = info.pixel_dims.unwrap();
    assert_eq!((dims.xppu, dims.unit), (11811, png::Unit::Meter)); // 300 DPI
    assert_eq!(PrintArea::Back.pixel_size(3600), (3600, 4200));
}

#[test]
fn the_same_upload_is_decoded_once_and_missing_images_are_reported() {
    let mut r = Renderer::with_bundled_fonts();
    let png = encode_png(&RgbaImage::from_pixel(10, 10, Rgba([1, 2, 3, 255])), None);
    let a = r.add_image(&png, "image/png").unwrap();
    let b = r.add_image(&png, "image/png").unwrap();
    assert_eq!(a, b);
    let (asset, _) = decode_upload(&png, "image/png").unwrap();
    let mut other = asset.clone();
    other.sha256 = "0".repeat(64);
    let mut d = Design::new("p", "white");
    d.set_image(PrintArea::Back, ImageElement::new(other, "gone.png"));
    assert_eq!(
        r.render_area(&d, PrintArea::Back, 100).unwrap_err(),
        StudioError::MissingImage
    );
}

#[test]
fn jpeg_and_gif_uploads_decode() {
    let img =
        image::DynamicImage::ImageRgba8(RgbaImage::from_pixel(16, 12, Rgba([200, 100, 50, 255])));
    for (format, mime) in [
        (image::ImageFormat::Jpeg, "image/jpeg"),
        (image::ImageFormat::Gif, "image/gif"),
    ] {
        let mut bytes = std::io::Cursor::new(Vec::new());
        let img = if format == image::ImageFormat::Jpeg {
            image::DynamicImage::ImageRgb8(img.to_rgb8())
        } else {
            img.clone()
        };
        img.write_to(&mut bytes, format).unwrap();
        let (asset, decoded) = decode_upload(bytes.get_ref(), mime).unwrap();
        assert_eq!(
            (asset.width, asset.height, decoded.dimensions()),
            (16, 12, (16, 12))
        );
    }
}

#[test]
fn element_boxes_match_the_drawing_and_hit_test_the_top_element() {
    let mut r = Renderer::with_bundled_fonts();
    let mut d = Design::new("64f1a2b3c4d5e6f708190a05", "white");
    let logo = RgbaImage::from_pixel(40, 40, Rgba([0, 90, 200, 255]));
    let asset = r.add_image(&encode_png(&logo, None), "image/png").unwrap();
    d.set_image(PrintArea::Back, ImageElement::new(asset, "logo.png"));
    d.set_text(PrintArea::Back, text("HELLO", Font::Arial, 16));
    d.move_element(PrintArea::Back, ElementKind::Text, 50.0, 20.0);
    d.move_element(PrintArea::Back, ElementKind::Image, 30.0, 70.0);

    let width = 300;
    let boxes = r.element_boxes(&d, PrintArea::Back, width).unwrap();
    assert_eq!(boxes.len(), 2);
    let drawing = r.render_area(&d, PrintArea::Back, width).unwrap();
    for b in &boxes {
        // The box's centre is inked by its element, and the box covers the ink.
        let px = drawing.get_pixel(b.x as u32, b.y as u32);
        assert!(px[3] > 0 || b.kind == ElementKind::Text, "{b:?}");
        assert!(b.width > 4.0 && b.height > 4.0);
    }
    let text_box = boxes.iter().find(|b| b.kind == ElementKind::Text).unwrap();
    let image_box = boxes.iter().find(|b| b.kind == ElementKind::Image).unwrap();
    let mut hit =
        |d: &Design, x: f32, y: f32| r.element_at(d, PrintArea::Back, width, x, y).unwrap();
    assert_eq!(hit(&d, text_box.x, text_box.y), Some(ElementKind::Text));
    assert_eq!(hit(&d, image_box.x, image_box.y), Some(ElementKind::Image));
    assert_eq!(hit(&d, 2.0, 2.0), None);
    // Where the two overlap, the text (drawn on top) wins.
    d.move_element(PrintArea::Back, ElementKind::Image, 50.0, 20.0);
    assert_eq!(hit(&d, text_box.x, text_box.y), Some(ElementKind::Text));
}

#[test]
fn thumbnails_show_the_filled_areas_on_the_garment_colour() {
    let mut r = Renderer::with_bundled_fonts();
    let pixel = |png: &[u8], x: u32, y: u32| {
        *image::load_from_memory(png)
            .unwrap()
            .to_rgba8()
            .get_pixel(x, y)
    };
    // An empty design is the garment's colour (Black is #000000 in the catalogue).
    let mut d = Design::new("p", "black");
    let empty = r.thumbnail_png(&d, 64).unwrap();
    assert_eq!(pixel(&empty, 32, 32), Rgba([0, 0, 0, 255]));

    // One area is centred: a big white block on the Back covers the middle.
    d.set_text(
        PrintArea::Back,
        TextElement::new("█", Font::Arial, 48, "#ffffff").unwrap(),
    );
    let one = r.thumbnail_png(&d, 200).unwrap();
    let centre = pixel(&one, 100, 100);
    assert!(
        centre[0] > 200,
        "the Back's text is drawn in the middle: {centre:?}"
    );
    assert_eq!(pixel(&one, 2, 2), Rgba([0, 0, 0, 255]));

    // Two areas share the width: Left Chest on the left half, Back on the right.
    d.set_text(
        PrintArea::LeftChest,
        TextElement::new("█", Font::Arial, 48, "#ffffff").unwrap(),
    );
    let two = r.thumbnail_png(&d, 200).unwrap();
    assert!(pixel(&two, 50, 100)[0] > 200);
    assert!(pixel(&two, 150, 100)[0] > 200);
    assert_eq!(
        pixel(&two, 100, 100),
        Rgba([0, 0, 0, 255]),
        "the gap between the areas"
    );
}
