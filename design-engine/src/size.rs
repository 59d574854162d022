//! Garment sizes, S to XXL: the vocabulary of quantities, rosters and the
//! catalogue, at the bottom so that `error` can name a size.

use serde::{Deserialize, Serialize};

#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Size {
    S,
    M,
    L,
    XL,
    XXL,
}

impl Size {
    pub const ALL: [Size; 5] = [Size::S, Size::M, Size::L, Size::XL, Size::XXL];

    pub fn label(self) -> &'static str {
        match self {
            Size::S => "S",
            Size::M => "M",
            Size::L => "L",
            Size::XL => "XL",
            Size::XXL => "XXL",
        }
    }

    /// Accepts the label in either case (`"xl"`, `"XL"`), as the cart's keys are lower case.
    pub fn parse(label: &str) -> Option<Size> {
        Size::ALL
            .into_iter()
            .find(|s| s.label().eq_ignore_ascii_case(label.trim()))
    }
}

impl std::fmt::Display for Size {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.label())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limits_count_every_size() {
        assert_eq!(crate::limits::SIZE_COUNT as usize, Size::ALL.len());
    }
}
