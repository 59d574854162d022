//! Payments that arrive where no payment is due, through the real server on
//! SQLite and PostgreSQL: for an order deleted or cancelled meanwhile, and a
//! second payment for an order already paid. Each is refunded in full, once,
//! and recorded; the order, the stock and the cart stay as they were.

use crate::helpers::checkout::{
    TOTAL, captured, cart_lines, create_order, payment, shopper, stock, webhook,
};
use crate::helpers::{TEST_WEBHOOK_SECRET, TestApp, engines};
use serde_json::{Value, json};

/// (status, is_paid, refunded_amount, cancel_reason) as stored.
async fn stored(app: &TestApp, id: &str) -> (String, i64, i64, Option<String>) {
    sqlx::query_as(
        "SELECT status, is_paid, refunded_amount, cancel_reason FROM orders WHERE id = $1",
    )
    .bind(id)
    .fetch_one(&app.db)
    .await
    .unwrap()
}

/// The refunds recorded for a payment.
async fn refunds_of(app: &TestApp, payment_id: &str) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM refunds WHERE payment_id = $1")
        .bind(payment_id)
        .fetch_one(&app.db)
        .await
        .unwrap()
}

fn id_of(created: &Value) -> String {
    created["data"]["order"]["_id"]
        .as_str()
        .unwrap()
        .to_string()
}

#[tokio::test]
async fn a_deleted_order_is_never_paid_quietly() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let admin = app.admin_token().await;
        let token = shopper(&app, "gone@example.com").await;
        let stock_before = stock(&app).await;
        let (status, created) = create_order(&app, &token, "rcpt_gone").await;
        assert_eq!(status, 200, "{created}");
        let order = created["data"].clone();
        let id = id_of(&created);

        // The admin deletes it unpaid: it is cancelled rather than deleted, and stays listed.
        let (status, body) = app.delete_auth(&format!("/api/orders/{id}"), &admin).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            stored(&app, &id).await,
            ("cancelled".into(), 0, 0, Some("Deleted by an admin".into())),
            "{engine:?}"
        );
        // Deleting it again hides nothing: an order never paid stays in view.
        let (status, body) = app.delete_auth(&format!("/api/orders/{id}"), &admin).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("ORDER_NEVER_PAID")),
            "{body}"
        );
        let (_, mine) = app.get_auth("/api/orders", &token).await;
        assert_eq!(mine["data"][0]["status"], "cancelled", "{mine}");

        // Its receipt resumes nothing and places nothing new; the test popup cannot pay it.
        let (status, body) = create_order(&app, &token, "rcpt_gone").await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("ORDER_CANCELLED")),
            "{engine:?} {body}"
        );
        let orders: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM orders")
            .fetch_one(&app.db)
            .await
            .unwrap();
        assert_eq!(orders, 1, "no second order for the spent receipt");
        let (status, body) = app
            .post_auth(
                "/api/payments/test/complete",
                &token,
                json!({"orderId": order["orderId"]}),
            )
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("ORDER_CANCELLED")),
            "{body}"
        );

        // A payment made before the delete still arrives: refunded, never confirmed.
        let (status, body) = app
            .post_auth("/api/payments/verify", &token, payment(&order, "pay_gone"))
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("PAYMENT_REFUNDED")),
            "{engine:?} {body}"
        );
        assert_eq!(
            stored(&app, &id).await,
            (
                "refunded".into(),
                1,
                TOTAL,
                Some("Deleted by an admin".into())
            )
        );
        assert_eq!(refunds_of(&app, "pay_gone").await, 1);
        // Its webhook, arriving too, refunds nothing more.
        let (_, res) = webhook(
            &app,
            "evt_gone",
            &captured(order["orderId"].as_str().unwrap(), "pay_gone", TOTAL),
            TEST_WEBHOOK_SECRET,
        )
        .await;
        assert_eq!(res["data"]["outcome"], "already_paid", "{res}");
        assert_eq!(refunds_of(&app, "pay_gone").await, 1);
        assert_eq!(stock(&app).await, stock_before, "no stock taken");
        assert_eq!(cart_lines(&app, &token).await, 1, "the cart is intact");
        let (_, outbox) = app.get("/api/dev/outbox?to=asha@example.com").await;
        assert!(
            !outbox.to_string().contains("confirmed"),
            "no confirmation e-mail: {outbox}"
        );
        // The cancellation was recorded as the admin's change.
        let by: String = sqlx::query_scalar(
            "SELECT changed_by FROM order_status_changes WHERE order_id = $1 AND to_status = 'cancelled'",
        )
        .bind(&id)
        .fetch_one(&app.db)
        .await
        .unwrap();
        let admin_id: String =
            sqlx::query_scalar("SELECT id FROM users WHERE email = 'admin@example.com'")
                .fetch_one(&app.db)
                .await
                .unwrap();
        assert_eq!(by, admin_id);

        // A deleted order paid through the webhook alone is refunded too.
        let (_, created) = create_order(&app, &token, "rcpt_gone_2").await;
        let second = id_of(&created);
        let provider_order = created["data"]["orderId"].as_str().unwrap().to_string();
        app.delete_auth(&format!("/api/orders/{second}"), &admin)
            .await;
        let (status, res) = webhook(
            &app,
            "evt_gone_2",
            &captured(&provider_order, "pay_gone_2", TOTAL),
            TEST_WEBHOOK_SECRET,
        )
        .await;
        assert_eq!(
            (status, res["data"]["outcome"].as_str()),
            (200, Some("refunded")),
            "{engine:?} {res}"
        );
        assert_eq!(stored(&app, &second).await.0, "refunded");

        // An order deleted while pending before deleting cancelled it (an older
        // version, or a row changed by hand): its payment finds it deleted and
        // is refunded all the same.
        let (_, created) = create_order(&app, &token, "rcpt_gone_3").await;
        let third = id_of(&created);
        let provider_order = created["data"]["orderId"].as_str().unwrap().to_string();
        sqlx::query("UPDATE orders SET deleted_at = 1 WHERE id = $1")
            .bind(&third)
            .execute(&app.db)
            .await
            .unwrap();
        let (_, res) = webhook(
            &app,
            "evt_gone_3",
            &captured(&provider_order, "pay_gone_3", TOTAL),
            TEST_WEBHOOK_SECRET,
        )
        .await;
        assert_eq!(res["data"]["outcome"], "refunded", "{engine:?} {res}");
        assert_eq!(stored(&app, &third).await.1, 1);
        assert_eq!(stored(&app, &third).await.2, TOTAL);
        assert_eq!(stock(&app).await, stock_before, "no stock taken");

        // A paid order deleted by an admin stays paid (its records are kept).
        let (_, created) = create_order(&app, &token, "rcpt_kept").await;
        let kept = id_of(&created);
        let (status, _) = app
            .post_auth(
                "/api/payments/verify",
                &token,
                payment(&created["data"], "pay_kept"),
            )
            .await;
        assert_eq!(status, 200);
        app.delete_auth(&format!("/api/orders/{kept}"), &admin)
            .await;
        assert_eq!(stored(&app, &kept).await, ("confirmed".into(), 1, 0, None));
    }
}

