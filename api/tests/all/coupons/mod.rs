//! Coupons through the real server on both databases: the admin's terms and
//! their checks, each refusal a shopper can meet with its own message and
//! code, the cart's preview with each line's discount, checkout charging the
//! discounted amount, the tax invoice's reduced taxable value (and the rate a
//! discount moves a piece into), the credit note on the discounted lines, a
//! use given back, and parallel checkouts that never take more uses than
//! there are. The checkout, invoice and parallel cases are in `checkout`.

mod checkout;

use crate::helpers::checkout::{TOTAL, address, shopper};
use crate::helpers::{TestApp, engines};
use serde_json::{Value, json};

const SHIRT: &str = "64f1a2b3c4d5e6f708190a01";
const DAY: i64 = 86_400_000;

fn now() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

async fn coupon(app: &TestApp, admin: &str, terms: Value) -> Value {
    let (status, body) = app.post_auth("/api/coupons", admin, terms).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

async fn apply(app: &TestApp, token: &str, code: &str) -> (u16, Value) {
    app.post_auth("/api/cart/coupon", token, json!({"code": code}))
        .await
}

fn order_with(receipt: &str, amount: i64, code: Option<&str>) -> Value {
    json!({"amount": amount, "currency": "INR", "receipt": receipt, "shippingAddress": address(),
           "sameAsShipping": true, "couponCode": code})
}

async fn uses(app: &TestApp, code: &str) -> i64 {
    sqlx::query_scalar("SELECT uses FROM coupons WHERE code = $1")
        .bind(code)
        .fetch_one(&app.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn the_admin_creates_lists_and_changes_coupons_with_each_term_checked() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let admin = app.admin_token().await;
        let made = coupon(
            &app,
            &admin,
            json!({"code": " diwali25 ", "percentOff": 25, "minPieces": 25, "maxUses": 100,
                   "maxUsesPerCustomer": 2, "categories": ["t-shirts"]}),
        )
        .await;
        assert_eq!(
            (
                &made["code"],
                &made["percentOff"],
                &made["label"],
                &made["active"],
                &made["uses"]
            ),
            (
                &json!("DIWALI25"),
                &json!(25),
                &json!("25% off"),
                &json!(true),
                &json!(0)
            ),
            "{engine:?}"
        );
        let refusals = [
            (
                json!({"code": "Diwali25", "percentOff": 5}),
                409,
                "A coupon with this code already exists",
            ),
            (
                json!({"code": "ab1", "percentOff": 5}),
                400,
                "Coupon code must be 4 to 20 letters and digits",
            ),
            (
                json!({"code": "SALE-10", "percentOff": 5}),
                400,
                "Coupon code must be 4 to 20 letters and digits",
            ),
            (
                json!({"code": "A".repeat(21), "percentOff": 5}),
                400,
                "Coupon code must be 4 to 20 letters and digits",
            ),
            (
                json!({"code": "BOTH1", "percentOff": 5, "amountOff": 100}),
                400,
                "Give either percentOff (1 to 100) or amountOff (paise, above 0), not both",
            ),
            (
                json!({"code": "NONE1"}),
                400,
                "Give either percentOff (1 to 100) or amountOff (paise, above 0), not both",
            ),
            (
                json!({"code": "ZERO1", "percentOff": 0}),
                400,
                "percentOff must be a whole number from 1 to 100",
            ),
            (
                json!({"code": "MORE1", "percentOff": 101}),
                400,
                "percentOff must be a whole number from 1 to 100",
            ),
            (
                json!({"code": "FREE1", "amountOff": 0}),
                400,
                "amountOff must be above 0 paise",
            ),
            (
                json!({"code": "DATES1", "amountOff": 100, "validFrom": 2000, "validUntil": 1000}),
                400,
                "validUntil must be after validFrom",
            ),
            (
                json!({"code": "USES1", "amountOff": 100, "maxUses": 0}),
                400,
                "maxUses must be 1 or more",
            ),
        ];
        for (terms, status, message) in refusals {
            let (got, body) = app.post_auth("/api/coupons", &admin, terms.clone()).await;
            assert_eq!(
                (got, body["message"].as_str()),
                (status, Some(message)),
                "{engine:?} {terms}"
            );
        }
        let (status, body) = app.get_auth("/api/coupons", &admin).await;
        assert_eq!(status, 200);
        assert_eq!(
            body["data"].as_array().unwrap().len(),
            1,
            "nothing refused was stored: {body}"
        );

        // Changed, and switched off.
        let path = format!("/api/coupons/{}", made["_id"].as_str().unwrap());
        let (status, body) = app
            .put_auth(
                &path,
                &admin,
                json!({"code": "diwali25", "amountOff": 500_00, "active": false}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            (
                &body["data"]["amountOff"],
                &body["data"]["label"],
                &body["data"]["active"]
            ),
            (&json!(500_00), &json!("₹500.00 off"), &json!(false))
        );
        assert!(body["data"].get("percentOff").is_none());
        let (_, one) = app.get_auth(&path, &admin).await;
        assert_eq!(one["data"], body["data"]);
        let (status, _) = app
            .put_auth(
                "/api/coupons/nope",
                &admin,
                json!({"code": "NOPE1", "amountOff": 1}),
            )
            .await;
        assert_eq!(status, 404);

        // Shoppers neither see nor write coupons.
        let token = shopper(&app, "asha@example.com").await;
        assert_eq!(app.get_auth("/api/coupons", &token).await.0, 403);
        let (status, _) = app
            .post_auth(
                "/api/coupons",
                &token,
                json!({"code": "MINE1", "percentOff": 100}),
            )
            .await;
        assert_eq!(status, 403);
        // The switched-off coupon is unknown to shoppers.
        let (status, body) = apply(&app, &token, "DIWALI25").await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("COUPON_UNKNOWN"))
        );
    }
}

