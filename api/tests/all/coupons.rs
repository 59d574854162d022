//! Coupons through the real server on both databases: the admin's terms and
//! their checks, each refusal a shopper can meet with its own message and
//! code, the cart's preview with each line's discount, checkout charging the
//! discounted amount, the tax invoice's reduced taxable value (and the rate a
//! discount moves a piece into), the credit note on the discounted lines, a
//! use given back, and parallel checkouts that never take more uses than
//! there are.

use crate::helpers::checkout::{TEE, TOTAL, address, payment, shopper};
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

#[tokio::test]
async fn the_cart_shows_each_lines_discount_and_checkout_charges_the_discounted_amount() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let admin = app.admin_token().await;
        coupon(&app, &admin, json!({"code": "TEN10", "percentOff": 10})).await;
        let asha = shopper(&app, "asha@example.com").await;
        let (status, body) = apply(&app, &asha, "ten10").await;
        assert_eq!(status, 200, "{engine:?} {body}");
        let cart = &body["data"];
        // ₹7,475.00 less 10% = ₹6,727.50; the fee on the discounted subtotal, 2.5% = ₹168.1875 → ₹168.19.
        assert_eq!(
            (
                &cart["items"][0]["discount"],
                &cart["items"][0]["lineTotal"]
            ),
            (&json!(747_50), &json!(6727_50))
        );
        assert_eq!(
            (
                &cart["discount"],
                &cart["subtotal"],
                &cart["gatewayCharge"],
                &cart["totalPrice"]
            ),
            (
                &json!(747_50),
                &json!(6727_50),
                &json!(168_19),
                &json!(6895_69)
            )
        );
        assert_eq!(
            cart["coupon"],
            json!({"code": "TEN10", "label": "10% off", "applied": true})
        );
        // Taken off and put back.
        let (status, body) = app.delete_auth("/api/cart/coupon", &asha).await;
        assert_eq!((status, &body["data"]["totalPrice"]), (200, &json!(TOTAL)));
        assert_eq!(body["data"]["items"][0]["discount"], 0);
        apply(&app, &asha, "TEN10").await;

        // The amount shown before the discount is not what is charged.
        let (status, body) = app
            .post_auth(
                "/api/payments/create-order",
                &asha,
                order_with("r1", TOTAL, Some("TEN10")),
            )
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("AMOUNT_MISMATCH")),
            "{body}"
        );
        assert_eq!(
            uses(&app, "TEN10").await,
            0,
            "{engine:?}: nothing stored, nothing held"
        );
        let (status, created) = app
            .post_auth(
                "/api/payments/create-order",
                &asha,
                order_with("r1", 6895_69, Some("TEN10")),
            )
            .await;
        assert_eq!(status, 200, "{engine:?} {created}");
        assert_eq!(created["data"]["amount"], 6895_69);
        assert_eq!(uses(&app, "TEN10").await, 1);
        let (status, body) = app
            .post_auth(
                "/api/payments/verify",
                &asha,
                payment(&created["data"], "pay_c1"),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let id = created["data"]["order"]["_id"].as_str().unwrap();
        let (discount, line_total): (i64, i64) =
            sqlx::query_as("SELECT discount, line_total FROM order_items WHERE order_id = $1")
                .bind(id)
                .fetch_one(&app.db)
                .await
                .unwrap();
        assert_eq!((discount, line_total), (747_50, 6727_50));
        // The invoice: gross, discount, and the taxable value on the discounted price.
        let (status, inv) = app
            .get_auth(&format!("/api/orders/{id}/tax-invoice"), &asha)
            .await;
        assert_eq!(status, 200, "{inv}");
        let line = &inv["data"]["lines"][0];
        assert_eq!(
            (&line["gross"], &line["discount"]),
            (&json!(7475_00), &json!(747_50))
        );
        // ₹6,895.69 at 5% IGST (Delhi): 6,895.69 × 5/105 = ₹328.366 → ₹328.37.
        assert_eq!(
            (
                &line["rateBps"],
                &line["taxableValue"],
                &line["igst"],
                &line["amount"]
            ),
            (
                &json!(500),
                &json!(656_732),
                &json!(328_37),
                &json!(6895_69)
            )
        );
        assert_eq!(
            (&inv["data"]["couponCode"], &inv["data"]["discount"]),
            (&json!("TEN10"), &json!(747_50))
        );
        // The PDF says so: the price, the discount, and the coupon's note.
        let (status, _, pdf) = app
            .get_bytes(&format!("/api/orders/{id}/tax-invoice.pdf"), Some(&asha))
            .await;
        assert_eq!(status, 200);
        let doc = lopdf::Document::load_mem(&pdf).unwrap();
        let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
        let text = doc
            .extract_text(&pages)
            .unwrap()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        for needle in [
            "Price ₹ 7,475.00, coupon discount - ₹ 747.50",
            "Coupon TEN10: a discount of ₹ 747.50",
        ] {
            assert!(text.contains(needle), "{needle:?} not in {text:?}");
        }
        // The coupon leaves the cart with the paid lines; its use is kept.
        let (_, cart) = app.get_auth("/api/cart", &asha).await;
        assert!(cart["data"].get("coupon").is_none(), "{cart}");
        assert_eq!(uses(&app, "TEN10").await, 1);
        // The pro-forma shows it too.
        let (status, proforma) = app
            .get_auth(&format!("/api/orders/{id}/invoice"), &asha)
            .await;
        assert_eq!(status, 200, "{proforma}");
        assert_eq!(
            (
                &proforma["data"]["discount"],
                &proforma["data"]["couponCode"]
            ),
            (&json!(747_50), &json!("TEN10"))
        );
        assert_eq!(
            (
                &proforma["data"]["lines"][0]["discount"],
                &proforma["data"]["lines"][0]["amount"]
            ),
            (&json!(747_50), &json!(6727_50))
        );
    }
}

