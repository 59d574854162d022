use super::*;
use crate::money::Paise;

const TODAY: Date = Date::new(2026, 11, 25);
const KARNATAKA: GstState = GstState {
    code: 29,
    name: "Karnataka",
};

#[test]
fn b2c_large_threshold_is_dated() {
    assert_eq!(b2c_large_above(Date::new(2024, 8, 1)), Paise(1_00_000_00));
    assert_eq!(b2c_large_above(TODAY), Paise(1_00_000_00));
    assert_eq!(b2c_large_above(Date::new(2024, 7, 31)), Paise(2_50_000_00));
}

#[test]
fn gstins_are_checked_to_the_check_character() {
    let g = Gstin::parse(" 27aapfu0939f1zv ").unwrap();
    assert_eq!(
        (g.as_str(), g.state().name),
        ("27AAPFU0939F1ZV", "Maharashtra")
    );
    assert_eq!(
        Gstin::parse("27AAPFU0939F1ZW"),
        Err(GstinError::CheckCharacter)
    );
    assert_eq!(Gstin::parse("27AAPFU0939F1Z"), Err(GstinError::Length));
    assert_eq!(Gstin::parse("27AAPF10939F1ZV"), Err(GstinError::Format));
    assert_eq!(Gstin::parse("27AAPFU0939F1YV"), Err(GstinError::Format));
    // 28 (old Andhra Pradesh) is no longer a state code.
    assert_eq!(Gstin::parse("28AAPFU0939F1ZV"), Err(GstinError::State(28)));
    assert_eq!(Gstin::parse("00AAPFU0939F1ZV"), Err(GstinError::State(0)));
    // The store's development placeholder has the wrong check character.
    assert_eq!(
        Gstin::parse("29ABCDE1234F1Z5"),
        Err(GstinError::CheckCharacter)
    );
    assert!(Gstin::parse("29ABCDE1234F1ZW").is_ok());
}

#[test]
fn each_refusal_says_what_is_wrong() {
    let message = |raw: &str, billing: &str| buyer_gstin(raw, billing).unwrap_err().to_string();
    assert_eq!(
        message("27AAPFU0939F1Z", "Maharashtra"),
        "A GSTIN has 15 characters, letters and digits only"
    );
    assert_eq!(
        message("27AAPFU-939F1ZV", "Maharashtra"),
        "A GSTIN has 15 characters, letters and digits only"
    );
    assert!(
        message("27AAPF10939F1ZV", "Maharashtra")
            .starts_with("This GSTIN is not in the right format: 2 digits of the state")
    );
    assert_eq!(
        message("28AAPFU0939F1ZV", "Maharashtra"),
        "This GSTIN starts with 28, which is not a GST state code"
    );
    assert_eq!(
        message("27AAPFU0939F1ZW", "Maharashtra"),
        "This GSTIN's check character is wrong: please check it for a typing mistake"
    );
    assert_eq!(
        message("27AAPFU0939F1ZV", "karnataka"),
        "This GSTIN is registered in Maharashtra (27), but the billing address is in Karnataka"
    );
    assert_eq!(
        message("07AAPFU0939F1ZX", "Bavaria"),
        "The billing address's state, \"Bavaria\", is not a state or union territory of India"
    );
}

#[test]
fn a_buyer_gstin_is_optional_and_must_match_the_billing_state() {
    assert_eq!(buyer_gstin("  ", "Karnataka"), Ok(None));
    let g = buyer_gstin(" 27aapfu0939f1zv ", "MAHARASHTRA")
        .unwrap()
        .unwrap();
    assert_eq!(g.as_str(), "27AAPFU0939F1ZV");
    // Delhi's GSTIN and its aliases in addresses.
    assert!(
        buyer_gstin("07AAPFU0939F1ZX", "New Delhi")
            .unwrap()
            .is_some()
    );
    assert!(matches!(
        buyer_gstin("07AAPFU0939F1ZX", "Haryana"),
        Err(GstinError::StateMismatch { registered, billing }) if registered.code == 7 && billing.code == 6
    ));
    // A form whose state is not chosen yet checks the GSTIN alone.
    assert!(buyer_gstin("27AAPFU0939F1ZV", "").unwrap().is_some());
    assert_eq!(
        buyer_gstin("27AAPFU0939F1ZW", ""),
        Err(GstinError::CheckCharacter)
    );
}

