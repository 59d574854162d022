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

use crate::colour::colour_name;
use crate::elements::{ElementKind, ImageElement, ImageSize, TextElement};
use crate::error::StudioError;
use crate::personalisation::PersonalStyle;
use crate::placement::Position;
pub use crate::print_area::PrintArea;
use crate::quantities::Quantities;
use crate::roster::{RosterRow, RosterRowInput, rows_from_inputs};
use crate::size::Size;

pub use checks::{check_roster, roster_problems, row_misfit};

/// The version written into every document; older ones are read, newer refused.
pub const DESIGN_VERSION: u32 = 1;

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

/// The design's print areas by key, in order. Documents of the built-in
/// areas alone (every one from before areas were the merchant's) always hold
/// both, `leftChest` then `back`, as they always have: so they read, write
/// and hash byte for byte as before. Other keys are kept as given.
#[derive(Debug, Clone, PartialEq)]
pub struct Areas {
    entries: Vec<(PrintArea, Area)>,
}

/// A document may name at most this many areas (a product has at most 8).
pub const MAX_AREAS_IN_DOCUMENT: usize = 12;

impl Default for Areas {
    fn default() -> Areas {
        Areas::for_areas(&PrintArea::ALL)
    }
}

impl Areas {
    /// Each of `areas` empty, in that order: a new design of a product.
    pub fn for_areas(areas: &[PrintArea]) -> Areas {
        Areas {
            entries: areas.iter().map(|&a| (a, Area::default())).collect(),
        }
    }

    fn from_entries(mut entries: Vec<(PrintArea, Area)>) -> Areas {
        if entries.iter().all(|(a, _)| PrintArea::ALL.contains(a)) {
            let mut take = |area: PrintArea| {
                entries
                    .iter()
                    .position(|(a, _)| *a == area)
                    .map(|i| entries.swap_remove(i).1)
                    .unwrap_or_default()
            };
            let legacy: Vec<(PrintArea, Area)> =
                PrintArea::ALL.into_iter().map(|a| (a, take(a))).collect();
            return Areas { entries: legacy };
        }
        Areas { entries }
    }

    /// Each area with what it holds, in order.
    pub fn iter(&self) -> impl Iterator<Item = (PrintArea, &Area)> + '_ {
        self.entries.iter().map(|(k, a)| (*k, a))
    }

    fn get(&self, area: PrintArea) -> Option<&Area> {
        self.entries
            .iter()
            .find(|(k, _)| *k == area)
            .map(|(_, a)| a)
    }

    fn find_mut(&mut self, area: PrintArea) -> Option<&mut Area> {
        self.entries
            .iter_mut()
            .find(|(k, _)| *k == area)
            .map(|(_, a)| a)
    }

    fn get_mut(&mut self, area: PrintArea) -> &mut Area {
        let i = match self.entries.iter().position(|(k, _)| *k == area) {
            Some(i) => i,
            None => {
                self.entries.push((area, Area::default()));
                self.entries.len() - 1
            }
        };
        &mut self.entries[i].1
    }
}

impl Serialize for Areas {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.entries.len()))?;
        for (area, content) in &self.entries {
            map.serialize_entry(area.key(), content)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Areas {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Areas, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Areas;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a map from print area to what it holds")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Areas, A::Error> {
                use serde::de::Error;
                let mut entries: Vec<(PrintArea, Area)> = Vec::new();
                while let Some(key) = map.next_key::<String>()? {
                    let area = crate::print_area::is_area_key(&key)
                        .then(|| PrintArea::parse(&key))
                        .flatten()
                        .ok_or_else(|| {
                            A::Error::custom(format!(
                                "'{}' is not a print area",
                                key.chars().take(24).collect::<String>()
                            ))
                        })?;
                    if entries.iter().any(|(a, _)| *a == area) {
                        return Err(A::Error::custom(format!(
                            "print area '{key}' is given twice"
                        )));
                    }
                    if entries.len() == MAX_AREAS_IN_DOCUMENT {
                        return Err(A::Error::custom(format!(
                            "a design holds at most {MAX_AREAS_IN_DOCUMENT} print areas"
                        )));
                    }
                    entries.push((area, map.next_value()?));
                }
                Ok(Areas::from_entries(entries))
            }
        }
        d.deserialize_map(Visit)
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for Areas {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Areas".into()
    }
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let area = generator.subschema_for::<Area>();
        schemars::json_schema!({
            "type": "object",
            "description": "What each print area holds, keyed by the product's area keys (leftChest, back, leftSleeve...). An area left out is empty.",
            "maxProperties": MAX_AREAS_IN_DOCUMENT,
            "propertyNames": { "pattern": "^[a-z][A-Za-z0-9]{0,23}$" },
            "additionalProperties": area
        })
    }
}

