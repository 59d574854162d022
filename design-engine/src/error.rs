//! The one error type of the studio, and what is wrong with one roster row.
//! Their messages are the specification's own words, so the browser and the
//! server say the same thing. Just above the bottom: it names the limits it
//! prints, sizes and personal fields, and nothing that can fail.

use crate::limits::{
    MAX_NAME_CHARS, MAX_NUMBER_DIGITS, MAX_ROSTER_ROWS, MAX_TIER_PIECES, MAX_TIERS, MIN_PER_COLOUR,
    PERSONAL_HEIGHT_RANGE,
};
use crate::money::{Overflow, Paise};
use crate::personal_field::PersonalField;
use crate::size::Size;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StudioError {
    #[error("Please enter some text")]
    TextEmpty,
    #[error("Text can be at most 50 characters")]
    TextTooLong,
    #[error("Font size must be between 8 and 48")]
    FontSizeOutOfRange,
    #[error("Arc radius must be between 10 and 300")]
    ArcRadiusOutOfRange,
    #[error(
        "This text is too long for that arc: use a radius of at least {0} so it bends at most a half circle"
    )]
    ArcTooTight(u32),
    #[error("Outline width must be between 0 (none) and 15")]
    OutlineWidthOutOfRange,
    #[error("Please add a text to this print area first")]
    NoText,
    #[error("Please choose one of the available fonts")]
    UnknownFont,
    #[error("Please choose a valid color")]
    InvalidColour,
    #[error("Please select a valid image file")]
    NotAnImage,
    #[error("Image size must be less than 5MB")]
    ImageTooLarge,
    #[error(
        "This image is too large to process ({width}x{height} pixels). Please use an image of at most 24 megapixels."
    )]
    TooManyPixels { width: u32, height: u32 },
    #[error("This image could not be read. Please use a JPG, PNG or GIF file.")]
    UndecodableImage,
    #[error("Image width and height must be between 10 and 100")]
    ImageSizeOutOfRange,
    #[error("The image for this element has not been loaded")]
    MissingImage,
    #[error("Please enter the text for the QR code")]
    QrTextEmpty,
    #[error(
        "A QR code can hold at most 300 bytes of text (300 Latin letters, fewer in other scripts)"
    )]
    QrTextTooLong,
    #[error(
        "This QR code's colour is too close to the garment's (contrast {0}:1, at least 3:1 is needed): phones could not read it. Pick a darker or lighter colour."
    )]
    QrLowContrast(String),
    #[error("There is no clip-art {0:?}")]
    UnknownClipArt(String),
    #[error("This clip-art could not be read: {0}")]
    BadClipArt(String),
    #[error("The clip-art {0:?} has not been loaded")]
    MissingClipArt(String),
    #[error("This SVG could not be used: {0}")]
    BadSvg(String),
    #[error("The {0} font is still loading. Please try again in a moment.")]
    FontNotLoaded(&'static str),
    #[error("Cannot set quantity for size {0} below 0")]
    NegativeQuantity(Size),
    #[error("Quantity for size {0} cannot be more than 10000")]
    QuantityTooLarge(Size),
    #[error("Please select at least one item before adding to cart.")]
    NoItems,
    #[error(
        "Minimum quantity requirement not met. You need {0} more items to reach the minimum of {MIN_PER_COLOUR} per color."
    )]
    BelowMinimum(u32),
    #[error("This color is not available for this product")]
    UnknownColour,
    #[error("This product has no print area {0}")]
    UnknownArea(String),
    #[error("This product is not sold in size {0}")]
    UnknownSize(String),
    #[error("Price must not be negative")]
    NegativePrice,
    #[error(
        "The quoted unit price {held} is above the store's price of {list} a piece for these quantities: a negotiated price may only be at or below it"
    )]
    HeldPriceAboveList { held: Paise, list: Paise },
    #[error("The order is too large to be priced")]
    PriceOverflow,
    #[error("The payment gateway fee must be from 0% to 10%")]
    GatewayFeeOutOfRange,
    #[error("Please add at least one price tier")]
    TiersEmpty,
    #[error("The first price tier must start at {MIN_PER_COLOUR} pieces with no discount")]
    FirstTierNotBase,
    #[error("A product can have at most {MAX_TIERS} price tiers")]
    TooManyTiers,
    #[error("Price tier {0}: it must start at more pieces than the tier before")]
    TierPiecesNotIncreasing(usize),
    #[error("Price tier {0}: it can start at most at {MAX_TIER_PIECES} pieces")]
    TierPiecesTooLarge(usize),
    #[error("Price tier {0}: its discount must be more than the tier before's")]
    TierDiscountNotIncreasing(usize),
    #[error("Price tier {0}: the discount can be at most 50%")]
    TierDiscountTooLarge(usize),
    #[error("This design was made by a newer version of the studio (version {0})")]
    UnsupportedVersion(u32),
    #[error("The design could not be read: {0}")]
    MalformedDesign(String),
    #[error(
        "Name and number height must be between {} and {}",
        PERSONAL_HEIGHT_RANGE.start(),
        PERSONAL_HEIGHT_RANGE.end()
    )]
    PersonalHeightOutOfRange,
    #[error("Please add a {0} to this print area first")]
    NoPersonal(PersonalField),
    /// A rule of one roster row; rows count from 1, as the shopper sees them.
    #[error("Row {row}: {problem}")]
    RosterRow { row: usize, problem: RowProblem },
    #[error("The roster has {roster} pieces in size {size} but the quantities say {quantity}")]
    RosterSizeMismatch {
        size: Size,
        roster: u32,
        quantity: u32,
    },
    #[error("Please add the roster: one row per piece with its size, name and number")]
    RosterMissing,
    #[error(
        "This design prints no names or numbers: add a name or number to a print area, or clear the roster"
    )]
    RosterWithoutPersonalisation,
    #[error("A roster can hold at most {MAX_ROSTER_ROWS} pieces")]
    RosterTooLong,
}

