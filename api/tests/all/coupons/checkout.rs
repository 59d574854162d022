//! Coupons at checkout, on both databases: the cart's preview with each
//! line's discount, checkout charging the discounted amount, the tax
//! invoice's reduced taxable value (and the rate a discount moves a piece
//! into), the credit note on the discounted lines, a use given back, and
//! parallel checkouts that never take more uses than there are.

use super::{apply, coupon, order_with, uses};
use crate::helpers::checkout::{TEE, TOTAL, payment, shopper};
use crate::helpers::{TestApp, engines};
use serde_json::json;

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
