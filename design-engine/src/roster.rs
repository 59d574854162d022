//! The roster of a team order: one row per piece, with its size and the name
//! and/or number printed on it. A row that exists is a valid row (every way
//! to make one checks it); whether the roster fits its design (every piece
//! named as the design prints, the sizes adding up to the quantities) is the
//! cart's rule (`design::check_roster`, a layer up: rows know nothing of
//! designs), so a saved draft may hold an unfinished one.
//!
//! Names print in capitals, as team shirts do: a row keeps its name in upper
//! case, so the preview, the print files and `roster.csv` read the same.

pub mod parse;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::error::{StudioError, Values};
use crate::personal_field::PersonalField;
use crate::size::Size;

// A row's limits and problems, where the rows' users look for them.
use crate::elements::Script;
use crate::error::RowProblem;
use crate::limits::{MAX_NAME_CHARS, MAX_NUMBER_DIGITS, MAX_ROSTER_ROWS, letters};

/// Besides the letters A–Z (either case; kept upper case) and the letters of
/// India's scripts (`indian`), a name may hold these.
pub const NAME_PUNCTUATION: [char; 4] = [' ', '.', '-', '\''];

/// One piece of a team order.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RosterRowInput")]
pub struct RosterRow {
    size: Size,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    number: Option<String>,
}

/// A row as typed: the size as text (`"m"`, `"XL"`), name and number may be
/// left out or empty.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "RosterRow"))]
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct RosterRowInput {
    pub size: String,
    // Missing is none (serde's rule for options; no `default`, so the schema
    // makes them optional rather than defaulted to null).
    #[cfg_attr(feature = "wasm", tsify(optional))]
    /// At most 12 letters as people count them (extended grapheme clusters).
    pub name: Option<String>,
    #[cfg_attr(feature = "wasm", tsify(optional))]
    #[cfg_attr(feature = "schema", schemars(length(max = MAX_NUMBER_DIGITS)))]
    pub number: Option<String>,
}

impl TryFrom<RosterRowInput> for RosterRow {
    type Error = RowProblem;
    fn try_from(input: RosterRowInput) -> Result<Self, RowProblem> {
        RosterRow::from_input(&input, &[])
    }
}

impl RosterRow {
    /// A row from what was typed: the name trimmed, its inner spaces
    /// collapsed, upper-cased (a typographic apostrophe becomes `'`); the
    /// number trimmed and kept as written (`07` and `7` are different shirts).
    /// An empty name or number is none, and a row needs one of them.
    pub fn new(size: Size, name: &str, number: &str) -> Result<RosterRow, RowProblem> {
        let name = normal_name(name)?;
        let number = normal_number(number)?;
        if name.is_none() && number.is_none() {
            return Err(RowProblem::Empty);
        }
        Ok(RosterRow { size, name, number })
    }

    /// A typed row, its size one of `sizes` (the product's; any size label
    /// when empty, as a document read without its product).
    pub fn from_input(input: &RosterRowInput, sizes: &[Size]) -> Result<RosterRow, RowProblem> {
        let size = parse_size(&input.size, sizes)?;
        RosterRow::new(
            size,
            input.name.as_deref().unwrap_or(""),
            input.number.as_deref().unwrap_or(""),
        )
    }

    pub fn size(&self) -> Size {
        self.size
    }
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }
    pub fn number(&self) -> Option<&str> {
        self.number.as_deref()
    }

    /// What the row prints in a field, if anything.
    pub fn text(&self, field: PersonalField) -> Option<&str> {
        match field {
            PersonalField::Name => self.name(),
            PersonalField::Number => self.number(),
        }
    }
}

/// A row's size: one of `sizes` (written as there), or with none given any
/// size label.
pub(crate) fn parse_size(s: &str, sizes: &[Size]) -> Result<Size, RowProblem> {
    let size = Size::parse(s);
    let found = if sizes.is_empty() {
        size
    } else {
        size.and_then(|z| z.among(sizes))
    };
    found.ok_or_else(|| {
        // Quoted back in the message: a short prefix is enough to recognise it.
        RowProblem::UnknownSize(
            s.trim().chars().take(8).collect(),
            size_list(if sizes.is_empty() { &Size::ALL } else { sizes }),
        )
    })
}

/// Sizes as a sentence lists them: "S, M, L, XL or XXL".
pub fn size_list(sizes: &[Size]) -> String {
    match sizes {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => {
            let rest: Vec<&str> = rest.iter().map(|s| s.label()).collect();
            format!("{} or {last}", rest.join(", "))
        }
    }
}

