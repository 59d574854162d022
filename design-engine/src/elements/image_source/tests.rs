use super::*;
use crate::design::{Design, PrintArea};
use crate::elements::ImageElement;
use crate::garment::Garment;

#[test]
fn a_qr_text_is_one_to_three_hundred_bytes_kept_exactly() {
    let code = QrCode::new(" https://example.in/t/42 ", "#000").unwrap();
    assert_eq!(code.text(), " https://example.in/t/42 ");
    assert_eq!(code.colour().as_str(), "#000000");
    assert_eq!(QrCode::new("  ", "#000000"), Err(StudioError::QrTextEmpty));
    assert!(QrCode::new(&"x".repeat(300), "#000000").is_ok());
    let long = QrCode::new(&"x".repeat(301), "#000000").unwrap_err();
    assert_eq!(long.code(), "QR_TEXT_TOO_LONG");
    // Bytes, not letters: 100 Devanagari letters are 300 bytes.
    assert!(QrCode::new(&"क".repeat(100), "#000000").is_ok());
    assert_eq!(
        QrCode::new(&"क".repeat(101), "#000000"),
        Err(StudioError::QrTextTooLong)
    );
    assert_eq!(QrCode::new("a", "black"), Err(StudioError::InvalidColour));
}

#[test]
fn a_qr_code_must_stand_out_from_the_garment() {
    let black = QrCode::new("hi", "#000000").unwrap();
    assert!(black.check_contrast("#ffffff").is_ok());
    assert!(black.check_contrast("#3b82f6").is_ok());
    let err = black.check_contrast("#000080").unwrap_err();
    assert_eq!(err.code(), "QR_LOW_CONTRAST");
    assert!(err.to_string().contains("contrast 1.3:1"), "{err}");
    // White on black reads (scanners invert); sky blue on white does not.
    let white = QrCode::new("hi", "#fff").unwrap();
    assert!(white.check_contrast("#000000").is_ok());
    let sky = QrCode::new("hi", "#87ceeb").unwrap();
    assert_eq!(
        sky.check_contrast("#ffffff").unwrap_err().code(),
        "QR_LOW_CONTRAST"
    );
    assert!((contrast_ratio([0, 0, 0], [255, 255, 255]) - 21.0).abs() < 1e-9);
}

#[test]
fn saving_refuses_a_faint_qr_code_on_the_garment_colour() {
    let garment = Garment::with_colours(vec!["white".into(), "navyblue".into()]);
    let qr = QrCode::new("TEAM 42", "#000080").unwrap();
    let mut d = Design::new("p", "white");
    d.set_image(PrintArea::Back, ImageElement::of(ImageSource::Qr(qr), ""));
    assert!(d.check_for_saving(&garment).is_ok());
    d.set_color("navyblue");
    assert_eq!(
        d.check_for_saving(&garment).unwrap_err().code(),
        "QR_LOW_CONTRAST"
    );
}

#[test]
fn clipart_ids_are_lower_case_words() {
    assert!(ClipArt::new("sports-cricket-bat", "#ef4444").is_ok());
    for bad in ["", "Cricket", "../etc", "a b", &"a".repeat(65)] {
        assert_eq!(
            ClipArt::new(bad, "#000").unwrap_err().code(),
            "CLIPART_UNKNOWN",
            "{bad:?}"
        );
    }
}

#[test]
fn qr_and_clipart_images_read_and_write_as_one_key_beside_the_size() {
    let json = r##"{"qr":{"text":"hello","color":"#112233"},"position":{"x":50,"y":40},"size":{"width":30,"height":30}}"##;
    let image: ImageElement = serde_json::from_str(json).unwrap();
    assert!(image.asset().is_none());
    assert_eq!(
        serde_json::to_string(&image).unwrap(),
        r##"{"qr":{"text":"hello","color":"#112233"},"name":"","size":{"width":30,"height":30},"position":{"x":50.0,"y":40.0},"useEmbroidery":false}"##
    );
    let clip: ImageElement =
        serde_json::from_str(r##"{"clipart":{"id":"animals-cat","color":"#FFF"}}"##).unwrap();
    assert_eq!(
        clip.source,
        ImageSource::Clipart(ClipArt::new("animals-cat", "#ffffff").unwrap())
    );
    // A bad QR code inside a document is refused with the studio's message.
    let long = format!(
        r##"{{"qr":{{"text":"{}","color":"#000"}}}}"##,
        "x".repeat(301)
    );
    let err = serde_json::from_str::<ImageElement>(&long).unwrap_err();
    assert!(err.to_string().contains("at most 300 bytes"), "{err}");
}