impl StudioError {
    /// A stable machine-readable code, for clients that branch on the kind of error.
    pub fn code(&self) -> &'static str {
        match self {
            Self::TextEmpty => "TEXT_EMPTY",
            Self::TextTooLong => "TEXT_TOO_LONG",
            Self::FontSizeOutOfRange => "FONT_SIZE_OUT_OF_RANGE",
            Self::ArcRadiusOutOfRange => "ARC_RADIUS_OUT_OF_RANGE",
            Self::ArcTooTight(_) => "ARC_TOO_TIGHT",
            Self::OutlineWidthOutOfRange => "OUTLINE_WIDTH_OUT_OF_RANGE",
            Self::NoText => "TEXT_MISSING",
            Self::UnknownFont => "UNKNOWN_FONT",
            Self::InvalidColour => "INVALID_COLOR",
            Self::NotAnImage => "NOT_AN_IMAGE",
            Self::ImageTooLarge => "IMAGE_TOO_LARGE",
            Self::TooManyPixels { .. } => "IMAGE_TOO_MANY_PIXELS",
            Self::UndecodableImage => "IMAGE_UNDECODABLE",
            Self::ImageSizeOutOfRange => "IMAGE_SIZE_OUT_OF_RANGE",
            Self::MissingImage => "IMAGE_MISSING",
            Self::QrTextEmpty => "QR_TEXT_EMPTY",
            Self::QrTextTooLong => "QR_TEXT_TOO_LONG",
            Self::QrLowContrast(_) => "QR_LOW_CONTRAST",
            Self::UnknownClipArt(_) => "CLIPART_UNKNOWN",
            Self::BadClipArt(_) => "CLIPART_UNREADABLE",
            Self::MissingClipArt(_) => "CLIPART_MISSING",
            Self::BadSvg(_) => "SVG_UNUSABLE",
            Self::FontNotLoaded(_) => "FONT_NOT_LOADED",
            Self::NegativeQuantity(_) => "QUANTITY_NEGATIVE",
            Self::QuantityTooLarge(_) => "QUANTITY_TOO_LARGE",
            Self::NoItems => "NO_ITEMS",
            Self::BelowMinimum(_) => "BELOW_MINIMUM",
            Self::UnknownColour => "UNKNOWN_COLOR",
            Self::UnknownArea(_) => "UNKNOWN_PRINT_AREA",
            Self::UnknownSize(_) => "UNKNOWN_SIZE",
            Self::NegativePrice => "NEGATIVE_PRICE",
            Self::HeldPriceAboveList { .. } => "QUOTED_PRICE_ABOVE_LIST",
            Self::PriceOverflow => "PRICE_OVERFLOW",
            Self::GatewayFeeOutOfRange => "GATEWAY_FEE_OUT_OF_RANGE",
            Self::TiersEmpty => "TIERS_EMPTY",
            Self::FirstTierNotBase => "FIRST_TIER_NOT_BASE",
            Self::TooManyTiers => "TOO_MANY_TIERS",
            Self::TierPiecesNotIncreasing(_) => "TIER_PIECES_NOT_INCREASING",
            Self::TierPiecesTooLarge(_) => "TIER_PIECES_TOO_LARGE",
            Self::TierDiscountNotIncreasing(_) => "TIER_DISCOUNT_NOT_INCREASING",
            Self::TierDiscountTooLarge(_) => "TIER_DISCOUNT_TOO_LARGE",
            Self::UnsupportedVersion(_) => "UNSUPPORTED_VERSION",
            Self::MalformedDesign(_) => "MALFORMED_DESIGN",
            Self::PersonalHeightOutOfRange => "PERSONAL_HEIGHT_OUT_OF_RANGE",
            Self::NoPersonal(PersonalField::Name) => "NAME_MISSING",
            Self::NoPersonal(PersonalField::Number) => "NUMBER_MISSING",
            Self::RosterRow { problem, .. } => problem.code(),
            Self::RosterSizeMismatch { .. } => "ROSTER_SIZE_MISMATCH",
            Self::RosterMissing => "ROSTER_MISSING",
            Self::RosterWithoutPersonalisation => "ROSTER_WITHOUT_PERSONALISATION",
            Self::RosterTooLong => "ROSTER_TOO_LONG",
        }
    }
}

