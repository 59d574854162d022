//! A product's garment as the merchant defines it: its print areas (where
//! each sits and its printed size), its sizes with their surcharges, and its
//! colours with their swatches. Every field is checked here, each refusal
//! naming the field; the built-in products keep the specification's values.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::colour::{colour_hex, colour_name};
use crate::money::Paise;
use crate::print_area::{MAX_AREA_KEY, PrintArea, is_area_key};
use crate::size::Size;

/// A product has 1 to this many print areas.
pub const MAX_PRINT_AREAS: usize = 8;
/// A product comes in 1 to this many sizes.
pub const MAX_SIZES: usize = 15;
/// A product comes in 1 to this many colours.
pub const MAX_COLOURS: usize = 20;
/// An area's printed side is 0.5 to 24 inches.
pub const AREA_INCHES: std::ops::RangeInclusive<f64> = 0.5..=24.0;
/// The largest surcharge for a size: ₹10,000 a piece.
pub const MAX_SIZE_PRICE: Paise = Paise(10_000_00);
/// The longest area label, in characters.
pub const MAX_AREA_LABEL_CHARS: usize = 30;
/// The longest colour name, in characters.
pub const MAX_COLOUR_NAME_CHARS: usize = 24;

/// The side of the garment an area prints on, and the picture it is drawn on.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Front,
    Back,
}

/// Where an area sits on its side's picture, in percent of the picture:
/// the top-left corner and the width and height.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct AreaBox {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

/// A print area as the product defines it.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AreaSpec {
    pub key: String,
    pub label: String,
    pub width_inches: f64,
    pub height_inches: f64,
    pub side: Side,
    #[serde(rename = "box")]
    pub area_box: AreaBox,
}

impl AreaSpec {
    /// The area as designs and renders name it (its key, label and inches).
    pub fn print_area(&self) -> PrintArea {
        PrintArea::new(
            &self.key,
            &self.label,
            self.width_inches,
            self.height_inches,
        )
        .unwrap_or_default()
    }
}

/// The specification's two areas, where the built-in garments' pictures
/// (600 × 720) show them: the left chest on the front, the back on the back.
pub fn builtin_areas() -> Vec<AreaSpec> {
    let spec = |area: PrintArea, side, area_box| {
        let (width_inches, height_inches) = area.print_size_inches();
        AreaSpec {
            key: area.key().to_string(),
            label: area.label().to_string(),
            width_inches,
            height_inches,
            side,
            area_box,
        }
    };
    vec![
        spec(
            PrintArea::LeftChest,
            Side::Front,
            AreaBox {
                x: 55.5,
                y: 27.75,
                w: 15.0,
                h: 12.5,
            },
        ),
        spec(
            PrintArea::Back,
            Side::Back,
            AreaBox {
                x: 30.0,
                y: 26.56,
                w: 40.0,
                h: 38.89,
            },
        ),
    ]
}

/// Why a product's garment was refused: the field's code and a message naming it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct GarmentError {
    pub code: &'static str,
    pub message: String,
}

fn refuse(code: &'static str, message: impl Into<String>) -> GarmentError {
    GarmentError {
        code,
        message: message.into(),
    }
}

pub const INVALID_PRINT_AREAS: &str = "INVALID_PRINT_AREAS";
pub const INVALID_SIZES: &str = "INVALID_SIZES";
pub const INVALID_SIZE_PRICES: &str = "INVALID_SIZE_PRICES";
pub const INVALID_COLORS: &str = "INVALID_COLORS";

