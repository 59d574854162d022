//! The quotes that list every part of a price (a cart line: garments at their
//! tier, the design fee, names and numbers; an order: its lines and the
//! gateway fee), so the studio, the cart and the server show the same
//! breakdown. Amounts are `money`'s paise; this knows nothing of designs.

use serde::{Deserialize, Serialize};

use crate::error::StudioError;
use crate::money::hundredths;
use crate::roster_pricing::PersonalisationQuote;
use crate::tiers::{NextTier, ProductPricing, next_tier};

// Amounts and rates, where the prices' users look for them.
use crate::money::{Paise, percent};

/// Each design element after the first costs ₹50 per line.
pub const DESIGN_FEE_PER_EXTRA_ELEMENT: Paise = Paise(50_00);
/// The payment gateway charge the specification names, 2.5% of the subtotal:
/// the default of the merchant's fee policy (`GATEWAY_FEE_PERCENT`).
pub const GATEWAY_CHARGE_BPS: i64 = 250;
/// The highest fee a merchant may charge: 10% (anything above is a typo, not a policy).
pub const MAX_GATEWAY_FEE_BPS: i64 = 1_000;

/// The gateway charge's label on every price breakdown: "Payment Gateway (2.5%)".
pub fn gateway_label(bps: i64) -> String {
    format!("Payment Gateway ({})", percent(bps))
}

/// A fee as a merchant writes it ("2.5", "2", "0", "1.75": a percentage from
/// 0 to 10 with at most two decimals) in basis points; `None` for anything
/// else ("2.555", "-1", "11", "2.5%", ".5").
pub fn gateway_fee_bps(percent: &str) -> Option<i64> {
    hundredths(percent, 2).filter(|&bps| bps <= MAX_GATEWAY_FEE_BPS)
}

/// The price of one cart line (one design in one colour), part by part.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
// `None` crosses to JavaScript as null (the binding serialises JSON-compatibly).
#[cfg_attr(feature = "wasm", tsify(missing_as_null))]
pub struct LineQuote {
    /// The product's price per piece before its quantity tier.
    pub base_unit_price: Paise,
    /// The tier the line's pieces reach: from how many pieces, and its discount.
    pub tier_min_pieces: u32,
    pub tier_discount_bps: u32,
    /// The price per piece in that tier (base less the discount, half up to the paisa).
    pub unit_price: Paise,
    pub quantity: u32,
    /// What the tier takes off the line: (base − unit price) × quantity.
    pub tier_discount: Paise,
    /// unit price × quantity
    pub garments: Paise,
    /// texts and images over both print areas
    pub elements: u32,
    /// elements after the free first one
    pub chargeable_elements: u32,
    pub design_fee_per_element: Paise,
    pub design_fee: Paise,
    /// What the line's larger sizes add (each piece's size surcharge); 0,
    /// and then left out, for a line without any.
    #[serde(default, skip_serializing_if = "Paise::is_zero")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub size_surcharges: Paise,
    /// The names and numbers printed on every piece, as their own line; none
    /// for a design without them.
    pub personalisation: Option<PersonalisationQuote>,
    /// What a coupon takes off the line, before tax (`coupon::apply`); 0,
    /// and then left out, for a line without one.
    #[serde(default, skip_serializing_if = "Paise::is_zero")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub discount: Paise,
    /// garments + size surcharges + design fee + personalisation − discount:
    /// what the line costs (its GST-inclusive value; the line's gross is
    /// `total + discount`).
    pub total: Paise,
    /// The next cheaper tier, for "Add 12 more for ₹x less per piece"; none in the last.
    pub next_tier: Option<NextTier>,
}