/// The values a message names, each by the name the web catalogue's text of
/// its code (`engine.<CODE>`) gives it, written as the English message writes
/// them (a size's label, "₹12.50", a name without its quotes): the catalogue's
/// English filled with them is the message, and another language's text puts
/// them where it likes.
pub type Values = Vec<(&'static str, String)>;

impl StudioError {
    /// The values this message names (see [`Values`]); a roster row's adds `row`.
    pub fn values(&self) -> Values {
        match self {
            Self::ArcTooTight(radius) => vec![named("radius", radius)],
            Self::TooManyPixels { width, height } => {
                vec![named("width", width), named("height", height)]
            }
            Self::QrLowContrast(contrast) => vec![named("contrast", contrast)],
            Self::UnknownClipArt(name) | Self::MissingClipArt(name) => {
                vec![("name", unquoted(name))]
            }
            Self::BadClipArt(reason) | Self::BadSvg(reason) | Self::MalformedDesign(reason) => {
                vec![named("reason", reason)]
            }
            Self::FontNotLoaded(font) => vec![named("font", font)],
            Self::NegativeQuantity(size) | Self::QuantityTooLarge(size) => {
                vec![named("size", size)]
            }
            Self::BelowMinimum(count) => vec![named("count", count), named("min", MIN_PER_COLOUR)],
            Self::UnknownArea(area) => vec![named("area", area)],
            Self::UnknownSize(size) => vec![named("size", size)],
            Self::HeldPriceAboveList { held, list } => {
                vec![named("held", held), named("list", list)]
            }
            Self::FirstTierNotBase => vec![named("min", MIN_PER_COLOUR)],
            Self::TooManyTiers => vec![named("max", MAX_TIERS)],
            Self::TierPiecesNotIncreasing(tier)
            | Self::TierDiscountNotIncreasing(tier)
            | Self::TierDiscountTooLarge(tier) => vec![named("tier", tier)],
            Self::TierPiecesTooLarge(tier) => {
                vec![named("tier", tier), named("max", MAX_TIER_PIECES)]
            }
            Self::UnsupportedVersion(version) => vec![named("version", version)],
            Self::PersonalHeightOutOfRange => vec![
                named("min", PERSONAL_HEIGHT_RANGE.start()),
                named("max", PERSONAL_HEIGHT_RANGE.end()),
            ],
            Self::RosterRow { row, problem } => {
                let mut values = vec![named("row", row)];
                values.extend(problem.values());
                values
            }
            Self::RosterSizeMismatch {
                size,
                roster,
                quantity,
            } => vec![
                named("size", size),
                named("roster", roster),
                named("quantity", quantity),
            ],
            Self::RosterTooLong => vec![named("max", MAX_ROSTER_ROWS)],
            Self::TextEmpty
            | Self::TextTooLong
            | Self::FontSizeOutOfRange
            | Self::ArcRadiusOutOfRange
            | Self::OutlineWidthOutOfRange
            | Self::NoText
            | Self::UnknownFont
            | Self::InvalidColour
            | Self::NotAnImage
            | Self::ImageTooLarge
            | Self::UndecodableImage
            | Self::ImageSizeOutOfRange
            | Self::MissingImage
            | Self::QrTextEmpty
            | Self::QrTextTooLong
            | Self::NoItems
            | Self::UnknownColour
            | Self::NegativePrice
            | Self::PriceOverflow
            | Self::GatewayFeeOutOfRange
            | Self::TiersEmpty
            | Self::NoPersonal(_)
            | Self::RosterMissing
            | Self::RosterWithoutPersonalisation => Vec::new(),
        }
    }
}

/// One value by its name.
fn named(name: &'static str, value: impl std::fmt::Display) -> (&'static str, String) {
    (name, value.to_string())
}

/// A value the message shows quoted (`{0:?}`), as it shows it between its quotes.
fn unquoted(value: &impl std::fmt::Debug) -> String {
    let quoted = format!("{value:?}");
    let mut chars = quoted.chars();
    chars.next();
    chars.next_back();
    chars.as_str().to_string()
}

impl From<Overflow> for StudioError {
    fn from(_: Overflow) -> StudioError {
        StudioError::PriceOverflow
    }
}

/// What is wrong with one roster row. Shown after "Row 3: " (or "Line 3: " for a
/// pasted list), each with its own code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RowProblem {
    #[error("please enter a name or a number")]
    Empty,
    #[error("a name can be at most {MAX_NAME_CHARS} letters")]
    NameTooLong,
    #[error(
        "a name may use only the letters A to Z or of India's scripts, spaces, '.', '-' and apostrophes, not {0:?}"
    )]
    NameCharacter(char),
    #[error("a name must start with a letter")]
    NameStart,
    #[error("a number can be at most {MAX_NUMBER_DIGITS} digits")]
    NumberTooLong,
    #[error("a number may use only the digits 0 to 9, not {0:?}")]
    NumberCharacter(char),
    #[error("{0:?} is not a size: use {1}")]
    UnknownSize(String, String),
    #[error("please enter a name: this design prints one on every piece")]
    NameMissing,
    #[error("please enter a number: this design prints one on every piece")]
    NumberMissing,
    #[error("this design prints no name: leave the name empty or add a name to a print area")]
    NameNotPrinted,
    #[error("this design prints no number: leave the number empty or add a number to a print area")]
    NumberNotPrinted,
    #[error("expected a name, a number and a size separated by commas")]
    Fields,
}