#[test]
fn states_are_found_by_the_names_addresses_use() {
    assert_eq!(GstState::by_name("KARNATAKA"), Some(KARNATAKA));
    assert_eq!(GstState::by_name("Jammu & Kashmir").unwrap().code, 1);
    assert_eq!(
        GstState::by_name("Dadra and Nagar Haveli and Daman and Diu")
            .unwrap()
            .code,
        26
    );
    assert_eq!(GstState::by_name("Orissa").unwrap().code, 21);
    assert_eq!(GstState::by_name("Pondicherry").unwrap().code, 34);
    assert_eq!(GstState::by_name("IL"), None);
    // Every code appears once but Odisha's old name.
    let mut codes: Vec<u8> = STATES.iter().map(|s| s.code).collect();
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(codes.len(), STATES.len() - 1);
}

#[test]
fn hsn_codes_default_by_category_and_are_checked() {
    assert_eq!(default_hsn("t-shirts"), "6109");
    assert_eq!(default_hsn("T-Shirts"), "6109");
    assert_eq!(default_hsn("Polo shirts"), "6105");
    assert_eq!(default_hsn("shirts"), "6205");
    assert_eq!(default_hsn("Sport shirts"), "6205");
    assert_eq!(default_hsn("Tees"), "6109");
    assert_eq!(check_hsn(" 6109 "), Ok("6109".into()));
    assert_eq!(check_hsn("61091000"), Ok("61091000".into()));
    assert_eq!(check_hsn("610"), Err(HsnError));
    assert_eq!(check_hsn("61O9"), Err(HsnError));
    assert_eq!(check_hsn("61091"), Err(HsnError));
}

#[test]
fn the_rate_follows_the_value_per_piece_and_the_date() {
    // From 22 September 2025: ₹2,500 of taxable value a piece at 5% is ₹2,625 with tax.
    assert_eq!(rate_bps(Paise(2_625_00), TODAY), 500);
    assert_eq!(rate_bps(Paise(2_625_01), TODAY), 1800);
    // Before: ₹1,000 at 5% is ₹1,050.
    let before = Date::new(2025, 9, 21);
    assert_eq!(rate_bps(Paise(1_050_00), before), 500);
    assert_eq!(rate_bps(Paise(1_050_01), before), 1200);
    assert_eq!(rate_bps(Paise(1_050_01), Date::new(2025, 9, 22)), 500);
}

#[test]
fn within_a_state_cgst_and_sgst_are_equal_halves_and_add_up_exactly() {
    // 25 tees at ₹299 and a ₹50 design fee: ₹7,525 at 5%.
    let t = line_tax(Paise(7_525_00), 25, Split::IntraState, TODAY);
    assert_eq!(t.rate_bps, 500);
    // 7525 × 2.5 / 105 = 179.166… → ₹179.17 each.
    assert_eq!(
        (t.cgst, t.sgst, t.igst),
        (Paise(179_17), Paise(179_17), Paise(0))
    );
    assert_eq!(t.taxable_value, Paise(7_166_66));
    assert_eq!(t.taxable_value.0 + t.tax().0, 7_525_00);
}

#[test]
fn across_states_igst_at_the_full_rate() {
    let t = line_tax(Paise(7_525_00), 25, Split::InterState, TODAY);
    // 7525 × 5 / 105 = 358.333… → ₹358.33.
    assert_eq!(
        (t.cgst, t.igst, t.taxable_value),
        (Paise(0), Paise(358_33), Paise(7_166_67))
    );
    // A ₹3,000 piece: 18%, 3000 × 18 / 118 = 457.627… → ₹457.63.
    let t = line_tax(Paise(3_000_00), 1, Split::InterState, TODAY);
    assert_eq!(
        (t.rate_bps, t.igst, t.taxable_value),
        (1800, Paise(457_63), Paise(2_542_37))
    );
}

#[test]
fn a_charged_fee_is_shared_over_the_lines_and_taxed_with_them() {
    let shares = crate::money::share_out(&[Paise(100_00), Paise(200_00), Paise(1)], Paise(7_51));
    assert_eq!(shares.iter().map(|s| s.0).sum::<i64>(), 7_51);
    assert_eq!(shares, [Paise(2_50), Paise(5_01), Paise(0)]);
    // The fee at 2.5% of ₹7,525 = ₹188.13, and at 0.
    let delhi = GstState::by_code(7).unwrap();
    let with_fee = order_tax(
        &[(Paise(7_525_00), 25)],
        Paise(188_13),
        KARNATAKA,
        delhi,
        TODAY,
    );
    assert_eq!(with_fee.split, Split::InterState);
    assert_eq!(with_fee.total, Paise(7_713_13));
    // 7713.13 × 5 / 105 = 367.291… → ₹367.29.
    assert_eq!(
        (with_fee.igst, with_fee.taxable_value),
        (Paise(367_29), Paise(7_345_84))
    );
    let absorbed = order_tax(
        &[(Paise(7_525_00), 25)],
        Paise(0),
        KARNATAKA,
        KARNATAKA,
        TODAY,
    );
    assert_eq!(absorbed.split, Split::IntraState);
    assert_eq!(
        (absorbed.cgst, absorbed.sgst, absorbed.total),
        (Paise(179_17), Paise(179_17), Paise(7_525_00))
    );
}

