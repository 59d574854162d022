use super::*;
use crate::design::{Design, PrintArea};
use crate::elements::{ClipArt, ImageElement, ImageSource};
use crate::preflight;
use crate::render::Renderer;

const STAR: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M12 2 L15 9 L22 9 L16.5 14 L19 22 L12 17 L5 22 L7.5 14 L2 9 L9 9 Z"/><path fill-rule="evenodd" d="M2 2 L6 2 L6 6 L2 6 Z M3 3 L5 3 L5 5 L3 5 Z"/> <path d="M20 2 C21.1 2 22 2.9 22 4 C22 5.1 21.1 6 20 6 Q18 6 18 4 Q18 2 20 2 Z"/></svg>"##;

fn alpha(p: &Pixmap, x: u32, y: u32) -> u8 {
    p.pixel(x, y).unwrap().alpha()
}

#[test]
fn a_qr_code_keeps_its_quiet_zone_and_crisp_modules() {
    let code = QrCode::new("https://example.in", "#102030").unwrap();
    let art = VectorArt::qr(&code).unwrap();
    assert_eq!(art.aspect(), 1.0);
    let side = art.width as u32;
    // One pixel per module: the quiet zone is clear, the finder's corner dark.
    let p = art.raster([16, 32, 48], side, side).unwrap();
    for i in 0..QR_QUIET_ZONE {
        assert_eq!(alpha(&p, i, i), 0);
        assert_eq!(alpha(&p, side - 1 - i, i), 0);
    }
    assert_eq!(alpha(&p, QR_QUIET_ZONE, QR_QUIET_ZONE), 255);
    let c = p.pixel(QR_QUIET_ZONE, QR_QUIET_ZONE).unwrap();
    assert_eq!((c.red(), c.green(), c.blue()), (16, 32, 48));
    // Without anti-aliasing every pixel is ink or garment.
    assert!(
        p.pixels()
            .iter()
            .all(|c| c.alpha() == 0 || c.alpha() == 255)
    );
    // Larger text, more modules.
    let long = VectorArt::qr(&QrCode::new(&"x".repeat(300), "#000").unwrap()).unwrap();
    assert!(long.width > art.width);
}

#[test]
fn a_clipart_is_filled_with_its_rules_in_one_colour() {
    let art = VectorArt::from_svg(STAR).unwrap();
    assert_eq!(art.aspect(), 1.0);
    let p = art.raster([200, 10, 10], 240, 240).unwrap();
    assert_eq!(alpha(&p, 120, 120), 255); // the star's middle
    assert_eq!(alpha(&p, 40, 40), 0); // the even-odd hole
    assert_eq!(alpha(&p, 25, 25), 255); // its frame
    assert_eq!(alpha(&p, 200, 40), 255); // the arc's circle
    assert_eq!(alpha(&p, 230, 230), 0);
}

#[test]
fn a_bad_clipart_file_is_refused_with_a_reason() {
    for (svg, why) in [
        ("<svg/>", "not one <svg> element"),
        (r#"<svg xmlns="x"></svg>"#, "no viewBox"),
        (
            r#"<svg viewBox="0 0 24 24"><circle r="2"/></svg>"#,
            "other than <path/>",
        ),
        (
            r#"<svg viewBox="0 0 24 24"><path d="M0 0 a1 1 0 0 0 1 1"/></svg>"#,
            "does not parse",
        ),
        (
            r#"<svg viewBox="0 0 0 24"><path d="M0 0h1"/></svg>"#,
            "empty",
        ),
        (r#"<svg viewBox="0 0 24 24"></svg>"#, "no paths"),
        (
            r#"<svg viewBox="0 0 24 24"><path d="M0 0 Q"/></svg>"#,
            "does not parse",
        ),
        ("<svg", "not one <svg> element"),
    ] {
        let err = VectorArt::from_svg(svg).unwrap_err();
        assert_eq!(err.code(), "CLIPART_UNREADABLE");
        assert!(err.to_string().contains(why), "{err}");
    }
    let huge = format!(
        r#"<svg viewBox="0 0 1 1"><!--{}--></svg>"#,
        "x".repeat(MAX_CLIPART_BYTES)
    );
    assert!(VectorArt::from_svg(&huge).is_err());
}

#[test]
fn drawn_images_print_sharp_and_never_warn_of_resolution() {
    let mut r = Renderer::with_bundled_fonts();
    let mut d = Design::new("p", "white");
    let clip = ClipArt::new("star", "#c80a0a").unwrap();
    d.set_image(
        PrintArea::Back,
        ImageElement::of(ImageSource::Clipart(clip), "Star"),
    );
    d.set_image_size(PrintArea::Back, 100, 100).unwrap();
    assert_eq!(
        r.render_area(&d, PrintArea::Back, 300).unwrap_err(),
        crate::StudioError::MissingClipArt("star".into())
    );
    r.add_clipart("star", STAR).unwrap();
    assert!(r.has_clipart("star"));
    assert_eq!(preflight::image_dpi(&d, PrintArea::Back), None);
    assert!(preflight::warnings_for_design(&d).is_empty());
    let png = r.export_area_png(&d, PrintArea::Back).unwrap();
    let print = image::load_from_memory(&png).unwrap().to_rgba8();
    // 12 in at 300 DPI; the star fills the area's width, solid red at its middle.
    assert_eq!(print.width(), 3600);
    let mid = print.get_pixel(1800, print.height() / 2);
    assert_eq!(mid.0, [200, 10, 10, 255]);
    let decal = r
        .image_decal(d.area(PrintArea::Back).image.as_ref().unwrap())
        .unwrap();
    assert_eq!(decal.dimensions(), (512, 512));
}
