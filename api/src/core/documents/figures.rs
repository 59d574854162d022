//! The pro-forma's money, in integer paise (never floats).
//!
//! Prices are GST-inclusive: the pro-forma adds the items, the gateway charge
//! (the order's own) and any courier charges, and shows the tax inside them
//! with the engine's split and rates (`design_engine::tax::order_tax`), the
//! same figures the tax invoice will show. A line's unit price is its amount
//! divided by its quantity, rounded half up to whole rupees (the
//! specification's rule; it is shown, never summed).

use design_engine::StudioError;
use design_engine::money::{Paise, percent};
use design_engine::tax::{Date, GstState, OrderTax, Split, order_tax};

/// The totals of a pro-forma invoice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Figures {
    /// The order's items price (every line's amount, design fees included).
    pub items: Paise,
    /// The order's payment gateway charge (0 when the merchant absorbs it).
    pub gateway: Paise,
    /// The order's shipping price (0 when it has none).
    pub courier: Paise,
    /// The tax inside items, gateway charge and courier charges.
    pub tax: OrderTax,
    /// items + gateway charge + courier charges: what the buyer pays.
    pub total: Paise,
}

/// One tax inside the total, by rate: "CGST (2.5%)", "IGST (5%)".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaxRow {
    pub label: String,
    pub amount: Paise,
}

impl Figures {
    /// `lines` are (amount, pieces); the gateway and courier charges are
    /// shared over them and taxed at their rates, as the tax invoice does.
    pub fn new(
        lines: &[(Paise, u32)],
        gateway: Paise,
        courier: Paise,
        seller: GstState,
        place_of_supply: GstState,
        date: Date,
    ) -> Result<Figures, StudioError> {
        if [gateway, courier].iter().any(|p| p.0 < 0) || lines.iter().any(|l| l.0.0 < 0) {
            return Err(StudioError::NegativePrice);
        }
        let items = lines
            .iter()
            .try_fold(0i64, |sum, l| sum.checked_add(l.0.0))
            .ok_or(StudioError::PriceOverflow)?;
        let charges = gateway
            .0
            .checked_add(courier.0)
            .ok_or(StudioError::PriceOverflow)?;
        let total = items
            .checked_add(charges)
            .ok_or(StudioError::PriceOverflow)?;
        Ok(Figures {
            items: Paise(items),
            gateway,
            courier,
            tax: order_tax(lines, Paise(charges), seller, place_of_supply, date),
            total: Paise(total),
        })
    }

    /// The taxes inside the total, one row per tax and rate, lowest rate first.
    pub fn tax_rows(&self) -> Vec<TaxRow> {
        let mut rates: Vec<i64> = self.tax.lines.iter().map(|l| l.rate_bps).collect();
        rates.sort_unstable();
        rates.dedup();
        let mut rows = Vec::new();
        for rate in rates {
            let of_rate = self.tax.lines.iter().filter(|l| l.rate_bps == rate);
            let sum = |f: fn(&design_engine::tax::LineTax) -> Paise| {
                Paise(of_rate.clone().map(|l| f(l).0).sum())
            };
            match self.tax.split {
                Split::IntraState => {
                    let half = percent(rate / 2);
                    rows.push(TaxRow {
                        label: format!("CGST ({half})"),
                        amount: sum(|l| l.cgst),
                    });
                    rows.push(TaxRow {
                        label: format!("SGST ({half})"),
                        amount: sum(|l| l.sgst),
                    });
                }
                Split::InterState => rows.push(TaxRow {
                    label: format!("IGST ({})", percent(rate)),
                    amount: sum(|l| l.igst),
                }),
            }
        }
        rows
    }
}

/// A line's unit price: `amount / quantity`, rounded half up to whole
/// rupees (₹31.99 → ₹32.00, ₹31.49 → ₹31.00). A line without garments
/// (which an order never has) shows its amount.
pub fn unit_price(amount: Paise, quantity: i64) -> Result<Paise, StudioError> {
    if amount.0 < 0 {
        return Err(StudioError::NegativePrice);
    }
    if quantity <= 0 {
        return Ok(amount);
    }
    // floor(amount / (100 q) + 1/2) rupees, in i128 so nothing overflows.
    let (a, q) = (i128::from(amount.0), i128::from(quantity));
    let rupees = (2 * a + 100 * q) / (200 * q);
    i64::try_from(rupees * 100)
        .map(Paise)
        .map_err(|_| StudioError::PriceOverflow)
}

