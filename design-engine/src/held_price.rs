//! A negotiated unit price held for one line (a quote the store gave): a
//! pricing rule on top of the engine's own line quote. The held price may only
//! be at or below the tier's unit price for the line's pieces; the garments are
//! then the held price × the pieces, the tier discount is what the line saves
//! against the product's base price, and everything else (the design fee, the
//! size surcharges, names and numbers) stays as the engine priced it.
//! Commerce: this knows nothing of designs.

use crate::error::StudioError;
use crate::money::Paise;
use crate::pricing::LineQuote;

/// `list` (the engine's quote for the line) with its garments at `held` a
/// piece. Refused when `held` is negative or above the list's unit price.
pub fn hold_unit_price(list: LineQuote, held: Paise) -> Result<LineQuote, StudioError> {
    if held.0 < 0 {
        return Err(StudioError::NegativePrice);
    }
    if held.0 > list.unit_price.0 {
        return Err(StudioError::HeldPriceAboveList {
            held,
            list: list.unit_price,
        });
    }
    let garments = held.times(list.quantity)?;
    let extras = list.total.sub(list.garments)?;
    Ok(LineQuote {
        unit_price: held,
        tier_discount: list.base_unit_price.times(list.quantity)?.sub(garments)?,
        total: garments.add(extras)?,
        garments,
        // The pieces are fixed by the quote: no "add more for less".
        next_tier: None,
        ..list
    })
}

/// The line at `held` a piece, or at its list price when that has since
/// fallen below the held one (the shopper never pays more than the list).
pub fn at_held_or_lower(list: LineQuote, held: Paise) -> Result<LineQuote, StudioError> {
    if held.0 > list.unit_price.0 {
        Ok(LineQuote {
            next_tier: None,
            ..list
        })
    } else {
        hold_unit_price(list, held)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pricing::quote_line;
    use crate::tiers::ProductPricing;
    use proptest::prelude::*;

    fn list(price: i64, pieces: u32, elements: u32) -> LineQuote {
        quote_line(
            &ProductPricing::with_default_tiers(Paise(price)),
            pieces,
            elements,
        )
        .unwrap()
    }

    #[test]
    fn the_held_price_replaces_the_garments_and_keeps_the_design_fee() {
        // ₹299 a piece, 100 pieces: the default tiers' 10% off is ₹269.10.
        let l = list(299_00, 100, 3);
        assert_eq!(l.unit_price, Paise(269_10));
        let held = hold_unit_price(l.clone(), Paise(250_00)).unwrap();
        assert_eq!(held.unit_price, Paise(250_00));
        assert_eq!(held.garments, Paise(25_000_00));
        assert_eq!(held.tier_discount, Paise(4_900_00));
        assert_eq!(held.design_fee, Paise(100_00));
        assert_eq!(held.total, Paise(25_100_00));
        assert_eq!(held.next_tier, None);
        assert_eq!(
            (held.base_unit_price, held.quantity, held.elements),
            (l.base_unit_price, l.quantity, l.elements)
        );
    }

    #[test]
    fn the_list_price_itself_may_be_held() {
        let l = list(299_00, 30, 1);
        let held = hold_unit_price(l.clone(), l.unit_price).unwrap();
        assert_eq!(held.total, l.total);
        assert_eq!(held.garments, l.garments);
    }

    #[test]
    fn above_the_list_or_negative_is_refused() {
        let l = list(299_00, 100, 1);
        let err = hold_unit_price(l.clone(), Paise(269_11)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "The quoted unit price ₹269.11 is above the store's price of ₹269.10 a piece for these \
             quantities: a negotiated price may only be at or below it"
        );
        assert_eq!(err.code(), "QUOTED_PRICE_ABOVE_LIST");
        assert_eq!(
            hold_unit_price(l, Paise(-1)),
            Err(StudioError::NegativePrice)
        );
    }

    #[test]
    fn surcharges_and_personalisation_stay_the_engines() {
        let l = list(299_00, 50, 2)
            .with_size_surcharges(Paise(1_000_00))
            .unwrap();
        let held = hold_unit_price(l.clone(), Paise(200_00)).unwrap();
        assert_eq!(held.size_surcharges, Paise(1_000_00));
        assert_eq!(held.total, Paise(10_000_00 + 1_000_00 + 50_00));
    }

    #[test]
    fn a_list_price_fallen_below_the_held_one_is_charged() {
        let l = list(199_00, 25, 1);
        let charged = at_held_or_lower(l.clone(), Paise(250_00)).unwrap();
        assert_eq!(charged.total, l.total);
        let charged = at_held_or_lower(l, Paise(150_00)).unwrap();
        assert_eq!(charged.unit_price, Paise(150_00));
    }

    proptest! {
        #[test]
        fn a_held_line_adds_up_and_is_never_above_the_list(
            price in 0i64..200_000,
            pieces in 25u32..5_000,
            elements in 0u32..6,
            surcharges in 0i64..100_000,
            held_share in 0u32..=100,
        ) {
            let l = list(price, pieces, elements).with_size_surcharges(Paise(surcharges)).unwrap();
            let held = Paise(l.unit_price.0 * i64::from(held_share) / 100);
            let h = hold_unit_price(l.clone(), held).unwrap();
            prop_assert_eq!(h.garments.0, held.0 * i64::from(pieces));
            prop_assert_eq!(h.total.0, h.garments.0 + h.size_surcharges.0 + h.design_fee.0);
            prop_assert_eq!(h.tier_discount.0, h.base_unit_price.0 * i64::from(pieces) - h.garments.0);
            prop_assert!(h.total.0 <= l.total.0);
            prop_assert!(h.unit_price.0 <= l.unit_price.0);
            let above = Paise(l.unit_price.0 + 1 + i64::from(held_share));
            prop_assert!(hold_unit_price(l.clone(), above).is_err());
            prop_assert_eq!(at_held_or_lower(l.clone(), above).unwrap().total, l.total);
        }
    }
}
