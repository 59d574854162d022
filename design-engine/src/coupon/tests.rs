use super::*;
use crate::pricing::quote_line;
use crate::tax::{Date, GstState, order_tax};
use crate::tiers::ProductPricing;
use proptest::prelude::*;

const TODAY: Date = Date::new(2026, 12, 11);
const KARNATAKA: GstState = GstState {
    code: 29,
    name: "Karnataka",
};

fn terms(off: Off) -> CouponTerms {
    CouponTerms {
        off,
        min_pieces: 0,
        product_ids: Vec::new(),
        categories: Vec::new(),
        valid_from: None,
        valid_until: None,
        max_uses: None,
        max_uses_per_customer: None,
        active: true,
    }
}

fn line(product: &str, category: &str, total: i64, quantity: u32) -> CouponLine {
    CouponLine {
        product_id: product.to_string(),
        category: category.to_string(),
        total: Paise(total),
        quantity,
        negotiated: false,
    }
}

/// 25 pieces of a product at `price` (the default tiers start at 25).
fn quote_of(price: i64) -> LineQuote {
    quote_line(&ProductPricing::with_default_tiers(Paise(price)), 25, 1).unwrap()
}

fn lines_of(quotes: &[LineQuote]) -> Vec<CouponLine> {
    quotes
        .iter()
        .enumerate()
        .map(|(i, q)| line(&format!("p{i}"), "t-shirts", q.total.0, q.quantity))
        .collect()
}

#[test]
fn codes_are_four_to_twenty_letters_and_digits_kept_in_capitals() {
    assert_eq!(normalise_code(" diwali25 ").as_deref(), Some("DIWALI25"));
    assert_eq!(normalise_code("ABCD").as_deref(), Some("ABCD"));
    assert_eq!(
        normalise_code(&"A".repeat(20)).as_deref(),
        Some(&*"A".repeat(20))
    );
    for bad in [
        "ABC",
        "",
        &"A".repeat(21),
        "DIWALI-25",
        "DIWALI 25",
        "दिवाली25",
        "ÄBCD",
    ] {
        assert_eq!(normalise_code(bad), None, "{bad:?}");
    }
}

#[test]
fn a_2700_piece_with_ten_percent_off_is_taxed_at_5_percent_without_it_at_18() {
    let quote = quote_of(2_700_00);
    let coupon = terms(Off::Percent(1_000));
    let discounts = coupon
        .apply(&lines_of(std::slice::from_ref(&quote)))
        .unwrap();
    assert_eq!(discounts, vec![Paise(6_750_00)]);
    let order = quote_order_with_coupon(vec![quote.clone()], &discounts, "TENOFF", 0).unwrap();
    assert_eq!(order.lines[0].total, Paise(2_430_00 * 25));
    assert_eq!(order.lines[0].gross(), Paise(2_700_00 * 25));
    assert_eq!(
        (order.discount, order.coupon_code.as_deref()),
        (Paise(6_750_00), Some("TENOFF"))
    );
    let taxed = order_tax(
        &[(order.lines[0].total, 25)],
        order.gateway_charge,
        KARNATAKA,
        KARNATAKA,
        TODAY,
    );
    assert_eq!(taxed.lines[0].rate_bps, 500);
    // ₹60,750 at 5%: taxable ₹57,857.14, CGST and SGST ₹1,446.43 each.
    assert_eq!(taxed.taxable_value, Paise(57_857_14));
    let undiscounted = order_tax(&[(quote.total, 25)], Paise(0), KARNATAKA, KARNATAKA, TODAY);
    assert_eq!(undiscounted.lines[0].rate_bps, 1_800);
    // With the 2.5% fee (on the discounted subtotal) a piece is ₹2,490.75: still 5%.
    let with_fee = quote_order_with_coupon(vec![quote], &discounts, "TENOFF", 250).unwrap();
    assert_eq!(with_fee.gateway_charge, Paise(1_518_75));
    let taxed = order_tax(
        &[(with_fee.lines[0].total, 25)],
        with_fee.gateway_charge,
        KARNATAKA,
        KARNATAKA,
        TODAY,
    );
    assert_eq!(taxed.lines[0].rate_bps, 500);
    assert_eq!(taxed.total, with_fee.total);
}