#[tokio::test]
async fn each_refusal_has_its_own_message_and_code_and_changes_nothing() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let admin = app.admin_token().await;
        let t = now();
        for terms in [
            json!({"code": "OLD10", "percentOff": 10, "validFrom": t - 2 * DAY, "validUntil": t - DAY}),
            json!({"code": "SOON10", "percentOff": 10, "validFrom": t + DAY}),
            json!({"code": "ONCE10", "percentOff": 10, "maxUses": 1}),
            json!({"code": "BULK10", "percentOff": 10, "minPieces": 50}),
            json!({"code": "SHIRTS10", "percentOff": 10, "productIds": [SHIRT]}),
            json!({"code": "MINE10", "percentOff": 10, "maxUsesPerCustomer": 1}),
        ] {
            coupon(&app, &admin, terms).await;
        }
        let asha = shopper(&app, "asha@example.com").await;
        let ravi = shopper(&app, "ravi@example.com").await;
        // Asha holds ONCE10's one use and MINE10's one for her (orders opened, unpaid).
        let discounted = 6895_69; // ₹7,475 less 10% = ₹6,727.50, + 2.5% ₹168.19
        for (receipt, code) in [("r_once", "ONCE10"), ("r_mine", "MINE10")] {
            let (status, body) = app
                .post_auth(
                    "/api/payments/create-order",
                    &asha,
                    order_with(receipt, discounted, Some(code)),
                )
                .await;
            assert_eq!(status, 200, "{engine:?} {code} {body}");
        }
        let cases = [
            (
                &ravi,
                "NOPE1234",
                "COUPON_UNKNOWN",
                "This coupon code is not valid. Please check the code and try again.",
            ),
            (
                &ravi,
                "x!",
                "COUPON_UNKNOWN",
                "This coupon code is not valid. Please check the code and try again.",
            ),
            (&ravi, "old10", "COUPON_EXPIRED", "This coupon has expired."),
            (
                &ravi,
                "SOON10",
                "COUPON_NOT_STARTED",
                "This coupon is not valid yet.",
            ),
            (
                &ravi,
                "ONCE10",
                "COUPON_USED_UP",
                "This coupon has been fully used.",
            ),
            (
                &ravi,
                "BULK10",
                "COUPON_BELOW_MINIMUM",
                "This coupon needs at least 50 pieces of the products it applies to; your cart has 25.",
            ),
            (
                &ravi,
                "SHIRTS10",
                "COUPON_NOT_APPLICABLE",
                "This coupon does not apply to the products in your cart.",
            ),
            (
                &asha,
                "MINE10",
                "COUPON_CUSTOMER_LIMIT",
                "You have already used this coupon as many times as it allows.",
            ),
        ];
        for (token, code, want, message) in cases {
            let (status, body) = apply(&app, token, code).await;
            assert_eq!(
                (status, body["code"].as_str(), body["message"].as_str()),
                (400, Some(want), Some(message)),
                "{engine:?} {code}"
            );
            // Checkout names the same refusal, and stores nothing.
            let (status, body) = app
                .post_auth(
                    "/api/payments/create-order",
                    token,
                    order_with("r_refused", discounted, Some(code)),
                )
                .await;
            assert_eq!(
                (status, body["code"].as_str()),
                (400, Some(want)),
                "{engine:?} {code}"
            );
        }
        let (_, cart) = app.get_auth("/api/cart", &ravi).await;
        assert!(cart["data"].get("coupon").is_none(), "{cart}");
        assert_eq!(cart["data"]["totalPrice"], TOTAL);
        // MINE10 is still Ravi's to use.
        let (status, body) = apply(&app, &ravi, "mine10").await;
        assert_eq!(status, 200, "{body}");

        // Asha cancels her unpaid order: ONCE10's use is given back, and Ravi takes it.
        let once_id: String = sqlx::query_scalar("SELECT id FROM orders WHERE receipt = 'r_once'")
            .fetch_one(&app.db)
            .await
            .unwrap();
        assert_eq!(uses(&app, "ONCE10").await, 1);
        let (status, body) = app
            .put_auth(
                &format!("/api/orders/{once_id}/cancel"),
                &asha,
                json!({"reason": "changed my mind"}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(uses(&app, "ONCE10").await, 0, "{engine:?}");
        let (status, body) = apply(&app, &ravi, "ONCE10").await;
        assert_eq!(status, 200, "{engine:?} {body}");
    }
}
