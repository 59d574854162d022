//! The Razorpay provider: the real client code against a local stand-in that
//! speaks Razorpay's REST API (basic auth with the key id and secret,
//! `POST /v1/orders`, `POST /v1/payments/{id}/refund`, its error bodies).

use crate::helpers;
use std::sync::atomic::Ordering;

use crate::helpers::checkout::{TOTAL, address, create_order, payment, shopper};
use crate::helpers::razorpay::{StandIn, start_stand_in};
use crate::helpers::{TestApp, engines};
use api::payments::config::ProviderKind;
use serde_json::json;

#[tokio::test]
async fn razorpay_orders_payments_and_refunds_through_its_rest_api() {
    for engine in engines() {
        let stand_in = StandIn::default();
        let base = start_stand_in(stand_in.clone()).await;
        let app = TestApp::spawn_configured(engine, None, |c| {
            c.payments = TestApp::payments(ProviderKind::Razorpay, &base);
        })
        .await;
        let (_, methods) = app.get("/api/payments/methods").await;
        assert_eq!(methods["data"]["provider"], "razorpay");
        assert_eq!(
            (
                methods["data"]["testMode"].as_bool(),
                methods["data"]["keyId"].as_str()
            ),
            (Some(false), Some("rzp_test_key"))
        );

        let token = shopper(&app, "rzp@example.com").await;
        let (status, created) = create_order(&app, &token, "rcpt_rzp").await;
        assert_eq!(status, 200, "{engine:?} {created}");
        let order = created["data"].clone();
        assert_eq!(order["orderId"], "order_StandIn0000000");
        {
            let seen = stand_in.seen.lock().unwrap();
            let (path, body) = &seen[0];
            assert_eq!(path, "/v1/orders");
            assert_eq!(
                (body["amount"].as_i64(), body["currency"].as_str()),
                (Some(TOTAL), Some("INR"))
            );
            assert_eq!(body["receipt"], order["order"]["orderNumber"]);
        }
        // A retry does not create a second Razorpay order.
        let (_, again) = create_order(&app, &token, "rcpt_rzp").await;
        assert_eq!(again["data"]["orderId"], order["orderId"]);
        assert_eq!(stand_in.seen.lock().unwrap().len(), 1);

        // The test provider's routes do not exist with live keys.
        let (status, _) = app
            .post_auth(
                "/api/payments/test/complete",
                &token,
                json!({"orderId": order["orderId"]}),
            )
            .await;
        assert_eq!(status, 404);
        let save = json!({"shippingAddress": address(), "amount": TOTAL});
        assert_eq!(
            app.post_auth("/api/payments/save-test-order", &token, save)
                .await
                .0,
            404
        );

        // Razorpay's checkout signs "order_id|payment_id" with the key secret.
        let (status, paid) = app
            .post_auth(
                "/api/payments/verify",
                &token,
                payment(&order, "pay_Live0001"),
            )
            .await;
        assert_eq!(
            (status, paid["data"]["isPaid"].as_bool()),
            (200, Some(true)),
            "{paid}"
        );

        let admin = app.admin_token().await;
        let id = order["order"]["_id"].as_str().unwrap();
        let (status, refunded) = app
            .post_auth(
                "/api/payments/refund",
                &admin,
                json!({"orderId": id, "amount": 5_000}),
            )
            .await;
        assert_eq!(status, 200, "{refunded}");
        assert_eq!(refunded["data"]["refundId"], "rfnd_StandIn0000000");
        {
            let seen = stand_in.seen.lock().unwrap();
            let (path, body) = seen.last().unwrap();
            assert_eq!(path, "/v1/payments/pay_Live0001/refund");
            assert_eq!(body["amount"], 5_000);
        }

        // An outage: nothing is stored (the order is written once, with its
        // Razorpay order) and the cart stays; the same receipt works once
        // Razorpay is back, making one order here and one there.
        let token = shopper(&app, "outage@example.com").await;
        stand_in.down.store(true, Ordering::SeqCst);
        let (status, res) = create_order(&app, &token, "rcpt_out").await;
        assert_eq!(
            (status, res["message"].as_str()),
            (502, Some("Failed to create order"))
        );
        let (_, list) = app.get_auth("/api/orders", &token).await;
        assert_eq!(list["pagination"]["total"], 0, "{list}");
        let (_, cart) = app.get_auth("/api/cart", &token).await;
        assert_eq!(
            cart["data"]["items"].as_array().map(Vec::len),
            Some(1),
            "{cart}"
        );
        // A refund while Razorpay is down is under way: its money set aside,
        // asked again once Razorpay is back.
        let (status, res) = app
            .post_auth(
                "/api/payments/refund",
                &admin,
                json!({"orderId": id, "amount": 1_000}),
            )
            .await;
        assert_eq!(
            (status, res["data"]["refundedAmount"].as_i64()),
            (202, Some(6_000)),
            "{res}"
        );
        stand_in.down.store(false, Ordering::SeqCst);
        let (status, res) = create_order(&app, &token, "rcpt_out").await;
        assert_eq!(
            (status, res["data"]["orderId"].as_str()),
            (200, Some("order_StandIn0000001")),
            "{res}"
        );
        let (_, list) = app.get_auth("/api/orders", &token).await;
        assert_eq!(list["pagination"]["total"], 1, "still one order");

        // An admin cancelling the paid order refunds what is left through
        // Razorpay, once. While a refund is under way the status stays as it was.
        let cancel = json!({"status": "cancelled"});
        let (status, res) = app
            .put_auth(&format!("/api/orders/{id}/status"), &admin, cancel.clone())
            .await;
        assert_eq!(
            (status, res["code"].as_str()),
            (409, Some("REFUND_UNDER_WAY")),
            "{res}"
        );
        let (_, still) = app.get_auth(&format!("/api/orders/{id}"), &admin).await;
        assert_eq!(still["data"]["status"], "confirmed");
        api::core::checkout::refunds::recover(&app.state, std::time::Duration::ZERO)
            .await
            .unwrap();
        assert_eq!(stand_in.next_refund.load(Ordering::SeqCst), 2);
        let (status, cancelled) = app
            .put_auth(&format!("/api/orders/{id}/status"), &admin, cancel)
            .await;
        assert_eq!(
            (
                status,
                cancelled["data"]["status"].as_str(),
                cancelled["data"]["refundedAmount"].as_i64()
            ),
            (200, Some("cancelled"), Some(TOTAL)),
            "{cancelled}"
        );
        let calls = {
            let seen = stand_in.seen.lock().unwrap();
            let (path, body) = seen.last().unwrap();
            assert_eq!(
                (path.as_str(), body["amount"].as_i64()),
                ("/v1/payments/pay_Live0001/refund", Some(TOTAL - 6_000))
            );
            seen.len()
        };
        let refunded = json!({"status": "refunded"});
        let (status, _) = app
            .put_auth(&format!("/api/orders/{id}/status"), &admin, refunded)
            .await;
        assert_eq!(status, 200);
        assert_eq!(
            stand_in.seen.lock().unwrap().len(),
            calls,
            "nothing left to refund: Razorpay is not called"
        );
    }
}

