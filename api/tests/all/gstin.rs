//! Business buyers' GSTINs at checkout (checked by the engine: format, check
//! character, state code, and registered in the billing state) and the
//! seller's details a production store needs before it takes an order.
//! SQLite and PostgreSQL.

use serde_json::{Value, json};

use crate::helpers::checkout::{TOTAL, address, order_request, payment, shopper};
use crate::helpers::process::{Store, data_dir};
use crate::helpers::{Engine, TestApp, engines, fresh_postgres};

/// A GSTIN registered in Delhi (07), the test address's state.
const DELHI_GSTIN: &str = "07AAPFU0939F1ZX";
/// The same PAN registered in Karnataka (29).
const KARNATAKA_GSTIN: &str = "29AAPFU0939F1ZR";

fn with_gstin(receipt: &str, gstin: &str) -> Value {
    let mut body = order_request(receipt, TOTAL);
    body["gstin"] = json!(gstin);
    body
}

async fn order_count(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM orders")
        .fetch_one(&app.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_valid_gstin_is_stored_and_shown_to_the_buyer_and_the_admin() {
    for engine in engines() {
        let app = TestApp::spawn_configured(engine, None, |c| {
            c.company.support_email = "care@threads.example".into();
            c.company.phone = "+91 22 5555 0100".into();
            // Straight to shipped: no proof to approve first.
            c.proof_required = false;
        })
        .await;
        let token = shopper(&app, "firm@example.com").await;
        // Any case, spaces around it: stored as written on invoices.
        let (status, created) = app
            .post_auth(
                "/api/payments/create-order",
                &token,
                with_gstin("r-gst", " 07aapfu0939f1zx "),
            )
            .await;
        assert_eq!(status, 200, "{engine:?} {created}");
        let id = created["data"]["order"]["_id"]
            .as_str()
            .unwrap()
            .to_string();
        let (status, paid) = app
            .post_auth(
                "/api/payments/verify",
                &token,
                payment(&created["data"], "pay_gst"),
            )
            .await;
        assert_eq!(status, 200, "{engine:?} {paid}");
        let (_, mine) = app.get_auth(&format!("/api/orders/{id}"), &token).await;
        assert_eq!(mine["data"]["buyerGstin"], DELHI_GSTIN, "{engine:?}");
        let (_, list) = app.get_auth("/api/orders", &token).await;
        assert_eq!(list["data"][0]["buyerGstin"], DELHI_GSTIN, "{engine:?}");
        let admin = app.admin_token().await;
        let (_, theirs) = app.get_auth(&format!("/api/orders/{id}"), &admin).await;
        assert_eq!(theirs["data"]["buyerGstin"], DELHI_GSTIN, "{engine:?}");
        // The confirmation and a status e-mail end with the configured support contact.
        let contact = "\nQuestions? Write to care@threads.example or call +91 22 5555 0100.";
        let mail = app
            .message_with("asha@example.com", "We have received your payment")
            .await;
        assert!(mail.ends_with(contact), "{mail}");
        let (status, _) = app
            .put_auth(
                &format!("/api/orders/{id}/status"),
                &admin,
                json!({"status": "shipped"}),
            )
            .await;
        assert_eq!(status, 200);
        let mail = app
            .message_with("firm@example.com", "has been shipped")
            .await;
        assert!(mail.ends_with(contact), "{mail}");

        // A consumer's order (none, or blank) has none.
        let token = shopper(&app, "consumer@example.com").await;
        let (status, created) = app
            .post_auth(
                "/api/payments/create-order",
                &token,
                with_gstin("r-b2c", "  "),
            )
            .await;
        assert_eq!(status, 200, "{engine:?} {created}");
        let id = created["data"]["order"]["_id"].as_str().unwrap();
        let (_, order) = app.get_auth(&format!("/api/orders/{id}"), &token).await;
        assert!(order["data"].get("buyerGstin").is_none(), "{order}");
    }
}

#[tokio::test]
async fn each_wrong_gstin_is_refused_with_its_reason_and_creates_nothing() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let token = shopper(&app, "firm@example.com").await;
        for (gstin, message) in [
            (
                "07AAPFU0939F1Z",
                "A GSTIN has 15 characters, letters and digits only",
            ),
            (
                "07AAPF-0939F1ZX",
                "A GSTIN has 15 characters, letters and digits only",
            ),
            (
                "07AAPF10939F1ZX",
                "This GSTIN is not in the right format: 2 digits of the state, the 10-character PAN, \
                 1 digit or letter, Z, and a check character",
            ),
            (
                "28AAPFU0939F1ZX",
                "This GSTIN starts with 28, which is not a GST state code",
            ),
            (
                "07AAPFU0939F1ZY",
                "This GSTIN's check character is wrong: please check it for a typing mistake",
            ),
            (
                "27AAPFU0939F1ZV",
                "This GSTIN is registered in Maharashtra (27), but the billing address is in Delhi",
            ),
        ] {
            let (status, body) = app
                .post_auth(
                    "/api/payments/create-order",
                    &token,
                    with_gstin("r-bad", gstin),
                )
                .await;
            assert_eq!(
                (status, body["message"].as_str(), body["code"].as_str()),
                (400, Some(message), Some("INVALID_GSTIN")),
                "{engine:?} {gstin}"
            );
        }
        assert_eq!(order_count(&app).await, 0, "{engine:?}: nothing stored");
        // The same receipt, with the GSTIN put right, places the order.
        let (status, body) = app
            .post_auth(
                "/api/payments/create-order",
                &token,
                with_gstin("r-bad", DELHI_GSTIN),
            )
            .await;
        assert_eq!(status, 200, "{engine:?} {body}");
        assert_eq!(order_count(&app).await, 1, "{engine:?}");
    }
}

