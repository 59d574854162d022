//! How names and numbers look on a print area. An area may carry one name
//! and one number beside its one text and one image; the area holds only how
//! they look (font, colour, letter height, position: `PersonalStyle`), each
//! piece's roster row (`roster`) says what they read. Putting them on a
//! design is the design's (`design::personal`).

use serde::{Deserialize, Serialize};

use crate::elements::{DEFAULT_TEXT_COLOUR, Font, HexColour};
use crate::error::StudioError;
use crate::limits::PERSONAL_HEIGHT_RANGE;
use crate::placement::Position;

// The fields and their defaults, where the styles' users look for them.
use crate::personal_field::PersonalField;

/// How a name or number is printed on an area. Every way to make one checks
/// the height and the colour; the position is clamped like any element's.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "RawStyle", rename_all = "camelCase")]
pub struct PersonalStyle {
    font: Font,
    color: HexColour,
    height: u32,
    pub position: Position,
}

#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "schema", schemars(rename = "PersonalStyle"))]
struct RawStyle {
    #[serde(default)]
    font: Font,
    #[serde(default = "default_colour")]
    color: HexColour,
    #[cfg_attr(
        feature = "schema",
        schemars(range(min = *PERSONAL_HEIGHT_RANGE.start(), max = *PERSONAL_HEIGHT_RANGE.end()))
    )]
    height: u32,
    #[serde(default)]
    position: Position,
}

fn default_colour() -> HexColour {
    HexColour::parse(DEFAULT_TEXT_COLOUR).expect("the default colour parses")
}

impl TryFrom<RawStyle> for PersonalStyle {
    type Error = StudioError;
    fn try_from(r: RawStyle) -> Result<Self, StudioError> {
        let mut style =
            PersonalStyle::new(PersonalField::Name, r.font, r.height, r.color.as_str())?;
        style.position = r.position;
        Ok(style)
    }
}

impl PersonalStyle {
    /// A style at the field's usual place; `height` in percent of the area's height.
    pub fn new(
        field: PersonalField,
        font: Font,
        height: u32,
        colour: &str,
    ) -> Result<PersonalStyle, StudioError> {
        if !PERSONAL_HEIGHT_RANGE.contains(&height) {
            return Err(StudioError::PersonalHeightOutOfRange);
        }
        Ok(PersonalStyle {
            font,
            color: HexColour::parse(colour)?,
            height,
            position: field.default_position(),
        })
    }

    pub fn font(&self) -> Font {
        self.font
    }
    pub fn colour(&self) -> &HexColour {
        &self.color
    }
    pub fn height(&self) -> u32 {
        self.height
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::design::{Design, PrintArea};
    use crate::elements::{ImageElement, TextElement};

    fn style(field: PersonalField) -> PersonalStyle {
        PersonalStyle::new(field, Font::Verdana, field.default_height(), "#FFF").unwrap()
    }

    #[test]
    fn height_and_colour_are_checked_and_the_place_is_the_fields() {
        let s = style(PersonalField::Number);
        assert_eq!((s.height(), s.colour().as_str()), (45, "#ffffff"));
        assert_eq!(s.position, Position::clamped(50.0, 52.0));
        for bad in [3, 71, 0] {
            assert_eq!(
                PersonalStyle::new(PersonalField::Name, Font::Arial, bad, "#000"),
                Err(StudioError::PersonalHeightOutOfRange)
            );
        }
        assert_eq!(
            StudioError::PersonalHeightOutOfRange.to_string(),
            "Name and number height must be between 4 and 70"
        );
        assert_eq!(
            PersonalStyle::new(PersonalField::Name, Font::Arial, 10, "red"),
            Err(StudioError::InvalidColour)
        );
        let raw: Result<PersonalStyle, _> = serde_json::from_str(r#"{"height": 90}"#);
        assert!(raw.unwrap_err().to_string().contains("between 4 and 70"));
        let clamped: PersonalStyle =
            serde_json::from_str(r#"{"height": 20, "position": {"x": 130, "y": -4}}"#).unwrap();
        assert_eq!(clamped.position, Position::clamped(100.0, 0.0));
    }

    #[test]
    fn one_name_and_one_number_per_area_beside_its_text_and_image() {
        let mut d = Design::new("p", "white");
        let back = PrintArea::Back;
        d.set_text(
            back,
            TextElement::new("Team", Font::Arial, 16, "#000").unwrap(),
        );
        let asset = crate::elements::ImageAsset {
            sha256: "0".repeat(64),
            mime: "image/png".into(),
            bytes: 10,
            width: 8,
            height: 8,
        };
        d.set_image(back, ImageElement::new(asset, "a.png"));
        assert!(!d.is_personalised());
        assert_eq!(
            d.set_personal(back, PersonalField::Name, style(PersonalField::Name)),
            None
        );
        d.move_personal(back, PersonalField::Name, 140.0, 10.0);
        let old = d.set_personal(back, PersonalField::Name, style(PersonalField::Name));
        assert!(old.is_some());
        // The replacement keeps its place, clamped.
        let name = d.area(back).personal(PersonalField::Name).unwrap();
        assert_eq!(name.position, Position::clamped(100.0, 10.0));
        d.set_personal(back, PersonalField::Number, style(PersonalField::Number));
        // Names and numbers are not design elements: the design fee counts two.
        assert_eq!(d.element_count(), 2);
        assert!(d.prints(PersonalField::Name) && d.prints(PersonalField::Number));
        assert_eq!(d.personalised_areas().collect::<Vec<_>>(), [back]);
        assert_eq!(
            d.move_personal(PrintArea::LeftChest, PersonalField::Name, 1.0, 1.0),
            None
        );
        assert!(d.remove_personal(back, PersonalField::Name));
        assert!(!d.remove_personal(back, PersonalField::Name));
        assert!(!d.prints(PersonalField::Name) && d.is_personalised());
    }

    #[test]
    fn fields_parse_and_name_themselves() {
        assert_eq!(PersonalField::parse("Number"), Some(PersonalField::Number));
        assert_eq!(PersonalField::parse("nickname"), None);
        assert_eq!(
            StudioError::NoPersonal(PersonalField::Name).to_string(),
            "Please add a name to this print area first"
        );
    }
}
