//! What some pieces of an ordered line cost the customer, so a claim refunds
//! exactly them: the line as it was priced when ordered (its unit price in
//! its tier, each size's surcharge, its names and numbers, its design fee)
//! and the order's gateway fee on them at the order's rate.
//!
//! An order keeps a line's unit price, design fee and charges, but not each
//! size's surcharge (only their sum, inside its total): the product's
//! surcharges today are taken when they add up to that sum for the pieces
//! ordered (unchanged since), otherwise the sum is shared evenly over the
//! pieces. The design fee and the names and numbers are shared evenly too.

use crate::error::StudioError;
use crate::money::Paise;
use crate::pricing::gateway_charge;
use crate::quantities::Quantities;
use crate::tiers::ProductPricing;

/// A line's figures as its order recorded them (paise).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderedLine {
    pub unit_price: Paise,
    pub quantity: u32,
    pub design_fee: Paise,
    /// The names and numbers printed on its pieces (0 without).
    pub personalisation: Paise,
    pub line_total: Paise,
}

/// `amount × part / whole`, half up (no float touches money).
fn part_of(amount: i64, part: u32, whole: u32) -> Result<i64, StudioError> {
    let whole = i128::from(whole.max(1));
    let shared = (i128::from(amount) * i128::from(part) * 2 + whole) / (whole * 2);
    i64::try_from(shared).map_err(|_| StudioError::PriceOverflow)
}

/// The price of `pieces` of `line` (whose pieces were `ordered`), GST and
/// their share of the gateway fee (`fee_bps`, the order's) included.
/// `product` is the line's product's pricing today, if it still exists.
pub fn of_pieces(
    line: &OrderedLine,
    ordered: &Quantities,
    pieces: &Quantities,
    product: Option<&ProductPricing>,
    fee_bps: i64,
) -> Result<Paise, StudioError> {
    let part = pieces.total();
    let garments = line
        .unit_price
        .0
        .checked_mul(i64::from(line.quantity))
        .ok_or(StudioError::PriceOverflow)?;
    // What the sizes added to the line when it was priced.
    let surcharges = line.line_total.0 - garments - line.design_fee.0 - line.personalisation.0;
    let per_size = |q: &Quantities, p: &ProductPricing| -> i64 {
        q.iter().map(|(s, n)| p.surcharge(s).0 * i64::from(n)).sum()
    };
    let surcharges_of_pieces = match product {
        Some(p) if per_size(ordered, p) == surcharges => per_size(pieces, p),
        _ => part_of(surcharges, part, line.quantity)?,
    };
    let value = line
        .unit_price
        .0
        .checked_mul(i64::from(part))
        .and_then(|v| v.checked_add(surcharges_of_pieces))
        .and_then(|v| {
            v.checked_add(
                part_of(
                    line.design_fee.0 + line.personalisation.0,
                    part,
                    line.quantity,
                )
                .ok()?,
            )
        })
        .ok_or(StudioError::PriceOverflow)?;
    let fee = gateway_charge(Paise(value), fee_bps)?;
    Ok(Paise(value + fee.0))
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::size::Size;

    fn quantities(pairs: &[(Size, i64)]) -> Quantities {
        Quantities::from_signed(pairs.iter().copied()).unwrap()
    }

    /// 25 tees at ₹299 (10 S, 15 XXL), the XXL ₹30 more, two elements (₹50 design fee).
    fn line() -> OrderedLine {
        OrderedLine {
            unit_price: Paise(299_00),
            quantity: 25,
            design_fee: Paise(50_00),
            personalisation: Paise(0),
            line_total: Paise(25 * 299_00 + 15 * 30_00 + 50_00),
        }
    }

    fn surcharged() -> ProductPricing {
        ProductPricing::with_default_tiers(Paise(299_00))
            .with_size_prices(BTreeMap::from([("XXL".to_string(), Paise(30_00))]))
    }

    #[test]
    fn pieces_cost_their_price_their_sizes_and_a_share_of_the_fees() {
        let ordered = quantities(&[(Size::S, 10), (Size::XXL, 15)]);
        // Two XXL: 2 × (₹299 + ₹30) + 2/25 of ₹50 = ₹662; 2.5% more is ₹16.55.
        let two_xxl = quantities(&[(Size::XXL, 2)]);
        let share = of_pieces(&line(), &ordered, &two_xxl, Some(&surcharged()), 250).unwrap();
        assert_eq!(share, Paise(678_55));
        // Two S carry no surcharge: ₹598 + ₹4 = ₹602, and ₹15.05 of fee.
        let two_s = quantities(&[(Size::S, 2)]);
        let share = of_pieces(&line(), &ordered, &two_s, Some(&surcharged()), 250).unwrap();
        assert_eq!(share, Paise(617_05));
        // Without the fee (absorbed by the merchant), just the pieces.
        let share = of_pieces(&line(), &ordered, &two_s, Some(&surcharged()), 0).unwrap();
        assert_eq!(share, Paise(602_00));
    }

    #[test]
    fn surcharges_changed_since_are_shared_evenly() {
        let ordered = quantities(&[(Size::S, 10), (Size::XXL, 15)]);
        let two_s = quantities(&[(Size::S, 2)]);
        // The product now charges ₹40 for an XXL (or is gone): the ₹450 the
        // sizes added is shared over 25 pieces, ₹36 for two.
        let now = ProductPricing::with_default_tiers(Paise(299_00))
            .with_size_prices(BTreeMap::from([("XXL".to_string(), Paise(40_00))]));
        for product in [Some(&now), None] {
            let share = of_pieces(&line(), &ordered, &two_s, product, 0).unwrap();
            assert_eq!(share, Paise(598_00 + 36_00 + 4_00));
        }
    }

    #[test]
    fn every_piece_claimed_costs_the_line() {
        let ordered = quantities(&[(Size::S, 10), (Size::XXL, 15)]);
        let share = of_pieces(&line(), &ordered, &ordered, Some(&surcharged()), 0).unwrap();
        assert_eq!(share, line().line_total);
    }
}
