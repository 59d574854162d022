use serde::Deserialize;

use super::*;

#[test]
fn rupees_as_a_merchant_writes_them() {
    assert_eq!(Paise::parse_rupees("60"), Some(Paise(60_00)));
    assert_eq!(Paise::parse_rupees("59.5"), Some(Paise(59_50)));
    assert_eq!(Paise::parse_rupees("0.05"), Some(Paise(5)));
    assert_eq!(Paise::parse_rupees("99999.99"), Some(Paise(99_999_99)));
    for bad in [
        "", "-1", "₹60", "1e3", "60.", ".5", "60.123", "100000", " 60",
    ] {
        assert_eq!(Paise::parse_rupees(bad), None, "{bad:?}");
    }
}

#[test]
fn rupees_are_written_with_lakh_grouping() {
    assert_eq!(Paise(0).format_inr(), "₹0.00");
    assert_eq!(Paise(4500).format_inr(), "₹45.00");
    assert_eq!(Paise(123_456_50).format_inr(), "₹1,23,456.50");
    assert_eq!(Paise(12_345_678_90).format_inr(), "₹1,23,45,678.90");
    assert_eq!(Paise(-1_000_00).format_inr(), "-₹1,000.00");
}

/// The cases the web app's money module is tested against too.
#[derive(Deserialize)]
struct Cases {
    format: Vec<Format>,
    parse: Vec<Parse>,
}

#[derive(Deserialize)]
struct Format {
    paise: i64,
    text: String,
}

#[derive(Deserialize)]
struct Parse {
    text: String,
    paise: Option<i64>,
}

#[test]
fn the_shared_table_of_rupee_cases() {
    let cases: Cases = serde_json::from_str(include_str!("../../tests/cases/money.json")).unwrap();
    assert!(!cases.format.is_empty() && !cases.parse.is_empty());
    for case in cases.format {
        assert_eq!(Paise(case.paise).format_inr(), case.text, "{}", case.paise);
        assert_eq!(Paise(case.paise).to_string(), case.text);
    }
    for case in cases.parse {
        assert_eq!(
            Paise::parse_rupees(&case.text),
            case.paise.map(Paise),
            "{:?}",
            case.text
        );
    }
}

#[test]
fn sums_too_large_for_paise_overflow() {
    assert_eq!(Paise(i64::MAX).add(Paise(1)), Err(Overflow));
    assert_eq!(Paise(i64::MIN).sub(Paise(1)), Err(Overflow));
    assert_eq!(Paise(i64::MAX / 2 + 1).times(2), Err(Overflow));
    assert_eq!(
        Paise(2).add(Paise(3)).and_then(|p| p.times(4)),
        Ok(Paise(20))
    );
}
