//! The two personal fields of a team piece, its name and its number: the
//! vocabulary of styles, rosters and their charge, at the bottom (with where
//! each sits by default) so that `error` can name a field.

use serde::{Deserialize, Serialize};

use crate::placement::Position;

/// A name's letter height unless chosen, in percent of the print area's height.
pub const DEFAULT_NAME_HEIGHT: u32 = 12;
/// A number's digit height unless chosen, in percent of the print area's height.
pub const DEFAULT_NUMBER_HEIGHT: u32 = 45;

/// The two personal fields of a piece.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PersonalField {
    Name,
    Number,
}

impl PersonalField {
    pub const ALL: [PersonalField; 2] = [PersonalField::Name, PersonalField::Number];

    pub fn label(self) -> &'static str {
        match self {
            PersonalField::Name => "name",
            PersonalField::Number => "number",
        }
    }

    pub fn parse(s: &str) -> Option<PersonalField> {
        PersonalField::ALL
            .into_iter()
            .find(|f| f.label().eq_ignore_ascii_case(s.trim()))
    }

    pub fn default_height(self) -> u32 {
        match self {
            PersonalField::Name => DEFAULT_NAME_HEIGHT,
            PersonalField::Number => DEFAULT_NUMBER_HEIGHT,
        }
    }

    /// The classic team back: the name across the shoulders, the number under it.
    pub fn default_position(self) -> Position {
        match self {
            PersonalField::Name => Position::clamped(50.0, 18.0),
            PersonalField::Number => Position::clamped(50.0, 52.0),
        }
    }
}

impl std::fmt::Display for PersonalField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.label())
    }
}
