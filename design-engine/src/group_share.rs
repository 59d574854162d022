//! A member's share of a group order whose members pay for their own piece.
//!
//! A member pays before anyone knows how many pieces the group will reach, so
//! the share is fixed by what the group must reach, never by who joins later:
//! the garment at the price the 25-piece minimum earns, the design fee spread
//! over those 25 pieces (rounded up to the paisa), and the piece's own name and
//! number. Twenty-five shares therefore cover the line at the minimum, to
//! within 25 paise.

use crate::error::StudioError;
use crate::limits::MIN_PER_COLOUR;
use crate::money::Paise;
use crate::pricing::{LineQuote, quote_line};
use crate::tiers::ProductPricing;

/// The price of `pieces` shares of a line with `elements` texts and images
/// (a design's share, with its names and numbers: `Design::quote_share`).
pub fn share_line(
    pricing: &ProductPricing,
    pieces: u32,
    elements: u32,
) -> Result<LineQuote, StudioError> {
    let at_minimum = quote_line(pricing, MIN_PER_COLOUR, elements)?;
    let minimum = i64::from(MIN_PER_COLOUR);
    let fee_share = Paise((at_minimum.design_fee.0 + minimum - 1) / minimum);
    let garments = at_minimum.unit_price.times(pieces)?;
    let design_fee = fee_share.times(pieces)?;
    Ok(LineQuote {
        quantity: pieces,
        tier_discount: at_minimum
            .base_unit_price
            .sub(at_minimum.unit_price)?
            .times(pieces)?,
        garments,
        design_fee,
        total: garments.add(design_fee)?,
        // A share's price does not fall with more pieces: no tier to reach.
        next_tier: None,
        ..at_minimum
    })
}

/// One piece's refund when it leaves a member's order that still pays for
/// others: what the order has left, shared evenly over the `pieces` it paid
/// for until now (rounded down to the paisa; the last piece to leave takes
/// all that is left, so the parts add up to the payment).
pub fn piece_refund(left: Paise, pieces: u32) -> Paise {
    Paise(left.0.max(0) / i64::from(pieces.max(1)))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::roster::tests::team_design;

    fn tee_at(price: i64) -> ProductPricing {
        ProductPricing::with_default_tiers(Paise(price))
    }

    fn tee() -> ProductPricing {
        tee_at(449_00)
    }

    #[test]
    fn a_share_is_the_minimums_price_and_a_twenty_fifth_of_the_design_fee() {
        // Three elements: ₹100 of design fee over 25 pieces is ₹4 a piece.
        let one = share_line(&tee(), 1, 3).unwrap();
        assert_eq!(
            (one.unit_price, one.design_fee, one.total),
            (Paise(449_00), Paise(4_00), Paise(453_00))
        );
        // Two elements: ₹50 over 25 is ₹2; one element is free.
        assert_eq!(share_line(&tee(), 2, 2).unwrap().total, Paise(902_00));
        assert_eq!(share_line(&tee(), 1, 1).unwrap().design_fee, Paise(0));
        assert_eq!(share_line(&tee(), 1, 3).unwrap().next_tier, None);
    }

    #[test]
    fn a_members_name_and_number_are_their_own() {
        let share = team_design(1).quote_share(&tee()).unwrap();
        let p = share.personalisation.clone().unwrap();
        assert_eq!((p.pieces, p.per_piece), (1, Paise(100_00)));
        assert_eq!(share.total, Paise(549_00));
    }

    proptest! {
        /// Whatever the price and the design fee, 25 shares pay for the line at
        /// the minimum, overpaying by less than a paisa a piece.
        #[test]
        fn twenty_five_shares_cover_the_minimum(price in 1i64..100_000, elements in 0u32..12) {
            let pricing = tee_at(price);
            let line = quote_line(&pricing, MIN_PER_COLOUR, elements).unwrap();
            let shares = share_line(&pricing, MIN_PER_COLOUR, elements).unwrap();
            prop_assert!(shares.total.0 >= line.total.0);
            prop_assert!(shares.total.0 - line.total.0 < i64::from(MIN_PER_COLOUR));
        }
    }

    /// 26 pieces paid ₹17,295.74: each piece that leaves takes its part of
    /// what is left, and the parts never exceed the payment.
    #[test]
    fn a_leaving_piece_takes_its_part_of_what_is_left() {
        let paid = Paise(17_295_74);
        let first = super::piece_refund(paid, 26);
        assert_eq!(first, Paise(665_22));
        let second = super::piece_refund(Paise(paid.0 - first.0), 25);
        assert_eq!(second, Paise(665_22));
        assert_eq!(super::piece_refund(Paise(5), 0), Paise(5));
        assert_eq!(super::piece_refund(Paise(-1), 3), Paise(0));
    }
}
