use super::pixels::into_rgba;
use super::placed::Layers;
use super::*;
use crate::codec::encode_png;
use crate::design::{Design, PrintArea};
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

/// A picture the renderer cannot decode itself (an SVG logo in the browser)
/// is kept under the server's record of it, with pixels drawn elsewhere: the
/// design names the record, the preview shows the drawing, and a drawing that
/// is not a PNG or a record over the limits is refused.
#[test]
fn a_drawn_image_is_kept_under_the_servers_record() {
    let mut r = Renderer::with_bundled_fonts();
    let red = image::RgbaImage::from_pixel(64, 32, image::Rgba([208, 0, 0, 255]));
    let record = crate::elements::ImageAsset {
        sha256: "c".repeat(64),
        mime: "image/svg+xml".into(),
        bytes: 400,
        width: 3600,
        height: 1800,
    };
    let too_big = crate::elements::ImageAsset {
        bytes: crate::elements::MAX_SVG_BYTES + 1,
        sha256: "d".repeat(64),
        ..record.clone()
    };
    assert!(matches!(
        r.add_drawn_image(too_big, &encode_png(&red, None)),
        Err(crate::StudioError::BadSvg(_))
    ));
    assert!(r.add_drawn_image(record.clone(), b"<svg/>").is_err());
    assert!(!r.has_image(&record.sha256));
    r.add_drawn_image(record.clone(), &encode_png(&red, None))
        .unwrap();
    assert!(r.has_image(&record.sha256));

    let mut d = Design::new("p", "white");
    d.set_image(PrintArea::Back, ImageElement::new(record, "logo.svg"));
    d.set_image_size(PrintArea::Back, 100, 100).unwrap();
    let back = into_rgba(
        r.area_pixmap(&d, PrintArea::Back, 300, true, Layers::Shared)
            .unwrap(),
    );
    let (w, h) = back.dimensions();
    assert_eq!(back.get_pixel(w / 2, h / 2).0, [208, 0, 0, 255]);
}