/// The admin's view of an unpaid order they deleted: still there, cancelled,
/// with its history, and with the refund of a payment that arrived later.
#[tokio::test]
async fn a_deleted_unpaid_order_stays_in_the_admins_view_with_its_refund() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let admin = app.admin_token().await;
        let token = shopper(&app, "late@example.com").await;
        let (_, created) = create_order(&app, &token, "rcpt_late").await;
        let id = id_of(&created);
        let provider_order = created["data"]["orderId"].as_str().unwrap().to_string();
        let (status, body) = app.delete_auth(&format!("/api/orders/{id}"), &admin).await;
        assert_eq!(status, 200, "{body}");

        let listed = |page: &Value| {
            page["data"]
                .as_array()
                .unwrap()
                .iter()
                .find(|o| o["_id"] == id.as_str())
                .map(|o| o["status"].clone())
        };
        let (status, order) = app.get_auth(&format!("/api/orders/{id}"), &admin).await;
        assert_eq!(status, 200, "{engine:?} {order}");
        assert_eq!(order["data"]["status"], "cancelled");
        let history = &order["data"]["statusHistory"];
        assert_eq!(
            (&history[0]["from"], &history[0]["to"]),
            (&json!("pending"), &json!("cancelled")),
            "{order}"
        );
        let (_, page) = app
            .get_auth("/api/orders/admin/status/cancelled", &admin)
            .await;
        assert_eq!(listed(&page), Some(json!("cancelled")), "{page}");
        let (_, stats) = app.get_auth("/api/orders/stats/overview", &admin).await;
        let cancelled = stats["data"]["byStatus"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["status"] == "cancelled")
            .unwrap()["count"]
            .clone();
        assert_eq!(cancelled, 1);

        // A payment made before the delete arrives by webhook: refunded, in view.
        let (_, res) = webhook(
            &app,
            "evt_late",
            &captured(&provider_order, "pay_late", TOTAL),
            TEST_WEBHOOK_SECRET,
        )
        .await;
        assert_eq!(res["data"]["outcome"], "refunded", "{engine:?} {res}");
        let (status, order) = app.get_auth(&format!("/api/orders/{id}"), &admin).await;
        assert_eq!(status, 200, "{engine:?} {order}");
        assert_eq!(
            (&order["data"]["status"], &order["data"]["refundedAmount"]),
            (&json!("refunded"), &json!(TOTAL)),
            "{order}"
        );
        assert_eq!(order["data"]["cancelReason"], "Deleted by an admin");
        let (_, page) = app.get_auth("/api/orders/admin", &admin).await;
        assert_eq!(listed(&page), Some(json!("refunded")), "{page}");
    }
}