#[test]
fn the_rate_boundary_is_at_the_discounted_value_per_piece() {
    // ₹2,625.00 a piece is ₹2,500 taxable at 5%: the low rate; a paisa more is 18%.
    let quote = quote_line(&ProductPricing::with_default_tiers(Paise(3_000_00)), 25, 1).unwrap();
    for (off_per_piece, rate) in [(375_00, 500), (374_99, 1_800), (0, 1_800), (1_000_00, 500)] {
        let coupon = terms(Off::Amount(Paise(off_per_piece * 25)));
        let discounts = if off_per_piece == 0 {
            vec![Paise(0)]
        } else {
            coupon
                .apply(&lines_of(std::slice::from_ref(&quote)))
                .unwrap()
        };
        let order = quote_order_with_coupon(vec![quote.clone()], &discounts, "EDGE", 0).unwrap();
        let taxed = order_tax(
            &[(order.lines[0].total, 25)],
            Paise(0),
            KARNATAKA,
            KARNATAKA,
            TODAY,
        );
        assert_eq!(
            taxed.lines[0].rate_bps,
            rate,
            "₹{} off a piece",
            off_per_piece / 100
        );
    }
}

#[test]
fn an_amount_off_is_shared_over_the_eligible_lines_by_largest_remainder() {
    let lines = [
        line("a", "t-shirts", 100_00, 25),
        line("b", "shirts", 200_00, 25),
        line("c", "t-shirts", 1, 25),
        line("d", "t-shirts", 500_00, 25),
    ];
    let coupon = CouponTerms {
        product_ids: vec!["a".into(), "b".into(), "c".into()],
        ..terms(Off::Amount(Paise(7_51)))
    };
    // 751 × (10000, 20000, 1) / 30001: 250.32, 500.63, 0.025 → 250, 500, 0 and
    // the odd paisa to the largest remainder (b's 0.63); d is not eligible.
    assert_eq!(
        coupon.apply(&lines).unwrap(),
        vec![Paise(250), Paise(501), Paise(0), Paise(0)]
    );
    // More off than the eligible lines cost: their whole price, no more.
    let big = CouponTerms {
        product_ids: vec!["a".into()],
        ..terms(Off::Amount(Paise(1_000_00)))
    };
    assert_eq!(big.apply(&lines).unwrap()[0], Paise(100_00));
    // By category, without case.
    let shirts = CouponTerms {
        categories: vec!["SHIRTS".into()],
        ..terms(Off::Percent(1_000))
    };
    assert_eq!(
        shirts.apply(&lines).unwrap(),
        vec![Paise(0), Paise(20_00), Paise(0), Paise(0)]
    );
}

#[test]
fn a_negotiated_line_is_never_discounted() {
    let mut lines = vec![
        line("a", "t-shirts", 100_00, 25),
        line("b", "t-shirts", 100_00, 25),
    ];
    lines[0].negotiated = true;
    let coupon = terms(Off::Percent(5_000));
    assert_eq!(coupon.apply(&lines).unwrap(), vec![Paise(0), Paise(50_00)]);
    lines[1].negotiated = true;
    assert_eq!(coupon.apply(&lines), Err(Refusal::NotApplicable));
}

