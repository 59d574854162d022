//! Print areas: where on a garment a design prints. A product names its own
//! (`leftChest`, `back`, `leftSleeve`, `hood`), each with its printed size in
//! inches; the specification's two are the built-in products' and every old
//! document's. At the bottom, so documents, renders and errors can name one.

use serde::{Deserialize, Serialize};

use crate::short_label::ShortLabel;

/// The longest area key, in bytes (`leftSleeveCuff`).
pub const MAX_AREA_KEY: usize = 24;
/// The longest area label, in bytes of UTF-8.
pub const MAX_AREA_LABEL: usize = 40;

/// A print area: its key (camelCase, the design document's), its label, and
/// its printed size in inches. Two areas are the same area when their keys are.
#[derive(Clone, Copy)]
pub struct PrintArea {
    key: ShortLabel<MAX_AREA_KEY>,
    /// The key's bytes as three words: what equality compares, inline (a
    /// design's areas are looked up by key on every pointer move of a drag).
    words: [u64; 3],
    label: ShortLabel<MAX_AREA_LABEL>,
    width_inches: f64,
    height_inches: f64,
}

#[allow(non_upper_case_globals)]
impl PrintArea {
    /// The specification's left chest: 4 × 4 inches.
    pub const LeftChest: PrintArea = PrintArea::builtin("leftChest", "Left Chest", 4.0, 4.0);
    /// The specification's back: 12 × 14 inches.
    pub const Back: PrintArea = PrintArea::builtin("back", "Back", 12.0, 14.0);
    /// The built-in products' areas, in order.
    pub const ALL: [PrintArea; 2] = [PrintArea::LeftChest, PrintArea::Back];
}

impl PrintArea {
    const fn builtin(key: &'static str, label: &'static str, w: f64, h: f64) -> PrintArea {
        PrintArea {
            key: ShortLabel::fixed(key),
            words: words_of(key),
            label: ShortLabel::fixed(label),
            width_inches: w,
            height_inches: h,
        }
    }

    /// An area as a product defines it; `None` when the key or label does not
    /// fit or the key is not camelCase (`catalogue` checks the rest).
    pub fn new(key: &str, label: &str, width_inches: f64, height_inches: f64) -> Option<PrintArea> {
        if !is_area_key(key) {
            return None;
        }
        Some(PrintArea {
            key: ShortLabel::new(key)?,
            words: words_of(key),
            label: ShortLabel::new(label.trim())?,
            width_inches,
            height_inches,
        })
    }

    /// An area named by its key alone, as a document or a request names it:
    /// a built-in area (by its key, its old `left_chest` form or its label, in
    /// any case) with its size, or another key with the left chest's size
    /// until the product's own definition is looked up (`among`).
    pub fn parse(s: &str) -> Option<PrintArea> {
        let s = s.trim();
        if let Some(a) = PrintArea::ALL.into_iter().find(|a| {
            a.key.eq_ignore_ascii_case(s)
                || a.node_name().eq_ignore_ascii_case(s)
                || a.label.eq_ignore_ascii_case(s)
        }) {
            return Some(a);
        }
        let (w, h) = PrintArea::LeftChest.print_size_inches();
        PrintArea::new(s, s, w, h)
    }

    /// The area of `areas` (a product's) with this one's key.
    pub fn among(self, areas: &[PrintArea]) -> Option<PrintArea> {
        areas.iter().copied().find(|a| *a == self)
    }

    /// The key in the design document's `areas` (`leftChest`).
    pub fn key(&self) -> &str {
        self.key.as_str()
    }

    pub fn label(&self) -> &str {
        self.label.as_str()
    }

    /// The printed size of the area in inches (width, height).
    pub fn print_size_inches(&self) -> (f64, f64) {
        (self.width_inches, self.height_inches)
    }

    /// The area in print files' names (`left-chest`).
    pub fn file_slug(&self) -> String {
        self.words().join("-")
    }

    /// The node of a garment's 3D model where the area's decal sits (`left_chest`).
    pub fn node_name(&self) -> String {
        self.words().join("_")
    }

