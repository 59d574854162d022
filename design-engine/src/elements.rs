//! Text and image elements. Their fields are private and every constructor
//! validates, so an element that exists is a valid one (also when deserialised).

use serde::{Deserialize, Serialize};

use crate::error::StudioError;
use crate::placement::Position;

pub mod image_source;
pub use image_source::{ClipArt, ImageSource, QrCode};

pub const MAX_TEXT_CHARS: usize = 50;
pub const FONT_SIZE_RANGE: std::ops::RangeInclusive<u32> = 8..=48;
pub const DEFAULT_FONT_SIZE: u32 = 16;
pub const DEFAULT_TEXT_COLOUR: &str = "#000000";
/// An arc's radius (at the text's baseline) in percent of the print area's
/// height, the unit texts are sized in (a size-16 text is 8% of it tall).
pub const ARC_RADIUS_RANGE: std::ops::RangeInclusive<u32> = 10..=300;
pub const DEFAULT_ARC_RADIUS: u32 = 60;
/// An outline's visible width in percent of the font size; 0 is no outline.
pub const OUTLINE_WIDTH_RANGE: std::ops::RangeInclusive<u32> = 0..=15;
pub const DEFAULT_OUTLINE_WIDTH: u32 = 6;
pub const IMAGE_SIZE_RANGE: std::ops::RangeInclusive<u32> = 10..=100;
pub const DEFAULT_IMAGE_SIZE: u32 = 20;
/// Uploads must be under 5 MB.
pub const MAX_IMAGE_BYTES: u64 = 5 * 1024 * 1024;
/// The studio's colour presets for text.
pub const TEXT_COLOUR_PRESETS: [&str; 7] = [
    "#000000", "#FFFFFF", "#EF4444", "#3B82F6", "#22C55E", "#F97316", "#EAB308",
];

mod font;
pub use font::{Font, Script};

/// A colour as `#rgb` or `#rrggbb`, kept as `#rrggbb` in lower case (so equal colours hash equally).
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
#[cfg_attr(feature = "schema", schemars(extend("pattern" = "^#([0-9A-Fa-f]{3}){1,2}$")))]
pub struct HexColour(String);

impl HexColour {
    /// Accepts `#rgb` and `#rrggbb` in any case.
    pub fn parse(s: &str) -> Result<HexColour, StudioError> {
        let hex = s
            .trim()
            .strip_prefix('#')
            .ok_or(StudioError::InvalidColour)?;
        if !hex.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(StudioError::InvalidColour);
        }
        let full = match hex.len() {
            6 => hex.to_ascii_lowercase(),
            3 => hex
                .chars()
                .flat_map(|c| [c, c])
                .collect::<String>()
                .to_ascii_lowercase(),
            _ => return Err(StudioError::InvalidColour),
        };
        Ok(HexColour(format!("#{full}")))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn rgb(&self) -> [u8; 3] {
        let byte = |i: usize| u8::from_str_radix(&self.0[1 + 2 * i..3 + 2 * i], 16).unwrap_or(0);
        [byte(0), byte(1), byte(2)]
    }
}

impl TryFrom<String> for HexColour {
    type Error = StudioError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        HexColour::parse(&s)
    }
}

impl From<HexColour> for String {
    fn from(c: HexColour) -> String {
        c.0
    }
}

/// Which of the two elements of an area.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ElementKind {
    Text,
    Image,
}

/// Which way an arched text bends: `up` is the classic team-name arch (the
/// circle's centre below the text), `down` a smile (the centre above).
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ArcDirection {
    Up,
    Down,
}

/// A text set along a circle: its baseline follows an arc of `radius` percent
/// of the print area's height. Whether the text fits in a half circle depends
/// on its width, so the renderer checks that (`StudioError::ArcTooTight`).
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawArc")]
pub struct TextArc {
    direction: ArcDirection,
    radius: u32,
}

#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Deserialize)]
#[cfg_attr(feature = "schema", schemars(rename = "TextArc"))]
struct RawArc {
    direction: ArcDirection,
    #[cfg_attr(
        feature = "schema",
        schemars(range(min = *ARC_RADIUS_RANGE.start(), max = *ARC_RADIUS_RANGE.end()))
    )]
    radius: u32,
}

impl TryFrom<RawArc> for TextArc {
    type Error = StudioError;
    fn try_from(r: RawArc) -> Result<Self, StudioError> {
        TextArc::new(r.direction, r.radius)
    }
}

impl TextArc {
    pub fn new(direction: ArcDirection, radius: u32) -> Result<TextArc, StudioError> {
        if !ARC_RADIUS_RANGE.contains(&radius) {
            return Err(StudioError::ArcRadiusOutOfRange);
        }
        Ok(TextArc { direction, radius })
    }
    pub fn direction(self) -> ArcDirection {
        self.direction
    }
    pub fn radius(self) -> u32 {
        self.radius
    }
}

