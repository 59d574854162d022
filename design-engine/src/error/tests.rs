//! Each code's values against the web catalogue's English (`engine.<CODE>`):
//! the same names as its placeholders, and the template filled with them is
//! the engine's message word for word.

use std::collections::{BTreeMap, BTreeSet};

use super::{RowProblem, StudioError, Values};
use crate::money::Paise;
use crate::personal_field::PersonalField;
use crate::size::Size;

fn catalogue() -> BTreeMap<String, String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../web/src/lib/i18n/en.json");
    let text = std::fs::read_to_string(path).expect("the web catalogue");
    serde_json::from_str(&text).expect("the web catalogue is JSON")
}

/// An ICU template (`{name}`, `''` for an apostrophe) filled with `values`,
/// each of which it must name, as they must all be named.
fn fill(template: &str, values: &[(&str, String)]) -> String {
    let given: BTreeSet<&str> = values.iter().map(|(name, _)| *name).collect();
    let mut asked = BTreeSet::new();
    let mut out = String::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open].replace("''", "'"));
        let close = open + rest[open..].find('}').expect("a closed placeholder");
        let name = &rest[open + 1..close];
        let value = values.iter().find(|(n, _)| *n == name);
        out.push_str(
            &value
                .unwrap_or_else(|| panic!("no {name} for {template:?}"))
                .1,
        );
        asked.insert(name);
        rest = &rest[close + 1..];
    }
    out.push_str(&rest.replace("''", "'"));
    assert_eq!(given, asked, "the values of {template:?}");
    out
}

fn samples() -> Vec<StudioError> {
    use StudioError::*;
    let m = Size::parse("M").unwrap();
    let mut all = vec![
        TextEmpty,
        TextTooLong,
        FontSizeOutOfRange,
        ArcRadiusOutOfRange,
        ArcTooTight(140),
        OutlineWidthOutOfRange,
        NoText,
        UnknownFont,
        InvalidColour,
        NotAnImage,
        ImageTooLarge,
        TooManyPixels {
            width: 8000,
            height: 6000,
        },
        UndecodableImage,
        ImageSizeOutOfRange,
        MissingImage,
        QrTextEmpty,
        QrTextTooLong,
        QrLowContrast("1.4".into()),
        UnknownClipArt("star \"big\"".into()),
        BadClipArt("no paths".into()),
        MissingClipArt("heart".into()),
        BadSvg("a script".into()),
        FontNotLoaded("Anton"),
        NegativeQuantity(m),
        QuantityTooLarge(Size::XXL),
        NoItems,
        BelowMinimum(20),
        UnknownColour,
        UnknownArea("sleeve".into()),
        UnknownSize("XXXL".into()),
        NegativePrice,
        HeldPriceAboveList {
            held: Paise(1_250_00),
            list: Paise(1_199_50),
        },
        PriceOverflow,
        GatewayFeeOutOfRange,
        TiersEmpty,
        FirstTierNotBase,
        TooManyTiers,
        TierPiecesNotIncreasing(2),
        TierPiecesTooLarge(3),
        TierDiscountNotIncreasing(4),
        TierDiscountTooLarge(5),
        UnsupportedVersion(9),
        MalformedDesign("missing field `areas`".into()),
        PersonalHeightOutOfRange,
        NoPersonal(PersonalField::Name),
        NoPersonal(PersonalField::Number),
        RosterSizeMismatch {
            size: m,
            roster: 3,
            quantity: 5,
        },
        RosterMissing,
        RosterWithoutPersonalisation,
        RosterTooLong,
    ];
    let problems = [
        RowProblem::Empty,
        RowProblem::NameTooLong,
        RowProblem::NameCharacter('#'),
        RowProblem::NameCharacter('\''),
        RowProblem::NameStart,
        RowProblem::NumberTooLong,
        RowProblem::NumberCharacter('x'),
        RowProblem::UnknownSize("XXXL".into(), "S, M, L, XL or XXL".into()),
        RowProblem::NameMissing,
        RowProblem::NumberMissing,
        RowProblem::NameNotPrinted,
        RowProblem::NumberNotPrinted,
        RowProblem::Fields,
    ];
    all.extend(problems.into_iter().enumerate().map(|(i, p)| p.at(i + 1)));
    all
}

/// The catalogue's English of `e` with its values (a row's as "Row 3: …").
fn english(catalogue: &BTreeMap<String, String>, e: &StudioError) -> String {
    let text = |code: &str| {
        catalogue
            .get(&format!("engine.{code}"))
            .unwrap_or_else(|| panic!("no engine.{code} in the catalogue"))
    };
    let values: Values = e.values();
    match e {
        StudioError::RosterRow { problem, .. } => {
            let row = values[0].1.clone();
            let problem = fill(text(problem.code()), &problem.values());
            fill(text("row"), &[("row", row), ("problem", problem)])
        }
        _ => fill(text(e.code()), &values),
    }
}

#[test]
fn every_message_is_its_catalogue_english_filled_with_its_values() {
    let catalogue = catalogue();
    let samples = samples();
    for e in &samples {
        assert_eq!(english(&catalogue, e), e.to_string(), "{}", e.code());
    }
    let covered: BTreeSet<String> = samples.iter().map(|e| e.code().to_string()).collect();
    let codes: BTreeSet<String> = catalogue
        .keys()
        .filter_map(|id| id.strip_prefix("engine."))
        .filter(|code| code.chars().all(|c| c.is_ascii_uppercase() || c == '_'))
        .map(str::to_string)
        .collect();
    assert_eq!(covered, codes, "a sample of every code");
}

#[test]
fn a_row_names_its_row_and_its_problems_values() {
    let e = RowProblem::UnknownSize("XXXL".into(), "S or M".into()).at(4);
    assert_eq!(
        e.values(),
        vec![
            ("row", "4".to_string()),
            ("size", "XXXL".to_string()),
            ("sizes", "S or M".to_string())
        ]
    );
    assert_eq!(RowProblem::NameCharacter('#').values()[0].1, "#");
    assert_eq!(
        StudioError::HeldPriceAboveList {
            held: Paise(1_250_00),
            list: Paise(99_50)
        }
        .values(),
        vec![
            ("held", "₹1,250.00".to_string()),
            ("list", "₹99.50".to_string())
        ]
    );
}
