//! The roster of a team order: one row per piece, with its size and the name
//! and/or number printed on it. A row that exists is a valid row (every way
//! to make one checks it); whether the roster fits its design (every piece
//! named as the design prints, the sizes adding up to the quantities) is the
//! cart's rule (`check_roster`), so a saved draft may hold an unfinished one.
//!
//! Names print in capitals, as team shirts do: a row keeps its name in upper
//! case, so the preview, the print files and `roster.csv` read the same.

pub mod parse;

use serde::{Deserialize, Serialize};

use crate::design::Design;
use crate::error::StudioError;
use crate::personalisation::PersonalField;
use crate::quantities::Size;

pub const MAX_NAME_CHARS: usize = 12;
pub const MAX_NUMBER_DIGITS: usize = 3;
/// The most pieces one personalised line holds (a roster is typed by hand).
pub const MAX_ROSTER_ROWS: usize = 1000;
/// Besides the letters A–Z (either case; kept upper case), a name may hold these.
pub const NAME_PUNCTUATION: [char; 4] = [' ', '.', '-', '\''];

/// What is wrong with one row. Shown after "Row 3: " (or "Line 3: " for a
/// pasted list), each with its own code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RowProblem {
    #[error("please enter a name or a number")]
    Empty,
    #[error("a name can be at most {MAX_NAME_CHARS} characters")]
    NameTooLong,
    #[error("a name may use only the letters A to Z, spaces, '.', '-' and apostrophes, not {0:?}")]
    NameCharacter(char),
    #[error("a name must start with a letter")]
    NameStart,
    #[error("a number can be at most {MAX_NUMBER_DIGITS} digits")]
    NumberTooLong,
    #[error("a number may use only the digits 0 to 9, not {0:?}")]
    NumberCharacter(char),
    #[error("{0:?} is not a size: use S, M, L, XL or XXL")]
    UnknownSize(String),
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
            Self::UnknownSize(_) => "ROSTER_UNKNOWN_SIZE",
            Self::NameMissing => "ROSTER_NAME_MISSING",
            Self::NumberMissing => "ROSTER_NUMBER_MISSING",
            Self::NameNotPrinted => "ROSTER_NAME_NOT_PRINTED",
            Self::NumberNotPrinted => "ROSTER_NUMBER_NOT_PRINTED",
            Self::Fields => "ROSTER_FIELDS",
        }
    }

    /// The problem as the error of row `row` (from 1).
    pub fn at(self, row: usize) -> StudioError {
        StudioError::RosterRow { row, problem: self }
    }
}

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
    #[cfg_attr(feature = "schema", schemars(length(max = MAX_NAME_CHARS)))]
    pub name: Option<String>,
    #[cfg_attr(feature = "wasm", tsify(optional))]
    #[cfg_attr(feature = "schema", schemars(length(max = MAX_NUMBER_DIGITS)))]
    pub number: Option<String>,
}