/// A stroke drawn under the text's fill: `width` percent of the font size
/// shows outside the letters (1 to 15; "no outline" is no `TextOutline`).
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawOutline")]
pub struct TextOutline {
    width: u32,
    color: HexColour,
}

#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Deserialize)]
#[cfg_attr(feature = "schema", schemars(rename = "TextOutline"))]
struct RawOutline {
    #[cfg_attr(
        feature = "schema",
        schemars(range(min = 1, max = *OUTLINE_WIDTH_RANGE.end()))
    )]
    width: u32,
    color: HexColour,
}

impl TryFrom<RawOutline> for TextOutline {
    type Error = StudioError;
    fn try_from(r: RawOutline) -> Result<Self, StudioError> {
        TextOutline::new(r.width, r.color.as_str())?.ok_or(StudioError::OutlineWidthOutOfRange)
    }
}

impl TextOutline {
    /// An outline `width` percent of the font size wide; width 0 is none.
    pub fn new(width: u32, colour: &str) -> Result<Option<TextOutline>, StudioError> {
        if !OUTLINE_WIDTH_RANGE.contains(&width) {
            return Err(StudioError::OutlineWidthOutOfRange);
        }
        let color = HexColour::parse(colour)?;
        Ok((width > 0).then_some(TextOutline { width, color }))
    }
    pub fn width(&self) -> u32 {
        self.width
    }
    pub fn colour(&self) -> &HexColour {
        &self.color
    }
}

#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "RawText", rename_all = "camelCase")]
pub struct TextElement {
    text: String,
    font: Font,
    size: u32,
    color: HexColour,
    pub position: Position,
    // Left out when absent, so documents from before text effects read,
    // write and hash exactly as they did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    arc: Option<TextArc>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    outline: Option<TextOutline>,
}

#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "schema", schemars(rename = "TextElement"))]
struct RawText {
    /// 1 to 50 letters as people count them (extended grapheme clusters: "कि"
    /// is one), so a schema's length in code points cannot bound it.
    #[cfg_attr(feature = "schema", schemars(length(min = 1)))]
    text: String,
    #[serde(default)]
    font: Font,
    #[serde(default = "default_font_size")]
    #[cfg_attr(
        feature = "schema",
        schemars(range(min = *FONT_SIZE_RANGE.start(), max = *FONT_SIZE_RANGE.end()))
    )]
    size: u32,
    #[serde(default = "default_text_colour")]
    color: HexColour,
    #[serde(default)]
    position: Position,
    // Missing is none (serde's rule for options; no `default`, so the schema
    // makes them optional rather than defaulted to null).
    arc: Option<TextArc>,
    outline: Option<TextOutline>,
}

fn default_font_size() -> u32 {
    DEFAULT_FONT_SIZE
}

fn default_text_colour() -> HexColour {
    HexColour(DEFAULT_TEXT_COLOUR.to_string())
}

impl TryFrom<RawText> for TextElement {
    type Error = StudioError;
    fn try_from(r: RawText) -> Result<Self, StudioError> {
        let mut t = TextElement::new(&r.text, r.font, r.size, r.color.as_str())?;
        t.position = r.position;
        t.arc = r.arc;
        t.outline = r.outline;
        Ok(t)
    }
}

impl TextElement {
    /// The text is trimmed and must then hold 1 to 50 letters (`limits::letters`).
    pub fn new(
        text: &str,
        font: Font,
        size: u32,
        colour: &str,
    ) -> Result<TextElement, StudioError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(StudioError::TextEmpty);
        }
        if crate::limits::letters(text) > MAX_TEXT_CHARS {
            return Err(StudioError::TextTooLong);
        }
        if !FONT_SIZE_RANGE.contains(&size) {
            return Err(StudioError::FontSizeOutOfRange);
        }
        Ok(TextElement {
            text: text.to_string(),
            font,
            size,
            color: HexColour::parse(colour)?,
            position: Position::CENTRE,
            arc: None,
            outline: None,
        })
    }

    /// The same text set along `arc` (or flat, with `None`).
    pub fn with_arc(mut self, arc: Option<TextArc>) -> TextElement {
        self.arc = arc;
        self
    }

    /// The same text with `outline` under its fill (or none).
    pub fn with_outline(mut self, outline: Option<TextOutline>) -> TextElement {
        self.outline = outline;
        self
    }

    /// The effects of `other` (when a text is replaced, as with its position).
    pub fn with_effects_of(self, other: &TextElement) -> TextElement {
        self.with_arc(other.arc).with_outline(other.outline.clone())
    }

    pub fn arc(&self) -> Option<TextArc> {
        self.arc
    }
    pub fn outline(&self) -> Option<&TextOutline> {
        self.outline.as_ref()
    }

    pub fn text(&self) -> &str {
        &self.text
    }
    pub fn font(&self) -> Font {
        self.font
    }
    pub fn size(&self) -> u32 {
        self.size
    }
    pub fn colour(&self) -> &HexColour {
        &self.color
    }
}