#[tokio::test]
async fn a_separate_billing_address_decides_the_gstin_state() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let token = shopper(&app, "firm@example.com").await;
        let billed_in_bengaluru = |receipt: &str, gstin: &str| {
            let mut body = with_gstin(receipt, gstin);
            body["sameAsShipping"] = json!(false);
            body["billingAddress"] = json!({
                "addressLine1": "12 MG Road", "city": "Bengaluru", "state": "Karnataka", "zipCode": "560001"
            });
            body
        };
        // Delivered to Delhi, billed in Karnataka: a Delhi GSTIN does not fit.
        let (status, body) = app
            .post_auth(
                "/api/payments/create-order",
                &token,
                billed_in_bengaluru("r-1", DELHI_GSTIN),
            )
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (
                400,
                Some(
                    "This GSTIN is registered in Delhi (07), but the billing address is in Karnataka"
                )
            ),
            "{engine:?}"
        );
        assert_eq!(order_count(&app).await, 0, "{engine:?}");
        let (status, body) = app
            .post_auth(
                "/api/payments/create-order",
                &token,
                billed_in_bengaluru("r-1", KARNATAKA_GSTIN),
            )
            .await;
        assert_eq!(status, 200, "{engine:?} {body}");
        let id = body["data"]["order"]["_id"].as_str().unwrap();
        let (_, order) = app.get_auth(&format!("/api/orders/{id}"), &token).await;
        assert_eq!(order["data"]["buyerGstin"], KARNATAKA_GSTIN);
        assert_eq!(order["data"]["shippingAddress"]["state"], "Delhi");
        assert_eq!(order["data"]["billingAddress"]["state"], "Karnataka");
    }
}

#[tokio::test]
async fn a_billing_state_that_is_not_indian_cannot_carry_a_gstin() {
    let app = TestApp::spawn(Engine::Sqlite).await;
    let token = shopper(&app, "firm@example.com").await;
    let mut body = with_gstin("r-1", DELHI_GSTIN);
    let mut shipping = address();
    shipping["state"] = json!("Bavaria");
    body["shippingAddress"] = shipping;
    let (status, body) = app
        .post_auth("/api/payments/create-order", &token, body)
        .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (
            400,
            Some(
                "The billing address's state, \"Bavaria\", is not a state or union territory of India"
            )
        )
    );
    assert_eq!(order_count(&app).await, 0);
}

const NO_SELLER: &str =
    "The store's seller details are not configured, so orders cannot be placed yet";

/// A production app with payment keys but no seller details.
async fn production_without_seller(engine: Engine) -> TestApp {
    TestApp::spawn_configured(engine, None, |c| {
        c.test_providers = false;
        c.payments = TestApp::payments(
            api::payments::config::ProviderKind::Razorpay,
            "http://127.0.0.1:9",
        );
        c.company = api::domain::company::Company::from_lookup(false, |_| None).unwrap();
    })
    .await
}