impl TryFrom<RosterRowInput> for RosterRow {
    type Error = RowProblem;
    fn try_from(input: RosterRowInput) -> Result<Self, RowProblem> {
        RosterRow::from_input(&input)
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

    pub fn from_input(input: &RosterRowInput) -> Result<RosterRow, RowProblem> {
        let size = parse_size(&input.size)?;
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

pub(crate) fn parse_size(s: &str) -> Result<Size, RowProblem> {
    Size::parse(s).ok_or_else(|| {
        // Quoted back in the message: a short prefix is enough to recognise it.
        RowProblem::UnknownSize(s.trim().chars().take(8).collect())
    })
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
        .find(|c| !c.is_ascii_uppercase() && !NAME_PUNCTUATION.contains(c))
    {
        return Err(RowProblem::NameCharacter(bad));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(RowProblem::NameTooLong);
    }
    if !name.starts_with(|c: char| c.is_ascii_uppercase()) {
        return Err(RowProblem::NameStart);
    }
    Ok(Some(name))
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
pub fn rows_from_inputs(inputs: &[RosterRowInput]) -> Result<Vec<RosterRow>, StudioError> {
    if inputs.len() > MAX_ROSTER_ROWS {
        return Err(StudioError::RosterTooLong);
    }
    inputs
        .iter()
        .enumerate()
        .map(|(i, input)| RosterRow::from_input(input).map_err(|p| p.at(i + 1)))
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
        }
    }
}

/// Every row's error among typed rows (the studio marks each one), or none.
pub fn input_errors(inputs: &[RosterRowInput]) -> Vec<RowError> {
    if inputs.len() > MAX_ROSTER_ROWS {
        return vec![RowError::from(&StudioError::RosterTooLong)];
    }
    inputs
        .iter()
        .enumerate()
        .filter_map(|(i, input)| RosterRow::from_input(input).err().map(|p| p.at(i + 1)))
        .map(|e| RowError::from(&e))
        .collect()
}

impl Design {
    /// The pieces of a personalised line, in the shopper's order.
    pub fn roster(&self) -> &[RosterRow] {
        &self.roster
    }

    /// Replaces the roster (at most `MAX_ROSTER_ROWS` rows; nothing changes
    /// on error). Whether it fits the design is the cart's check.
    pub fn set_roster(&mut self, rows: Vec<RosterRow>) -> Result<(), StudioError> {
        if rows.len() > MAX_ROSTER_ROWS {
            return Err(StudioError::RosterTooLong);
        }
        self.roster = rows;
        Ok(())
    }

    /// Adds another cart line of the same artwork to this one: the
    /// quantities add up and its roster rows follow this one's.
    pub fn merge_line(&mut self, other: &Design) -> Result<(), StudioError> {
        let mut merged = self.clone();
        for size in Size::ALL {
            let sum = i64::from(self.quantities.get(size)) + i64::from(other.quantities.get(size));
            merged.set_quantity(size, sum)?;
        }
        let mut rows = self.roster.clone();
        rows.extend_from_slice(&other.roster);
        merged.set_roster(rows)?;
        *self = merged;
        Ok(())
    }
}

/// Whether one row carries exactly what `design` prints: a name where it
/// prints names, none where it does not, and the same for numbers.
pub fn row_misfit(design: &Design, row: &RosterRow) -> Option<RowProblem> {
    let names = design.prints(PersonalField::Name);
    let numbers = design.prints(PersonalField::Number);
    match (names, row.name.is_some(), numbers, row.number.is_some()) {
        (true, false, _, _) => Some(RowProblem::NameMissing),
        (false, true, _, _) => Some(RowProblem::NameNotPrinted),
        (_, _, true, false) => Some(RowProblem::NumberMissing),
        (_, _, false, true) => Some(RowProblem::NumberNotPrinted),
        _ => None,
    }
}

/// Everything that keeps a design's roster from the cart, in order: the
/// roster missing or needless, then each row against what the design prints,
/// then each size whose count differs from the quantities.
pub fn roster_problems(design: &Design) -> Vec<StudioError> {
    let rows = design.roster();
    match (design.is_personalised(), rows.is_empty()) {
        (false, true) => return Vec::new(),
        (false, false) => return vec![StudioError::RosterWithoutPersonalisation],
        (true, true) => return vec![StudioError::RosterMissing],
        (true, false) => {}
    }
    let mut problems = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        problems.extend(row_misfit(design, row).map(|p| p.at(i + 1)));
    }
    for size in Size::ALL {
        let roster = rows.iter().filter(|r| r.size == size).count() as u32;
        let quantity = design.quantities.get(size);
        if roster != quantity {
            problems.push(StudioError::RosterSizeMismatch {
                size,
                roster,
                quantity,
            });
        }
    }
    problems
}

/// The cart's roster rule: the first of `roster_problems`.
pub fn check_roster(design: &Design) -> Result<(), StudioError> {
    match roster_problems(design).into_iter().next() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

#[cfg(test)]
pub(crate) mod tests;
