//! The design document: a garment in one colour, two print areas with at most
//! one text and one image each (and a name and a number), quantities per
//! size, material and print quality, and the roster of a personalised line.
//! Above the commerce layer: a design's prices (`quote`) hand the quotes what
//! they need of it; its checks (`checks`) are what a draft and a cart line require.

mod checks;
mod personal;
mod quote;
mod roster;

use serde::{Deserialize, Serialize};

use crate::catalogue::{PrintAnchor, colour_name};
use crate::elements::{ElementKind, ImageElement, ImageSize, TextElement};
use crate::error::StudioError;
use crate::personalisation::PersonalStyle;
use crate::placement::Position;
use crate::quantities::Quantities;
use crate::roster::{RosterRow, RosterRowInput, rows_from_inputs};
use crate::size::Size;

pub use checks::{check_roster, roster_problems, row_misfit};

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
    #[cfg_attr(feature = "schema", schemars(length(max = crate::limits::MAX_ROSTER_ROWS)))]
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
}

#[cfg(test)]
mod tests;