#[cfg(feature = "wasm")]
#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const AREAS_TS: &'static str = "/** What each print area holds, keyed by the product's area keys (leftChest, back). */\nexport type Areas = Record<string, Area>;";

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
        let roster = rows_from_inputs(&r.roster, &[])?;
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

    /// Lays a design nobody has started (no elements, no pieces, no roster)
    /// out as `garment`'s: its print areas and its sizes, in its order. A
    /// design with anything in it keeps its document as it is.
    pub fn adopt(&mut self, garment: &crate::garment::Garment) {
        let untouched = !self.has_elements()
            && !self.areas.iter().any(|(_, a)| a.is_personalised())
            && self.quantities.total() == 0
            && self.roster.is_empty();
        if untouched {
            self.areas = Areas::for_areas(&garment.areas());
            self.quantities = Quantities::for_sizes(&garment.sizes);
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

    /// What an area holds (nothing for an area the document does not name).
    pub fn area(&self, area: PrintArea) -> &Area {
        static EMPTY: Area = Area {
            text: None,
            image: None,
            name: None,
            number: None,
        };
        self.areas.get(area).unwrap_or(&EMPTY)
    }

    pub fn area_mut(&mut self, area: PrintArea) -> &mut Area {
        self.areas.get_mut(area)
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

    /// Removes every element of a kind from every area ('All text elements removed').
    pub fn clear(&mut self, kind: ElementKind) {
        for (_, a) in &mut self.areas.entries {
            match kind {
                ElementKind::Text => a.text = None,
                ElementKind::Image => a.image = None,
            }
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
        let a = self.areas.find_mut(area)?;
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

    /// Texts and images over every area: what the design fee counts.
    pub fn element_count(&self) -> u32 {
        self.areas.iter().map(|(_, a)| a.element_count()).sum()
    }

    pub fn has_elements(&self) -> bool {
        self.element_count() > 0
    }

    /// The areas that print something (an element, a name or a number), in
    /// the document's order, each as `areas` (a product's, with its inches)
    /// names it, or as the key alone names it when the product lacks it.
    pub fn printed_areas(&self, areas: &[PrintArea]) -> Vec<PrintArea> {
        self.areas
            .iter()
            .filter(|(_, a)| a.element_count() > 0 || a.is_personalised())
            .map(|(k, _)| k.among(areas).unwrap_or(k))
            .collect()
    }

    /// Every drawn image source (QR codes and clip-arts), in area order.
    pub fn drawn_images(&self) -> impl Iterator<Item = &crate::elements::ImageSource> {
        self.areas
            .iter()
            .filter_map(|(_, a)| a.image.as_ref().map(|i| &i.source))
            .filter(|s| !matches!(s, crate::elements::ImageSource::Asset(_)))
    }

    /// Every image asset the design uses, in area order.
    pub fn image_assets(&self) -> impl Iterator<Item = &crate::elements::ImageAsset> {
        self.areas
            .iter()
            .filter_map(|(_, a)| a.image.as_ref().and_then(|i| i.asset()))
    }
}

#[cfg(test)]
mod tests;