fn normal_name(raw: &str) -> Result<Option<String>, RowProblem> {
    let mut name = String::new();
    for word in raw.split_whitespace() {
        if !name.is_empty() {
            name.push(' ');
        }
        name.push_str(word);
    }
    if name.is_empty() {
        return Ok(None);
    }
    let name = name.replace('\u{2019}', "'").to_ascii_uppercase();
    if let Some(bad) = name
        .chars()
        .find(|&c| !c.is_ascii_uppercase() && !NAME_PUNCTUATION.contains(&c) && !indian(c))
    {
        return Err(RowProblem::NameCharacter(bad));
    }
    if letters(&name) > MAX_NAME_CHARS {
        return Err(RowProblem::NameTooLong);
    }
    if !name.starts_with(|c: char| c.is_ascii_uppercase() || (indian(c) && !sign(c))) {
        return Err(RowProblem::NameStart);
    }
    Ok(Some(name))
}

/// A letter or sign of one of India's scripts (or a joiner, which picks a
/// conjunct's form), not its digits or its full stops (dandas).
fn indian(c: char) -> bool {
    matches!(c, '\u{200C}' | '\u{200D}')
        || (Script::indian(c).is_some() && !matches!(c, '\u{0964}' | '\u{0965}') && !digit(c))
}

// The scripts' blocks share ISCII's layout: their digits, and their vowel
// signs, virama and nukta, sit at the same places in each block.
fn digit(c: char) -> bool {
    (0x66..=0x6F).contains(&(u32::from(c) & 0x7F))
}

/// A sign that belongs to the letter before it: a name cannot start with one.
fn sign(c: char) -> bool {
    matches!(u32::from(c) & 0x7F, 0x00..=0x03 | 0x3A..=0x4F | 0x51..=0x57 | 0x62..=0x63)
}

fn normal_number(raw: &str) -> Result<Option<String>, RowProblem> {
    let number = raw.trim();
    if number.is_empty() {
        return Ok(None);
    }
    if let Some(bad) = number.chars().find(|c| !c.is_ascii_digit()) {
        return Err(RowProblem::NumberCharacter(bad));
    }
    if number.len() > MAX_NUMBER_DIGITS {
        return Err(RowProblem::NumberTooLong);
    }
    Ok(Some(number.to_string()))
}

/// Rows from what was typed, all or nothing: the first bad row's error, as "Row N: …".
pub fn rows_from_inputs(
    inputs: &[RosterRowInput],
    sizes: &[Size],
) -> Result<Vec<RosterRow>, StudioError> {
    if inputs.len() > MAX_ROSTER_ROWS {
        return Err(StudioError::RosterTooLong);
    }
    inputs
        .iter()
        .enumerate()
        .map(|(i, input)| RosterRow::from_input(input, sizes).map_err(|p| p.at(i + 1)))
        .collect()
}

/// One error about a roster, for the studio to mark its row: `row` counts from
/// 1 (for a pasted list, it is the line), 0 when it is about the whole roster.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RowError {
    pub row: usize,
    pub message: String,
    pub code: &'static str,
    /// The values the message names by their names in the catalogue
    /// ([`crate::error::Values`]), with `row` when it names its row or line.
    #[cfg_attr(feature = "wasm", tsify(type = "Record<string, string>"))]
    pub values: BTreeMap<&'static str, String>,
    /// `row` is a line of a pasted list ("Line 4: …"), not a typed row ("Row 4: …").
    pub line: bool,
}

impl From<&StudioError> for RowError {
    fn from(e: &StudioError) -> RowError {
        RowError {
            row: match e {
                StudioError::RosterRow { row, .. } => *row,
                _ => 0,
            },
            message: e.to_string(),
            code: e.code(),
            values: e.values().into_iter().collect(),
            line: false,
        }
    }
}

impl RowError {
    /// The error of line `line` of a pasted list: "Line 4: " and `message`.
    pub fn at_line(
        line: usize,
        message: &dyn std::fmt::Display,
        code: &'static str,
        values: Values,
    ) -> RowError {
        RowError {
            row: line,
            message: format!("Line {line}: {message}"),
            code,
            values: std::iter::once(("row", line.to_string()))
                .chain(values)
                .collect(),
            line: true,
        }
    }
}

/// Every row's error among typed rows (the studio marks each one), or none.
pub fn input_errors(inputs: &[RosterRowInput], sizes: &[Size]) -> Vec<RowError> {
    if inputs.len() > MAX_ROSTER_ROWS {
        return vec![RowError::from(&StudioError::RosterTooLong)];
    }
    inputs
        .iter()
        .enumerate()
        .filter_map(|(i, input)| {
            RosterRow::from_input(input, sizes)
                .err()
                .map(|p| p.at(i + 1))
        })
        .map(|e| RowError::from(&e))
        .collect()
}

#[cfg(test)]
pub(crate) mod tests;
