//! The design document: a garment in one colour, two print areas with at most
//! one text and one image each, quantities per size, material and print quality.

use serde::{Deserialize, Serialize};

use crate::catalogue::{PrintAnchor, colour_name};
use crate::elements::{ElementKind, ImageElement, ImageSize, TextElement};
use crate::error::StudioError;
use crate::personalisation::PersonalStyle;
use crate::placement::Position;
use crate::pricing::{LineQuote, quote_line};
use crate::quantities::{Quantities, Size};
use crate::roster::{RosterRow, RosterRowInput, rows_from_inputs};
use crate::tiers::ProductPricing;

/// The version written into every document; older ones are read, newer refused.
pub const DESIGN_VERSION: u32 = 1;

#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum PrintArea {
    #[default]
    LeftChest,
    Back,
}

impl PrintArea {
    pub const ALL: [PrintArea; 2] = [PrintArea::LeftChest, PrintArea::Back];

    pub fn label(self) -> &'static str {
        match self {
            PrintArea::LeftChest => "Left Chest",
            PrintArea::Back => "Back",
        }
    }

    pub fn key(self) -> &'static str {
        self.anchor().node_name()
    }

    /// The area's key in the design document's `areas` (`leftChest`).
    pub fn doc_key(self) -> &'static str {
        match self {
            PrintArea::LeftChest => "leftChest",
            PrintArea::Back => "back",
        }
    }

    /// Accepts the key (`left_chest`) or the label (`Left Chest`).
    pub fn parse(s: &str) -> Option<PrintArea> {
        PrintArea::ALL
            .into_iter()
            .find(|a| a.key().eq_ignore_ascii_case(s) || a.label().eq_ignore_ascii_case(s))
    }

    pub fn anchor(self) -> PrintAnchor {
        match self {
            PrintArea::LeftChest => PrintAnchor::LeftChest,
            PrintArea::Back => PrintAnchor::Back,
        }
    }

    /// The printed size of the area in inches (width, height).
    pub fn print_size_inches(self) -> (f64, f64) {
        match self {
            PrintArea::LeftChest => (4.0, 4.0),
            PrintArea::Back => (12.0, 14.0),
        }
    }

    /// The area in print files' names (`left-chest`).
    pub fn file_slug(self) -> &'static str {
        match self {
            PrintArea::LeftChest => "left-chest",
            PrintArea::Back => "back",
        }
    }

    /// Pixel size of the area at `width_px` wide, keeping its proportions.
    pub fn pixel_size(self, width_px: u32) -> (u32, u32) {
        let (w, h) = self.print_size_inches();
        (
            width_px,
            ((f64::from(width_px) * h / w).round() as u32).max(1),
        )
    }
}

/// One print area: at most one text and one image, and one name and one
/// number (`personalisation`), by construction.
// Documents may leave out what is empty (the `Raw` twins take the defaults),
// while what the engine writes always has every field, as its generated
// TypeScript types say; but a name and a number are written only when
// present, so documents from before them write and hash as they did.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(from = "RawArea")]
#[cfg_attr(feature = "wasm", tsify(missing_as_null))]
pub struct Area {
    pub text: Option<TextElement>,
    pub image: Option<ImageElement>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub name: Option<PersonalStyle>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub number: Option<PersonalStyle>,
}

#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Deserialize)]
#[cfg_attr(feature = "schema", schemars(rename = "Area"))]
struct RawArea {
    #[serde(default)]
    text: Option<TextElement>,
    #[serde(default)]
    image: Option<ImageElement>,
    // Missing is none (no `default`: the schema makes them optional).
    name: Option<PersonalStyle>,
    number: Option<PersonalStyle>,
}

impl From<RawArea> for Area {
    fn from(r: RawArea) -> Area {
        Area {
            text: r.text,
            image: r.image,
            name: r.name,
            number: r.number,
        }
    }
}

impl Area {
    pub fn element_count(&self) -> u32 {
        u32::from(self.text.is_some()) + u32::from(self.image.is_some())
    }
}

#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", from = "RawAreas")]
pub struct Areas {
    pub left_chest: Area,
    pub back: Area,
}

#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "schema", schemars(rename = "Areas"))]
struct RawAreas {
    #[serde(default)]
    left_chest: Area,
    #[serde(default)]
    back: Area,
}

impl From<RawAreas> for Areas {
    fn from(r: RawAreas) -> Areas {
        Areas {
            left_chest: r.left_chest,
            back: r.back,
        }
    }
}

#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MaterialQuality {
    Standard,
    #[default]
    Premium,
}

#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PrintQuality {
    Standard,
    #[default]
    High,
}