/// Prices a line of `quantity` pieces: the unit price of the tier it reaches
/// × quantity + ₹50 for each element after the first.
pub fn quote_line(
    pricing: &ProductPricing,
    quantity: u32,
    elements: u32,
) -> Result<LineQuote, StudioError> {
    let base = pricing.unit_price;
    if base.0 < 0 {
        return Err(StudioError::NegativePrice);
    }
    let tier = pricing.tiers.tier_for(quantity);
    let unit_price = tier.unit_price(base)?;
    let garments = unit_price.times(quantity)?;
    let tier_discount = base.times(quantity)?.sub(garments)?;
    let chargeable_elements = elements.saturating_sub(1);
    let design_fee = DESIGN_FEE_PER_EXTRA_ELEMENT.times(chargeable_elements)?;
    Ok(LineQuote {
        base_unit_price: base,
        tier_min_pieces: tier.min_pieces,
        tier_discount_bps: tier.discount_bps,
        unit_price,
        quantity,
        tier_discount,
        garments,
        elements,
        chargeable_elements,
        design_fee_per_element: DESIGN_FEE_PER_EXTRA_ELEMENT,
        design_fee,
        size_surcharges: Paise(0),
        personalisation: None,
        discount: Paise(0),
        total: garments.add(design_fee)?,
        next_tier: next_tier(pricing, quantity, unit_price)?,
    })
}

impl LineQuote {
    /// The line with what its pieces' sizes add to it (`Garment::surcharge`).
    pub fn with_size_surcharges(self, surcharges: Paise) -> Result<LineQuote, StudioError> {
        Ok(LineQuote {
            total: self.total.add(surcharges)?,
            size_surcharges: self.size_surcharges.add(surcharges)?,
            ..self
        })
    }

    /// The line with `discount` taken off its total (a coupon's share of it,
    /// never more than the line costs: `coupon::apply` shares it so).
    pub fn with_discount(self, discount: Paise) -> Result<LineQuote, StudioError> {
        let total = self.total.sub(discount)?;
        if discount.0 < 0 || total.0 < 0 {
            return Err(StudioError::NegativePrice);
        }
        Ok(LineQuote {
            total,
            discount: self.discount.add(discount)?,
            ..self
        })
    }

    /// The line before any coupon: garments, surcharges, design fee and personalisation.
    pub fn gross(&self) -> Paise {
        Paise(self.total.0 + self.discount.0)
    }

    /// The line with its names and numbers charged as their own part of the total.
    pub fn with_personalisation(
        self,
        personalisation: Option<PersonalisationQuote>,
    ) -> Result<LineQuote, StudioError> {
        let extra = personalisation.as_ref().map_or(Paise(0), |p| p.total);
        Ok(LineQuote {
            total: self.total.add(extra)?,
            personalisation,
            ..self
        })
    }
}

/// The price of an order: the lines, their subtotal, the gateway charge and the total.
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
// `None` crosses to JavaScript as null (the binding serialises JSON-compatibly).
#[cfg_attr(feature = "wasm", tsify(missing_as_null))]
pub struct OrderQuote {
    pub lines: Vec<LineQuote>,
    pub items: u32,
    /// The lines' totals, after any coupon (the gateway fee is charged on this).
    pub subtotal: Paise,
    /// What the coupon took off the lines in all (the sum of their
    /// discounts); 0, and then left out, without one.
    #[serde(default, skip_serializing_if = "Paise::is_zero")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub discount: Paise,
    /// The coupon the order is priced with, its code as the store keeps it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub coupon_code: Option<String>,
    pub gateway_charge_bps: i64,
    pub gateway_charge: Paise,
    pub total: Paise,
}

/// `bps` basis points of the subtotal, rounded half up to the paisa; a fee
/// outside 0 to 10% is refused (the server never configures one).
pub fn gateway_charge(subtotal: Paise, bps: i64) -> Result<Paise, StudioError> {
    if subtotal.0 < 0 {
        return Err(StudioError::NegativePrice);
    }
    if !(0..=MAX_GATEWAY_FEE_BPS).contains(&bps) {
        return Err(StudioError::GatewayFeeOutOfRange);
    }
    let scaled = subtotal
        .0
        .checked_mul(bps)
        .ok_or(StudioError::PriceOverflow)?;
    Ok(Paise((scaled + 5_000) / 10_000))
}