#[test]
fn each_refusal_has_its_own_reason_and_code() {
    let now = 1_800_000_000_000;
    let usage = Usage {
        now_ms: now,
        uses: 3,
        customer_uses: 1,
    };
    let t = CouponTerms {
        valid_from: Some(now - 1),
        valid_until: Some(now + 1),
        max_uses: Some(4),
        max_uses_per_customer: Some(2),
        min_pieces: 50,
        product_ids: vec!["a".into()],
        ..terms(Off::Percent(1_000))
    };
    assert_eq!(t.check(usage), Ok(()));
    let cases = [
        (
            CouponTerms {
                active: false,
                ..t.clone()
            },
            usage,
            Refusal::Unknown,
        ),
        (
            CouponTerms {
                valid_from: Some(now + 1),
                ..t.clone()
            },
            usage,
            Refusal::NotStarted,
        ),
        (
            CouponTerms {
                valid_until: Some(now - 1),
                ..t.clone()
            },
            usage,
            Refusal::Expired,
        ),
        (t.clone(), Usage { uses: 4, ..usage }, Refusal::UsedUp),
        (
            t.clone(),
            Usage {
                customer_uses: 2,
                ..usage
            },
            Refusal::CustomerLimit,
        ),
    ];
    for (terms, usage, refusal) in cases {
        assert_eq!(terms.check(usage), Err(refusal));
    }
    assert_eq!(
        t.apply(&[line("a", "x", 100_00, 25), line("b", "x", 100_00, 25)]),
        Err(Refusal::BelowMinimum {
            min_pieces: 50,
            pieces: 25
        })
    );
    assert_eq!(
        t.apply(&[line("b", "x", 100_00, 50)]),
        Err(Refusal::NotApplicable)
    );
    assert_eq!(
        t.apply(&[line("a", "x", 100_00, 50)]),
        Ok(vec![Paise(10_00)])
    );
    let codes: std::collections::BTreeSet<_> = [
        Refusal::Unknown,
        Refusal::NotStarted,
        Refusal::Expired,
        Refusal::UsedUp,
        Refusal::CustomerLimit,
        Refusal::BelowMinimum {
            min_pieces: 0,
            pieces: 0,
        },
        Refusal::NotApplicable,
    ]
    .iter()
    .map(Refusal::code)
    .collect();
    assert_eq!(codes.len(), 7);
}

proptest! {
    /// Every discounted order adds up exactly.
    #[test]
    fn every_discounted_order_adds_up(
        prices in prop::collection::vec((1i64..500_000, 25u32..400, any::<bool>()), 1..6),
        off in prop_oneof![(1u32..=100).prop_map(|p| Off::Percent(p * 100)), (1i64..20_000_000).prop_map(|a| Off::Amount(Paise(a)))],
        fee_bps in 0i64..=1_000,
        inter in any::<bool>(),
    ) {
        let quotes: Vec<LineQuote> = prices
            .iter()
            .map(|(p, n, _)| quote_line(&ProductPricing::with_default_tiers(Paise(*p)), *n, 2).unwrap())
            .collect();
        let mut lines = lines_of(&quotes);
        for (l, (_, _, negotiated)) in lines.iter_mut().zip(&prices) {
            l.negotiated = *negotiated;
        }
        let coupon = terms(off);
        let Ok(discounts) = coupon.apply(&lines) else {
            prop_assert!(lines.iter().all(|l| l.negotiated));
            return Ok(());
        };
        let eligible: i64 = lines.iter().filter(|l| !l.negotiated).map(|l| l.total.0).sum();
        let gross: i64 = quotes.iter().map(|q| q.total.0).sum();
        let order = quote_order_with_coupon(quotes.clone(), &discounts, "PROP", fee_bps).unwrap();
        let sum: i64 = discounts.iter().map(|d| d.0).sum();
        prop_assert_eq!(order.discount.0, sum);
        prop_assert!(sum <= eligible);
        if let Off::Amount(a) = off { prop_assert_eq!(sum, a.0.min(eligible)); }
        for ((q, l), (d, coupon_line)) in quotes.iter().zip(&order.lines).zip(discounts.iter().zip(&lines)) {
            prop_assert!(d.0 >= 0 && d.0 <= q.total.0);
            prop_assert!(!coupon_line.negotiated || d.0 == 0);
            prop_assert_eq!(l.total.0, q.total.0 - d.0);
            prop_assert_eq!(l.discount, *d);
            prop_assert!(l.total.0 >= 0);
        }
        prop_assert_eq!(order.subtotal.0, gross - sum);
        prop_assert_eq!(order.gateway_charge, crate::pricing::gateway_charge(order.subtotal, fee_bps).unwrap());
        prop_assert_eq!(order.total.0, order.subtotal.0 + order.gateway_charge.0);
        let to = if inter { GstState { code: 27, name: "Maharashtra" } } else { KARNATAKA };
        let amounts: Vec<(Paise, u32)> = order.lines.iter().map(|l| (l.total, l.quantity)).collect();
        let taxed = order_tax(&amounts, order.gateway_charge, KARNATAKA, to, TODAY);
        prop_assert_eq!(taxed.total, order.total);
        prop_assert_eq!(taxed.taxable_value.0 + taxed.cgst.0 + taxed.sgst.0 + taxed.igst.0, order.total.0);
        for t in &taxed.lines {
            prop_assert!(t.taxable_value.0 >= 0 && t.cgst == t.sgst);
        }
    }
}
