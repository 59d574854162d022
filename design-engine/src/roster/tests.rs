use proptest::prelude::*;

use super::*;
use crate::catalogue::builtin_catalogue;
use crate::design::{Design, PrintArea, check_roster, roster_problems};
use crate::elements::Font;
use crate::personalisation::PersonalStyle;

fn row(size: Size, name: &str, number: &str) -> RosterRow {
    RosterRow::new(size, name, number).unwrap()
}

/// A Back with a name and a number, 25 pieces in M.
pub(crate) fn team_design(pieces: u32) -> Design {
    let product = &builtin_catalogue()[0];
    let mut d = Design::new(&product.id, &product.colors[0]);
    for field in PersonalField::ALL {
        let style =
            PersonalStyle::new(field, Font::Verdana, field.default_height(), "#111").unwrap();
        d.set_personal(PrintArea::Back, field, style);
    }
    d.set_quantity(Size::M, i64::from(pieces)).unwrap();
    d
}

#[test]
fn names_are_trimmed_collapsed_and_upper_cased_numbers_kept_as_written() {
    let r = row(Size::L, "  van  der   berg ", " 007 ");
    assert_eq!((r.name(), r.number()), (Some("VAN DER BERG"), Some("007")));
    let r = row(Size::S, "D\u{2019}Souza", "");
    assert_eq!((r.name(), r.number()), (Some("D'SOUZA"), None));
    assert_eq!(
        row(Size::S, "J.-P. O'Neil", "1").name(),
        Some("J.-P. O'NEIL")
    );
    assert_eq!(
        serde_json::to_string(&row(Size::XXL, "", "00")).unwrap(),
        r#"{"size":"XXL","number":"00"}"#
    );
}

#[test]
fn names_in_indian_scripts_are_names_counted_in_letters() {
    for name in ["राहुल", "தமிழ் செல்வன்", "অমিত", "ਗੁਰਪ੍ਰੀਤ", "ಕಿರಣ್", "Rahul राज"]
    {
        assert_eq!(
            row(Size::M, name, "").name(),
            Some(name.to_uppercase().as_str())
        );
    }
    // Twelve letters fit, thirteen do not: "कि" is one letter of two code points.
    assert!(RosterRow::new(Size::M, &"कि".repeat(12), "").is_ok());
    assert_eq!(
        RosterRow::new(Size::M, &"कि".repeat(13), ""),
        Err(RowProblem::NameTooLong)
    );
    // A vowel sign cannot start a name; the scripts' digits and dandas are not names.
    assert_eq!(
        RosterRow::new(Size::M, "ि", "1"),
        Err(RowProblem::NameStart)
    );
    assert_eq!(
        RosterRow::new(Size::M, "राम१", "1"),
        Err(RowProblem::NameCharacter('१'))
    );
    assert_eq!(
        RosterRow::new(Size::M, "राम।", "1"),
        Err(RowProblem::NameCharacter('।'))
    );
    // Latin keeps its rules.
    assert_eq!(
        RosterRow::new(Size::M, "Zoë", "1"),
        Err(RowProblem::NameCharacter('ë'))
    );
}

#[test]
fn every_row_rule_has_its_message_and_code() {
    let cases: [(&str, &str, RowProblem, &str, &str); 7] = [
        (
            "",
            " ",
            RowProblem::Empty,
            "please enter a name or a number",
            "ROSTER_ROW_EMPTY",
        ),
        (
            "Abcdefghijklm",
            "1",
            RowProblem::NameTooLong,
            "a name can be at most 12 letters",
            "ROSTER_NAME_TOO_LONG",
        ),
        (
            "Zoë",
            "1",
            RowProblem::NameCharacter('ë'),
            "a name may use only the letters A to Z or of India's scripts, spaces, '.', '-' and apostrophes, not 'ë'",
            "ROSTER_NAME_CHARACTER",
        ),
        (
            "-Raj",
            "1",
            RowProblem::NameStart,
            "a name must start with a letter",
            "ROSTER_NAME_START",
        ),
        (
            "Raj",
            "1000",
            RowProblem::NumberTooLong,
            "a number can be at most 3 digits",
            "ROSTER_NUMBER_TOO_LONG",
        ),
        (
            "Raj",
            "1a",
            RowProblem::NumberCharacter('a'),
            "a number may use only the digits 0 to 9, not 'a'",
            "ROSTER_NUMBER_CHARACTER",
        ),
        (
            "Raj",
            "-5",
            RowProblem::NumberCharacter('-'),
            "a number may use only the digits 0 to 9, not '-'",
            "ROSTER_NUMBER_CHARACTER",
        ),
    ];
    for (name, number, problem, message, code) in cases {
        let got = RosterRow::new(Size::M, name, number).unwrap_err();
        assert_eq!(got, problem, "{name:?} {number:?}");
        let e = got.at(3);
        assert_eq!(e.to_string(), format!("Row 3: {message}"));
        assert_eq!(e.code(), code);
    }
    // Twelve characters, spaces and punctuation included, is the most.
    assert!(RosterRow::new(Size::M, "Abc D'ef-g.h", "").is_ok());
    let size = RosterRow::from_input(
        &RosterRowInput {
            size: "XXXXXXXXXXXXXXXXXXXL".into(),
            name: Some("A".into()),
            number: None,
        },
        &Size::ALL,
    );
    assert_eq!(
        size,
        Err(RowProblem::UnknownSize(
            "XXXXXXXX".into(),
            "S, M, L, XL or XXL".into()
        ))
    );
}

