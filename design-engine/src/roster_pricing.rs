//! The charge for names and numbers: a price per personalised piece for its
//! name and for its number (the merchant's, ₹60 and ₹40 by default), its own
//! line beside the garments and the design fee, so the cart, checkout and
//! invoices show it apart.

use serde::{Deserialize, Serialize};

use crate::error::StudioError;
use crate::money::Paise;
use crate::personal_field::PersonalField;

pub const DEFAULT_NAME_CHARGE: Paise = Paise(60_00);
pub const DEFAULT_NUMBER_CHARGE: Paise = Paise(40_00);

/// What one piece's name and one piece's number cost.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PersonalisationCharges {
    pub name: Paise,
    pub number: Paise,
}

impl Default for PersonalisationCharges {
    fn default() -> Self {
        PersonalisationCharges {
            name: DEFAULT_NAME_CHARGE,
            number: DEFAULT_NUMBER_CHARGE,
        }
    }
}

impl PersonalisationCharges {
    /// The merchant's charges; a negative one is refused.
    pub fn new(name: Paise, number: Paise) -> Result<Self, StudioError> {
        if name.0 < 0 || number.0 < 0 {
            return Err(StudioError::NegativePrice);
        }
        Ok(PersonalisationCharges { name, number })
    }

    fn of(self, field: PersonalField) -> Paise {
        match field {
            PersonalField::Name => self.name,
            PersonalField::Number => self.number,
        }
    }
}

/// The personalisation line of a cart line: every piece carries what the
/// design prints (the cart's roster check makes the rows say so), so it is
/// pieces × the charges of the fields printed.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PersonalisationQuote {
    /// "Names and numbers", "Names" or "Numbers": the line's label.
    pub label: String,
    pub pieces: u32,
    /// The charge for a name, or `0` when the design prints none.
    pub name_charge: Paise,
    pub number_charge: Paise,
    /// name charge + number charge
    pub per_piece: Paise,
    /// pieces × per piece
    pub total: Paise,
}

