//! Garment sizes as the merchant names them (`S`, `3XL`, `2-3Y`, `Free`):
//! the vocabulary of quantities, rosters and the catalogue, at the bottom so
//! that `error` can name a size. A product lists its own; the specification's
//! five (`S` to `XXL`) are the built-in products' and old documents'.

use serde::{Deserialize, Serialize};

use crate::short_label::ShortLabel;

/// The longest size label, in bytes.
pub const MAX_SIZE_LABEL: usize = 12;

/// A size label: 1 to 12 ASCII letters, digits, spaces and `-/.+`, starting
/// with a letter or a digit. Kept as written (`Free`), compared and keyed
/// case-insensitively (`"3xl"` is the 3XL's key in the quantities).
#[derive(Clone, Copy)]
pub struct Size(ShortLabel<MAX_SIZE_LABEL>);

impl Size {
    pub const S: Size = Size::builtin("S");
    pub const M: Size = Size::builtin("M");
    pub const L: Size = Size::builtin("L");
    pub const XL: Size = Size::builtin("XL");
    pub const XXL: Size = Size::builtin("XXL");
    /// The specification's five sizes, smallest first: the built-in products'
    /// and every document's from before sizes were the merchant's.
    pub const ALL: [Size; 5] = [Size::S, Size::M, Size::L, Size::XL, Size::XXL];

    const fn builtin(label: &'static str) -> Size {
        Size(ShortLabel::fixed(label))
    }

    /// A label as written (trimmed), or `None` when it is not one (empty,
    /// too long, or holding other characters). A built-in size's label in
    /// any case becomes that size (`"xl"` is `XL`).
    pub fn parse(label: &str) -> Option<Size> {
        let label = label.trim();
        if let Some(s) = Size::ALL
            .into_iter()
            .find(|s| s.0.eq_ignore_ascii_case(label))
        {
            return Some(s);
        }
        let first = label.chars().next()?;
        let allowed = |c: char| c.is_ascii_alphanumeric() || " -/.+".contains(c);
        if !first.is_ascii_alphanumeric() || !label.chars().all(allowed) || label.contains("  ") {
            return None;
        }
        ShortLabel::new(label).map(Size)
    }

    pub fn label(&self) -> &str {
        self.0.as_str()
    }

    /// The size's key in a design's quantities: its label in lower case (`3xl`).
    pub fn key(&self) -> String {
        self.0.to_ascii_lowercase()
    }

    /// The size in `sizes` (a product's) this one names, written as there.
    pub fn among(self, sizes: &[Size]) -> Option<Size> {
        sizes.iter().copied().find(|s| *s == self)
    }
}

impl PartialEq for Size {
    fn eq(&self, other: &Size) -> bool {
        self.0.eq_ignore_ascii_case(&other.0)
    }
}

impl Eq for Size {}

impl std::hash::Hash for Size {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        for b in self.0.bytes() {
            state.write_u8(b.to_ascii_lowercase());
        }
    }
}

impl std::fmt::Debug for Size {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Size({})", self.0.as_str())
    }
}

impl std::fmt::Display for Size {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.label())
    }
}

impl Serialize for Size {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.label())
    }
}

impl<'de> Deserialize<'de> for Size {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Size, D::Error> {
        let label = String::deserialize(d)?;
        Size::parse(&label).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "'{}' is not a size label",
                label.chars().take(16).collect::<String>()
            ))
        })
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for Size {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Size".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "minLength": 1,
            "maxLength": MAX_SIZE_LABEL,
            "pattern": "^[A-Za-z0-9][A-Za-z0-9 ./+-]*$",
            "description": "A size label as the product names it (S, 3XL, 2-3Y, Free)."
        })
    }
}

#[cfg(feature = "wasm")]
#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const SIZE_TS: &'static str =
    "/** A size label as the product names it (S, 3XL, 2-3Y, Free). */\nexport type Size = string;";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_labels_in_any_case_are_the_built_in_sizes() {
        assert_eq!(Size::parse("xxl").unwrap().label(), "XXL");
        assert_eq!(Size::parse(" m ").unwrap().label(), "M");
    }

    #[test]
    fn a_merchants_labels_are_kept_as_written_and_keyed_in_lower_case() {
        for label in ["3XL", "2-3Y", "Free", "Free Size", "28", "S/M", "10.5"] {
            let size = Size::parse(label).unwrap();
            assert_eq!(size.label(), label);
            assert_eq!(size.key(), label.to_ascii_lowercase());
            assert_eq!(Size::parse(&size.key()), Some(size));
        }
        for bad in [
            "",
            " ",
            "-S",
            "XL!",
            "ThirteenChars",
            "X\u{301}",
            "a  b",
            "<b>",
        ] {
            assert_eq!(Size::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn serialises_as_its_label() {
        assert_eq!(serde_json::to_string(&Size::XXL).unwrap(), "\"XXL\"");
        let s: Size = serde_json::from_str("\"4xl\"").unwrap();
        assert_eq!((s.label(), s), ("4xl", Size::parse("4XL").unwrap()));
        assert!(serde_json::from_str::<Size>("\"?\"").is_err());
    }
}
