//! What an area's image shows: an upload, a QR code the engine draws, or a
//! clip-art from the store's library recoloured to one colour. QR codes and
//! clip-arts are vectors, drawn at whatever size is asked (print files at
//! 300 DPI), so they never print blurry.

use serde::{Deserialize, Serialize};

use super::{HexColour, ImageAsset};
use crate::error::StudioError;

/// A QR code holds at most this many bytes of UTF-8 text: enough for a web
/// address or a phone number, and few enough modules (version 13 at error
/// correction M) to scan off a chest print.
pub const MAX_QR_BYTES: usize = 300;
/// A clip-art's id: lower-case letters, digits and '-', at most this long.
pub const MAX_CLIPART_ID: usize = 64;
/// The least contrast (WCAG's ratio) between a QR code and the garment that a
/// phone's camera reliably reads.
pub const MIN_QR_CONTRAST: f64 = 3.0;

/// A QR code drawn by the engine: its text, in one colour on the garment.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawQr")]
pub struct QrCode {
    text: String,
    color: HexColour,
}

#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Deserialize)]
#[cfg_attr(feature = "schema", schemars(rename = "QrCode"))]
struct RawQr {
    #[cfg_attr(feature = "schema", schemars(length(min = 1, max = MAX_QR_BYTES)))]
    text: String,
    color: HexColour,
}

impl TryFrom<RawQr> for QrCode {
    type Error = StudioError;
    fn try_from(r: RawQr) -> Result<Self, StudioError> {
        QrCode::new(&r.text, r.color.as_str())
    }
}

impl QrCode {
    /// The text is kept as given (a QR code's text is exact), 1 to 300 bytes.
    pub fn new(text: &str, colour: &str) -> Result<QrCode, StudioError> {
        if text.trim().is_empty() {
            return Err(StudioError::QrTextEmpty);
        }
        if text.len() > MAX_QR_BYTES {
            return Err(StudioError::QrTextTooLong);
        }
        Ok(QrCode {
            text: text.to_string(),
            color: HexColour::parse(colour)?,
        })
    }
    pub fn text(&self) -> &str {
        &self.text
    }
    pub fn colour(&self) -> &HexColour {
        &self.color
    }

    /// Refused when the code is too faint on a garment of `garment` colour
    /// (`#rrggbb`) for a camera to read.
    pub fn check_contrast(&self, garment: &str) -> Result<(), StudioError> {
        let garment = HexColour::parse(garment)?;
        let ratio = contrast_ratio(self.color.rgb(), garment.rgb());
        if ratio < MIN_QR_CONTRAST {
            return Err(StudioError::QrLowContrast(format!("{ratio:.1}")));
        }
        Ok(())
    }
}

/// A clip-art of the store's library, drawn in one colour.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawClipArt")]
pub struct ClipArt {
    id: String,
    color: HexColour,
}

#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Deserialize)]
#[cfg_attr(feature = "schema", schemars(rename = "ClipArt"))]
struct RawClipArt {
    #[cfg_attr(
        feature = "schema",
        schemars(length(min = 1, max = MAX_CLIPART_ID), regex(pattern = "^[a-z0-9-]+$"))
    )]
    id: String,
    color: HexColour,
}

impl TryFrom<RawClipArt> for ClipArt {
    type Error = StudioError;
    fn try_from(r: RawClipArt) -> Result<Self, StudioError> {
        ClipArt::new(&r.id, r.color.as_str())
    }
}

impl ClipArt {
    pub fn new(id: &str, colour: &str) -> Result<ClipArt, StudioError> {
        if !is_clipart_id(id) {
            return Err(StudioError::UnknownClipArt(id.chars().take(80).collect()));
        }
        Ok(ClipArt {
            id: id.to_string(),
            color: HexColour::parse(colour)?,
        })
    }
    pub fn id(&self) -> &str {
        &self.id
    }
    pub fn colour(&self) -> &HexColour {
        &self.color
    }
}

/// Whether `id` is shaped as a clip-art's id (whether it exists is the library's business).
pub fn is_clipart_id(id: &str) -> bool {
    (1..=MAX_CLIPART_ID).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// What an image element shows. Written as one key beside the element's
/// size and position: `asset` (as every document before QR codes had it),
/// `qr` or `clipart`.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ImageSource {
    Asset(ImageAsset),
    Qr(QrCode),
    Clipart(ClipArt),
}

/// WCAG's contrast ratio of two sRGB colours, 1 (none) to 21 (black on white).
pub fn contrast_ratio(a: [u8; 3], b: [u8; 3]) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

fn luminance(rgb: [u8; 3]) -> f64 {
    let channel = |c: u8| {
        let c = f64::from(c) / 255.0;
        if c <= 0.039_28 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2])
}

#[cfg(test)]
mod tests;
