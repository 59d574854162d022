//! The numbers the studio's rules stop at, which its error messages print
//! ("the minimum of 25 per color", "at most 1000 pieces"), and how letters
//! are counted against them. At the bottom with `money`: it imports nothing
//! of the crate, so `error` can name them.

/// Every colour of a design must reach this many garments across all sizes.
pub const MIN_PER_COLOUR: u32 = 25;
/// A bound per size that keeps prices far from overflow and stops absurd input.
pub const MAX_PER_SIZE: u32 = 10_000;
/// How many sizes a garment comes in (S, M, L, XL, XXL: `Size::ALL`).
pub const SIZE_COUNT: u32 = 5;

/// A price table holds at most this many tiers (more is a typo, not a price list).
pub const MAX_TIERS: usize = 8;
/// The largest discount a tier may give: 50%.
pub const MAX_TIER_DISCOUNT_BPS: u32 = 5_000;
/// The most pieces a line can hold, so the last tier anyone can reach.
pub const MAX_TIER_PIECES: u32 = MAX_PER_SIZE * SIZE_COUNT;

/// The height of a printed name's or number's letters or digits (their ink,
/// as drawn for a row), in percent of the print area's height: a 10 on the
/// Back (14 in) is 1.4 in tall. A row too wide for the area shrinks to fit.
pub const PERSONAL_HEIGHT_RANGE: std::ops::RangeInclusive<u32> = 4..=70;

/// A roster row's name: at most this many letters (see `letters`).
pub const MAX_NAME_CHARS: usize = 12;
/// A roster row's number: at most this many digits.
pub const MAX_NUMBER_DIGITS: usize = 3;
/// The most pieces one personalised line holds (a roster is typed by hand).
pub const MAX_ROSTER_ROWS: usize = 1000;

/// How many letters a text holds as people see and count them: extended
/// grapheme clusters, so "कि" (ka with its vowel sign, two code points) or
/// "é" written with a combining accent is one letter. The text and name
/// limits count these.
pub fn letters(text: &str) -> usize {
    use unicode_segmentation::UnicodeSegmentation;
    text.graphemes(true).count()
}

/// Decoded images (and SVG logos drawn) are kept at most this many pixels on
/// their long side: enough for a 100%-wide element on the 12-inch Back at 300 DPI.
pub const MAX_KEPT_SIDE: u32 = 3600;
