//! Per-size quantities and the 25-per-colour minimum.

use serde::{Deserialize, Serialize};

use crate::error::StudioError;
// The sizes and the bounds, where the quantities' users look for them.
use crate::limits::{MAX_PER_SIZE, MIN_PER_COLOUR};
use crate::size::Size;

/// Garments per size, in the order the document or the product gives them.
/// In a document they are a map from each size's key (its label in lower
/// case: `s`, `xxl`, `3xl`, `2-3y`) to its count. Documents keyed by the
/// specification's five sizes (every one from before sizes were the
/// merchant's) always hold all five, in order, as they always have: so they
/// read, write and hash byte for byte as before.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Quantities {
    entries: Vec<(Size, u32)>,
}

impl Default for Quantities {
    /// The specification's five sizes at 0 (a new document's, as before).
    fn default() -> Quantities {
        Quantities::for_sizes(&Size::ALL)
    }
}

impl Serialize for Quantities {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.entries.len()))?;
        for (size, n) in &self.entries {
            map.serialize_entry(&size.key(), n)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Quantities {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Quantities, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Quantities;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a map from size to a count of garments")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Quantities, A::Error> {
                use serde::de::Error;
                let mut entries: Vec<(Size, u32)> = Vec::new();
                while let Some(key) = map.next_key::<String>()? {
                    let size = Size::parse(&key).ok_or_else(|| {
                        A::Error::custom(format!(
                            "unknown size '{}'",
                            key.chars().take(16).collect::<String>()
                        ))
                    })?;
                    if entries.iter().any(|(s, _)| *s == size) {
                        return Err(A::Error::custom(format!(
                            "size '{}' is given twice",
                            size.key()
                        )));
                    }
                    if entries.len() == MAX_SIZES_IN_DOCUMENT {
                        return Err(A::Error::custom(format!(
                            "a design holds at most {MAX_SIZES_IN_DOCUMENT} sizes"
                        )));
                    }
                    entries.push((size, map.next_value()?));
                }
                Ok(Quantities::from_entries(entries))
            }
        }
        d.deserialize_map(Visit)
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for Quantities {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Quantities".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "object",
            "description": "Garments per size, keyed by the product's size labels in lower case (s, m, l, xl, xxl, 3xl...). A size left out is 0.",
            "maxProperties": MAX_SIZES_IN_DOCUMENT,
            "propertyNames": { "minLength": 1, "maxLength": crate::size::MAX_SIZE_LABEL, "pattern": "^[a-z0-9][a-z0-9 ./+-]*$" },
            "additionalProperties": { "type": "integer", "minimum": 0, "maximum": MAX_PER_SIZE }
        })
    }
}

#[cfg(feature = "wasm")]
#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const QUANTITIES_TS: &'static str = "/** Garments per size, keyed by the product's size labels in lower case (s, xxl, 3xl). */\nexport type Quantities = Record<string, number>;";

/// A document may name at most this many sizes (a product sells at most
/// `limits::MAX_SIZES`; stale zeros of another product's sizes may remain).
pub const MAX_SIZES_IN_DOCUMENT: usize = 20;

impl Quantities {
    /// The specification's five sizes stay all five, in their order, as old
    /// documents had them; any other set is kept as given.
    fn from_entries(entries: Vec<(Size, u32)>) -> Quantities {
        if entries.iter().all(|(s, _)| Size::ALL.contains(s)) {
            let get = |size: Size| entries.iter().find(|(s, _)| *s == size).map_or(0, |e| e.1);
            return Quantities {
                entries: Size::ALL.into_iter().map(|s| (s, get(s))).collect(),
            };
        }
        Quantities { entries }
    }

    /// Each of `sizes` at 0, in that order: a new design of a product.
    pub fn for_sizes(sizes: &[Size]) -> Quantities {
        Quantities {
            entries: sizes.iter().map(|&s| (s, 0)).collect(),
        }
    }

    pub fn get(&self, size: Size) -> u32 {
        self.entries
            .iter()
            .find(|(s, _)| *s == size)
            .map_or(0, |e| e.1)
    }

    /// Each size with its count, in order (sizes at 0 included).
    pub fn iter(&self) -> impl Iterator<Item = (Size, u32)> + '_ {
        self.entries.iter().copied()
    }

    fn slot(&mut self, size: Size) -> &mut u32 {
        let i = match self.entries.iter().position(|(s, _)| *s == size) {
            Some(i) => i,
            None => {
                self.entries.push((size, 0));
                self.entries.len() - 1
            }
        };
        &mut self.entries[i].1
    }

    /// Sets one size, refusing negatives and absurd counts; nothing changes on error.
    pub fn set(&mut self, size: Size, quantity: i64) -> Result<(), StudioError> {
        let quantity = checked_quantity(size, quantity)?;
        if quantity > 0 && self.get(size) == 0 && self.entries.len() >= MAX_SIZES_IN_DOCUMENT {
            return Err(StudioError::QuantityTooLarge(size));
        }
        *self.slot(size) = quantity;
        Ok(())
    }

    /// Builds quantities from signed input (what a form or an API sends), checking every size.
    pub fn from_signed(values: impl IntoIterator<Item = (Size, i64)>) -> Result<Self, StudioError> {
        let mut q = Quantities {
            entries: Vec::new(),
        };
        for (size, value) in values {
            q.set(size, value)?;
        }
        Ok(Quantities::from_entries(q.entries))
    }

    /// Re-checks the bound on deserialised data (which cannot be negative, but can be huge).
    pub fn check(&self) -> Result<(), StudioError> {
        for &(size, n) in &self.entries {
            checked_quantity(size, i64::from(n))?;
        }
        Ok(())
    }

    /// Total garments; cannot overflow because each size is bounded by `MAX_PER_SIZE`
    /// when set, and uses saturating addition for values that bypassed `set`.
    pub fn total(&self) -> u32 {
        self.entries
            .iter()
            .fold(0u32, |acc, &(_, n)| acc.saturating_add(n))
    }

    /// How many more garments the studio needs before it can add to the cart
    /// ("Add to Cart (Need N more)"); 0 once the minimum is met.
    pub fn need_more(&self) -> u32 {
        short_of_minimum(self.total())
    }

    /// The cart rule: at least one item, and at least 25 for the colour.
    pub fn check_minimum(&self) -> Result<(), StudioError> {
        match self.total() {
            0 => Err(StudioError::NoItems),
            t if t < MIN_PER_COLOUR => Err(StudioError::BelowMinimum(MIN_PER_COLOUR - t)),
            _ => Ok(()),
        }
    }
}