#[tokio::test]
async fn a_payment_verified_after_the_customer_cancelled_is_refunded() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let token = shopper(&app, "undo@example.com").await;
        let (_, created) = create_order(&app, &token, "rcpt_undo").await;
        let id = id_of(&created);
        let (status, _) = app
            .put_auth(&format!("/api/orders/{id}/cancel"), &token, json!({}))
            .await;
        assert_eq!(status, 200);
        let (status, body) = app
            .post_auth(
                "/api/payments/verify",
                &token,
                payment(&created["data"], "pay_undo"),
            )
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("PAYMENT_REFUNDED")),
            "{engine:?} {body}"
        );
        assert_eq!(
            stored(&app, &id).await,
            (
                "refunded".into(),
                1,
                TOTAL,
                Some("Cancelled by customer".into())
            )
        );
        // The customer's cancel is recorded, and let go of the order's artwork.
        let changes: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM order_status_changes WHERE order_id = $1 AND from_status = 'pending' \
             AND to_status = 'cancelled'",
        )
        .bind(&id)
        .fetch_one(&app.db)
        .await
        .unwrap();
        assert_eq!(changes, 1);
    }
}

#[tokio::test]
async fn a_second_payment_for_a_paid_order_is_refunded_once() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let token = shopper(&app, "twice@example.com").await;
        let stock_before = stock(&app).await;
        let (_, created) = create_order(&app, &token, "rcpt_twice").await;
        let order = created["data"].clone();
        let id = id_of(&created);
        let provider_order = order["orderId"].as_str().unwrap().to_string();
        let (status, _) = app
            .post_auth("/api/payments/verify", &token, payment(&order, "pay_first"))
            .await;
        assert_eq!(status, 200);

        // The shopper paid again (a second capture of the same provider order).
        let (status, body) = app
            .post_auth("/api/payments/verify", &token, payment(&order, "pay_again"))
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
                .ends_with("was already paid by another payment. This payment has been refunded."),
            "{body}"
        );
        let recorded: (String, String, i64, Option<String>) = sqlx::query_as(
            "SELECT order_id, status, amount, refund_id FROM second_payments WHERE payment_id = 'pay_again'",
        )
        .fetch_one(&app.db)
        .await
        .unwrap();
        assert_eq!(
            (&recorded.0, recorded.1.as_str(), recorded.2),
            (&id, "refunded", TOTAL)
        );
        let refund_id: String =
            sqlx::query_scalar("SELECT id FROM refunds WHERE payment_id = 'pay_again'")
                .fetch_one(&app.db)
                .await
                .unwrap();
        assert_eq!(recorded.3.as_deref(), Some(refund_id.as_str()));
        // The order keeps its payment, untouched.
        let (_, mine) = app.get_auth(&format!("/api/orders/{id}"), &token).await;
        assert_eq!(
            (
                mine["data"]["status"].as_str(),
                mine["data"]["paymentId"].as_str(),
                mine["data"]["refundedAmount"].as_i64()
            ),
            (Some("confirmed"), Some("pay_first"), Some(0))
        );

        // The same second payment again, by verify or webhook, is refunded once.
        let (status, body) = app
            .post_auth("/api/payments/verify", &token, payment(&order, "pay_again"))
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("SECOND_PAYMENT_REFUNDED"))
        );
        let (_, res) = webhook(
            &app,
            "evt_again",
            &captured(&provider_order, "pay_again", TOTAL),
            TEST_WEBHOOK_SECRET,
        )
        .await;
        assert_eq!(res["data"]["outcome"], "second_payment_refunded", "{res}");
        assert_eq!(refunds_of(&app, "pay_again").await, 1);

        // A third payment comes by webhook only; many deliveries and verifies at once refund it once.
        let app = &app;
        let mut calls = Vec::new();
        for i in 0..4 {
            let body = payment(&order, "pay_third");
            let token = token.clone();
            calls.push(Box::pin(async move {
                app.post_auth("/api/payments/verify", &token, body).await.0
            })
                as futures_util::future::LocalBoxFuture<'_, u16>);
            let hook = captured(&provider_order, "pay_third", TOTAL);
            calls.push(Box::pin(async move {
                webhook(app, &format!("evt_third_{i}"), &hook, TEST_WEBHOOK_SECRET)
                    .await
                    .0
            }));
        }
        let statuses = futures_util::future::join_all(calls).await;
        assert!(
            statuses.iter().all(|s| *s == 200 || *s == 409),
            "{statuses:?}"
        );
        assert_eq!(refunds_of(app, "pay_third").await, 1, "{engine:?}");
        assert_eq!(refunds_of(app, "pay_first").await, 0);
        assert_eq!(stock(app).await, stock_before - 25, "stock taken once");
        let (_, mine) = app.get_auth(&format!("/api/orders/{id}"), &token).await;
        assert_eq!(mine["data"]["paymentId"], "pay_first");
        assert_eq!(mine["data"]["refundedAmount"], 0);
    }
}
