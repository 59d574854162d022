use super::*;
use crate::catalogue::builtin_catalogue;
use crate::elements::{Font, ImageAsset};
use proptest::prelude::*;

pub(crate) fn asset(tag: u8) -> ImageAsset {
    ImageAsset {
        sha256: format!("{tag:064x}"),
        mime: "image/png".into(),
        bytes: 10,
        width: 8,
        height: 8,
    }
}

fn text(s: &str) -> TextElement {
    TextElement::new(s, Font::Arial, 16, "#000000").unwrap()
}

#[test]
fn left_chest_is_the_default_area() {
    assert_eq!(PrintArea::default(), PrintArea::LeftChest);
    assert_eq!(PrintArea::parse("Back"), Some(PrintArea::Back));
    assert_eq!(PrintArea::parse("left_chest"), Some(PrintArea::LeftChest));
}

#[test]
fn adding_a_second_text_replaces_the_first_and_keeps_its_place() {
    let mut d = Design::new("p", "white");
    d.set_text(PrintArea::LeftChest, text("One"));
    d.move_element(PrintArea::LeftChest, ElementKind::Text, 10.0, 20.0);
    let old = d.set_text(PrintArea::LeftChest, text("Two"));
    assert_eq!(old.unwrap().text(), "One");
    let t = d.area(PrintArea::LeftChest).text.as_ref().unwrap();
    assert_eq!(
        (t.text(), t.position),
        ("Two", Position::clamped(10.0, 20.0))
    );
    d.set_image(PrintArea::LeftChest, ImageElement::new(asset(1), "a.png"));
    d.set_image(PrintArea::LeftChest, ImageElement::new(asset(2), "b.png"));
    d.set_text(PrintArea::Back, text("Back"));
    assert_eq!(d.element_count(), 3);
    d.clear(ElementKind::Text);
    assert_eq!(d.element_count(), 1);
}

#[test]
fn moving_clamps_and_missing_elements_are_reported() {
    let mut d = Design::new("p", "white");
    assert_eq!(
        d.move_element(PrintArea::Back, ElementKind::Image, 1.0, 1.0),
        None
    );
    d.set_image(PrintArea::Back, ImageElement::new(asset(1), "a.png"));
    let p = d
        .move_element(PrintArea::Back, ElementKind::Image, 120.0, -5.0)
        .unwrap();
    assert_eq!((p.x(), p.y()), (100.0, 0.0));
    assert_eq!(
        d.set_image_size(PrintArea::Back, 5, 50),
        Err(StudioError::ImageSizeOutOfRange)
    );
    assert_eq!(d.set_image_size(PrintArea::Back, 50, 50), Ok(true));
}

#[test]
fn cart_checks_colour_and_minimum() {
    let product = &builtin_catalogue()[0];
    let mut d = Design::new(&product.id, "purple");
    d.set_quantity(Size::M, 30).unwrap();
    assert_eq!(
        d.check_for_cart(&product.garment()),
        Err(StudioError::UnknownColour)
    );
    d.color = "blue".into();
    assert_eq!(d.check_for_cart(&product.garment()), Ok(()));
    d.set_quantity(Size::M, 24).unwrap();
    assert_eq!(
        d.check_for_cart(&product.garment()),
        Err(StudioError::BelowMinimum(1))
    );
    d.set_quantity(Size::M, 25).unwrap();
    let mut huge = asset(9);
    huge.bytes = 6 * 1024 * 1024;
    d.set_image(PrintArea::Back, ImageElement::new(huge, "big.png"));
    assert_eq!(
        d.check_for_cart(&product.garment()),
        Err(StudioError::ImageTooLarge)
    );
}

#[test]
fn json_round_trips_and_refuses_newer_versions_and_bad_elements() {
    let mut d = Design::new("p", "white");
    d.set_text(PrintArea::Back, text("Team"));
    d.set_quantity(Size::XXL, 25).unwrap();
    let back = Design::from_json(&d.to_json()).unwrap();
    assert_eq!(back, d);
    let newer = d.to_json().replace("\"version\":1", "\"version\":2");
    assert_eq!(
        Design::from_json(&newer),
        Err(StudioError::UnsupportedVersion(2))
    );
    let long = d.to_json().replace("Team", &"x".repeat(51));
    assert_eq!(
        Design::from_json(&long),
        Err(StudioError::MalformedDesign(
            "Text can be at most 50 characters".into()
        ))
    );
}

proptest! {
    /// However elements are added, an area never holds more than one text and one image.
    #[test]
    fn one_text_and_one_image_per_area(ops in prop::collection::vec((0u8..4, any::<bool>(), 0u8..3), 0..40)) {
        let mut d = Design::new("p", "white");
        let mut texts = [false; 2];
        let mut images = [false; 2];
        for (op, back, tag) in ops {
            let area = if back { PrintArea::Back } else { PrintArea::LeftChest };
            let i = usize::from(back);
            match op {
                0 => { d.set_text(area, text(&format!("t{tag}"))); texts[i] = true; }
                1 => { d.set_image(area, ImageElement::new(asset(tag), "x")); images[i] = true; }
                2 => { d.remove(area, ElementKind::Text); texts[i] = false; }
                _ => { d.remove(area, ElementKind::Image); images[i] = false; }
            }
            let expected = texts.iter().chain(images.iter()).filter(|b| **b).count() as u32;
            prop_assert_eq!(d.element_count(), expected);
            prop_assert!(d.area(area).element_count() <= 2);
        }
    }
}