#[tokio::test]
async fn wrong_razorpay_keys_are_refused_cleanly() {
    let stand_in = StandIn::default();
    let base = start_stand_in(stand_in.clone()).await;
    let app = TestApp::spawn_configured(helpers::Engine::Sqlite, None, |c| {
        c.payments = TestApp::payments(ProviderKind::Razorpay, &base);
        c.payments.key_secret = api::env::Secret::new("a-revoked-secret-0123456789abcdef");
    })
    .await;
    let token = shopper(&app, "keys@example.com").await;
    let (status, res) = create_order(&app, &token, "rcpt_k").await;
    assert_eq!(
        (status, res["message"].as_str()),
        (502, Some("Failed to create order"))
    );
    assert!(stand_in.seen.lock().unwrap().is_empty());
}

/// An answer the server cannot read may hide a refund that was made: the
/// money stays set aside (no second refund can take it), and the same
/// refund, asked again with its idempotency key, is recorded once.
#[tokio::test]
async fn an_unreadable_refund_answer_keeps_the_money_aside_until_it_is_recorded() {
    for engine in engines() {
        let stand_in = StandIn::default();
        let base = start_stand_in(stand_in.clone()).await;
        let app = TestApp::spawn_configured(engine, None, |c| {
            c.payments = TestApp::payments(ProviderKind::Razorpay, &base);
        })
        .await;
        let token = shopper(&app, "garbled@example.com").await;
        let (status, created) = create_order(&app, &token, "rcpt_garbled").await;
        assert_eq!(status, 200, "{engine:?} {created}");
        let order = created["data"].clone();
        let (status, paid) = app
            .post_auth(
                "/api/payments/verify",
                &token,
                payment(&order, "pay_Garbled01"),
            )
            .await;
        assert_eq!(status, 200, "{paid}");
        let id = order["order"]["_id"].as_str().unwrap();
        let admin = app.admin_token().await;
        let refund = json!({"orderId": id, "amount": 5_000});

        stand_in.garble_refunds.store(true, Ordering::SeqCst);
        let (status, _) = app
            .post_auth("/api/payments/refund", &admin, refund.clone())
            .await;
        assert_eq!(status, 202, "under way");
        let (_, kept) = app.get_auth(&format!("/api/orders/{id}"), &admin).await;
        assert_eq!(
            kept["data"]["refundedAmount"], 5_000,
            "the money stays set aside"
        );
        let all = json!({"orderId": id, "amount": TOTAL});
        let (status, _) = app.post_auth("/api/payments/refund", &admin, all).await;
        assert_eq!(status, 409, "what is set aside cannot be refunded again");

        stand_in.garble_refunds.store(false, Ordering::SeqCst);
        let finished = api::core::checkout::refunds::recover(&app.state, std::time::Duration::ZERO)
            .await
            .unwrap();
        assert_eq!(finished, 1);
        assert_eq!(
            stand_in.next_refund.load(Ordering::SeqCst),
            1,
            "asked twice with one key: one refund"
        );
        let (_, after) = app.get_auth(&format!("/api/orders/{id}"), &admin).await;
        assert_eq!(after["data"]["refundedAmount"], 5_000);
        let finished = api::core::checkout::refunds::recover(&app.state, std::time::Duration::ZERO)
            .await
            .unwrap();
        assert_eq!(finished, 0, "recorded once");
    }
}

