//! Start-up configuration of the real binary: with test providers off (as in
//! production) the test payment provider can never be the one taking money.

use std::process::Command;

/// Runs `api migrate` with these variables; returns (success, stderr).
fn migrate_with(vars: &[(&str, &str)]) -> (bool, String) {
    let dir = std::env::temp_dir().join(format!("store-startup-{}", api::ids::random_hex(6)));
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_api"));
    cmd.arg("migrate")
        .env("DATA_DIR", &dir)
        .env(
            "DATABASE_URL",
            format!("sqlite://{}/store.db?mode=rwc", dir.display()),
        )
        .env_remove("PAYMENT_PROVIDER")
        .env_remove("RAZORPAY_KEY_ID")
        .env_remove("RAZORPAY_KEY_SECRET")
        .env_remove("TEST_PROVIDERS");
    for (k, v) in vars {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("the api binary runs");
    let _ = std::fs::remove_dir_all(&dir);
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn production_settings_never_take_test_payments() {
    assert!(migrate_with(&[]).0, "the embedded defaults start");
    let (ok, err) = migrate_with(&[("TEST_PROVIDERS", "off")]);
    assert!(
        !ok && err.contains("needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET"),
        "{err}"
    );
    let (ok, err) = migrate_with(&[("TEST_PROVIDERS", "off"), ("PAYMENT_PROVIDER", "test")]);
    assert!(
        !ok && err.contains("PAYMENT_PROVIDER=test needs TEST_PROVIDERS on"),
        "{err}"
    );
    let live = [
        ("TEST_PROVIDERS", "off"),
        ("RAZORPAY_KEY_ID", "rzp_live_key"),
        ("RAZORPAY_KEY_SECRET", "live-secret-0123456789abcdef0123"),
    ];
    let (ok, err) = migrate_with(&live);
    assert!(ok, "{err}");
}