/// An uploaded picture, identified by the SHA-256 of its bytes.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ImageAsset {
    pub sha256: String,
    pub mime: String,
    pub bytes: u64,
    pub width: u32,
    pub height: u32,
}

#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawImageSize")]
pub struct ImageSize {
    width: u32,
    height: u32,
}

#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Deserialize)]
#[cfg_attr(feature = "schema", schemars(rename = "ImageSize"))]
struct RawImageSize {
    #[cfg_attr(
        feature = "schema",
        schemars(range(min = *IMAGE_SIZE_RANGE.start(), max = *IMAGE_SIZE_RANGE.end()))
    )]
    width: u32,
    #[cfg_attr(
        feature = "schema",
        schemars(range(min = *IMAGE_SIZE_RANGE.start(), max = *IMAGE_SIZE_RANGE.end()))
    )]
    height: u32,
}

impl TryFrom<RawImageSize> for ImageSize {
    type Error = StudioError;
    fn try_from(r: RawImageSize) -> Result<Self, StudioError> {
        ImageSize::new(r.width, r.height)
    }
}

impl Default for ImageSize {
    fn default() -> Self {
        ImageSize {
            width: DEFAULT_IMAGE_SIZE,
            height: DEFAULT_IMAGE_SIZE,
        }
    }
}

impl ImageSize {
    /// Width and height in percent of the print area, each 10 to 100.
    pub fn new(width: u32, height: u32) -> Result<ImageSize, StudioError> {
        if IMAGE_SIZE_RANGE.contains(&width) && IMAGE_SIZE_RANGE.contains(&height) {
            Ok(ImageSize { width, height })
        } else {
            Err(StudioError::ImageSizeOutOfRange)
        }
    }
    pub fn width(self) -> u32 {
        self.width
    }
    pub fn height(self) -> u32 {
        self.height
    }
}

// Declared by hand for TypeScript: tsify writes a flattened enum as an
// interface extending a union, which TypeScript refuses.
#[cfg(feature = "wasm")]
#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const IMAGE_ELEMENT_TS: &str = "export type ImageElement = ImageSource & { name: string; size: ImageSize; position: Position; useEmbroidery: boolean };";

#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", from = "RawImage")]
pub struct ImageElement {
    /// First, where `asset` always was, so documents of uploads write and
    /// hash byte for byte as before QR codes and clip-art.
    #[serde(flatten)]
    pub source: ImageSource,
    pub name: String,
    pub size: ImageSize,
    pub position: Position,
    pub use_embroidery: bool,
}

/// An image on a print area: all but its source may be left out.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "schema", schemars(rename = "ImageElement"))]
struct RawImage {
    #[serde(flatten)]
    source: ImageSource,
    #[serde(default)]
    name: String,
    #[serde(default)]
    size: ImageSize,
    #[serde(default)]
    position: Position,
    #[serde(default)]
    use_embroidery: bool,
}

impl From<RawImage> for ImageElement {
    fn from(r: RawImage) -> ImageElement {
        ImageElement {
            source: r.source,
            name: r.name,
            size: r.size,
            position: r.position,
            use_embroidery: r.use_embroidery,
        }
    }
}

impl ImageElement {
    /// An upload at the default size, centred.
    pub fn new(asset: ImageAsset, name: &str) -> ImageElement {
        ImageElement::of(ImageSource::Asset(asset), name)
    }

    /// Any source at the default size, centred.
    pub fn of(source: ImageSource, name: &str) -> ImageElement {
        ImageElement {
            source,
            name: name.trim().to_string(),
            size: ImageSize::default(),
            position: Position::CENTRE,
            use_embroidery: false,
        }
    }

    /// The upload it shows, if it shows one (QR codes and clip-arts are drawn).
    pub fn asset(&self) -> Option<&ImageAsset> {
        match &self.source {
            ImageSource::Asset(a) => Some(a),
            ImageSource::Qr(_) | ImageSource::Clipart(_) => None,
        }
    }
}

/// An SVG logo is at most 1 MB: a vector logo is far smaller. Here, not in
/// `svg_logo`, so that the browser's module (which has no SVG renderer)
/// checks a chosen file against the server's limit.
pub const MAX_SVG_BYTES: u64 = 1024 * 1024;

/// Checks an upload before it is decoded: an image type, and under 5 MB
/// (an SVG logo: at most 1 MB).
pub fn check_upload(mime: &str, bytes: u64) -> Result<(), StudioError> {
    let mime = mime.trim().to_ascii_lowercase();
    if !mime.starts_with("image/") {
        return Err(StudioError::NotAnImage);
    }
    if bytes >= MAX_IMAGE_BYTES {
        return Err(StudioError::ImageTooLarge);
    }
    if mime == "image/svg+xml" && bytes > MAX_SVG_BYTES {
        return Err(StudioError::BadSvg("it is over 1 MB".into()));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