/// The areas as kept: 1 to 8, each with a camelCase key unique in the
/// product, a label, 0.5 to 24 inches each way and a box inside its picture.
pub fn check_print_areas(areas: Vec<AreaSpec>) -> Result<Vec<AreaSpec>, GarmentError> {
    let bad = |m: String| refuse(INVALID_PRINT_AREAS, m);
    if areas.is_empty() || areas.len() > MAX_PRINT_AREAS {
        return Err(bad(format!(
            "Print areas: give 1 to {MAX_PRINT_AREAS} print areas"
        )));
    }
    let mut kept: Vec<AreaSpec> = Vec::with_capacity(areas.len());
    for (i, a) in areas.into_iter().enumerate() {
        let n = i + 1;
        let key = a.key.trim().to_string();
        if !is_area_key(&key) {
            return Err(bad(format!(
                "Print area {n}: the key must be camelCase letters and digits, at most {MAX_AREA_KEY}, e.g. leftSleeve"
            )));
        }
        if kept.iter().any(|k| k.key == key) {
            return Err(bad(format!("Print areas: {key} is given twice")));
        }
        let label = a.label.split_whitespace().collect::<Vec<_>>().join(" ");
        let chars = label.chars().count();
        if chars == 0 || chars > MAX_AREA_LABEL_CHARS || label.chars().any(char::is_control) {
            return Err(bad(format!(
                "Print area {key}: the label must be 1 to {MAX_AREA_LABEL_CHARS} characters"
            )));
        }
        for (side, inches) in [("width", a.width_inches), ("height", a.height_inches)] {
            if !AREA_INCHES.contains(&inches) {
                return Err(bad(format!(
                    "Print area {key}: the {side} must be 0.5 to 24 inches"
                )));
            }
        }
        let b = a.area_box;
        let finite = [b.x, b.y, b.w, b.h].iter().all(|v| v.is_finite());
        if !finite || b.w <= 0.0 || b.h <= 0.0 {
            return Err(bad(format!(
                "Print area {key}: its box on the picture needs a width and a height above 0"
            )));
        }
        if b.x < 0.0 || b.y < 0.0 || b.x + b.w > 100.0 + 1e-9 || b.y + b.h > 100.0 + 1e-9 {
            return Err(bad(format!(
                "Print area {key}: its box must lie inside the picture (0 to 100 percent)"
            )));
        }
        kept.push(AreaSpec { key, label, ..a });
    }
    Ok(kept)
}

/// The sizes as kept: 1 to 15 distinct labels, in display order.
pub fn check_sizes(labels: &[String]) -> Result<Vec<Size>, GarmentError> {
    let bad = |m: String| refuse(INVALID_SIZES, m);
    if labels.is_empty() || labels.len() > MAX_SIZES {
        return Err(bad(format!("Sizes: give 1 to {MAX_SIZES} sizes")));
    }
    let mut sizes: Vec<Size> = Vec::with_capacity(labels.len());
    for label in labels {
        let size = Size::parse(label).ok_or_else(|| {
            bad(format!(
                "Sizes: {:?} is not a size label (1 to 12 letters, digits, spaces and - / . +)",
                label.chars().take(16).collect::<String>()
            ))
        })?;
        if sizes.contains(&size) {
            return Err(bad(format!("Sizes: {size} is given twice")));
        }
        sizes.push(size);
    }
    Ok(sizes)
}

/// The surcharges as kept, keyed by the product's own labels: each for a
/// size the product comes in, 0 to ₹10,000 a piece; zeros are left out.
pub fn check_size_prices(
    prices: &BTreeMap<String, i64>,
    sizes: &[Size],
) -> Result<BTreeMap<String, Paise>, GarmentError> {
    let bad = |m: String| refuse(INVALID_SIZE_PRICES, m);
    let mut kept = BTreeMap::new();
    for (label, &paise) in prices {
        let size = Size::parse(label)
            .and_then(|s| s.among(sizes))
            .ok_or_else(|| {
                bad(format!(
                    "Size prices: the product is not sold in size {}",
                    label.chars().take(16).collect::<String>()
                ))
            })?;
        if !(0..=MAX_SIZE_PRICE.0).contains(&paise) {
            return Err(bad(format!(
                "Size prices: {size}'s surcharge must be 0 to ₹10,000 a piece"
            )));
        }
        if paise > 0
            && kept
                .insert(size.label().to_string(), Paise(paise))
                .is_some()
        {
            return Err(bad(format!("Size prices: {size} is given twice")));
        }
    }
    Ok(kept)
}