#[tokio::test]
async fn production_without_seller_details_takes_no_order() {
    for engine in engines() {
        let app = production_without_seller(engine).await;
        assert_eq!(
            app.state.config.company.missing,
            [
                "COMPANY_NAME is not set",
                "COMPANY_ADDRESS is not set",
                "COMPANY_GSTIN is not set"
            ]
        );
        assert_eq!(app.state.config.company.state(), None);
        let (token, _) = app.sign_up("shopper@example.com").await;
        let (status, body) = app
            .post_auth(
                "/api/payments/create-order",
                &token,
                with_gstin("r-1", DELHI_GSTIN),
            )
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (503, Some(NO_SELLER)),
            "{engine:?}"
        );
        assert_eq!(order_count(&app).await, 0, "{engine:?}");
    }
}

#[test]
fn the_seller_comes_from_its_variables_and_its_state_from_its_gstin() {
    use api::core::messages::SellerContact;
    use api::domain::company::Company;
    let vars = |gstin: &'static str| {
        move |name: &str| {
            match name {
                "COMPANY_NAME" => Some("Legacy Threads Pvt Ltd"),
                "COMPANY_ADDRESS" => Some("4 Linking Road, Mumbai 400050"),
                "COMPANY_GSTIN" => Some(gstin),
                _ => None,
            }
            .map(String::from)
        }
    };
    let seller = Company::from_lookup(false, vars(" 27aapfu0939f1zv ")).unwrap();
    assert_eq!(seller.missing, Vec::<String>::new());
    assert_eq!(seller.gstin, "27AAPFU0939F1ZV");
    assert_eq!(seller.state().map(|s| s.name), Some("Maharashtra"));
    // No placeholder in production: the support contact is simply not given.
    assert_eq!(
        (seller.phone.as_str(), seller.support_email.as_str()),
        ("", "")
    );
    assert_eq!(seller.contact_line(), "");
    // A wrong check character: production starts without it (and takes no
    // order); dev mode refuses to start.
    let seller = Company::from_lookup(false, vars("27AAPFU0939F1ZW")).unwrap();
    assert_eq!(
        seller.missing,
        [
            "COMPANY_GSTIN \"27AAPFU0939F1ZW\" is invalid: This GSTIN's check character is wrong: \
             please check it for a typing mistake"
        ]
    );
    assert_eq!((seller.gstin.as_str(), seller.state()), ("", None));
    let refused = Company::from_lookup(true, vars("27AAPFU0939F1ZW")).unwrap_err();
    assert!(
        refused.to_string().contains("check character is wrong"),
        "{refused}"
    );
    // Dev mode: the placeholders, Karnataka's.
    let dev = Company::from_lookup(true, |_| None).unwrap();
    assert_eq!(dev, Company::default());
    assert_eq!(dev.state().map(|s| s.code), Some(29));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_production_start_without_seller_details_names_them_and_refuses_checkout() {
    for engine in engines() {
        let dir = data_dir("store-seller");
        let log = dir.join("server.log");
        let database_url = match engine {
            Engine::Sqlite => format!("sqlite://{}/store.db?mode=rwc", dir.display()),
            Engine::Postgres => fresh_postgres().await,
        };
        let store = Store::start_logging_with(
            &dir,
            &database_url,
            &log,
            &[
                ("RUST_LOG", "warn"),
                ("TEST_PROVIDERS", "off"),
                ("PAYMENT_PROVIDER", "razorpay"),
                ("RAZORPAY_KEY_ID", "rzp_test_key"),
                ("COMPANY_NAME", ""),
                ("COMPANY_ADDRESS", " "),
                ("COMPANY_GSTIN", "27AAPFU0939F1ZW"),
                ("COMPANY_PHONE", ""),
                ("SUPPORT_EMAIL", ""),
            ],
        )
        .await;
        let logged = std::fs::read_to_string(&log).unwrap();
        for words in [
            "COMPANY_NAME is not set",
            "COMPANY_ADDRESS is not set",
            "COMPANY_GSTIN \"27AAPFU0939F1ZW\" is invalid: This GSTIN's check character is wrong",
            "Checkout answers 503",
            "COMPANY_PHONE and SUPPORT_EMAIL not set",
        ] {
            assert!(logged.contains(words), "{engine:?} {words}: {logged}");
        }
        let (status, body) = store
            .post(
                "/api/auth/register",
                "",
                json!({"name": "Asha Rao", "email": "asha@example.com", "password": "violet-Kettle-harbour-92"}),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        let token = body["data"]["accessToken"].as_str().unwrap().to_string();
        let (status, body) = store
            .post(
                "/api/payments/create-order",
                &token,
                order_request("r-1", TOTAL),
            )
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (503, Some(NO_SELLER)),
            "{engine:?}"
        );
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
