use super::*;

#[test]
fn text_is_trimmed_and_limited_to_fifty_characters() {
    let t = TextElement::new("  Hello  ", Font::Arial, 16, "#000").unwrap();
    assert_eq!(t.text(), "Hello");
    assert_eq!(t.colour().as_str(), "#000000");
    assert_eq!(
        TextElement::new("   ", Font::Arial, 16, "#000000"),
        Err(StudioError::TextEmpty)
    );
    let fifty = "x".repeat(50);
    assert!(TextElement::new(&fifty, Font::Arial, 16, "#000000").is_ok());
    assert_eq!(
        TextElement::new(&"x".repeat(51), Font::Arial, 16, "#000000"),
        Err(StudioError::TextTooLong)
    );
    // Characters, not bytes: 50 Devanagari letters are fine.
    assert!(TextElement::new(&"क".repeat(50), Font::Arial, 16, "#000000").is_ok());
}

#[test]
fn font_size_is_eight_to_forty_eight() {
    assert!(TextElement::new("a", Font::Georgia, 8, "#fff").is_ok());
    assert!(TextElement::new("a", Font::Georgia, 48, "#fff").is_ok());
    assert_eq!(
        TextElement::new("a", Font::Georgia, 7, "#fff"),
        Err(StudioError::FontSizeOutOfRange)
    );
    assert_eq!(
        TextElement::new("a", Font::Georgia, 49, "#fff"),
        Err(StudioError::FontSizeOutOfRange)
    );
}

#[test]
fn the_six_fonts_and_colours() {
    let names: Vec<_> = Font::ALL.iter().map(|f| f.name()).collect();
    assert_eq!(
        names,
        [
            "Arial",
            "Helvetica",
            "Times New Roman",
            "Georgia",
            "Verdana",
            "Courier New"
        ]
    );
    assert_eq!(Font::parse("courier new"), Ok(Font::CourierNew));
    assert_eq!(Font::parse("Comic Sans"), Err(StudioError::UnknownFont));
    assert_eq!(HexColour::parse("red"), Err(StudioError::InvalidColour));
    assert_eq!(HexColour::parse("#12345g"), Err(StudioError::InvalidColour));
    assert_eq!(
        HexColour::parse("#3B82F6").unwrap().rgb(),
        [0x3b, 0x82, 0xf6]
    );
    assert_eq!(TEXT_COLOUR_PRESETS.len(), 7);
}

#[test]
fn deserialising_validates_and_fills_defaults() {
    let t: TextElement = serde_json::from_str(r#"{"text":"Hi"}"#).unwrap();
    assert_eq!(
        (t.font(), t.size(), t.colour().as_str()),
        (Font::Arial, 16, "#000000")
    );
    let long = format!(r#"{{"text":"{}"}}"#, "y".repeat(51));
    let err = serde_json::from_str::<TextElement>(&long).unwrap_err();
    assert!(
        err.to_string()
            .contains("Text can be at most 50 characters")
    );
    assert!(serde_json::from_str::<ImageSize>(r#"{"width":5,"height":20}"#).is_err());
}

#[test]
fn uploads_must_be_images_under_five_megabytes() {
    assert_eq!(
        check_upload("application/pdf", 10),
        Err(StudioError::NotAnImage)
    );
    assert_eq!(
        check_upload("image/png", MAX_IMAGE_BYTES),
        Err(StudioError::ImageTooLarge)
    );
    assert_eq!(
        check_upload("image/png", MAX_IMAGE_BYTES)
            .unwrap_err()
            .to_string(),
        "Image size must be less than 5MB"
    );
    assert!(check_upload("image/jpeg", MAX_IMAGE_BYTES - 1).is_ok());
    assert_eq!(ImageSize::new(9, 20), Err(StudioError::ImageSizeOutOfRange));
    assert_eq!(ImageSize::default(), ImageSize::new(20, 20).unwrap());
}
