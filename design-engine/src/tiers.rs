//! Quantity tiers: the bigger a cart line (one design in one colour), the less
//! each piece costs. A product's table says from how many pieces which
//! discount applies; the engine checks the table, picks the tier of a line and
//! names the next one, so no page or route works out a discount itself.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::error::StudioError;
use crate::limits::MIN_PER_COLOUR;
use crate::money::{Paise, percent};
use crate::roster_pricing::PersonalisationCharges;

// A table's limits, where the tiers' users look for them.
use crate::limits::{MAX_TIER_DISCOUNT_BPS, MAX_TIER_PIECES, MAX_TIERS};
/// The store's tiers when the admin has set none: 25 at the base price, 50 at
/// 5% off, 100 at 10% off, 250 at 15% off.
pub const DEFAULT_TIERS: [PriceTier; 4] = [
    PriceTier::new(MIN_PER_COLOUR, 0),
    PriceTier::new(50, 500),
    PriceTier::new(100, 1_000),
    PriceTier::new(250, 1_500),
];

/// From `min_pieces` pieces in a line, `discount_bps` basis points off the unit price.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PriceTier {
    pub min_pieces: u32,
    pub discount_bps: u32,
}

impl PriceTier {
    pub const fn new(min_pieces: u32, discount_bps: u32) -> PriceTier {
        PriceTier {
            min_pieces,
            discount_bps,
        }
    }

    /// The unit price in this tier: `bps` off, rounded half up to the paisa
    /// (per piece, so a line is always its unit price times its pieces).
    pub fn unit_price(self, base: Paise) -> Result<Paise, StudioError> {
        discounted(base, self.discount_bps)
    }
}

/// A checked tier table: it starts at the minimum of 25 with no discount, and
/// both the pieces and the discounts go up strictly from tier to tier.
/// Only [`PriceTiers::new`] makes one, so an invalid table cannot exist.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Vec<PriceTier>", into = "Vec<PriceTier>")]
pub struct PriceTiers(Vec<PriceTier>);

impl PriceTiers {
    pub fn new(tiers: Vec<PriceTier>) -> Result<PriceTiers, StudioError> {
        let first = tiers.first().ok_or(StudioError::TiersEmpty)?;
        if first.min_pieces != MIN_PER_COLOUR || first.discount_bps != 0 {
            return Err(StudioError::FirstTierNotBase);
        }
        if tiers.len() > MAX_TIERS {
            return Err(StudioError::TooManyTiers);
        }
        for (i, pair) in tiers.windows(2).enumerate() {
            let (before, tier) = (pair[0], pair[1]);
            let number = i + 2;
            if tier.min_pieces <= before.min_pieces {
                return Err(StudioError::TierPiecesNotIncreasing(number));
            }
            if tier.min_pieces > MAX_TIER_PIECES {
                return Err(StudioError::TierPiecesTooLarge(number));
            }
            if tier.discount_bps <= before.discount_bps {
                return Err(StudioError::TierDiscountNotIncreasing(number));
            }
            if tier.discount_bps > MAX_TIER_DISCOUNT_BPS {
                return Err(StudioError::TierDiscountTooLarge(number));
            }
        }
        Ok(PriceTiers(tiers))
    }

    /// The engine's defaults ([`DEFAULT_TIERS`]).
    pub fn defaults() -> PriceTiers {
        PriceTiers(DEFAULT_TIERS.to_vec())
    }

    pub fn tiers(&self) -> &[PriceTier] {
        &self.0
    }

    /// The tier of a line of `pieces`: the last one it reaches (the first
    /// tier for a line still below the minimum).
    pub fn tier_for(&self, pieces: u32) -> PriceTier {
        self.0
            .iter()
            .rev()
            .find(|t| t.min_pieces <= pieces)
            .copied()
            .unwrap_or(self.0[0])
    }

    /// The first tier past `pieces` that costs less than the one it reaches
    /// (below the minimum, the base tier is no saving), if any.
    pub fn next_after(&self, pieces: u32) -> Option<PriceTier> {
        let now = self.tier_for(pieces).discount_bps;
        self.0
            .iter()
            .find(|t| t.min_pieces > pieces && t.discount_bps > now)
            .copied()
    }

    /// Every tier with its unit price at `base`, for the studio's table.
    pub fn prices(&self, base: Paise) -> Result<Vec<TierPrice>, StudioError> {
        self.0
            .iter()
            .map(|&tier| {
                Ok(TierPrice {
                    min_pieces: tier.min_pieces,
                    discount_bps: tier.discount_bps,
                    unit_price: tier.unit_price(base)?,
                })
            })
            .collect()
    }
}

impl Default for PriceTiers {
    fn default() -> PriceTiers {
        PriceTiers::defaults()
    }
}