/// 25 pieces at ₹2,700: 18% without a coupon; with 10% off, ₹2,430 a piece and 5%.
#[tokio::test]
async fn a_discount_moves_a_2700_piece_to_5_percent_and_a_refund_gives_the_use_back() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let admin = app.admin_token().await;
        let (status, body) = app
            .put_auth(
                &format!("/api/products/{TEE}"),
                &admin,
                json!({"price": 2700_00}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        coupon(
            &app,
            &admin,
            json!({"code": "TEN10", "percentOff": 10, "maxUses": 5}),
        )
        .await;
        let (asha, _) = app.sign_up("asha@example.com").await;
        let (ravi, _) = app.sign_up("ravi@example.com").await;
        for token in [&asha, &ravi] {
            let (status, body) = app
                .post_auth(
                    "/api/cart/items",
                    token,
                    json!({"productId": TEE, "color": "navyblue", "quantity": {"m": 25}}),
                )
                .await;
            assert_eq!(status, 200, "{body}");
        }
        // ₹60,750 + 2.5% ₹1,518.75 = ₹62,268.75 (a piece ₹2,490.75 with its fee share: 5%).
        let (status, body) = apply(&app, &asha, "TEN10").await;
        assert_eq!(
            (status, &body["data"]["totalPrice"]),
            (200, &json!(62268_75)),
            "{body}"
        );
        let (status, created) = app
            .post_auth(
                "/api/payments/create-order",
                &asha,
                order_with("r_a", 62268_75, Some("TEN10")),
            )
            .await;
        assert_eq!(status, 200, "{created}");
        app.post_auth(
            "/api/payments/verify",
            &asha,
            payment(&created["data"], "pay_a"),
        )
        .await;
        let id = created["data"]["order"]["_id"]
            .as_str()
            .unwrap()
            .to_string();
        // Without it: ₹67,500 + ₹1,687.50, ₹2,767.50 a piece: 18%.
        let (status, plain) = app
            .post_auth(
                "/api/payments/create-order",
                &ravi,
                order_with("r_r", 69187_50, None),
            )
            .await;
        assert_eq!(status, 200, "{plain}");
        app.post_auth(
            "/api/payments/verify",
            &ravi,
            payment(&plain["data"], "pay_r"),
        )
        .await;
        let plain_id = plain["data"]["order"]["_id"].as_str().unwrap();

        let (_, inv) = app
            .get_auth(&format!("/api/orders/{id}/tax-invoice"), &asha)
            .await;
        let line = &inv["data"]["lines"][0];
        // 62,268.75 × 5/105 = ₹2,965.179 → IGST ₹2,965.18.
        assert_eq!(
            (
                &line["rateBps"],
                &line["gross"],
                &line["discount"],
                &line["taxableValue"],
                &line["igst"]
            ),
            (
                &json!(500),
                &json!(67500_00),
                &json!(6750_00),
                &json!(59303_57),
                &json!(2965_18)
            ),
            "{engine:?} {inv}"
        );
        let (_, other) = app
            .get_auth(&format!("/api/orders/{plain_id}/tax-invoice"), &ravi)
            .await;
        assert_eq!(other["data"]["lines"][0]["rateBps"], 1800);
        assert!(other["data"]["lines"][0].get("discount").is_none());

        // Refunded in full: the credit note reverses the discounted invoice, and the use comes back.
        assert_eq!(uses(&app, "TEN10").await, 1);
        let (status, body) = app
            .put_auth(
                &format!("/api/orders/{id}/status"),
                &admin,
                json!({"status": "cancelled"}),
            )
            .await;
        assert_eq!(status, 200, "{engine:?} {body}");
        let (_, notes) = app
            .get_auth(&format!("/api/orders/{id}/credit-notes"), &asha)
            .await;
        let note = &notes["data"][0];
        assert_eq!(note["totals"], inv["data"]["totals"], "{engine:?} {notes}");
        assert_eq!(note["lines"][0]["rateBps"], 500);
        assert_eq!(note["lines"][0]["taxableValue"], 59303_57);
        assert_eq!(uses(&app, "TEN10").await, 0, "{engine:?}");
    }
}