/// A second payment for a paid order is given back through Razorpay's refund
/// of that payment; an answer the server cannot read leaves it under way, and
/// the next recovery records the one refund Razorpay made.
#[tokio::test]
async fn a_second_payment_is_refunded_through_razorpay_once() {
    for engine in engines() {
        let stand_in = StandIn::default();
        let base = start_stand_in(stand_in.clone()).await;
        let app = TestApp::spawn_configured(engine, None, |c| {
            c.payments = TestApp::payments(ProviderKind::Razorpay, &base);
        })
        .await;
        let token = shopper(&app, "second@example.com").await;
        let (_, created) = create_order(&app, &token, "rcpt_second").await;
        let order = created["data"].clone();
        let id = order["order"]["_id"].as_str().unwrap();
        let (status, _) = app
            .post_auth(
                "/api/payments/verify",
                &token,
                payment(&order, "pay_First01"),
            )
            .await;
        assert_eq!(status, 200);

        stand_in.garble_refunds.store(true, Ordering::SeqCst);
        let (status, body) = app
            .post_auth(
                "/api/payments/verify",
                &token,
                payment(&order, "pay_Second01"),
            )
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("SECOND_PAYMENT_REFUNDED")),
            "{engine:?} {body}"
        );
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .ends_with("This payment will be refunded."),
            "{body}"
        );
        let state = || async {
            sqlx::query_scalar::<_, String>(
                "SELECT status FROM second_payments WHERE payment_id = 'pay_Second01'",
            )
            .fetch_one(&app.db)
            .await
            .unwrap()
        };
        assert_eq!(state().await, "refunding");
        {
            let seen = stand_in.seen.lock().unwrap();
            let (path, body) = seen.last().unwrap();
            assert_eq!(path, "/v1/payments/pay_Second01/refund");
            assert_eq!(body["amount"], TOTAL);
        }

        stand_in.garble_refunds.store(false, Ordering::SeqCst);
        let finished = api::core::checkout::refunds::recover(&app.state, std::time::Duration::ZERO)
            .await
            .unwrap();
        assert_eq!(finished, 1);
        assert_eq!(state().await, "refunded");
        assert_eq!(
            stand_in.next_refund.load(Ordering::SeqCst),
            1,
            "asked twice with one key: one refund"
        );
        let (_, mine) = app.get_auth(&format!("/api/orders/{id}"), &token).await;
        assert_eq!(
            (
                mine["data"]["status"].as_str(),
                mine["data"]["paymentId"].as_str(),
                mine["data"]["refundedAmount"].as_i64()
            ),
            (Some("confirmed"), Some("pay_First01"), Some(0)),
            "the order keeps its own payment"
        );
    }
}
