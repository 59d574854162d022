//! Every fixed fact of the studio that a page shows (colours, print areas and
//! their sizes, limits, the minimum, the design fee, the pincode rule), gathered from the constants the
//! engine enforces. The web app reads these from here: as JSON written at
//! build time (`just gen`) for pages that do not load the engine, and from the
//! WebAssembly module. No page writes one down itself. The gateway fee is the
//! merchant's policy, which pages take from the server (`GET /api/store`):
//! only its default is here, for a browser that has never reached the server.

use serde::Serialize;

use crate::colour::COLOUR_HEX;
use crate::elements::{
    ARC_RADIUS_RANGE, DEFAULT_ARC_RADIUS, DEFAULT_FONT_SIZE, DEFAULT_IMAGE_SIZE,
    DEFAULT_OUTLINE_WIDTH, FONT_SIZE_RANGE, Font, IMAGE_SIZE_RANGE, MAX_IMAGE_BYTES,
    MAX_TEXT_CHARS, OUTLINE_WIDTH_RANGE, Script, TEXT_COLOUR_PRESETS,
};
use crate::garment::{
    AREA_INCHES, AreaSpec, MAX_COLOURS, MAX_PRINT_AREAS, MAX_SIZE_PRICE, MAX_SIZES, builtin_areas,
};
use crate::limits::{
    MAX_NAME_CHARS, MAX_NUMBER_DIGITS, MAX_PER_SIZE, MAX_ROSTER_ROWS, MAX_TIER_DISCOUNT_BPS,
    MAX_TIERS, MIN_PER_COLOUR, PERSONAL_HEIGHT_RANGE,
};
use crate::origin::DEFAULT_COUNTRY_OF_ORIGIN;
use crate::personal_field::{DEFAULT_NAME_HEIGHT, DEFAULT_NUMBER_HEIGHT};
use crate::pincode::PINCODE_PATTERN;
use crate::preflight::{GOOD_PRINT_DPI, MIN_PRINT_DPI};
use crate::pricing::{DESIGN_FEE_PER_EXTRA_ELEMENT, GATEWAY_CHARGE_BPS, gateway_label};
use crate::render::fonts::{BASE_FONT_FILES, FONT_FILES, file_of};
use crate::roster::NAME_PUNCTUATION;
use crate::roster_pricing::{DEFAULT_NAME_CHARGE, DEFAULT_NUMBER_CHARGE};
use crate::size::Size;
use crate::tiers::{DEFAULT_TIERS, PriceTier};

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Facts {
    /// Garment colours the store knows, with their swatch colour.
    pub colors: Vec<ColourFact>,
    /// The built-in products' print areas (a product lists its own).
    pub print_areas: Vec<AreaSpec>,
    /// What a product may define: at most this many areas, each 0.5 to 24
    /// inches a side; at most this many sizes (surcharges up to this many
    /// paise a piece) and colours.
    pub max_print_areas: usize,
    pub area_inches_min: f64,
    pub area_inches_max: f64,
    pub max_sizes: usize,
    pub max_size_price: i64,
    pub max_colors: usize,
    /// A size chart names 1 to this many measurements.
    pub max_size_chart_measurements: usize,
    /// The built-in products' sizes, smallest first (a product lists its own).
    pub sizes: Vec<Size>,
    pub fonts: Vec<Font>,
    /// Each font with the scripts it writes, for a picker grouped by script.
    pub font_scripts: Vec<FontFact>,
    /// The font files the text module loads at once (the Latin stand-ins of
    /// the specification's six fonts); any other loads when a design uses it
    /// (`fontFilesFor`).
    pub first_font_files: Vec<&'static str>,
    pub text_color_presets: Vec<&'static str>,
    pub max_text_chars: usize,
    pub font_size_min: u32,
    pub font_size_max: u32,
    pub font_size_default: u32,
    /// An arched text's radius, in percent of the print area's height.
    pub arc_radius_min: u32,
    pub arc_radius_max: u32,
    pub arc_radius_default: u32,
    /// A text's outline, in percent of its font size (0 is none).
    pub outline_width_max: u32,
    pub outline_width_default: u32,
    /// Image sizes are percent of the print area's width.
    pub image_size_min: u32,
    pub image_size_max: u32,
    pub image_size_default: u32,
    pub max_image_bytes: u64,
    /// Garments per colour the cart needs at least.
    pub min_per_color: u32,
    pub max_per_size: u32,
    /// Paise per text or image after the first one of a line.
    pub design_fee_per_extra_element: i64,
    /// A roster's names: at most this many characters, letters A–Z (kept
    /// upper case) and these punctuation characters; they start with a letter.
    pub max_name_chars: usize,
    pub name_punctuation: String,
    /// A roster's numbers: at most this many digits, leading zeros kept.
    pub max_number_digits: usize,
    pub max_roster_rows: usize,
    /// A name's or number's letter height, in percent of the print area's height.
    pub personal_height_min: u32,
    pub personal_height_max: u32,
    pub name_height_default: u32,
    pub number_height_default: u32,
    /// Paise per piece for its name and for its number, unless the merchant
    /// sets others (the server's `/api/store` then says which).
    pub name_charge_default: i64,
    pub number_charge_default: i64,
    /// An image below this many DPI at its printed size is graded Low and the printer warned.
    pub min_print_dpi: f64,
    /// At or above this an image is graded Good.
    pub good_print_dpi: f64,
    /// The fee policy a merchant has unless configured otherwise (`GATEWAY_FEE_PERCENT`):
    /// what a browser prices with before it has ever heard the server's.
    pub default_gateway_fee_bps: i64,
    pub default_gateway_label: String,
    /// The quantity tiers of a product whose admin has set none.
    pub default_price_tiers: Vec<PriceTier>,
    /// A product's tier table: at most this many tiers, each at most this much off.
    pub max_price_tiers: usize,
    pub max_tier_discount_bps: u32,
    /// A pincode, as a regular expression: six digits, the first not 0
    /// (the engine's `isPincode`, for pages that do not load it).
    pub pincode_pattern: &'static str,
    /// What a product's listing says it was made in when its admin set nothing.
    pub default_country_of_origin: &'static str,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct ColourFact {
    pub name: &'static str,
    /// `#RRGGBB`
    pub hex: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct FontFact {
    pub font: Font,
    pub scripts: Vec<Script>,
}

pub fn facts() -> Facts {
    Facts {
        colors: COLOUR_HEX
            .iter()
            .map(|(name, hex)| ColourFact {
                name,
                hex: format!("#{hex}"),
            })
            .collect(),
        print_areas: builtin_areas(),
        max_print_areas: MAX_PRINT_AREAS,
        area_inches_min: *AREA_INCHES.start(),
        area_inches_max: *AREA_INCHES.end(),
        max_sizes: MAX_SIZES,
        max_size_price: MAX_SIZE_PRICE.0,
        max_colors: MAX_COLOURS,
        max_size_chart_measurements: crate::size_chart::MAX_MEASUREMENTS,
        sizes: Size::ALL.to_vec(),
        fonts: Font::ALL.to_vec(),
        font_scripts: Font::ALL
            .iter()
            .map(|&font| FontFact {
                font,
                scripts: file_of(font).scripts.to_vec(),
            })
            .collect(),
        first_font_files: FONT_FILES[..BASE_FONT_FILES]
            .iter()
            .map(|f| f.file)
            .collect(),
        text_color_presets: TEXT_COLOUR_PRESETS.to_vec(),
        max_text_chars: MAX_TEXT_CHARS,
        font_size_min: *FONT_SIZE_RANGE.start(),
        font_size_max: *FONT_SIZE_RANGE.end(),
        font_size_default: DEFAULT_FONT_SIZE,
        arc_radius_min: *ARC_RADIUS_RANGE.start(),
        arc_radius_max: *ARC_RADIUS_RANGE.end(),
        arc_radius_default: DEFAULT_ARC_RADIUS,
        outline_width_max: *OUTLINE_WIDTH_RANGE.end(),
        outline_width_default: DEFAULT_OUTLINE_WIDTH,
        image_size_min: *IMAGE_SIZE_RANGE.start(),
        image_size_max: *IMAGE_SIZE_RANGE.end(),
        image_size_default: DEFAULT_IMAGE_SIZE,
        max_image_bytes: MAX_IMAGE_BYTES,
        min_per_color: MIN_PER_COLOUR,
        max_per_size: MAX_PER_SIZE,
        design_fee_per_extra_element: DESIGN_FEE_PER_EXTRA_ELEMENT.0,
        max_name_chars: MAX_NAME_CHARS,
        name_punctuation: NAME_PUNCTUATION.iter().collect(),
        max_number_digits: MAX_NUMBER_DIGITS,
        max_roster_rows: MAX_ROSTER_ROWS,
        personal_height_min: *PERSONAL_HEIGHT_RANGE.start(),
        personal_height_max: *PERSONAL_HEIGHT_RANGE.end(),
        name_height_default: DEFAULT_NAME_HEIGHT,
        number_height_default: DEFAULT_NUMBER_HEIGHT,
        name_charge_default: DEFAULT_NAME_CHARGE.0,
        number_charge_default: DEFAULT_NUMBER_CHARGE.0,
        min_print_dpi: MIN_PRINT_DPI,
        good_print_dpi: GOOD_PRINT_DPI,
        default_gateway_fee_bps: GATEWAY_CHARGE_BPS,
        default_gateway_label: gateway_label(GATEWAY_CHARGE_BPS),
        default_price_tiers: DEFAULT_TIERS.to_vec(),
        max_price_tiers: MAX_TIERS,
        max_tier_discount_bps: MAX_TIER_DISCOUNT_BPS,
        pincode_pattern: PINCODE_PATTERN,
        default_country_of_origin: DEFAULT_COUNTRY_OF_ORIGIN,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_facts_name_what_the_engine_enforces() {
        let f = serde_json::to_value(facts()).unwrap();
        assert_eq!(f["minPerColor"], 25);
        // The gateway fee is the merchant's policy (the server's `/api/store` says it): only its default is here.
        assert!(f.get("gatewayLabel").is_none() && f.get("gatewayFeeBps").is_none());
        assert_eq!(f["defaultGatewayFeeBps"], 250);
        assert_eq!(f["defaultGatewayLabel"], "Payment Gateway (2.5%)");
        assert_eq!(
            (f["minPrintDpi"].as_f64(), f["goodPrintDpi"].as_f64()),
            (Some(150.0), Some(300.0))
        );
        assert_eq!(f["designFeePerExtraElement"], 50_00);
        assert_eq!(
            f["defaultPriceTiers"][3],
            serde_json::json!({"minPieces": 250, "discountBps": 1500})
        );
        assert_eq!(
            (f["maxPriceTiers"].clone(), f["maxTierDiscountBps"].clone()),
            (8.into(), 5000.into())
        );
        assert_eq!(
            (
                &f["maxNameChars"],
                &f["namePunctuation"],
                &f["maxNumberDigits"]
            ),
            (
                &serde_json::json!(12),
                &serde_json::json!(" .-'"),
                &serde_json::json!(3)
            )
        );
        assert_eq!(
            (&f["nameChargeDefault"], &f["numberChargeDefault"]),
            (&serde_json::json!(60_00), &serde_json::json!(40_00))
        );
        assert_eq!(f["sizes"][4], "XXL");
        assert_eq!(f["pincodePattern"], "^[1-9][0-9]{5}$");
        assert_eq!(f["fonts"][2], "Times New Roman");
        assert_eq!(
            f["printAreas"][0],
            serde_json::json!({"key": "leftChest", "label": "Left Chest", "widthInches": 4.0, "heightInches": 4.0, "side": "front", "box": {"x": 55.5, "y": 27.75, "w": 15.0, "h": 12.5}})
        );
        assert_eq!(
            f["colors"][6],
            serde_json::json!({"name": "navyblue", "hex": "#000080"})
        );
    }
}