impl TryFrom<Vec<PriceTier>> for PriceTiers {
    type Error = StudioError;
    fn try_from(tiers: Vec<PriceTier>) -> Result<Self, Self::Error> {
        PriceTiers::new(tiers)
    }
}

impl From<PriceTiers> for Vec<PriceTier> {
    fn from(t: PriceTiers) -> Vec<PriceTier> {
        t.0
    }
}

/// What a product's line costs: its base unit price, its tier table and the
/// store's charges for names and numbers.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProductPricing {
    /// The product's price per piece before any tier.
    pub unit_price: Paise,
    #[cfg_attr(feature = "wasm", tsify(type = "PriceTier[]"))]
    pub tiers: PriceTiers,
    /// Per personalised piece (the store's; ₹60 a name, ₹40 a number unless configured).
    #[serde(default)]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub personalisation: PersonalisationCharges,
    /// Extra paise a piece for some sizes, keyed by the product's size labels.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    #[cfg_attr(feature = "wasm", tsify(optional, type = "Record<string, number>"))]
    pub size_prices: BTreeMap<String, Paise>,
}

impl ProductPricing {
    pub fn new(unit_price: Paise, tiers: PriceTiers) -> ProductPricing {
        ProductPricing {
            unit_price,
            tiers,
            personalisation: PersonalisationCharges::default(),
            size_prices: BTreeMap::new(),
        }
    }

    /// The same pricing with the store's charges for names and numbers.
    pub fn with_personalisation(self, charges: PersonalisationCharges) -> ProductPricing {
        ProductPricing {
            personalisation: charges,
            ..self
        }
    }

    /// The same pricing with the product's size surcharges.
    pub fn with_size_prices(self, size_prices: BTreeMap<String, Paise>) -> ProductPricing {
        ProductPricing {
            size_prices,
            ..self
        }
    }

    /// The extra paise a piece of `size` costs.
    pub fn surcharge(&self, size: crate::size::Size) -> Paise {
        self.size_prices
            .iter()
            .find(|(label, _)| crate::size::Size::parse(label) == Some(size))
            .map_or(Paise(0), |(_, p)| *p)
    }

    /// A unit price with the engine's default tiers.
    pub fn with_default_tiers(unit_price: Paise) -> ProductPricing {
        ProductPricing::new(unit_price, PriceTiers::defaults())
    }
}

/// One row of the studio's tier table.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TierPrice {
    pub min_pieces: u32,
    pub discount_bps: u32,
    /// The price per piece in this tier.
    pub unit_price: Paise,
}

/// The tier a line would reach with more pieces: "Add 12 more for ₹2.25 less per piece".
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NextTier {
    pub min_pieces: u32,
    /// Pieces to add to reach it.
    pub pieces_needed: u32,
    pub discount_bps: u32,
    /// The price per piece there.
    pub unit_price: Paise,
    /// How much less each piece costs there than now.
    pub saving_per_piece: Paise,
    /// The studio's and the cart's words for it: "Add 12 more for ₹2.25 less per piece".
    pub hint: String,
}

/// The next tier for a line of `pieces` whose unit price is now `current`.
pub fn next_tier(
    pricing: &ProductPricing,
    pieces: u32,
    current: Paise,
) -> Result<Option<NextTier>, StudioError> {
    let Some(tier) = pricing.tiers.next_after(pieces) else {
        return Ok(None);
    };
    let unit_price = tier.unit_price(pricing.unit_price)?;
    let pieces_needed = tier.min_pieces - pieces;
    let saving_per_piece = Paise(current.0 - unit_price.0);
    Ok(Some(NextTier {
        min_pieces: tier.min_pieces,
        pieces_needed,
        discount_bps: tier.discount_bps,
        unit_price,
        saving_per_piece,
        hint: format!("Add {pieces_needed} more for {saving_per_piece} less per piece"),
    }))
}

/// A tier's line on a cart or an invoice: "Quantity tier: 5% off".
pub fn tier_label(discount_bps: u32) -> String {
    format!("Quantity tier: {} off", percent(i64::from(discount_bps)))
}

