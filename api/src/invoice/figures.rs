//! The invoice's money, in integer paise (never floats).
//!
//! Rounding, once for all: both taxes are 2.5% computed by the engine's
//! [`gateway_charge`] (250 basis points, the same charge the order was paid
//! with), rounded half up to the paisa: 0.5 paisa and more rounds up, less
//! rounds down (₹0.20 → 0.5 paisa → 1 paisa; ₹0.19 → 0.475 paisa → 0). A
//! line's unit price is its amount divided by its quantity, rounded half up
//! to whole rupees (the specification's rule; it is shown, never summed).

use design_engine::StudioError;
use design_engine::pricing::{GATEWAY_CHARGE_BPS, Paise, gateway_charge};

/// IGST on the items: the specification's 2.5%, the engine's gateway charge.
pub const IGST_BPS: i64 = GATEWAY_CHARGE_BPS;
/// Tax on the courier charges: the same 2.5%.
pub const COURIER_TAX_BPS: i64 = GATEWAY_CHARGE_BPS;

/// The totals of an invoice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Figures {
    /// The order's items price (every line's amount, design fees included).
    pub items: Paise,
    /// 2.5% of `items`.
    pub igst: Paise,
    /// The order's shipping price (0 when it has none).
    pub courier: Paise,
    /// 2.5% of `courier`.
    pub courier_tax: Paise,
    /// items + IGST + courier + courier tax.
    pub total: Paise,
}

impl Figures {
    pub fn new(items: Paise, courier: Paise) -> Result<Figures, StudioError> {
        let igst = gateway_charge(items, IGST_BPS)?;
        let courier_tax = gateway_charge(courier, COURIER_TAX_BPS)?;
        let total = [igst, courier, courier_tax]
            .into_iter()
            .try_fold(items.0, |sum, p| sum.checked_add(p.0))
            .ok_or(StudioError::PriceOverflow)?;
        Ok(Figures {
            items,
            igst,
            courier,
            courier_tax,
            total: Paise(total),
        })
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

    #[test]
    fn taxes_are_two_and_a_half_percent_half_up_and_total_adds_up() {
        // 25 tees at ₹25: ₹625.00, IGST ₹15.625 → ₹15.63.
        let f = Figures::new(Paise(625_00), Paise(0)).unwrap();
        assert_eq!(
            (f.igst, f.courier_tax, f.total),
            (Paise(15_63), Paise(0), Paise(640_63))
        );
        // Courier ₹150.00: tax ₹3.75; ₹99.99: 249.975 paise → ₹2.50.
        let f = Figures::new(Paise(1000_00), Paise(150_00)).unwrap();
        assert_eq!(
            (f.igst, f.courier, f.courier_tax, f.total),
            (Paise(25_00), Paise(150_00), Paise(3_75), Paise(1178_75))
        );
        assert_eq!(
            Figures::new(Paise(0), Paise(99_99)).unwrap().courier_tax,
            Paise(2_50)
        );
        // Exactly half a paisa rounds up, just under rounds down.
        assert_eq!(Figures::new(Paise(20), Paise(0)).unwrap().igst, Paise(1));
        assert_eq!(Figures::new(Paise(19), Paise(0)).unwrap().igst, Paise(0));
    }

    #[test]
    fn figures_refuse_overflow_and_negative_amounts() {
        assert_eq!(
            Figures::new(Paise(i64::MAX), Paise(0)),
            Err(StudioError::PriceOverflow)
        );
        assert_eq!(
            Figures::new(Paise(0), Paise(i64::MAX / 2)),
            Err(StudioError::PriceOverflow)
        );
        assert_eq!(
            Figures::new(Paise(-1), Paise(0)),
            Err(StudioError::NegativePrice)
        );
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