    fn words(&self) -> Vec<String> {
        let mut words: Vec<String> = Vec::new();
        for c in self.key().chars() {
            match words.last_mut() {
                Some(w) if !c.is_ascii_uppercase() => w.push(c),
                _ => words.push(c.to_ascii_lowercase().to_string()),
            }
        }
        words
    }

    /// Pixel size of the area at `width_px` wide, keeping its proportions.
    pub fn pixel_size(&self, width_px: u32) -> (u32, u32) {
        let (w, h) = self.print_size_inches();
        (
            width_px,
            ((f64::from(width_px) * h / w).round() as u32).max(1),
        )
    }
}

/// A camelCase key: a lower-case letter, then letters and digits, at most 24.
pub fn is_area_key(key: &str) -> bool {
    let mut chars = key.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_alphanumeric())
        && key.len() <= MAX_AREA_KEY
}

impl Default for PrintArea {
    fn default() -> PrintArea {
        PrintArea::LeftChest
    }
}

impl PartialEq for PrintArea {
    fn eq(&self, other: &PrintArea) -> bool {
        self.words == other.words
    }
}

/// A key of at most 24 bytes packed into three words (zeros after it).
const fn words_of(key: &str) -> [u64; 3] {
    let bytes = key.as_bytes();
    let mut words = [0u64; 3];
    let mut i = 0;
    while i < bytes.len() && i < MAX_AREA_KEY {
        words[i / 8] |= (bytes[i] as u64) << ((i % 8) * 8);
        i += 1;
    }
    words
}

impl Eq for PrintArea {}

impl std::hash::Hash for PrintArea {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.words.hash(state);
    }
}

impl std::fmt::Debug for PrintArea {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PrintArea({})", self.key())
    }
}

impl Serialize for PrintArea {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

impl<'de> Deserialize<'de> for PrintArea {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<PrintArea, D::Error> {
        let key = String::deserialize(d)?;
        PrintArea::parse(&key).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "'{}' is not a print area",
                key.chars().take(24).collect::<String>()
            ))
        })
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for PrintArea {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "PrintArea".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "pattern": "^[a-z][A-Za-z0-9]{0,23}$",
            "description": "A print area's key as the product names it (leftChest, back, leftSleeve)."
        })
    }
}

#[cfg(feature = "wasm")]
#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const PRINT_AREA_TS: &'static str = "/** A print area's key as the product names it (leftChest, back, leftSleeve). */\nexport type PrintArea = string;";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_areas_answer_to_their_old_names() {
        for s in ["leftChest", "left_chest", "Left Chest", "LEFTCHEST"] {
            assert_eq!(PrintArea::parse(s), Some(PrintArea::LeftChest), "{s}");
        }
        let chest = PrintArea::LeftChest;
        assert_eq!((chest.key(), chest.label()), ("leftChest", "Left Chest"));
        assert_eq!(
            (chest.file_slug(), chest.node_name()),
            ("left-chest".into(), "left_chest".into())
        );
        assert_eq!(PrintArea::Back.pixel_size(3600), (3600, 4200));
    }

    #[test]
    fn a_products_area_is_named_by_its_key() {
        let sleeve = PrintArea::new("leftSleeve", "Left Sleeve", 3.0, 4.0).unwrap();
        assert_eq!(sleeve.pixel_size(900), (900, 1200));
        assert_eq!(sleeve.node_name(), "left_sleeve");
        assert_eq!(PrintArea::parse("leftSleeve"), Some(sleeve));
        assert_eq!(
            PrintArea::parse("leftSleeve")
                .unwrap()
                .among(&[sleeve])
                .unwrap()
                .label(),
            "Left Sleeve"
        );
        for bad in [
            "",
            "Left",
            "left-sleeve",
            "left sleeve",
            "aVeryLongKeyThatGoesOnAndOn",
        ] {
            assert!(PrintArea::new(bad, "x", 1.0, 1.0).is_none(), "{bad}");
        }
        assert_eq!(serde_json::to_string(&sleeve).unwrap(), "\"leftSleeve\"");
    }
}
