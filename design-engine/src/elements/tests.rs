use super::*;

#[test]
fn the_fifty_letters_are_counted_as_people_see_them() {
    // "कि" is two code points and one letter (an extended grapheme cluster).
    let ki = |n| TextElement::new(&"कि".repeat(n), Font::NotoSansDevanagari, 16, "#000");
    assert!(ki(50).is_ok());
    assert_eq!(ki(51), Err(StudioError::TextTooLong));
    // A conjunct with its vowel sign is one letter: क्षि is 4 code points.
    assert_eq!(crate::limits::letters("क्षत्रिय"), 3);
    assert_eq!(crate::limits::letters("e\u{301}"), 1);
    // Through a document too.
    let json = |n| {
        format!(
            r#"{{"text": "{}", "font": "Noto Sans Devanagari"}}"#,
            "कि".repeat(n)
        )
    };
    assert!(serde_json::from_str::<TextElement>(&json(50)).is_ok());
    assert!(serde_json::from_str::<TextElement>(&json(51)).is_err());
}

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
fn the_fonts_and_colours() {
    let names: Vec<_> = Font::ALL.iter().map(|f| f.name()).collect();
    // The specification's six first, under their names.
    assert_eq!(
        names[..6],
        [
            "Arial",
            "Helvetica",
            "Times New Roman",
            "Georgia",
            "Verdana",
            "Courier New"
        ]
    );
    // Every name is its wire name, and each is one font.
    for font in Font::ALL {
        assert_eq!(serde_json::to_value(font).unwrap(), font.name());
        assert_eq!(Font::parse(font.name()), Ok(font));
    }
    assert_eq!(
        serde_json::from_str::<Font>("\"Noto Sans Devanagari\"").unwrap(),
        Font::NotoSansDevanagari
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

#[test]
fn an_svg_logo_is_at_most_one_megabyte() {
    assert!(check_upload("image/svg+xml", MAX_SVG_BYTES).is_ok());
    assert_eq!(
        check_upload("image/svg+xml", MAX_SVG_BYTES + 1)
            .unwrap_err()
            .to_string(),
        "This SVG could not be used: it is over 1 MB"
    );
    assert!(check_upload("image/png", MAX_SVG_BYTES + 1).is_ok());
}