/// `base` less `bps` basis points, rounded half up to the paisa.
fn discounted(base: Paise, bps: u32) -> Result<Paise, StudioError> {
    if base.0 < 0 {
        return Err(StudioError::NegativePrice);
    }
    // In i128, so any price that fits in paise fits while it is scaled.
    let keep = 10_000 - i128::from(bps.min(10_000));
    let rounded = (i128::from(base.0) * keep + 5_000) / 10_000;
    i64::try_from(rounded)
        .map(Paise)
        .map_err(|_| StudioError::PriceOverflow)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(rows: &[(u32, u32)]) -> Result<PriceTiers, StudioError> {
        PriceTiers::new(rows.iter().map(|&(p, d)| PriceTier::new(p, d)).collect())
    }

    #[test]
    fn the_defaults_are_a_valid_table() {
        assert_eq!(
            PriceTiers::new(DEFAULT_TIERS.to_vec()),
            Ok(PriceTiers::defaults())
        );
        let json = serde_json::to_value(PriceTiers::defaults()).unwrap();
        assert_eq!(
            json[1],
            serde_json::json!({"minPieces": 50, "discountBps": 500})
        );
    }

    #[test]
    fn a_table_is_checked_with_a_message_naming_the_tier() {
        assert_eq!(table(&[]), Err(StudioError::TiersEmpty));
        assert_eq!(table(&[(20, 0)]), Err(StudioError::FirstTierNotBase));
        assert_eq!(table(&[(25, 100)]), Err(StudioError::FirstTierNotBase));
        assert_eq!(
            table(&[(25, 0), (50, 500), (50, 600)]),
            Err(StudioError::TierPiecesNotIncreasing(3))
        );
        assert_eq!(
            table(&[(25, 0), (50, 500), (100, 500)]),
            Err(StudioError::TierDiscountNotIncreasing(3))
        );
        assert_eq!(
            table(&[(25, 0), (50, 5_001)]),
            Err(StudioError::TierDiscountTooLarge(2))
        );
        assert_eq!(
            table(&[(25, 0), (50_001, 100)]),
            Err(StudioError::TierPiecesTooLarge(2))
        );
        let nine: Vec<(u32, u32)> = (0..9).map(|i| (25 + i * 10, i * 100)).collect();
        assert_eq!(table(&nine), Err(StudioError::TooManyTiers));
        assert!(table(&nine[..8]).is_ok());
        assert!(table(&[(25, 0)]).is_ok());
        assert!(table(&[(25, 0), (50_000, 5_000)]).is_ok());
        assert_eq!(
            StudioError::TierDiscountNotIncreasing(3).to_string(),
            "Price tier 3: its discount must be more than the tier before's"
        );
        // Deserialising checks too: an invalid table cannot be read.
        let bad: Result<PriceTiers, _> = serde_json::from_str(
            r#"[{"minPieces": 25, "discountBps": 0}, {"minPieces": 10, "discountBps": 100}]"#,
        );
        assert!(bad.unwrap_err().to_string().contains("Price tier 2"));
    }

    #[test]
    fn a_line_takes_the_last_tier_it_reaches() {
        let t = PriceTiers::defaults();
        for (pieces, bps) in [
            (0, 0),
            (24, 0),
            (25, 0),
            (49, 0),
            (50, 500),
            (99, 500),
            (100, 1_000),
            (249, 1_000),
            (250, 1_500),
            (50_000, 1_500),
        ] {
            assert_eq!(t.tier_for(pieces).discount_bps, bps, "{pieces}");
        }
        assert_eq!(t.next_after(24).unwrap().min_pieces, 50);
        assert_eq!(t.next_after(25).unwrap().min_pieces, 50);
        assert_eq!(t.next_after(49).unwrap().min_pieces, 50);
        assert_eq!(t.next_after(250), None);
    }

    #[test]
    fn a_discounted_piece_is_rounded_half_up_to_the_paisa() {
        // ₹299 at 5% off is ₹284.05 exactly; ₹2.99 at 5% is 284.05 paise → 284.
        assert_eq!(discounted(Paise(299_00), 500), Ok(Paise(284_05)));
        assert_eq!(discounted(Paise(299), 500), Ok(Paise(284)));
        // 10 paise at 15% off: 8.5 → 9 (half up); 30 paise: 25.5 → 26.
        assert_eq!(discounted(Paise(10), 1_500), Ok(Paise(9)));
        assert_eq!(discounted(Paise(30), 1_500), Ok(Paise(26)));
        assert_eq!(discounted(Paise(0), 5_000), Ok(Paise(0)));
        assert_eq!(discounted(Paise(-1), 0), Err(StudioError::NegativePrice));
        assert_eq!(discounted(Paise(i64::MAX), 0), Ok(Paise(i64::MAX)));
    }

    #[test]
    fn the_next_tier_names_the_pieces_and_the_saving() {
        let pricing = ProductPricing::with_default_tiers(Paise(299_00));
        let next = next_tier(&pricing, 38, Paise(299_00)).unwrap().unwrap();
        assert_eq!(next.pieces_needed, 12);
        assert_eq!(next.unit_price, Paise(284_05));
        assert_eq!(next.saving_per_piece, Paise(14_95));
        assert_eq!(next.hint, "Add 12 more for ₹14.95 less per piece");
        assert_eq!(next_tier(&pricing, 300, Paise(254_15)), Ok(None));
        assert_eq!(tier_label(500), "Quantity tier: 5% off");
        assert_eq!(tier_label(1_250), "Quantity tier: 12.5% off");
    }
}