/// The lines' subtotal plus the gateway fee at `fee_bps` (the merchant's
/// policy; 0 when the merchant absorbs the charge).
pub fn quote_order(lines: Vec<LineQuote>, fee_bps: i64) -> Result<OrderQuote, StudioError> {
    let mut subtotal = Paise(0);
    let mut discount = Paise(0);
    let mut items = 0u32;
    for line in &lines {
        subtotal = subtotal.add(line.total)?;
        discount = discount.add(line.discount)?;
        items = items
            .checked_add(line.quantity)
            .ok_or(StudioError::PriceOverflow)?;
    }
    let charge = gateway_charge(subtotal, fee_bps)?;
    Ok(OrderQuote {
        lines,
        items,
        subtotal,
        discount,
        coupon_code: None,
        gateway_charge_bps: fee_bps,
        gateway_charge: charge,
        total: subtotal.add(charge)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiers::{PriceTier, PriceTiers};

    /// A product at `price` with the engine's default tiers.
    fn base(price: Paise) -> ProductPricing {
        ProductPricing::with_default_tiers(price)
    }

    #[test]
    fn percentages_of_basis_points() {
        assert_eq!(percent(250), "2.5%");
        assert_eq!(percent(1800), "18%");
        assert_eq!(percent(5), "0.05%");
        assert_eq!(gateway_label(GATEWAY_CHARGE_BPS), "Payment Gateway (2.5%)");
        assert_eq!(gateway_label(175), "Payment Gateway (1.75%)");
        assert_eq!(gateway_label(0), "Payment Gateway (0%)");
    }

    #[test]
    fn a_merchants_fee_is_a_percentage_from_0_to_10_with_two_decimals_at_most() {
        for (written, bps) in [
            ("2.5", 250),
            ("2", 200),
            ("0", 0),
            ("1.75", 175),
            ("0.05", 5),
            ("10", 1000),
            ("10.00", 1000),
            ("02.50", 250),
        ] {
            assert_eq!(gateway_fee_bps(written), Some(bps), "{written}");
        }
        for refused in [
            "", "2.555", "10.01", "11", "100", "-1", "+2", "2.5%", ".5", "5.", "2,5", "1e1", " 2",
            "abc",
        ] {
            assert_eq!(gateway_fee_bps(refused), None, "{refused:?}");
        }
    }

    use proptest::prelude::*;

    #[test]
    fn first_element_is_free_each_extra_costs_fifty_rupees() {
        let q = quote_line(&base(Paise::rupees(45)), 25, 0).unwrap();
        assert_eq!((q.design_fee, q.total), (Paise(0), Paise(1125_00)));
        let q = quote_line(&base(Paise::rupees(45)), 25, 1).unwrap();
        assert_eq!(q.design_fee, Paise(0));
        let q = quote_line(&base(Paise::rupees(45)), 25, 4).unwrap();
        assert_eq!((q.chargeable_elements, q.design_fee), (3, Paise(150_00)));
        assert_eq!(q.total, Paise(1275_00));
    }

    #[test]
    fn exact_quotes_at_every_default_tier_boundary() {
        // ₹45.45 a piece: 5% off is 43.1775 → ₹43.18, 10% off 40.905 → ₹40.91
        // (half up), 15% off 38.6325 → ₹38.63; two elements add ₹50.
        let pricing = base(Paise(45_45));
        let expect = [
            (24, 25, 0, 45_45, 50),
            (25, 25, 0, 45_45, 50),
            (49, 25, 0, 45_45, 50),
            (50, 50, 500, 43_18, 100),
            (99, 50, 500, 43_18, 100),
            (100, 100, 1_000, 40_91, 250),
            (249, 100, 1_000, 40_91, 250),
            (250, 250, 1_500, 38_63, 0),
        ];
        for (pieces, tier, bps, unit, next) in expect {
            let q = quote_line(&pricing, pieces, 2).unwrap();
            assert_eq!(
                (q.tier_min_pieces, q.tier_discount_bps, q.unit_price),
                (tier, bps, Paise(unit)),
                "{pieces} pieces"
            );
            assert_eq!(q.base_unit_price, Paise(45_45));
            assert_eq!(q.garments, Paise(unit * i64::from(pieces)));
            assert_eq!(q.tier_discount, Paise((45_45 - unit) * i64::from(pieces)));
            assert_eq!(q.total, Paise(unit * i64::from(pieces) + 50_00));
            assert_eq!(q.next_tier.map_or(0, |n| n.min_pieces), next, "{pieces}");
        }
        // 49 → 50: the hint names one more piece and ₹2.27 less per piece.
        let q49 = quote_line(&pricing, 49, 2).unwrap();
        let next = q49.next_tier.unwrap();
        assert_eq!((next.pieces_needed, next.unit_price), (1, Paise(43_18)));
        assert_eq!(next.hint, "Add 1 more for ₹2.27 less per piece");
        assert_eq!(q49.total, Paise(2227_05 + 50_00));
        assert_eq!(
            quote_line(&pricing, 50, 2).unwrap().total,
            Paise(2159_00 + 50_00)
        );
        // A product's own table is used, not the defaults.
        let own = PriceTiers::new(vec![PriceTier::new(25, 0), PriceTier::new(30, 2_000)]).unwrap();
        let q = quote_line(&ProductPricing::new(Paise(100_00), own), 30, 1).unwrap();
        assert_eq!(
            (q.unit_price, q.total, q.next_tier),
            (Paise(80_00), Paise(2400_00), None)
        );
    }

    #[test]
    fn gateway_charge_is_two_and_a_half_percent_half_up() {
        let bps = GATEWAY_CHARGE_BPS;
        assert_eq!(gateway_charge(Paise(1000_00), bps).unwrap(), Paise(25_00));
        // 0.025 × 1 paisa rounds down, 0.025 × 20 = 0.5 rounds up.
        assert_eq!(gateway_charge(Paise(1), bps).unwrap(), Paise(0));
        assert_eq!(gateway_charge(Paise(20), bps).unwrap(), Paise(1));
        assert_eq!(gateway_charge(Paise(19), bps).unwrap(), Paise(0));
        let order = quote_order(vec![quote_line(&base(Paise(2999)), 25, 2).unwrap()], bps).unwrap();
        assert_eq!(order.subtotal, Paise(2999 * 25 + 5000));
        assert_eq!(order.gateway_charge_bps, 250);
        assert_eq!(order.gateway_charge, Paise(1999)); // 79975 × 0.025 = 1999.375
        assert_eq!(order.total, Paise(79975 + 1999));
    }

    #[test]
    fn at_zero_the_merchant_absorbs_the_charge() {
        let line = quote_line(&base(Paise(2999)), 25, 2).unwrap();
        let order = quote_order(vec![line.clone(), line], 0).unwrap();
        assert_eq!(order.subtotal, Paise(2 * 79975));
        assert_eq!(order.gateway_charge_bps, 0);
        assert_eq!(order.gateway_charge, Paise(0));
        assert_eq!(order.total, Paise(159950));
        assert_eq!(gateway_charge(Paise(i64::MAX), 0), Ok(Paise(0)));
    }

    #[test]
    fn other_fees_round_half_up_too_and_out_of_range_fees_are_refused() {
        // 1.75% of ₹799.75 = 1399.5625 paise → ₹14.00.
        let order = quote_order(vec![quote_line(&base(Paise(2999)), 25, 2).unwrap()], 175).unwrap();
        assert_eq!(order.gateway_charge, Paise(1400));
        assert_eq!(order.total, Paise(79975 + 1400));
        // 1.75% of 200 paise = 3.5 → 4; of 199 = 3.4825 → 3.
        assert_eq!(gateway_charge(Paise(200), 175), Ok(Paise(4)));
        assert_eq!(gateway_charge(Paise(199), 175), Ok(Paise(3)));
        assert_eq!(gateway_charge(Paise(1000_00), 1000), Ok(Paise(100_00)));
        for bps in [-1, 1001, i64::MAX] {
            assert_eq!(
                gateway_charge(Paise(100), bps),
                Err(StudioError::GatewayFeeOutOfRange)
            );
        }
    }

    #[test]
    fn overflow_and_negative_prices_are_errors_not_panics() {
        assert_eq!(
            quote_line(&base(Paise(i64::MAX)), 2, 0),
            Err(StudioError::PriceOverflow)
        );
        assert_eq!(
            quote_line(&base(Paise(-1)), 2, 0),
            Err(StudioError::NegativePrice)
        );
        let big = quote_line(&base(Paise(i64::MAX / 2)), 1, 0).unwrap();
        assert_eq!(
            quote_order(vec![big.clone(), big.clone(), big], GATEWAY_CHARGE_BPS),
            Err(StudioError::PriceOverflow)
        );
    }

    /// Any valid tier table: 25 at no discount, then up to 7 tiers with
    /// strictly more pieces and strictly more off, at most 50%.
    fn any_tiers() -> impl Strategy<Value = PriceTiers> {
        prop::collection::vec((1u32..5_000, 1u32..700), 0..7).prop_map(|steps| {
            let mut tiers = vec![PriceTier::new(25, 0)];
            for (more, off) in steps {
                let last = *tiers.last().unwrap();
                let next = PriceTier::new(last.min_pieces + more, last.discount_bps + off);
                if next.discount_bps > 5_000 || next.min_pieces > 50_000 {
                    break;
                }
                tiers.push(next);
            }
            PriceTiers::new(tiers).unwrap()
        })
    }

    proptest! {
        /// For any tier table, a line is the sum of its parts at the unit price
        /// of the tier its pieces reach, never negative; an order adds its
        /// lines and the fee at any allowed rate; any input either prices or
        /// reports overflow, never panics.
        #[test]
        fn totals_are_the_sum_of_their_parts(
            tiers in any_tiers(),
            lines in prop::collection::vec((0i64..=i64::MAX / 4, any::<u32>(), 0u32..=4), 0..6),
            bps in 0i64..=MAX_GATEWAY_FEE_BPS,
        ) {
            let mut quotes = Vec::new();
            for (price, qty, elements) in lines {
                let pricing = ProductPricing::new(Paise(price), tiers.clone());
                match quote_line(&pricing, qty, elements) {
                    Ok(q) => {
                        let tier = tiers.tier_for(qty);
                        prop_assert_eq!(q.tier_discount_bps, tier.discount_bps);
                        let unit = (i128::from(price) * i128::from(10_000 - tier.discount_bps) + 5_000) / 10_000;
                        prop_assert_eq!(i128::from(q.unit_price.0), unit);
                        prop_assert!(q.unit_price <= q.base_unit_price);
                        prop_assert_eq!(q.garments.0, q.unit_price.0 * i64::from(qty));
                        prop_assert_eq!(q.tier_discount.0, price * i64::from(qty) - q.garments.0);
                        prop_assert_eq!(q.design_fee.0, 5000 * i64::from(elements.saturating_sub(1)));
                        prop_assert_eq!(q.total.0, q.garments.0 + q.design_fee.0);
                        prop_assert!(q.total.0 >= 0);
                        if let Some(next) = &q.next_tier {
                            prop_assert_eq!(next.min_pieces, qty + next.pieces_needed);
                            prop_assert!(next.saving_per_piece.0 >= 0);
                            prop_assert_eq!(next.unit_price.0 + next.saving_per_piece.0, q.unit_price.0);
                        }
                        quotes.push(q);
                    }
                    Err(e) => {
                        prop_assert_eq!(e, StudioError::PriceOverflow);
                        prop_assert!(i128::from(price) * i128::from(qty) + 5000 * 3 > i128::from(i64::MAX));
                    }
                }
            }
            let sum: i128 = quotes.iter().map(|q| i128::from(q.total.0)).sum();
            match quote_order(quotes, bps) {
                Ok(o) => {
                    prop_assert_eq!(i128::from(o.subtotal.0), sum);
                    prop_assert_eq!(i128::from(o.gateway_charge.0), (sum * i128::from(bps) + 5000) / 10000);
                    prop_assert_eq!(o.total.0, o.subtotal.0 + o.gateway_charge.0);
                    prop_assert!(o.total.0 >= o.subtotal.0);
                }
                Err(e) => prop_assert_eq!(e, StudioError::PriceOverflow),
            }
        }
    }
}
