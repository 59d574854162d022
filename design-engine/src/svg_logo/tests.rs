use super::*;
use crate::design::{Design, PrintArea};
use crate::elements::{ImageElement, ImageSize};
use crate::preflight;

const HOSTILE: &str = r##"<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100" onload="alert(1)">
  <script>alert(document.cookie)</script>
  <rect x="0" y="0" width="200" height="100" fill="#ff0000" onclick="steal()"/>
  <image href="https://evil.example/track.png" width="10" height="10"/>
  <image xlink:href="data:image/png;base64,iVBORw0KGgo=" width="10" height="10"/>
  <use href="https://evil.example/sprite.svg#a"/>
  <a href="javascript:alert(2)"><circle cx="100" cy="50" r="20" fill="#0000ff"/></a>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>
</svg>"##;

#[test]
fn a_logo_keeps_its_drawing_and_loses_scripts_and_outside_references() {
    assert!(looks_like_svg(HOSTILE.as_bytes()));
    assert!(!looks_like_svg(b"\x89PNG\r\n\x1a\n"));
    let clean = String::from_utf8(sanitise(HOSTILE.as_bytes()).unwrap()).unwrap();
    for gone in [
        "script",
        "alert",
        "onload",
        "onclick",
        "evil",
        "javascript",
        "data:",
        "foreignObject",
        "<image",
    ] {
        assert!(!clean.contains(gone), "{gone} in {clean}");
    }
    assert!(
        clean.contains("#ff0000") && clean.contains("#0000ff"),
        "{clean}"
    );
    // Sanitising what was sanitised changes nothing: the stored name is stable.
    assert_eq!(sanitise(clean.as_bytes()).unwrap(), clean.as_bytes());
}

#[test]
fn a_dtd_entities_and_oversized_files_are_refused() {
    let laughs = r#"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><text>&b;</text></svg>"#;
    let err = sanitise(laughs.as_bytes()).unwrap_err();
    assert_eq!(err.code(), "SVG_UNUSABLE");
    assert!(err.to_string().contains("DTD or entities"), "{err}");
    let big = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><!--{}--></svg>"#,
        "x".repeat(MAX_SVG_BYTES)
    );
    assert!(
        sanitise(big.as_bytes())
            .unwrap_err()
            .to_string()
            .contains("over 1 MB")
    );
    assert!(
        sanitise(b"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\"/>").is_err()
    );
    assert_eq!(sanitise(b"<svg").unwrap_err().code(), "SVG_UNUSABLE");
}

#[test]
fn a_logo_is_drawn_at_print_resolution_and_never_warned_of() {
    let clean = sanitise(HOSTILE.as_bytes()).unwrap();
    let (asset, small) = decode_within(&clean, 64).unwrap();
    assert_eq!((asset.width, asset.height), (3600, 1800));
    assert_eq!(small.dimensions(), (64, 32));
    assert_eq!(small.get_pixel(2, 2).0, [255, 0, 0, 255]);
    assert_eq!(small.get_pixel(32, 16).0, [0, 0, 255, 255]);
    assert_eq!(asset.mime, SVG_MIME);
    let (same, _) = crate::codec::decode_within(&clean, SVG_MIME, 64).unwrap();
    assert_eq!(same, asset);
    // Across the whole Back it still prints at 300 DPI.
    let mut d = Design::new("p", "white");
    let mut logo = ImageElement::new(asset, "logo.svg");
    logo.size = ImageSize::new(100, 100).unwrap();
    d.set_image(PrintArea::Back, logo);
    assert_eq!(
        preflight::image_dpi(&d, PrintArea::Back).map(f64::round),
        Some(300.0)
    );
    assert!(preflight::warnings_for_design(&d).is_empty());
}
