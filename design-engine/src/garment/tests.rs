use super::*;

fn area(key: &str, w: f64, h: f64, b: (f64, f64, f64, f64)) -> AreaSpec {
    AreaSpec {
        key: key.into(),
        label: format!(" {key}  label "),
        width_inches: w,
        height_inches: h,
        side: Side::Front,
        area_box: AreaBox {
            x: b.0,
            y: b.1,
            w: b.2,
            h: b.3,
        },
    }
}

fn labels(l: &[&str]) -> Vec<String> {
    l.iter().map(|s| s.to_string()).collect()
}

#[test]
fn the_built_in_areas_are_the_specifications() {
    let kept = check_print_areas(builtin_areas()).unwrap();
    let areas: Vec<PrintArea> = kept.iter().map(AreaSpec::print_area).collect();
    assert_eq!(areas, PrintArea::ALL);
    assert_eq!(areas[1].print_size_inches(), (12.0, 14.0));
    assert_eq!(areas[0].label(), "Left Chest");
}

#[test]
fn a_hoodies_areas_are_kept_and_each_fault_is_named() {
    let kept = check_print_areas(vec![
        area("front", 10.0, 12.0, (25.0, 25.0, 50.0, 50.0)),
        area("leftSleeve", 3.0, 4.0, (5.0, 30.0, 10.0, 13.3)),
    ])
    .unwrap();
    assert_eq!(kept[1].label, "leftSleeve label");
    assert_eq!(kept[1].print_area().pixel_size(900), (900, 1200));
    let ok = (10.0, 10.0, 20.0, 20.0);
    let cases: Vec<(Vec<AreaSpec>, &str)> = vec![
        (vec![], "Print areas: give 1 to 8 print areas"),
        (
            vec![area("front", 4.0, 4.0, ok); 9],
            "Print areas: give 1 to 8 print areas",
        ),
        (
            vec![area("Left sleeve", 4.0, 4.0, ok)],
            "Print area 1: the key must be camelCase letters and digits, at most 24, e.g. leftSleeve",
        ),
        (
            vec![area("front", 4.0, 4.0, ok), area("front", 4.0, 4.0, ok)],
            "Print areas: front is given twice",
        ),
        (
            vec![area("front", 0.0, 4.0, ok)],
            "Print area front: the width must be 0.5 to 24 inches",
        ),
        (
            vec![area("front", 4.0, 25.0, ok)],
            "Print area front: the height must be 0.5 to 24 inches",
        ),
        (
            vec![area("front", 4.0, 4.0, (10.0, 10.0, 0.0, 20.0))],
            "Print area front: its box on the picture needs a width and a height above 0",
        ),
        (
            vec![area("front", 4.0, 4.0, (90.0, 10.0, 20.0, 20.0))],
            "Print area front: its box must lie inside the picture (0 to 100 percent)",
        ),
        (
            vec![area("front", f64::NAN, 4.0, ok)],
            "Print area front: the width must be 0.5 to 24 inches",
        ),
    ];
    for (areas, message) in cases {
        let e = check_print_areas(areas).unwrap_err();
        assert_eq!((e.code, e.message.as_str()), (INVALID_PRINT_AREAS, message));
    }
    let mut blank = area("front", 4.0, 4.0, ok);
    blank.label = "  ".into();
    assert_eq!(
        check_print_areas(vec![blank]).unwrap_err().message,
        "Print area front: the label must be 1 to 30 characters"
    );
}

#[test]
fn sizes_are_any_distinct_labels() {
    let sizes = check_sizes(&labels(&["XS", "S", "3XL", "2-3Y", "Free"])).unwrap();
    assert_eq!(
        sizes.iter().map(|s| s.label()).collect::<Vec<_>>(),
        ["XS", "S", "3XL", "2-3Y", "Free"]
    );
    assert_eq!(
        check_sizes(&[]).unwrap_err().message,
        "Sizes: give 1 to 15 sizes"
    );
    assert_eq!(
        check_sizes(&labels(&["M", "m"])).unwrap_err().message,
        "Sizes: M is given twice"
    );
    assert_eq!(
        check_sizes(&labels(&["M", "<XL>"])).unwrap_err().message,
        "Sizes: \"<XL>\" is not a size label (1 to 12 letters, digits, spaces and - / . +)"
    );
    assert_eq!(
        check_sizes(&labels(&["S"; 16])).unwrap_err().code,
        INVALID_SIZES
    );
}

