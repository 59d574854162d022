//! The studio's fonts and the scripts they write. The six of the original
//! specification keep their names (each drawn by an open, metric-compatible
//! stand-in); the others are named as their families are. Each is drawn with
//! a font file shipped with the engine (see `render::fonts`).

use serde::{Deserialize, Serialize};

use crate::error::StudioError;

/// A writing system a font draws: Latin, or one of India's scripts.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Script {
    Latin,
    Devanagari,
    Bengali,
    Gurmukhi,
    Gujarati,
    Tamil,
    Telugu,
    Kannada,
    Malayalam,
}

impl Script {
    pub const ALL: [Script; 9] = [
        Script::Latin,
        Script::Devanagari,
        Script::Bengali,
        Script::Gurmukhi,
        Script::Gujarati,
        Script::Tamil,
        Script::Telugu,
        Script::Kannada,
        Script::Malayalam,
    ];

    /// The Indian script a character belongs to, by its Unicode block
    /// (`None` for Latin, digits, punctuation and the rest).
    pub fn indian(c: char) -> Option<Script> {
        Some(match c {
            '\u{0900}'..='\u{097F}' | '\u{A8E0}'..='\u{A8FF}' => Script::Devanagari,
            '\u{0980}'..='\u{09FF}' => Script::Bengali,
            '\u{0A00}'..='\u{0A7F}' => Script::Gurmukhi,
            '\u{0A80}'..='\u{0AFF}' => Script::Gujarati,
            '\u{0B80}'..='\u{0BFF}' => Script::Tamil,
            '\u{0C00}'..='\u{0C7F}' => Script::Telugu,
            '\u{0C80}'..='\u{0CFF}' => Script::Kannada,
            '\u{0D00}'..='\u{0D7F}' => Script::Malayalam,
            _ => return None,
        })
    }

    /// A letter of the script ("ka", or "A"), to check a font draws it.
    pub fn sample(self) -> char {
        match self {
            Script::Latin => 'A',
            Script::Devanagari => 'क',
            Script::Bengali => 'ক',
            Script::Gurmukhi => 'ਕ',
            Script::Gujarati => 'ક',
            Script::Tamil => 'க',
            Script::Telugu => 'క',
            Script::Kannada => 'ಕ',
            Script::Malayalam => 'ക',
        }
    }
}

/// The studio's fonts.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Font {
    #[default]
    Arial,
    Helvetica,
    #[serde(rename = "Times New Roman")]
    TimesNewRoman,
    Georgia,
    Verdana,
    #[serde(rename = "Courier New")]
    CourierNew,
    Oswald,
    #[serde(rename = "Bebas Neue")]
    BebasNeue,
    Anton,
    Teko,
    #[serde(rename = "Russo One")]
    RussoOne,
    Bangers,
    Pacifico,
    Lobster,
    #[serde(rename = "Noto Sans Devanagari")]
    NotoSansDevanagari,
    #[serde(rename = "Noto Serif Devanagari")]
    NotoSerifDevanagari,
    #[serde(rename = "Noto Sans Bengali")]
    NotoSansBengali,
    #[serde(rename = "Noto Sans Gurmukhi")]
    NotoSansGurmukhi,
    #[serde(rename = "Noto Sans Gujarati")]
    NotoSansGujarati,
    #[serde(rename = "Noto Sans Tamil")]
    NotoSansTamil,
    #[serde(rename = "Noto Sans Telugu")]
    NotoSansTelugu,
    #[serde(rename = "Noto Sans Kannada")]
    NotoSansKannada,
    #[serde(rename = "Noto Sans Malayalam")]
    NotoSansMalayalam,
}

impl Font {
    /// In the studio's order: the six of the specification, the display
    /// faces for sport and events, then India's scripts.
    pub const ALL: [Font; 23] = [
        Font::Arial,
        Font::Helvetica,
        Font::TimesNewRoman,
        Font::Georgia,
        Font::Verdana,
        Font::CourierNew,
        Font::Oswald,
        Font::BebasNeue,
        Font::Anton,
        Font::Teko,
        Font::RussoOne,
        Font::Bangers,
        Font::Pacifico,
        Font::Lobster,
        Font::NotoSansDevanagari,
        Font::NotoSerifDevanagari,
        Font::NotoSansBengali,
        Font::NotoSansGurmukhi,
        Font::NotoSansGujarati,
        Font::NotoSansTamil,
        Font::NotoSansTelugu,
        Font::NotoSansKannada,
        Font::NotoSansMalayalam,
    ];

    /// The wire name (as serde writes it).
    pub fn name(self) -> &'static str {
        match self {
            Font::Arial => "Arial",
            Font::Helvetica => "Helvetica",
            Font::TimesNewRoman => "Times New Roman",
            Font::Georgia => "Georgia",
            Font::Verdana => "Verdana",
            Font::CourierNew => "Courier New",
            Font::Oswald => "Oswald",
            Font::BebasNeue => "Bebas Neue",
            Font::Anton => "Anton",
            Font::Teko => "Teko",
            Font::RussoOne => "Russo One",
            Font::Bangers => "Bangers",
            Font::Pacifico => "Pacifico",
            Font::Lobster => "Lobster",
            Font::NotoSansDevanagari => "Noto Sans Devanagari",
            Font::NotoSerifDevanagari => "Noto Serif Devanagari",
            Font::NotoSansBengali => "Noto Sans Bengali",
            Font::NotoSansGurmukhi => "Noto Sans Gurmukhi",
            Font::NotoSansGujarati => "Noto Sans Gujarati",
            Font::NotoSansTamil => "Noto Sans Tamil",
            Font::NotoSansTelugu => "Noto Sans Telugu",
            Font::NotoSansKannada => "Noto Sans Kannada",
            Font::NotoSansMalayalam => "Noto Sans Malayalam",
        }
    }

    pub fn parse(name: &str) -> Result<Font, StudioError> {
        Font::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(name.trim()))
            .ok_or(StudioError::UnknownFont)
    }
}
