//! Golden tests: the shared scenario's prices, hashes and pixels are pinned in
//! `tests/golden/reference.json`. After a deliberate rendering change, run
//! `UPDATE_GOLDEN=1 cargo test -p design-engine --test golden` and review the diff.

#[path = "support/scenario.rs"]
mod scenario;

use std::path::PathBuf;

fn reference_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/reference.json")
}

#[test]
fn the_shared_scenario_matches_the_reference() {
    let actual = scenario::run();
    let path = reference_path();
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, serde_json::to_string_pretty(&actual).unwrap() + "\n").unwrap();
    }
    let expected: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&path).expect("reference.json exists")).unwrap();
    assert_eq!(
        actual, expected,
        "rendering or pricing changed; see the module docs to update the reference"
    );
}

#[test]
fn the_reference_holds_the_expected_prices() {
    let r = scenario::run();
    // Shirt Full Sleeve at ₹649 × 30, four elements (three charged at ₹50).
    assert_eq!(r["lineQuote"]["garments"], 649 * 30 * 100);
    assert_eq!(r["lineQuote"]["designFee"], 3 * 50 * 100);
    assert_eq!(r["orderQuote"]["subtotal"], 19620_00);
    assert_eq!(r["orderQuote"]["gatewayCharge"], 490_50);
    assert_eq!(r["orderQuote"]["total"], 20110_50);
    assert_eq!(r["needMore"], 0);
    assert_eq!(
        r["belowMinimumMessage"],
        "Please select at least one item before adding to cart."
    );
    // The first move went outside and was clamped; the text was trimmed.
    assert_eq!(
        r["design"]["areas"]["leftChest"]["text"]["text"],
        "Legacy 2026"
    );
    assert_eq!(
        r["design"]["areas"]["leftChest"]["text"]["position"],
        serde_json::json!({"x": 30.0, "y": 40.0})
    );
}