/// 50 shoppers check out at once with a 10-use coupon: exactly 10 orders are
/// opened and paid with it; the others are refused before paying anything.
#[tokio::test]
async fn fifty_parallel_checkouts_on_a_ten_use_coupon_pay_exactly_ten() {
    for engine in engines() {
        // Fifty sign-ups from one address: past the sign-up limit, which is not under test.
        let app = TestApp::spawn_adjusted(
            engine,
            None,
            |_| {},
            |s| {
                s.limits = std::sync::Arc::new(api::limits::Limits::unlimited());
            },
        )
        .await;
        let admin = app.admin_token().await;
        coupon(
            &app,
            &admin,
            json!({"code": "RUSH10", "percentOff": 10, "maxUses": 10}),
        )
        .await;
        let mut tokens = Vec::new();
        for i in 0..50 {
            tokens.push(shopper(&app, &format!("s{i}@example.com")).await);
        }
        let app = std::sync::Arc::new(app);
        let runs = tokens.into_iter().enumerate().map(|(i, token)| {
            let app = app.clone();
            tokio::spawn(async move {
                let (status, created) = app
                    .post_auth(
                        "/api/payments/create-order",
                        &token,
                        order_with(&format!("rush_{i}"), 6895_69, Some("RUSH10")),
                    )
                    .await;
                if status != 200 {
                    assert_eq!(
                        (status, created["code"].as_str()),
                        (400, Some("COUPON_USED_UP")),
                        "{created}"
                    );
                    return false;
                }
                let (status, body) = app
                    .post_auth(
                        "/api/payments/verify",
                        &token,
                        payment(&created["data"], &format!("pay_{i}")),
                    )
                    .await;
                assert_eq!(status, 200, "{body}");
                true
            })
        });
        let mut paid = 0;
        for run in runs.collect::<Vec<_>>() {
            paid += usize::from(run.await.unwrap());
        }
        assert_eq!(paid, 10, "{engine:?}");
        let with: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM orders WHERE coupon_code = 'RUSH10' AND is_paid = 1 AND total_price = 689569",
        )
        .fetch_one(&app.db)
        .await
        .unwrap();
        assert_eq!((with, uses(&app, "RUSH10").await), (10, 10), "{engine:?}");
    }
}