#[test]
fn typed_rows_are_all_or_nothing_with_every_error_listed() {
    let inputs = vec![
        RosterRowInput {
            size: "m".into(),
            name: Some("Rao".into()),
            number: Some("7".into()),
        },
        RosterRowInput {
            size: "q".into(),
            name: Some("Rao".into()),
            number: None,
        },
        RosterRowInput {
            size: "L".into(),
            name: None,
            number: Some("x".into()),
        },
    ];
    assert_eq!(
        rows_from_inputs(&inputs, &Size::ALL)
            .unwrap_err()
            .to_string(),
        "Row 2: \"q\" is not a size: use S, M, L, XL or XXL"
    );
    let errors = input_errors(&inputs, &Size::ALL);
    assert_eq!(errors.iter().map(|e| e.row).collect::<Vec<_>>(), [2, 3]);
    assert_eq!(errors[1].code, "ROSTER_NUMBER_CHARACTER");
    assert_eq!(rows_from_inputs(&inputs[..1], &Size::ALL).unwrap().len(), 1);
    let many = vec![inputs[0].clone(); MAX_ROSTER_ROWS + 1];
    assert_eq!(
        rows_from_inputs(&many, &Size::ALL),
        Err(StudioError::RosterTooLong)
    );
    assert_eq!(
        input_errors(&many, &Size::ALL)[0].message,
        "A roster can hold at most 1000 pieces"
    );
}

#[test]
fn the_cart_needs_a_roster_that_matches_the_design_piece_for_piece() {
    let colours = &builtin_catalogue()[0].garment();
    let mut d = team_design(25);
    assert_eq!(d.check_for_cart(colours), Err(StudioError::RosterMissing));
    assert_eq!(
        StudioError::RosterMissing.to_string(),
        "Please add the roster: one row per piece with its size, name and number"
    );
    let mut rows: Vec<_> = (1..=25)
        .map(|n| row(Size::M, "Rao", &n.to_string()))
        .collect();
    d.set_roster(rows.clone()).unwrap();
    assert_eq!(d.check_for_cart(colours), Ok(()));
    // A saved draft may hold a roster that does not add up yet.
    rows.pop();
    rows.push(row(Size::L, "Rao", "99"));
    d.set_roster(rows.clone()).unwrap();
    assert_eq!(d.check_for_saving(colours), Ok(()));
    let problems = roster_problems(&d);
    let messages: Vec<_> = problems.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        messages,
        [
            "The roster has 24 pieces in size M but the quantities say 25",
            "The roster has 1 pieces in size L but the quantities say 0",
        ]
    );
    assert_eq!(problems[0].code(), "ROSTER_SIZE_MISMATCH");
    assert_eq!(d.check_for_cart(colours), Err(problems[0].clone()));

    // Each row must carry what the design prints, and nothing it does not.
    rows.pop();
    rows.push(row(Size::M, "", "5"));
    rows[0] = row(Size::M, "Rao", "");
    d.set_roster(rows.clone()).unwrap();
    let first_two: Vec<_> = roster_problems(&d).iter().map(|e| e.to_string()).collect();
    assert_eq!(
        first_two,
        [
            "Row 1: please enter a number: this design prints one on every piece",
            "Row 25: please enter a name: this design prints one on every piece",
        ]
    );
    d.remove_personal(PrintArea::Back, PersonalField::Number);
    let e = &roster_problems(&d)[0];
    assert_eq!(
        e.to_string(),
        "Row 2: this design prints no number: leave the number empty or add a number to a print area"
    );
    assert_eq!(e.code(), "ROSTER_NUMBER_NOT_PRINTED");
    d.remove_personal(PrintArea::Back, PersonalField::Name);
    assert_eq!(
        roster_problems(&d),
        [StudioError::RosterWithoutPersonalisation]
    );
    d.set_personal(
        PrintArea::Back,
        PersonalField::Number,
        PersonalStyle::new(PersonalField::Number, Font::Arial, 40, "#000").unwrap(),
    );
    d.set_roster(
        (1..=25)
            .map(|n| row(Size::M, "Rao", &n.to_string()))
            .collect(),
    )
    .unwrap();
    assert_eq!(
        check_roster(&d).unwrap_err().to_string(),
        "Row 1: this design prints no name: leave the name empty or add a name to a print area"
    );
    assert_eq!(
        RowError::from(&check_roster(&d).unwrap_err()),
        RowError {
            row: 1,
            message: "Row 1: this design prints no name: leave the name empty or add a name to a print area".into(),
            code: "ROSTER_NAME_NOT_PRINTED",
            values: [("row", "1".to_string())].into(),
            line: false,
        }
    );
}