/// The personalisation line of `pieces` pieces that each print the fields in
/// `printed` (a design's: `Design::quote_personalisation`), at the merchant's
/// `charges`; `None` when they print no names or numbers.
pub fn quote_personalisation(
    printed: &[PersonalField],
    pieces: u32,
    charges: PersonalisationCharges,
) -> Result<Option<PersonalisationQuote>, StudioError> {
    if charges.name.0 < 0 || charges.number.0 < 0 {
        return Err(StudioError::NegativePrice);
    }
    let prints = |field| printed.contains(&field);
    let charge = |field| {
        if prints(field) {
            charges.of(field)
        } else {
            Paise(0)
        }
    };
    let (name_charge, number_charge) = (charge(PersonalField::Name), charge(PersonalField::Number));
    let label = match (prints(PersonalField::Name), prints(PersonalField::Number)) {
        (true, true) => "Names and numbers",
        (true, false) => "Names",
        (false, true) => "Numbers",
        (false, false) => return Ok(None),
    };
    let per_piece = name_charge
        .0
        .checked_add(number_charge.0)
        .ok_or(StudioError::PriceOverflow)?;
    let total = per_piece
        .checked_mul(i64::from(pieces))
        .ok_or(StudioError::PriceOverflow)?;
    Ok(Some(PersonalisationQuote {
        label: label.to_string(),
        pieces,
        name_charge,
        number_charge,
        per_piece: Paise(per_piece),
        total: Paise(total),
    }))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::design::{Design, PrintArea};
    use crate::roster::RosterRow;
    use crate::roster::tests::team_design;
    use crate::size::Size;

    #[test]
    fn sixty_for_a_name_forty_for_a_number_per_piece() {
        let d = team_design(30);
        let q = d
            .quote_personalisation(PersonalisationCharges::default())
            .unwrap()
            .unwrap();
        assert_eq!(q.label, "Names and numbers");
        assert_eq!(
            (q.pieces, q.per_piece, q.total),
            (30, Paise(100_00), Paise(3000_00))
        );
        let mut numbers_only = d.clone();
        numbers_only.remove_personal(PrintArea::Back, PersonalField::Name);
        let q = numbers_only
            .quote_personalisation(PersonalisationCharges::default())
            .unwrap()
            .unwrap();
        assert_eq!(
            (q.label.as_str(), q.name_charge, q.total),
            ("Numbers", Paise(0), Paise(1200_00))
        );
        numbers_only.remove_personal(PrintArea::Back, PersonalField::Number);
        assert_eq!(
            numbers_only.quote_personalisation(PersonalisationCharges::default()),
            Ok(None)
        );
    }

    /// The charge knows nothing of designs: the fields printed and the pieces.
    #[test]
    fn the_charge_needs_only_the_fields_printed_and_the_pieces() {
        let charges = PersonalisationCharges::default();
        let both = [PersonalField::Number, PersonalField::Name];
        let q = quote_personalisation(&both, 30, charges).unwrap().unwrap();
        assert_eq!(
            (q.label.as_str(), q.per_piece, q.total),
            ("Names and numbers", Paise(100_00), Paise(3000_00))
        );
        let names = quote_personalisation(&[PersonalField::Name], 2, charges)
            .unwrap()
            .unwrap();
        assert_eq!(
            (names.label.as_str(), names.number_charge, names.total),
            ("Names", Paise(0), Paise(120_00))
        );
        assert_eq!(quote_personalisation(&[], 30, charges), Ok(None));
        assert_eq!(team_design(30).quote_personalisation(charges), Ok(Some(q)));
    }

    #[test]
    fn the_merchant_sets_the_charges_never_below_zero() {
        let charges = PersonalisationCharges::new(Paise(75_00), Paise(0)).unwrap();
        let q = team_design(25)
            .quote_personalisation(charges)
            .unwrap()
            .unwrap();
        assert_eq!(
            (q.label.as_str(), q.total),
            ("Names and numbers", Paise(1875_00))
        );
        assert_eq!(
            PersonalisationCharges::new(Paise(-1), Paise(0)),
            Err(StudioError::NegativePrice)
        );
        let huge = PersonalisationCharges {
            name: Paise(i64::MAX),
            number: Paise(1),
        };
        assert_eq!(
            team_design(1).quote_personalisation(huge),
            Err(StudioError::PriceOverflow)
        );
        let negative = PersonalisationCharges {
            name: Paise(-5),
            number: Paise(1),
        };
        assert_eq!(
            team_design(1).quote_personalisation(negative),
            Err(StudioError::NegativePrice)
        );
    }

    #[test]
    fn a_line_quote_charges_names_and_numbers_as_their_own_part() {
        use crate::tiers::ProductPricing;
        let mut d = team_design(0);
        let rows: Vec<_> = (0..50)
            .map(|i| RosterRow::new(Size::L, "Asha", &i.to_string()).unwrap())
            .collect();
        d.set_quantity(Size::L, 50).unwrap();
        d.set_roster(rows).unwrap();
        let pricing = ProductPricing::with_default_tiers(Paise(299_00))
            .with_personalisation(PersonalisationCharges::new(Paise(70_00), Paise(30_00)).unwrap());
        let q = d.quote(&pricing).unwrap();
        // 50 pieces reach the 5% tier: ₹284.05 a piece; names and numbers ₹100 a piece.
        assert_eq!(
            (q.unit_price, q.garments),
            (Paise(284_05), Paise(14_202_50))
        );
        let p = q.personalisation.clone().unwrap();
        assert_eq!(
            (p.pieces, p.per_piece, p.total),
            (50, Paise(100_00), Paise(5_000_00))
        );
        assert_eq!(q.total, Paise(14_202_50 + 5_000_00));
        // Without names or numbers, no such line and the total is as before.
        let plain = Design::new(&d.product_id, &d.color);
        assert_eq!(plain.quote(&pricing).unwrap().personalisation, None);
    }

    proptest! {
        /// The quote's total is the sum of its lines (garments at the tier's
        /// price, the design fee, names and numbers) for any roster and any
        /// tier table.
        #[test]
        fn a_quote_is_the_sum_of_its_lines_for_any_roster_and_tiers(
            sizes in prop::collection::vec(0usize..5, 1..300),
            steps in prop::collection::vec((1u32..200, 1u32..900), 0..6),
            price in 0i64..1_000_000,
            name in 0i64..100_000,
            number in 0i64..100_000,
        ) {
            use crate::tiers::{PriceTier, PriceTiers, ProductPricing};
            let mut tiers = vec![PriceTier::new(25, 0)];
            for (more, off) in steps {
                let last = *tiers.last().unwrap();
                let next = PriceTier::new(last.min_pieces + more, last.discount_bps + off);
                if next.discount_bps > 5_000 { break; }
                tiers.push(next);
            }
            let tiers = PriceTiers::new(tiers).unwrap();
            let mut d = team_design(0);
            let roster: Vec<_> = sizes.iter().enumerate()
                .map(|(i, &s)| RosterRow::new(Size::ALL[s], "Kiran", &(i % 1000).to_string()).unwrap())
                .collect();
            for r in &roster {
                let q = d.quantities.get(r.size());
                d.set_quantity(r.size(), i64::from(q) + 1).unwrap();
            }
            d.set_roster(roster).unwrap();
            let pricing = ProductPricing::new(Paise(price), tiers.clone())
                .with_personalisation(PersonalisationCharges::new(Paise(name), Paise(number)).unwrap());
            let q = d.quote(&pricing).unwrap();
            let pieces = sizes.len() as i64;
            let unit = tiers.tier_for(pieces as u32).unit_price(Paise(price)).unwrap();
            let p = q.personalisation.clone().unwrap();
            prop_assert_eq!(q.garments.0, unit.0 * pieces);
            prop_assert_eq!(p.total.0, (name + number) * pieces);
            prop_assert_eq!(q.total.0, q.garments.0 + q.design_fee.0 + p.total.0);
        }

        /// For any roster the cart accepts, the charge is rows × the charges
        /// of what each row prints.
        #[test]
        fn the_charge_is_rows_times_charges(
            rows in prop::collection::vec(("[A-Z]{1,12}", "[0-9]{1,3}", 0usize..5), 1..60),
            name in 0i64..100_000,
            number in 0i64..100_000,
            names in any::<bool>(),
            numbers in any::<bool>(),
        ) {
            let mut d = team_design(0);
            if !names { d.remove_personal(PrintArea::Back, PersonalField::Name); }
            if !numbers { d.remove_personal(PrintArea::Back, PersonalField::Number); }
            let roster: Vec<_> = rows.iter().map(|(n, no, s)| {
                let n = if names { n.as_str() } else { "" };
                let no = if numbers || !names { no.as_str() } else { "" };
                RosterRow::new(Size::ALL[*s], n, no).unwrap()
            }).collect();
            for r in &roster {
                let q = d.quantities.get(r.size());
                d.set_quantity(r.size(), i64::from(q) + 1).unwrap();
            }
            d.set_roster(roster.clone()).unwrap();
            let charges = PersonalisationCharges::new(Paise(name), Paise(number)).unwrap();
            let quote = d.quote_personalisation(charges).unwrap();
            if crate::design::check_roster(&d).is_ok() && (names || numbers) {
                let quote = quote.unwrap();
                let expected: i64 = roster.iter().map(|r| {
                    i64::from(r.name().is_some()) * name + i64::from(r.number().is_some()) * number
                }).sum();
                prop_assert_eq!(quote.total.0, expected);
                prop_assert_eq!(quote.total.0, quote.per_piece.0 * roster.len() as i64);
            } else {
                prop_assert!(!(names || numbers) && quote.is_none());
            }
        }
    }
}