#[cfg(test)]
mod tests {
    use super::*;

    const KARNATAKA: GstState = GstState {
        code: 29,
        name: "Karnataka",
    };
    const DELHI: GstState = GstState {
        code: 7,
        name: "Delhi",
    };
    const DAY: Date = Date::new(2026, 11, 25);

    #[test]
    fn the_total_is_what_the_buyer_pays_with_the_tax_inside() {
        // 25 tees at ₹299 and the 2.5% charge: ₹7,661.88, 5% inside.
        let lines = [(Paise(7475_00), 25)];
        let f = Figures::new(&lines, Paise(186_88), Paise(0), KARNATAKA, DELHI, DAY).unwrap();
        assert_eq!(f.total, Paise(7661_88));
        assert_eq!(
            f.tax_rows(),
            vec![TaxRow {
                label: "IGST (5%)".into(),
                amount: Paise(364_85)
            }]
        );
        assert_eq!(f.tax.taxable_value, Paise(7661_88 - 364_85));
        // Within the state, and a second line at 18% (₹3,000 a piece).
        let lines = [(Paise(7475_00), 25), (Paise(75_000_00), 25)];
        let f = Figures::new(&lines, Paise(0), Paise(0), KARNATAKA, KARNATAKA, DAY).unwrap();
        let labels: Vec<String> = f.tax_rows().into_iter().map(|r| r.label).collect();
        assert_eq!(
            labels,
            ["CGST (2.5%)", "SGST (2.5%)", "CGST (9%)", "SGST (9%)"]
        );
        // ₹75,000 at 18%: 9% of 75,000/1.18 = ₹5,720.339 → ₹5,720.34 each.
        assert_eq!(f.tax_rows()[2].amount, Paise(5720_34));
    }

    #[test]
    fn figures_refuse_overflow_and_negative_amounts() {
        let at = |lines: &[(Paise, u32)], g: i64| {
            Figures::new(lines, Paise(g), Paise(0), KARNATAKA, DELHI, DAY).map(|f| f.total)
        };
        assert_eq!(
            at(&[(Paise(i64::MAX), 1)], 1),
            Err(StudioError::PriceOverflow)
        );
        assert_eq!(at(&[(Paise(-1), 1)], 0), Err(StudioError::NegativePrice));
        assert_eq!(at(&[(Paise(1), 1)], -1), Err(StudioError::NegativePrice));
    }

    #[test]
    fn unit_prices_round_half_up_to_whole_rupees() {
        assert_eq!(unit_price(Paise(625_00), 25), Ok(Paise(25_00)));
        // 25 × ₹29.99 + ₹50 design fee = ₹799.75 → ₹31.99 each → ₹32.
        assert_eq!(unit_price(Paise(799_75), 25), Ok(Paise(32_00)));
        assert_eq!(unit_price(Paise(787_25), 25), Ok(Paise(31_00))); // ₹31.49
        assert_eq!(unit_price(Paise(787_50), 25), Ok(Paise(32_00))); // ₹31.50
        assert_eq!(unit_price(Paise(10), 1), Ok(Paise(0)));
        assert_eq!(unit_price(Paise(50), 1), Ok(Paise(1_00)));
        assert_eq!(
            unit_price(Paise(i64::MAX), 1),
            Ok(Paise(i64::MAX / 100 * 100))
        );
        assert_eq!(unit_price(Paise(-1), 1), Err(StudioError::NegativePrice));
        assert_eq!(
            unit_price(Paise(i64::MAX), 2),
            Ok(Paise(i64::MAX / 200 * 100))
        );
        assert_eq!(unit_price(Paise(123_45), 0), Ok(Paise(123_45)));
    }
}