/// How many pieces `pieces` are short of the 25-per-colour minimum; 0 once it is met
/// (for a count kept without its sizes, such as a group order's rows).
pub fn short_of_minimum(pieces: u32) -> u32 {
    MIN_PER_COLOUR.saturating_sub(pieces)
}

fn checked_quantity(size: Size, quantity: i64) -> Result<u32, StudioError> {
    if quantity < 0 {
        return Err(StudioError::NegativeQuantity(size));
    }
    if quantity > i64::from(MAX_PER_SIZE) {
        return Err(StudioError::QuantityTooLarge(size));
    }
    Ok(quantity as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negative_quantity_uses_the_spec_message_and_changes_nothing() {
        let mut q = Quantities::default();
        q.set(Size::M, 3).unwrap();
        let err = q.set(Size::M, -1).unwrap_err();
        assert_eq!(err.to_string(), "Cannot set quantity for size M below 0");
        assert_eq!(q.get(Size::M), 3);
    }

    #[test]
    fn absurd_quantity_is_refused() {
        let mut q = Quantities::default();
        assert_eq!(
            q.set(Size::XXL, 10_001),
            Err(StudioError::QuantityTooLarge(Size::XXL))
        );
        assert!(q.set(Size::XXL, 10_000).is_ok());
    }

    #[test]
    fn minimum_messages_follow_the_spec() {
        let none = Quantities::default();
        assert_eq!(
            none.check_minimum().unwrap_err().to_string(),
            "Please select at least one item before adding to cart."
        );
        let some = Quantities::from_signed([(Size::S, 5), (Size::XXL, 7)]).unwrap();
        assert_eq!(some.need_more(), 13);
        assert_eq!(
            some.check_minimum().unwrap_err().to_string(),
            "Minimum quantity requirement not met. You need 13 more items to reach the minimum of 25 per color."
        );
        let enough = Quantities::from_signed([(Size::S, 20), (Size::XXL, 5)]).unwrap();
        assert_eq!(enough.need_more(), 0);
        assert!(enough.check_minimum().is_ok());
    }

    #[test]
    fn xxl_counts_and_keys_are_the_carts() {
        let q: Quantities = serde_json::from_str(r#"{"s":1,"m":2,"l":3,"xl":4,"xxl":5}"#).unwrap();
        assert_eq!(q.total(), 15);
        assert_eq!(
            serde_json::to_string(&q).unwrap(),
            r#"{"s":1,"m":2,"l":3,"xl":4,"xxl":5}"#
        );
        assert!(serde_json::from_str::<Quantities>(r#"{"s":-1}"#).is_err());
        assert_eq!(Size::parse("xxl"), Some(Size::XXL));
    }

    #[test]
    fn old_documents_keep_all_five_sizes_in_order() {
        let q: Quantities = serde_json::from_str(r#"{"xl":4,"m":2}"#).unwrap();
        assert_eq!(
            serde_json::to_string(&q).unwrap(),
            r#"{"s":0,"m":2,"l":0,"xl":4,"xxl":0}"#
        );
        assert_eq!(
            serde_json::to_string(&Quantities::default()).unwrap(),
            r#"{"s":0,"m":0,"l":0,"xl":0,"xxl":0}"#
        );
    }

    #[test]
    fn a_merchants_sizes_are_kept_as_given() {
        let json = r#"{"m":20,"3xl":5,"2-3y":0}"#;
        let q: Quantities = serde_json::from_str(json).unwrap();
        assert_eq!(serde_json::to_string(&q).unwrap(), json);
        assert_eq!(q.get(Size::parse("3XL").unwrap()), 5);
        assert_eq!(q.total(), 25);
        assert!(serde_json::from_str::<Quantities>(r#"{"m":1,"M":2}"#).is_err());
        assert!(serde_json::from_str::<Quantities>(r#"{"m!":1}"#).is_err());
        let mut sized = Quantities::for_sizes(&[Size::M, Size::parse("4XL").unwrap()]);
        sized.set(Size::parse("4xl").unwrap(), 7).unwrap();
        assert_eq!(serde_json::to_string(&sized).unwrap(), r#"{"m":0,"4xl":7}"#);
    }
}