#[test]
fn a_design_without_names_or_numbers_needs_no_roster() {
    let product = &builtin_catalogue()[0];
    let mut d = Design::new(&product.id, &product.colors[0]);
    d.set_quantity(Size::M, 25).unwrap();
    assert_eq!(check_roster(&d), Ok(()));
    assert_eq!(d.check_for_cart(&product.garment()), Ok(()));
    d.set_roster(vec![row(Size::M, "A", "")]).unwrap();
    assert_eq!(
        d.check_for_cart(&product.garment()),
        Err(StudioError::RosterWithoutPersonalisation)
    );
}

#[test]
fn the_roster_travels_in_the_document_and_bad_rows_name_their_row() {
    let mut d = team_design(2);
    d.set_roster(vec![row(Size::M, "Rao", "7"), row(Size::M, "Iyer", "8")])
        .unwrap();
    let json = d.to_json();
    assert!(json.ends_with(
        r#""roster":[{"size":"M","name":"RAO","number":"7"},{"size":"M","name":"IYER","number":"8"}]}"#
    ));
    assert_eq!(Design::from_json(&json).unwrap(), d);
    let bad = json.replace("IYER", "IYER!");
    // The row's own error (and code), so the studio and the cart can mark the row.
    let err = Design::from_json(&bad).unwrap_err();
    assert_eq!(err, RowProblem::NameCharacter('!').at(2));
    assert_eq!(err.code(), "ROSTER_NAME_CHARACTER");
    assert_eq!(
        err.to_string(),
        "Row 2: a name may use only the letters A to Z or of India's scripts, spaces, '.', '-' and apostrophes, not '!'"
    );
    // Lines of the same artwork merge: quantities add up, rows follow.
    let mut merged = d.clone();
    merged.merge_line(&d).unwrap();
    assert_eq!(
        (merged.quantities.get(Size::M), merged.roster().len()),
        (4, 4)
    );
    assert_eq!(
        merged.check_for_cart(&builtin_catalogue()[0].garment()),
        Err(StudioError::BelowMinimum(21))
    );
}

fn any_input() -> impl Strategy<Value = RosterRowInput> {
    let size = prop_oneof![
        Just("M".to_string()),
        Just("xl".to_string()),
        "[A-Za-z]{0,4}"
    ];
    let name = prop::option::of("[A-Za-z .'\\-#é0-9]{0,14}");
    let number = prop::option::of("[0-9a -]{0,5}");
    (size, name, number).prop_map(|(size, name, number)| RosterRowInput { size, name, number })
}

proptest! {
    /// Any typed roster, on any design, either fits or fails with one of the
    /// documented errors: never a panic, never an undocumented message.
    #[test]
    fn any_roster_checks_or_names_a_documented_error(
        inputs in prop::collection::vec(any_input(), 0..40),
        names in any::<bool>(),
        numbers in any::<bool>(),
        m in 0u32..40,
    ) {
        let mut d = team_design(m);
        if !names { d.remove_personal(PrintArea::Back, PersonalField::Name); }
        if !numbers { d.remove_personal(PrintArea::Back, PersonalField::Number); }
        for e in input_errors(&inputs, &Size::ALL) {
            let prefix = format!("Row {}: ", e.row);
            prop_assert!(e.code.starts_with("ROSTER_") && e.message.starts_with(&prefix));
        }
        match rows_from_inputs(&inputs, &Size::ALL) {
            Err(StudioError::RosterRow { row, .. }) => prop_assert!(row >= 1 && row <= inputs.len()),
            Err(other) => prop_assert!(false, "undocumented: {other}"),
            Ok(rows) => {
                prop_assert!(input_errors(&inputs, &Size::ALL).is_empty());
                let count = rows.len();
                d.set_roster(rows).unwrap();
                let reread = Design::from_json(&d.to_json()).unwrap();
                prop_assert_eq!(&reread, &d);
                match check_roster(&d) {
                    Ok(()) if names || numbers => prop_assert_eq!(count, m as usize),
                    Ok(()) => prop_assert_eq!(count, 0),
                    Err(e) => prop_assert!(matches!(
                        e,
                        StudioError::RosterRow { .. }
                            | StudioError::RosterSizeMismatch { .. }
                            | StudioError::RosterMissing
                            | StudioError::RosterWithoutPersonalisation
                    ), "undocumented: {e}"),
                }
            }
        }
    }

    /// Whatever is pasted, parsing never panics and each line is a row or an error.
    #[test]
    fn any_paste_reads_without_panicking(text in "[A-Za-z0-9 ,\t\"\n'.#-]{0,400}") {
        let parsed = parse::parse_roster(&text, &Size::ALL);
        let lines = text.lines().filter(|l| !l.trim().is_empty()).count();
        prop_assert!(parsed.rows.len() + parsed.errors.len() <= lines);
        prop_assert!(parsed.rows.len() + parsed.errors.len() + 1 >= lines);
    }
}