#[test]
fn every_order_adds_up_to_what_was_paid() {
    use proptest::prelude::*;
    proptest!(|(lines in proptest::collection::vec((1i64..10_000_000, 1u32..500), 1..6), fee in 0i64..100_000, same: bool)| {
        let lines: Vec<(Paise, u32)> = lines.into_iter().map(|(a, q)| (Paise(a), q)).collect();
        let to = if same { KARNATAKA } else { GstState::by_code(33).unwrap() };
        let t = order_tax(&lines, Paise(fee), KARNATAKA, to, TODAY);
        let paid: i64 = lines.iter().map(|(a, _)| a.0).sum::<i64>() + fee;
        prop_assert_eq!(t.total.0, paid);
        prop_assert_eq!(t.taxable_value.0 + t.cgst.0 + t.sgst.0 + t.igst.0, paid);
        for l in &t.lines {
            prop_assert_eq!(l.cgst, l.sgst);
            prop_assert!(l.taxable_value.0 >= 0);
        }
    });
}

#[test]
fn financial_years_run_april_to_march() {
    assert_eq!(Date::new(2026, 3, 31).financial_year(), "25-26");
    assert_eq!(Date::new(2026, 4, 1).financial_year(), "26-27");
    assert_eq!(TODAY.financial_year(), "26-27");
    assert_eq!(Date::new(2099, 12, 1).financial_year(), "99-00");
}

#[test]
fn a_full_credit_reverses_the_invoice_and_a_part_keeps_its_rates() {
    // Two lines at different rates (₹3,000 a piece is 18%), with a fee.
    let lines = [(Paise(25 * 800_00), 25), (Paise(25 * 3_000_00), 25)];
    let invoice = order_tax(&lines, Paise(2_375_00), KARNATAKA, KARNATAKA, TODAY);
    let full = credit_tax(&invoice.lines, invoice.total, invoice.split);
    assert_eq!(full, invoice);
    // A part: shared by amount, each share taxed at its line's rate.
    let part = credit_tax(&invoice.lines, Paise(1_000_00), invoice.split);
    assert_eq!(part.total, Paise(1_000_00));
    assert_eq!(
        part.lines.iter().map(|l| l.rate_bps).collect::<Vec<_>>(),
        vec![500, 1800]
    );
    // 20,500 : 76,875 of ₹1,000 (the fee shared in) is ₹210.53 : ₹789.47.
    assert_eq!(part.lines[0].amount, Paise(210_53));
    assert_eq!(part.lines[1].amount, Paise(789_47));
    // ₹210.53 at 5% within a state: 2.5% of 210.53/1.05 = ₹5.0126 → ₹5.01 each half.
    assert_eq!(
        (part.lines[0].cgst, part.lines[0].sgst),
        (Paise(5_01), Paise(5_01))
    );
    assert_eq!(part.lines[0].taxable_value, Paise(200_51));
    // ₹789.47 at 18%: 9% of 789.47/1.18 = ₹60.2137 → ₹60.21 each half.
    assert_eq!(part.lines[1].cgst, Paise(60_21));
    assert_eq!(part.taxable_value.0 + part.cgst.0 + part.sgst.0, 1_000_00);
}

#[test]
fn totals_are_written_in_indian_words() {
    assert_eq!(in_words(Paise(0)), "Rupees Zero Only");
    assert_eq!(in_words(Paise(21_00)), "Rupees Twenty-One Only");
    assert_eq!(
        in_words(Paise(1_23_456_50)),
        "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only"
    );
    assert_eq!(
        in_words(Paise(12_00_00_000_05)),
        "Rupees Twelve Crore and Five Paise Only"
    );
    assert_eq!(
        in_words(Paise(1_05_00_100_00)),
        "Rupees One Crore Five Lakh One Hundred Only"
    );
    assert_eq!(in_words(Paise(-100)), "Minus Rupees One Only");
}
