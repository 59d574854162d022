//! What some pieces of an order line cost the customer, so a claim refunds
//! exactly them: the line as the engine priced it when it was ordered (its
//! unit price in its tier, each size's surcharge, its names and numbers, its
//! design fee) and the order's gateway fee on them at the order's rate.
//!
//! The line keeps its unit price, design fee and charges, but not each
//! size's surcharge (only their sum, inside its total): the product's
//! surcharges today are taken when they add up to that sum for the pieces
//! ordered (unchanged since), otherwise the sum is shared evenly over the
//! pieces. The design fee is the line's, shared evenly too.

use design_engine::money::Paise;
use design_engine::tiers::ProductPricing;
use design_engine::{Quantities, pricing};

use crate::db::orders::NewItem;
use crate::error::{Failure, Fallible};

/// `amount × part / whole`, half up (no float touches money).
fn part_of(amount: i64, part: u32, whole: u32) -> i64 {
    let whole = i128::from(whole.max(1));
    ((i128::from(amount) * i128::from(part) * 2 + whole) / (whole * 2)) as i64
}

fn overflow() -> Failure {
    Failure::internal("a claim's share overflowed")
}

/// The price of `pieces` of `line` (whose pieces were `ordered`), GST and
/// their share of the gateway fee (`fee_bps`, the order's) included, in
/// paise. `product` is the line's product's pricing today, if it still exists.
pub fn of_pieces(
    line: &NewItem,
    ordered: &Quantities,
    pieces: &Quantities,
    product: Option<&ProductPricing>,
    fee_bps: i64,
) -> Fallible<Paise> {
    let whole = u32::try_from(line.quantity).map_err(|_| overflow())?;
    let part = pieces.total();
    let personalisation = line
        .personalisation()
        .map_err(Failure::internal)?
        .map_or(0, |p| p.total.0);
    let garments = line
        .unit_price
        .checked_mul(line.quantity)
        .ok_or_else(overflow)?;
    // What the sizes added to the line when it was priced.
    let surcharges = line.line_total - garments - line.design_fee - personalisation;
    let per_size = |q: &Quantities, p: &ProductPricing| -> i64 {
        q.iter().map(|(s, n)| p.surcharge(s).0 * i64::from(n)).sum()
    };
    let surcharges_of_pieces = match product {
        Some(p) if per_size(ordered, p) == surcharges => per_size(pieces, p),
        _ => part_of(surcharges, part, whole),
    };
    let value = line.unit_price * i64::from(part)
        + surcharges_of_pieces
        + part_of(line.design_fee + personalisation, part, whole);
    let fee = pricing::gateway_charge(Paise(value), fee_bps).map_err(Failure::internal)?;
    Ok(Paise(value + fee.0))
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use design_engine::Size;

    use super::*;

    fn quantities(pairs: &[(Size, i64)]) -> Quantities {
        Quantities::from_signed(pairs.iter().copied()).unwrap()
    }

    /// 25 tees at ₹299 (10 S, 15 XXL), the XXL ₹30 more, two elements (₹50 design fee).
    fn line() -> NewItem {
        NewItem {
            product_id: "tee".into(),
            name: "T-Shirt".into(),
            color: "navyblue".into(),
            artwork_hash: String::new(),
            design: String::new(),
            sizes: String::new(),
            artwork: Vec::new(),
            unit_price: 299_00,
            base_unit_price: Some(299_00),
            tier_discount_bps: 0,
            quantity: 25,
            elements: 2,
            design_fee: 50_00,
            name_charge: 0,
            number_charge: 0,
            line_total: 25 * 299_00 + 15 * 30_00 + 50_00,
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
        assert_eq!(share, Paise(line().line_total));
    }
}