#[test]
fn surcharges_are_for_the_products_sizes() {
    let sizes = check_sizes(&labels(&["M", "3XL", "4XL"])).unwrap();
    let prices: BTreeMap<String, i64> =
        [("3xl".into(), 5000), ("4XL".into(), 7500), ("M".into(), 0)].into();
    let kept = check_size_prices(&prices, &sizes).unwrap();
    assert_eq!(
        kept,
        BTreeMap::from([("3XL".into(), Paise(5000)), ("4XL".into(), Paise(7500))])
    );
    let six: BTreeMap<String, i64> = [("6XL".into(), 100)].into();
    let e = check_size_prices(&six, &sizes).unwrap_err();
    assert_eq!(
        (e.code, e.message.as_str()),
        (
            INVALID_SIZE_PRICES,
            "Size prices: the product is not sold in size 6XL"
        )
    );
    let negative: BTreeMap<String, i64> = [("M".into(), -1)].into();
    assert_eq!(
        check_size_prices(&negative, &sizes).unwrap_err().message,
        "Size prices: M's surcharge must be 0 to ₹10,000 a piece"
    );
}

#[test]
fn a_colour_needs_a_swatch() {
    let hex: BTreeMap<String, String> = [
        ("Maroon".into(), "#800000".into()),
        ("bottle green".into(), "#006a4e".into()),
    ]
    .into();
    let (names, swatches) =
        check_colours(&labels(&["White", "maroon", "Bottle Green"]), &hex).unwrap();
    assert_eq!(names, ["white", "maroon", "bottle green"]);
    assert_eq!(swatches["bottle green"], "#006A4E");
    let e = check_colours(&labels(&["white", "mustard"]), &hex).unwrap_err();
    assert_eq!(e.message, "colorHex: the product has no color maroon");
    let e = check_colours(&labels(&["white", "mustard"]), &BTreeMap::new()).unwrap_err();
    assert_eq!(
        (e.code, e.message.as_str()),
        (
            INVALID_COLORS,
            "Colors: mustard needs its swatch in colorHex (e.g. \"#800000\")"
        )
    );
    let bad: BTreeMap<String, String> = [("mustard".into(), "yellow".into())].into();
    assert_eq!(
        check_colours(&labels(&["mustard"]), &bad)
            .unwrap_err()
            .message,
        "colorHex: mustard needs a color like #800000"
    );
    assert_eq!(
        check_colours(&labels(&["white", "White"]), &BTreeMap::new())
            .unwrap_err()
            .message,
        "Colors: white is given twice"
    );
}

#[test]
fn a_garment_prices_its_sizes_and_finds_its_areas() {
    let mut g = Garment::with_colours(labels(&["white"]));
    g.sizes.push(Size::parse("3XL").unwrap());
    g.size_prices.insert("3XL".into(), Paise(5000));
    // Its surcharges are priced by its pricing (`ProductPricing::surcharge`).
    let pricing = crate::tiers::ProductPricing::with_default_tiers(Paise(1))
        .with_size_prices(g.size_prices.clone());
    assert_eq!(pricing.surcharge(Size::parse("3xl").unwrap()), Paise(5000));
    assert_eq!(pricing.surcharge(Size::M), Paise(0));
    assert_eq!(g.size("3xl").unwrap().label(), "3XL");
    assert_eq!(g.area("left_chest"), Some(PrintArea::LeftChest));
    assert_eq!(g.area("hood"), None);
    assert_eq!(g.hex("WHITE").as_deref(), Some("#FFFFFF"));
}
