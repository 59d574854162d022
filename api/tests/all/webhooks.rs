//! Razorpay's webhooks through the real server, on SQLite and PostgreSQL: only
//! a correctly signed event with the order's amount pays it, a replay changes
//! nothing, and concurrent verifies and deliveries confirm an order once.

use crate::helpers::checkout::{
    TOTAL, captured, cart_lines, create_order, payment, shopper, sign, stock, webhook,
};
use crate::helpers::{TEST_KEY_SECRET, TEST_WEBHOOK_SECRET, TestApp, engines};
use serde_json::json;

#[tokio::test]
async fn webhooks_pay_once_and_replays_are_ignored() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let token = shopper(&app, "hook@example.com").await;
        let stock_before = stock(&app).await;
        let (_, created) = create_order(&app, &token, "rcpt_w").await;
        let provider_order = created["data"]["orderId"].as_str().unwrap().to_string();
        let id = created["data"]["order"]["_id"]
            .as_str()
            .unwrap()
            .to_string();

        let (status, res) = webhook(
            &app,
            "evt_1",
            &captured(&provider_order, "pay_W1", TOTAL),
            "wrong secret",
        )
        .await;
        assert_eq!(
            (status, res["message"].as_str()),
            (400, Some("Invalid webhook signature"))
        );
        let (status, res) = webhook(
            &app,
            "evt_0",
            &captured(&provider_order, "pay_W0", TOTAL - 1),
            TEST_WEBHOOK_SECRET,
        )
        .await;
        assert_eq!(
            (status, res["data"]["outcome"].as_str()),
            (200, Some("ignored")),
            "a different amount pays nothing"
        );
        let (_, stored) = app.get_auth(&format!("/api/orders/{id}"), &token).await;
        assert_eq!(stored["data"]["isPaid"], false);

        // The browser never came back: the webhook pays the order.
        let (status, res) = webhook(
            &app,
            "evt_1",
            &captured(&provider_order, "pay_W1", TOTAL),
            TEST_WEBHOOK_SECRET,
        )
        .await;
        assert_eq!(
            (status, res["data"]["outcome"].as_str()),
            (200, Some("confirmed")),
            "{res}"
        );
        let (status, res) = webhook(
            &app,
            "evt_1",
            &captured(&provider_order, "pay_W1", TOTAL),
            TEST_WEBHOOK_SECRET,
        )
        .await;
        assert_eq!(
            (status, res["data"]["outcome"].as_str()),
            (200, Some("duplicate"))
        );
        let order_paid = json!({"entity": "event", "event": "order.paid", "payload": {
            "payment": {"entity": {"id": "pay_W1", "order_id": provider_order, "amount": TOTAL}},
            "order": {"entity": {"id": provider_order, "status": "paid"}}}});
        let (_, res) = webhook(&app, "evt_2", &order_paid, TEST_WEBHOOK_SECRET).await;
        assert_eq!(res["data"]["outcome"], "already_paid");
        let (_, stored) = app.get_auth(&format!("/api/orders/{id}"), &token).await;
        assert_eq!(
            (
                stored["data"]["status"].as_str(),
                stored["data"]["paymentId"].as_str()
            ),
            (Some("confirmed"), Some("pay_W1"))
        );
        assert_eq!(stock(&app).await, stock_before - 25);
        assert_eq!(cart_lines(&app, &token).await, 0);
        // The browser's late verify agrees.
        let late = json!({"razorpayOrderId": provider_order, "razorpayPaymentId": "pay_W1",
            "razorpaySignature": sign(TEST_KEY_SECRET, &format!("{provider_order}|pay_W1")), "orderId": id});
        assert_eq!(
            app.post_auth("/api/payments/verify", &token, late).await.0,
            200
        );
        assert_eq!(stock(&app).await, stock_before - 25);
    }
}

#[tokio::test]
async fn concurrent_verifications_and_webhooks_confirm_once() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let token = shopper(&app, "race@example.com").await;
        let stock_before = stock(&app).await;
        let (_, created) = create_order(&app, &token, "rcpt_r").await;
        let order = created["data"].clone();
        let provider_order = order["orderId"].as_str().unwrap().to_string();
        let app = &app;
        let mut calls = Vec::new();
        for i in 0..6 {
            let (token, body) = (token.clone(), payment(&order, "pay_R1"));
            calls.push(Box::pin(async move {
                app.post_auth("/api/payments/verify", &token, body).await.0
            })
                as futures_util::future::LocalBoxFuture<'_, u16>);
            let hook = captured(&provider_order, "pay_R1", TOTAL);
            calls.push(Box::pin(async move {
                webhook(app, &format!("evt_r{i}"), &hook, TEST_WEBHOOK_SECRET)
                    .await
                    .0
            }));
        }
        let statuses = futures_util::future::join_all(calls).await;
        assert!(statuses.iter().all(|s| *s == 200), "{statuses:?}");
        assert_eq!(stock(app).await, stock_before - 25, "stock taken once");
        let confirmed: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM orders WHERE is_paid = 1 AND status = 'confirmed'",
        )
        .fetch_one(&app.db)
        .await
        .unwrap();
        assert_eq!(confirmed, 1);
    }
}

#[tokio::test]
async fn a_payment_captured_after_cancelling_is_refunded() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let token = shopper(&app, "late@example.com").await;
        let stock_before = stock(&app).await;
        let (_, created) = create_order(&app, &token, "rcpt_l").await;
        let provider_order = created["data"]["orderId"].as_str().unwrap().to_string();
        let id = created["data"]["order"]["_id"]
            .as_str()
            .unwrap()
            .to_string();
        let (status, _) = app
            .put_auth(&format!("/api/orders/{id}/cancel"), &token, json!({}))
            .await;
        assert_eq!(status, 200);
        let (status, res) = webhook(
            &app,
            "evt_late",
            &captured(&provider_order, "pay_late", TOTAL),
            TEST_WEBHOOK_SECRET,
        )
        .await;
        assert_eq!(
            (status, res["data"]["outcome"].as_str()),
            (200, Some("refunded")),
            "{engine:?} {res}"
        );
        let (_, stored) = app.get_auth(&format!("/api/orders/{id}"), &token).await;
        assert_eq!(
            (
                stored["data"]["status"].as_str(),
                stored["data"]["refundedAmount"].as_i64()
            ),
            (Some("refunded"), Some(TOTAL))
        );
        assert_eq!(
            stock(&app).await,
            stock_before,
            "nothing taken for a cancelled order"
        );
        assert_eq!(cart_lines(&app, &token).await, 1);
    }
}