#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", try_from = "RawDesign")]
pub struct Design {
    version: u32,
    pub product_id: String,
    pub color: String,
    pub areas: Areas,
    pub quantities: Quantities,
    pub material_quality: MaterialQuality,
    pub print_quality: PrintQuality,
    /// One row per piece of a personalised line (`roster`); written only when
    /// it holds rows, so documents from before rosters write and hash as they did.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub(crate) roster: Vec<RosterRow>,
}

/// The studio's design document (design-engine's JSON): a garment, its print
/// areas and its quantities per size. What is left out takes its default.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "schema", schemars(rename = "Design"))]
struct RawDesign {
    #[cfg_attr(feature = "schema", schemars(range(min = 1, max = DESIGN_VERSION)))]
    version: u32,
    product_id: String,
    color: String,
    #[serde(default)]
    areas: Areas,
    #[serde(default)]
    quantities: Quantities,
    #[serde(default)]
    material_quality: MaterialQuality,
    #[serde(default)]
    print_quality: PrintQuality,
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(length(max = crate::roster::MAX_ROSTER_ROWS)))]
    roster: Vec<RosterRowInput>,
}

impl TryFrom<RawDesign> for Design {
    type Error = StudioError;
    fn try_from(r: RawDesign) -> Result<Self, StudioError> {
        if r.version == 0 || r.version > DESIGN_VERSION {
            return Err(StudioError::UnsupportedVersion(r.version));
        }
        r.quantities.check()?;
        let roster = rows_from_inputs(&r.roster)?;
        Ok(Design {
            version: DESIGN_VERSION,
            product_id: r.product_id,
            color: colour_name(&r.color),
            areas: r.areas,
            quantities: r.quantities,
            material_quality: r.material_quality,
            print_quality: r.print_quality,
            roster,
        })
    }
}

impl Design {
    pub fn new(product_id: &str, colour: &str) -> Design {
        Design {
            version: DESIGN_VERSION,
            product_id: product_id.to_string(),
            color: colour_name(colour),
            areas: Areas::default(),
            quantities: Quantities::default(),
            material_quality: MaterialQuality::default(),
            print_quality: PrintQuality::default(),
            roster: Vec::new(),
        }
    }

    /// Changes the garment colour (its name, trimmed and lower-cased).
    pub fn set_color(&mut self, colour: &str) {
        self.color = colour_name(colour);
    }

    pub fn version(&self) -> u32 {
        self.version
    }

    pub fn from_json(json: &str) -> Result<Design, StudioError> {
        #[derive(Deserialize)]
        struct VersionProbe {
            version: u32,
        }
        // A newer document is refused as such, before its fields are judged.
        if let Ok(VersionProbe { version }) = serde_json::from_str(json)
            && version > DESIGN_VERSION
        {
            return Err(StudioError::UnsupportedVersion(version));
        }
        let raw: RawDesign = serde_json::from_str(json).map_err(|e| {
            // Surface the studio's own message when validation, not syntax, failed.
            let msg = e.to_string();
            let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
            StudioError::MalformedDesign(msg)
        })?;
        Design::try_from(raw).map_err(|e| match e {
            // A roster row keeps its own code, so the studio can mark the row.
            StudioError::RosterRow { .. } | StudioError::RosterTooLong => e,
            other => StudioError::MalformedDesign(other.to_string()),
        })
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a design always serialises")
    }

    pub fn area(&self, area: PrintArea) -> &Area {
        match area {
            PrintArea::LeftChest => &self.areas.left_chest,
            PrintArea::Back => &self.areas.back,
        }
    }

    pub fn area_mut(&mut self, area: PrintArea) -> &mut Area {
        match area {
            PrintArea::LeftChest => &mut self.areas.left_chest,
            PrintArea::Back => &mut self.areas.back,
        }
    }

    /// Puts a text in an area, replacing the one already there (returned).
    /// The new text keeps the old one's position, as the studio's "update" does.
    pub fn set_text(&mut self, area: PrintArea, mut text: TextElement) -> Option<TextElement> {
        let slot = &mut self.area_mut(area).text;
        if let Some(old) = slot {
            text.position = old.position;
        }
        slot.replace(text)
    }

    /// Puts an image in an area, replacing the one already there (returned).
    pub fn set_image(&mut self, area: PrintArea, image: ImageElement) -> Option<ImageElement> {
        self.area_mut(area).image.replace(image)
    }

    /// Removes one element; returns whether there was one.
    pub fn remove(&mut self, area: PrintArea, kind: ElementKind) -> bool {
        let a = self.area_mut(area);
        match kind {
            ElementKind::Text => a.text.take().is_some(),
            ElementKind::Image => a.image.take().is_some(),
        }
    }