/// The colours as kept (names trimmed and lower case, 1 to 20 of them), and
/// the swatches of those the store does not know (`#RRGGBB`, upper case):
/// a colour with neither is refused, as is a swatch for a colour not sold.
pub fn check_colours(
    colours: &[String],
    hex: &BTreeMap<String, String>,
) -> Result<(Vec<String>, BTreeMap<String, String>), GarmentError> {
    let bad = |m: String| refuse(INVALID_COLORS, m);
    if colours.is_empty() || colours.len() > MAX_COLOURS {
        return Err(bad(format!("Colors: give 1 to {MAX_COLOURS} colors")));
    }
    let names: Vec<String> = colours.iter().map(|c| colour_name(c)).collect();
    let mut swatches = BTreeMap::new();
    for (name, value) in hex {
        let name = colour_name(name);
        if !names.contains(&name) {
            return Err(bad(format!(
                "colorHex: the product has no color {}",
                name.chars().take(MAX_COLOUR_NAME_CHARS).collect::<String>()
            )));
        }
        let value = value.trim().to_ascii_uppercase();
        let digits = value.strip_prefix('#').unwrap_or("");
        if digits.len() != 6 || !digits.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(bad(format!("colorHex: {name} needs a color like #800000")));
        }
        swatches.insert(name, value);
    }
    for (i, name) in names.iter().enumerate() {
        let chars = name.chars().count();
        let allowed = |c: char| c.is_alphanumeric() || c == ' ' || c == '-';
        if chars == 0 || chars > MAX_COLOUR_NAME_CHARS || !name.chars().all(allowed) {
            return Err(bad(format!(
                "Colors: {:?} is not a color name (1 to {MAX_COLOUR_NAME_CHARS} letters, digits, spaces and hyphens)",
                name.chars().take(MAX_COLOUR_NAME_CHARS).collect::<String>()
            )));
        }
        if names[..i].contains(name) {
            return Err(bad(format!("Colors: {name} is given twice")));
        }
        if colour_hex(name).is_none() && !swatches.contains_key(name) {
            return Err(bad(format!(
                "Colors: {name} needs its swatch in colorHex (e.g. \"#800000\")"
            )));
        }
    }
    Ok((names, swatches))
}

/// What designs of a product need of it: its colours, sizes with their
/// surcharges and print areas. The studio, the cart and the server check and
/// price every design against it.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Garment {
    pub colors: Vec<String>,
    #[serde(default)]
    #[cfg_attr(feature = "wasm", tsify(type = "Record<string, string>"))]
    pub color_hex: BTreeMap<String, String>,
    pub sizes: Vec<Size>,
    #[serde(default)]
    #[cfg_attr(feature = "wasm", tsify(type = "Record<string, number>"))]
    pub size_prices: BTreeMap<String, Paise>,
    pub print_areas: Vec<AreaSpec>,
}

impl Garment {
    /// A garment of the built-in kind: the specification's sizes and areas.
    pub fn with_colours(colors: Vec<String>) -> Garment {
        Garment {
            colors,
            color_hex: BTreeMap::new(),
            sizes: Size::ALL.to_vec(),
            size_prices: BTreeMap::new(),
            print_areas: builtin_areas(),
        }
    }

    /// `#RRGGBB` of one of its colours: its own swatch, or the store's.
    pub fn hex(&self, colour: &str) -> Option<String> {
        let name = colour_name(colour);
        self.color_hex
            .get(&name)
            .cloned()
            .or_else(|| colour_hex(&name))
    }

    /// Its areas as designs and renders name them, in order.
    pub fn areas(&self) -> Vec<PrintArea> {
        self.print_areas.iter().map(AreaSpec::print_area).collect()
    }

    /// The area of this product with `key` (with its inches), if it has one.
    pub fn area(&self, key: &str) -> Option<PrintArea> {
        let wanted = PrintArea::parse(key)?;
        self.print_areas
            .iter()
            .find(|a| a.key == wanted.key())
            .map(AreaSpec::print_area)
    }

    /// The size of this product `label` names, written as the product writes it.
    pub fn size(&self, label: &str) -> Option<Size> {
        Size::parse(label)?.among(&self.sizes)
    }
}

#[cfg(test)]
mod tests;
