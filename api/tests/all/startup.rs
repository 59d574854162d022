//! Start-up configuration of the real binary: production is the default, the
//! test providers never run beside live keys, weak secrets are refused and
//! generated ones are the owner's alone.

use std::path::{Path, PathBuf};
use std::process::Command;

fn fresh_dir() -> PathBuf {
    std::env::temp_dir().join(format!("store-startup-{}", api::ids::random_hex(6)))
}

/// Runs `api ARGS` on the SQLite store in `dir` with these variables; returns (success, stdout + stderr).
fn api_in(dir: &Path, args: &[&str], vars: &[(&str, &str)]) -> (bool, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_api"));
    cmd.args(args).env("DATA_DIR", dir).env(
        "DATABASE_URL",
        format!("sqlite://{}/store.db?mode=rwc", dir.display()),
    );
    for k in [
        "PAYMENT_PROVIDER",
        "RAZORPAY_KEY_ID",
        "RAZORPAY_KEY_SECRET",
        "TEST_PROVIDERS",
        "JWT_SECRET",
        "CODE_SECRET",
        "SMTP_URL",
        "COMPANY_GSTIN",
        "COMPANY_NAME",
        "COMPANY_ADDRESS",
        "ADMIN_TOTP",
        "GATEWAY_FEE_PERCENT",
        "PRODUCTION_STAGES",
    ] {
        cmd.env_remove(k);
    }
    for (k, v) in vars {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("the api binary runs");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

pub(crate) fn migrate_with(vars: &[(&str, &str)]) -> (bool, String) {
    let dir = fresh_dir();
    let out = api_in(&dir, &["migrate"], vars);
    let _ = std::fs::remove_dir_all(&dir);
    out
}

#[test]
fn production_is_the_default_and_never_takes_test_payments() {
    let (ok, err) = migrate_with(&[]);
    assert!(
        ok,
        "production without keys starts (checkout answers 503): {err}"
    );
    assert!(!err.contains("DEV MODE"), "{err}");
    let (ok, err) = migrate_with(&[("PAYMENT_PROVIDER", "test")]);
    assert!(
        !ok && err.contains("PAYMENT_PROVIDER=test needs TEST_PROVIDERS=on"),
        "{err}"
    );
    let (ok, err) = migrate_with(&[("TEST_PROVIDERS", "on")]);
    assert!(
        ok && err.matches("DEV MODE").count() == 1,
        "said once, loudly: {err}"
    );
    let live = [
        ("RAZORPAY_KEY_ID", "rzp_live_key"),
        ("RAZORPAY_KEY_SECRET", "live-secret-0123456789abcdef0123"),
    ];
    assert!(migrate_with(&live).0);
    let (ok, err) = migrate_with(&[live[0], live[1], ("TEST_PROVIDERS", "on")]);
    assert!(
        !ok && err.contains("cannot run with live Razorpay keys"),
        "{err}"
    );
    let (ok, err) = migrate_with(&[("TEST_PROVIDERS", "maybe")]);
    assert!(
        !ok && err.contains("TEST_PROVIDERS must be on or off"),
        "{err}"
    );
}

#[test]
fn a_seller_gstin_with_a_wrong_check_character_is_named_at_start() {
    // Production starts (checkout answers 503 until it is put right) and says why.
    let (ok, out) = migrate_with(&[("COMPANY_GSTIN", "27AAPFU0939F1ZW")]);
    assert!(
        ok && out.contains("COMPANY_GSTIN \"27AAPFU0939F1ZW\" is invalid")
            && out.contains("check character is wrong"),
        "{out}"
    );
    // Dev mode refuses it outright.
    let (ok, err) = migrate_with(&[
        ("COMPANY_GSTIN", "27AAPFU0939F1ZW"),
        ("TEST_PROVIDERS", "on"),
    ]);
    assert!(!ok && err.contains("check character is wrong"), "{err}");
    let (ok, out) = migrate_with(&[
        ("COMPANY_GSTIN", "27aapfu0939f1zv"),
        ("COMPANY_NAME", "Legacy Threads Pvt Ltd"),
        ("COMPANY_ADDRESS", "4 Linking Road, Mumbai 400050"),
    ]);
    assert!(ok, "a valid GSTIN in any case starts: {out}");
    assert!(!out.contains("seller details"), "{out}");
}

#[test]
fn a_gateway_fee_that_is_not_0_to_10_percent_refuses_to_start() {
    for bad in ["2.555", "10.01", "11", "-1", "2.5%", "two", ".5"] {
        let (ok, err) = migrate_with(&[("GATEWAY_FEE_PERCENT", bad)]);
        assert!(
            !ok && err.contains(&format!(
                "GATEWAY_FEE_PERCENT must be a percentage from 0 to 10 with at most two decimals \
                 (e.g. 2.5, or 0 to absorb the charge), not {bad:?}"
            )),
            "{bad}: {err}"
        );
    }
    for good in ["0", "1.75", "10", "2.5"] {
        let (ok, err) = migrate_with(&[("GATEWAY_FEE_PERCENT", good)]);
        assert!(ok, "{good}: {err}");
    }
}

#[test]
fn weak_secrets_are_refused_and_generated_ones_are_private() {
    let (ok, err) = migrate_with(&[("JWT_SECRET", "short")]);
    assert!(
        !ok && err.contains("JWT_SECRET is 5 bytes; it must be at least 32"),
        "{err}"
    );
    let (ok, err) = migrate_with(&[("CODE_SECRET", "0123456789")]);
    assert!(!ok && err.contains("CODE_SECRET is 10 bytes"), "{err}");
    assert!(migrate_with(&[("JWT_SECRET", &"k".repeat(32))]).0);

    let dir = fresh_dir();
    let (ok, err) = api_in(&dir, &["migrate"], &[("TEST_PROVIDERS", "on")]);
    assert!(ok, "{err}");
    use std::os::unix::fs::PermissionsExt;
    for file in [
        "jwt-secret",
        "code-secret",
        "payment-key-secret",
        "payment-webhook-secret",
    ] {
        let mode = std::fs::metadata(dir.join(file))
            .unwrap()
            .permissions()
            .mode()
            & 0o777;
        assert_eq!(mode, 0o600, "{file}");
    }
    assert_eq!(
        std::fs::metadata(&dir).unwrap().permissions().mode() & 0o777,
        0o700
    );
    let jwt = std::fs::read_to_string(dir.join("jwt-secret")).unwrap();
    assert_ne!(
        jwt,
        std::fs::read_to_string(dir.join("code-secret")).unwrap(),
        "codes have their own key"
    );
    // A secret file an older release left readable is made private.
    std::fs::set_permissions(
        dir.join("jwt-secret"),
        std::fs::Permissions::from_mode(0o644),
    )
    .unwrap();
    assert!(api_in(&dir, &["migrate"], &[]).0);
    assert_eq!(
        std::fs::metadata(dir.join("jwt-secret"))
            .unwrap()
            .permissions()
            .mode()
            & 0o777,
        0o600
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("jwt-secret")).unwrap(),
        jwt,
        "kept"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn create_admin_refuses_an_unverified_account() {
    let dir = fresh_dir();
    assert!(api_in(&dir, &["migrate"], &[]).0);
    let db = insert_unverified(&dir);
    assert!(db, "arranged an unverified account");
    let (ok, out) = api_in(
        &dir,
        &[
            "create-admin",
            "--email",
            "someone@example.com",
            "--name",
            "S",
        ],
        &[],
    );
    assert!(!ok && out.contains("has not been verified"), "{out}");
    let (ok, out) = api_in(
        &dir,
        &[
            "create-admin",
            "--email",
            "boss@example.com",
            "--name",
            "Boss",
        ],
        &[],
    );
    assert!(
        ok && out.contains("created admin boss@example.com"),
        "{out}"
    );
    // Production mode: the output explains the second factor and its recovery.
    for words in [
        "Admins sign in with a second factor",
        "QR code",
        "authenticator app",
        "recovery codes",
        "reset-second-factor",
    ] {
        assert!(out.contains(words), "{words}: {out}");
    }
    let (ok, out) = api_in(
        &dir,
        &[
            "create-admin",
            "--email",
            "dev@example.com",
            "--name",
            "Dev",
        ],
        &[("TEST_PROVIDERS", "on")],
    );
    assert!(ok && out.contains("Second factors are off here"), "{out}");
    let (ok, out) = api_in(
        &dir,
        &["reset-second-factor", "--email", "boss@example.com"],
        &[],
    );
    assert!(
        ok && out.contains("second factor, recovery codes and any lock removed"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Registers an unverified account as `POST /auth/register` leaves it, straight in the store.
fn insert_unverified(dir: &Path) -> bool {
    let url = format!("sqlite://{}/store.db", dir.display());
    tokio::runtime::Runtime::new().unwrap().block_on(async {
        let db = api::db::connect(&url, None).await.unwrap();
        sqlx::query(
            "INSERT INTO users (id, name, email, role, is_verified, created_at, updated_at) \
             VALUES ('0123456789abcdef01234567', 'S', 'someone@example.com', 'user', 0, 0, 0)",
        )
        .execute(&db)
        .await
        .is_ok()
    })
}
