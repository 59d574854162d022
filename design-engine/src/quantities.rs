//! Per-size quantities and the 25-per-colour minimum.

use serde::{Deserialize, Serialize};

use crate::error::StudioError;
// The sizes and the bounds, where the quantities' users look for them.
use crate::limits::{MAX_PER_SIZE, MIN_PER_COLOUR};
use crate::size::Size;

/// Garments per size. Keys are the cart's `s, m, l, xl, xxl` (XXL included).
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "RawQuantities")]
pub struct Quantities {
    pub s: u32,
    pub m: u32,
    pub l: u32,
    pub xl: u32,
    pub xxl: u32,
}

/// Quantities as a document may give them: a size left out is 0; an unknown one is refused.
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", schemars(rename = "Quantities"))]
struct RawQuantities {
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(range(max = MAX_PER_SIZE)))]
    s: u32,
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(range(max = MAX_PER_SIZE)))]
    m: u32,
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(range(max = MAX_PER_SIZE)))]
    l: u32,
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(range(max = MAX_PER_SIZE)))]
    xl: u32,
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(range(max = MAX_PER_SIZE)))]
    xxl: u32,
}

impl From<RawQuantities> for Quantities {
    fn from(r: RawQuantities) -> Quantities {
        let RawQuantities { s, m, l, xl, xxl } = r;
        Quantities { s, m, l, xl, xxl }
    }
}

impl Quantities {
    pub fn get(&self, size: Size) -> u32 {
        match size {
            Size::S => self.s,
            Size::M => self.m,
            Size::L => self.l,
            Size::XL => self.xl,
            Size::XXL => self.xxl,
        }
    }

    fn slot(&mut self, size: Size) -> &mut u32 {
        match size {
            Size::S => &mut self.s,
            Size::M => &mut self.m,
            Size::L => &mut self.l,
            Size::XL => &mut self.xl,
            Size::XXL => &mut self.xxl,
        }
    }

    /// Sets one size, refusing negatives and absurd counts; nothing changes on error.
    pub fn set(&mut self, size: Size, quantity: i64) -> Result<(), StudioError> {
        *self.slot(size) = checked_quantity(size, quantity)?;
        Ok(())
    }

    /// Builds quantities from signed input (what a form or an API sends), checking every size.
    pub fn from_signed(values: [(Size, i64); 5]) -> Result<Self, StudioError> {
        let mut q = Quantities::default();
        for (size, value) in values {
            q.set(size, value)?;
        }
        Ok(q)
    }

    /// Re-checks the bound on deserialised data (which cannot be negative, but can be huge).
    pub fn check(&self) -> Result<(), StudioError> {
        for size in Size::ALL {
            checked_quantity(size, i64::from(self.get(size)))?;
        }
        Ok(())
    }

    /// Total garments; cannot overflow because each size is bounded by `MAX_PER_SIZE`
    /// when set, and uses saturating addition for values that bypassed `set`.
    pub fn total(&self) -> u32 {
        Size::ALL
            .iter()
            .fold(0u32, |acc, &s| acc.saturating_add(self.get(s)))
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
        let mut q = Quantities {
            m: 3,
            ..Default::default()
        };
        let err = q.set(Size::M, -1).unwrap_err();
        assert_eq!(err.to_string(), "Cannot set quantity for size M below 0");
        assert_eq!(q.m, 3);
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
        let some = Quantities {
            s: 5,
            xxl: 7,
            ..Default::default()
        };
        assert_eq!(some.need_more(), 13);
        assert_eq!(
            some.check_minimum().unwrap_err().to_string(),
            "Minimum quantity requirement not met. You need 13 more items to reach the minimum of 25 per color."
        );
        let enough = Quantities {
            s: 20,
            xxl: 5,
            ..Default::default()
        };
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
}