impl RowProblem {
    pub fn code(&self) -> &'static str {
        match self {
            Self::Empty => "ROSTER_ROW_EMPTY",
            Self::NameTooLong => "ROSTER_NAME_TOO_LONG",
            Self::NameCharacter(_) => "ROSTER_NAME_CHARACTER",
            Self::NameStart => "ROSTER_NAME_START",
            Self::NumberTooLong => "ROSTER_NUMBER_TOO_LONG",
            Self::NumberCharacter(_) => "ROSTER_NUMBER_CHARACTER",
            Self::UnknownSize(..) => "ROSTER_UNKNOWN_SIZE",
            Self::NameMissing => "ROSTER_NAME_MISSING",
            Self::NumberMissing => "ROSTER_NUMBER_MISSING",
            Self::NameNotPrinted => "ROSTER_NAME_NOT_PRINTED",
            Self::NumberNotPrinted => "ROSTER_NUMBER_NOT_PRINTED",
            Self::Fields => "ROSTER_FIELDS",
        }
    }

    /// The values this problem's message names (see [`Values`]).
    pub fn values(&self) -> Values {
        match self {
            Self::NameTooLong => vec![named("max", MAX_NAME_CHARS)],
            Self::NumberTooLong => vec![named("max", MAX_NUMBER_DIGITS)],
            Self::NameCharacter(c) | Self::NumberCharacter(c) => vec![("character", unquoted(c))],
            Self::UnknownSize(size, sizes) => vec![("size", unquoted(size)), named("sizes", sizes)],
            Self::Empty
            | Self::NameStart
            | Self::NameMissing
            | Self::NumberMissing
            | Self::NameNotPrinted
            | Self::NumberNotPrinted
            | Self::Fields => Vec::new(),
        }
    }

    /// The problem as the error of row `row` (from 1).
    pub fn at(self, row: usize) -> StudioError {
        StudioError::RosterRow { row, problem: self }
    }
}

#[cfg(test)]
mod tests;