    /// Removes every element of a kind from both areas ('All text elements removed').
    pub fn clear(&mut self, kind: ElementKind) {
        for area in PrintArea::ALL {
            self.remove(area, kind);
        }
    }

    /// Moves an element to a position, clamped to the area. `None` if the area has no such element.
    pub fn move_element(
        &mut self,
        area: PrintArea,
        kind: ElementKind,
        x: f64,
        y: f64,
    ) -> Option<Position> {
        let position = Position::clamped(x, y);
        let a = self.area_mut(area);
        let slot = match kind {
            ElementKind::Text => a.text.as_mut().map(|t| &mut t.position),
            ElementKind::Image => a.image.as_mut().map(|i| &mut i.position),
        }?;
        *slot = position;
        Some(position)
    }

    pub fn position_of(&self, area: PrintArea, kind: ElementKind) -> Option<Position> {
        let a = self.area(area);
        match kind {
            ElementKind::Text => a.text.as_ref().map(|t| t.position),
            ElementKind::Image => a.image.as_ref().map(|i| i.position),
        }
    }

    pub fn set_image_size(
        &mut self,
        area: PrintArea,
        width: u32,
        height: u32,
    ) -> Result<bool, StudioError> {
        let size = ImageSize::new(width, height)?;
        Ok(self
            .area_mut(area)
            .image
            .as_mut()
            .map(|i| i.size = size)
            .is_some())
    }

    pub fn set_embroidery(&mut self, area: PrintArea, on: bool) -> bool {
        self.area_mut(area)
            .image
            .as_mut()
            .map(|i| i.use_embroidery = on)
            .is_some()
    }

    pub fn set_quantity(&mut self, size: Size, quantity: i64) -> Result<(), StudioError> {
        self.quantities.set(size, quantity)
    }

    /// Texts and images over both areas: what the design fee counts.
    pub fn element_count(&self) -> u32 {
        PrintArea::ALL
            .iter()
            .map(|&a| self.area(a).element_count())
            .sum()
    }

    pub fn has_elements(&self) -> bool {
        self.element_count() > 0
    }

    /// Every image asset the design uses, in area order.
    pub fn image_assets(&self) -> impl Iterator<Item = &crate::elements::ImageAsset> {
        PrintArea::ALL
            .into_iter()
            .filter_map(|a| self.area(a).image.as_ref().map(|i| &i.asset))
    }

    /// The price of this design as one cart line, at the product's pricing
    /// (its unit price, the quantity tier its pieces reach, and the charge
    /// for the names and numbers it prints on every piece).
    pub fn quote(&self, pricing: &ProductPricing) -> Result<LineQuote, StudioError> {
        quote_line(pricing, self.quantities.total(), self.element_count())?.with_personalisation(
            crate::roster_pricing::quote_personalisation(self, pricing.personalisation)?,
        )
    }

    /// What a saved design (a draft) requires: the colour is one of the
    /// product's `colours`, uploads are images under 5 MB, the quantities are
    /// sane. It may hold fewer than 25 items, or none yet.
    pub fn check_for_saving(&self, colours: &[String]) -> Result<(), StudioError> {
        if !colours.iter().any(|c| c.eq_ignore_ascii_case(&self.color)) {
            return Err(StudioError::UnknownColour);
        }
        for asset in self.image_assets() {
            crate::elements::check_upload(&asset.mime, asset.bytes)?;
        }
        self.quantities.check()
    }

    /// Everything the cart requires: what a saved design does, at least
    /// one item and 25 per colour, and for a design with names or numbers a
    /// roster that matches it piece for piece (`roster::check_roster`).
    pub fn check_for_cart(&self, colours: &[String]) -> Result<(), StudioError> {
        self.check_for_saving(colours)?;
        self.quantities.check_minimum()?;
        crate::roster::check_roster(self)
    }
}

#[cfg(test)]
mod tests {
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
            d.check_for_cart(&product.colors),
            Err(StudioError::UnknownColour)
        );
        d.color = "blue".into();
        assert_eq!(d.check_for_cart(&product.colors), Ok(()));
        d.set_quantity(Size::M, 24).unwrap();
        assert_eq!(
            d.check_for_cart(&product.colors),
            Err(StudioError::BelowMinimum(1))
        );
        d.set_quantity(Size::M, 25).unwrap();
        let mut huge = asset(9);
        huge.bytes = 6 * 1024 * 1024;
        d.set_image(PrintArea::Back, ImageElement::new(huge, "big.png"));
        assert_eq!(
            d.check_for_cart(&product.colors),
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
}
