//! Crashes: the real `api` binary is killed with SIGKILL between creating an
//! order and verifying its payment, and while verifications are in flight.
//! After a restart no paid order is lost, nothing is confirmed or taken from
//! stock twice, and a retried checkout reuses its order (no second charge).

use crate::helpers;
use std::time::Duration;

use crate::helpers::checkout::{TEE, TOTAL, captured, order_request, sign};
use crate::helpers::razorpay::{StandIn, start_stand_in};
use crate::helpers::{Engine, TEST_KEY_SECRET, TEST_WEBHOOK_SECRET, engines};
use serde_json::{Value, json};

use crate::helpers::process::Store;

impl Store {
    async fn fill_cart(&self, token: &str) {
        let item = json!({"productId": TEE, "color": "white", "quantity": {"m": 25}});
        let (status, body) = self.post("/api/cart/items", token, item).await;
        assert_eq!(status, 200, "{body}");
    }

    /// The tee's stock once what paid orders made due is taken (the stock
    /// keeper's pass, run here rather than waited for; a pass more is harmless).
    async fn stock(&self) -> i64 {
        let db = api::db::connect(&self.database_url, None).await.unwrap();
        api::db::stock::take_due(&db).await.unwrap();
        db.close().await;
        self.get(&format!("/api/products/{TEE}"), "").await["data"]["stock"]
            .as_i64()
            .unwrap()
    }

    async fn order(&self, token: &str, id: &str) -> Value {
        self.get(&format!("/api/orders/{id}"), token).await["data"].clone()
    }
}

fn proof(created: &Value, payment_id: &str) -> Value {
    let provider_order = created["orderId"].as_str().unwrap();
    json!({"razorpayOrderId": provider_order, "razorpayPaymentId": payment_id, "orderId": created["order"]["_id"],
           "razorpaySignature": sign(TEST_KEY_SECRET, &format!("{provider_order}|{payment_id}"))})
}

async fn database_for(engine: Engine, data_dir: &std::path::Path) -> String {
    match engine {
        Engine::Sqlite => format!("sqlite://{}/store.db?mode=rwc", data_dir.display()),
        Engine::Postgres => helpers::fresh_postgres().await,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_loses_no_paid_order_and_never_charges_twice() {
    for engine in engines() {
        let data_dir =
            std::env::temp_dir().join(format!("store-crash-{}", api::ids::random_hex(6)));
        std::fs::create_dir_all(&data_dir).unwrap();
        let db = database_for(engine, &data_dir).await;

        let store = Store::start(&data_dir, &db).await;
        let (status, body) = store
            .post(
                "/api/auth/register",
                "",
                json!({"name": "Ravi", "email": "crash@example.com", "password": "correct horse"}),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        let token = body["data"]["accessToken"].as_str().unwrap().to_string();
        let stock_before = store.stock().await;

        // 1. Killed between create-order and verify.
        store.fill_cart(&token).await;
        let (_, first) = store
            .post(
                "/api/payments/create-order",
                &token,
                order_request("rcpt_c1", TOTAL),
            )
            .await;
        let first = first["data"].clone();
        store.kill();
        let store = Store::start(&data_dir, &db).await;
        let (status, retried) = store
            .post(
                "/api/payments/create-order",
                &token,
                order_request("rcpt_c1", TOTAL),
            )
            .await;
        assert_eq!(status, 200, "{engine:?} {retried}");
        assert_eq!(
            retried["data"]["orderId"], first["orderId"],
            "the same provider order: one charge"
        );
        let (status, _) = store
            .post("/api/payments/verify", &token, proof(&first, "pay_C1"))
            .await;
        assert_eq!(status, 200);
        assert_eq!(store.stock().await, stock_before - 25);

        // 2. Killed while verifications are in flight: all of the payment or none of it.
        store.fill_cart(&token).await;
        let (_, second) = store
            .post(
                "/api/payments/create-order",
                &token,
                order_request("rcpt_c2", TOTAL),
            )
            .await;
        let second = second["data"].clone();
        let mut inflight = Vec::new();
        for _ in 0..20 {
            let (client, url, token, body) = (
                store.client.clone(),
                store.url("/api/payments/verify"),
                token.clone(),
                proof(&second, "pay_C2"),
            );
            inflight.push(tokio::spawn(async move {
                client.post(url).bearer_auth(token).json(&body).send().await
            }));
        }
        tokio::time::sleep(Duration::from_millis(3)).await;
        store.kill();
        for call in inflight {
            let _ = call.await; // some answered, some were cut off
        }
        let store = Store::start(&data_dir, &db).await;
        let after_crash = store
            .order(&token, second["order"]["_id"].as_str().unwrap())
            .await;
        let cart_left = store.get("/api/cart", &token).await["data"]["items"]
            .as_array()
            .unwrap()
            .len();
        let stock_now = store.stock().await;
        match after_crash["isPaid"].as_bool() {
            Some(true) => assert_eq!(
                (cart_left, stock_now),
                (0, stock_before - 50),
                "paid means all of it"
            ),
            _ => assert_eq!(
                (cart_left, stock_now),
                (1, stock_before - 25),
                "unpaid means none of it"
            ),
        }
        let (status, _) = store
            .post("/api/payments/verify", &token, proof(&second, "pay_C2"))
            .await;
        assert_eq!(status, 200);
        assert_eq!(store.stock().await, stock_before - 50);

        // 3. Paid while the server was down and the browser never came back: the webhook confirms it.
        store.fill_cart(&token).await;
        let (_, third) = store
            .post(
                "/api/payments/create-order",
                &token,
                order_request("rcpt_c3", TOTAL),
            )
            .await;
        let third = third["data"].clone();
        store.kill();
        let store = Store::start(&data_dir, &db).await;
        let event = captured(third["orderId"].as_str().unwrap(), "pay_C3", TOTAL).to_string();
        let res = store
            .client
            .post(store.url("/api/payments/webhook"))
            .header("content-type", "application/json")
            .header("X-Razorpay-Signature", sign(TEST_WEBHOOK_SECRET, &event))
            .header("X-Razorpay-Event-Id", "evt_C3")
            .body(event)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);

        let orders = store.get("/api/orders", &token).await;
        assert_eq!(orders["pagination"]["total"], 3, "one order per checkout");
        for o in orders["data"].as_array().unwrap() {
            assert_eq!(
                (o["status"].as_str(), o["isPaid"].as_bool()),
                (Some("confirmed"), Some(true)),
                "{o}"
            );
        }
        assert_eq!(store.stock().await, stock_before - 75);
        store.kill();
        let _ = std::fs::remove_dir_all(&data_dir);
    }
}

/// Killed while the provider makes a refund: the provider refunded, the
/// server never recorded it. The next start asks again with the same
/// idempotency key and records that one refund; nothing is refunded twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refund_cut_off_by_a_crash_is_recorded_once_at_the_next_start() {
    use std::sync::atomic::Ordering;
    for engine in engines() {
        let stand_in = StandIn::default();
        let base = start_stand_in(stand_in.clone()).await;
        let razorpay = [
            ("PAYMENT_PROVIDER", "razorpay"),
            ("RAZORPAY_KEY_ID", "rzp_test_key"),
            ("RAZORPAY_API_BASE", base.as_str()),
        ];
        let data_dir =
            std::env::temp_dir().join(format!("store-crash-{}", api::ids::random_hex(6)));
        std::fs::create_dir_all(&data_dir).unwrap();
        let db = database_for(engine, &data_dir).await;
        let store = Store::start_with(&data_dir, &db, &razorpay).await;
        let (_, body) = store
            .post(
                "/api/auth/register",
                "",
                json!({"name": "Meera", "email": "refund@example.com", "password": "correct horse"}),
            )
            .await;
        let token = body["data"]["accessToken"].as_str().unwrap().to_string();
        store.fill_cart(&token).await;
        let (status, created) = store
            .post(
                "/api/payments/create-order",
                &token,
                order_request("rcpt_r1", TOTAL),
            )
            .await;
        assert_eq!(status, 200, "{engine:?} {created}");
        let created = created["data"].clone();
        let id = created["order"]["_id"].as_str().unwrap().to_string();
        let (status, _) = store
            .call(
                reqwest::Method::PUT,
                &format!("/api/orders/{id}/cancel"),
                &token,
                Some(json!({})),
            )
            .await;
        assert_eq!(status, 200);

        // The payment lands on the cancelled order: the server refunds it,
        // the provider makes the refund and the server dies before its answer.
        stand_in.hold_refunds.store(true, Ordering::SeqCst);
        let verify = {
            let (client, url, token, body) = (
                store.client.clone(),
                store.url("/api/payments/verify"),
                token.clone(),
                proof(&created, "pay_R1"),
            );
            tokio::spawn(
                async move { client.post(url).bearer_auth(token).json(&body).send().await },
            )
        };
        tokio::time::timeout(Duration::from_secs(20), stand_in.refund_held.notified())
            .await
            .expect("the server asked for the refund");
        store.kill();
        let _ = verify.await;
        assert_eq!(
            stand_in.next_refund.load(Ordering::SeqCst),
            1,
            "one refund made"
        );

        stand_in.hold_refunds.store(false, Ordering::SeqCst);
        let store = Store::start_with(&data_dir, &db, &razorpay).await;
        let mut order = Value::Null;
        for _ in 0..100 {
            order = store.order(&token, &id).await;
            if order["status"] == "refunded" {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(
            (order["status"].as_str(), order["refundedAmount"].as_i64()),
            (Some("refunded"), Some(TOTAL)),
            "{engine:?}: the refund is recorded after the restart"
        );
        assert_eq!(
            stand_in.next_refund.load(Ordering::SeqCst),
            1,
            "asked again with the same key: still one refund"
        );
        let asked: Vec<Value> = stand_in
            .seen
            .lock()
            .unwrap()
            .iter()
            .filter(|(path, _)| path == "/v1/payments/pay_R1/refund")
            .map(|(_, body)| body.clone())
            .collect();
        assert_eq!(asked.len(), 2, "asked before the crash and once after");
        assert_eq!(asked[0], asked[1], "with the same body");
        assert_eq!(asked[0]["amount"], TOTAL);
        drop(store);
        let _ = std::fs::remove_dir_all(&data_dir);
    }
}

/// A group order's cancel, killed while the provider refunds a member: the
/// debt was written with the cancel, claimed with the refund's attempt; the
/// next start records that one refund, and nothing is refunded twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_cancel_cut_off_by_a_crash_refunds_each_member_once() {
    use std::sync::atomic::Ordering;
    for engine in engines() {
        let stand_in = StandIn::default();
        let base = start_stand_in(stand_in.clone()).await;
        let razorpay = [
            ("PAYMENT_PROVIDER", "razorpay"),
            ("RAZORPAY_KEY_ID", "rzp_test_key"),
            ("RAZORPAY_API_BASE", base.as_str()),
        ];
        let data_dir =
            std::env::temp_dir().join(format!("store-crash-{}", api::ids::random_hex(6)));
        std::fs::create_dir_all(&data_dir).unwrap();
        let db = database_for(engine, &data_dir).await;
        let store = Store::start_with(&data_dir, &db, &razorpay).await;
        let register = |name: &'static str, email: &'static str| {
            let store = &store;
            async move {
                let (status, body) = store
                    .post(
                        "/api/auth/register",
                        "",
                        json!({"name": name, "email": email, "password": "correct horse"}),
                    )
                    .await;
                assert_eq!(status, 201, "{body}");
                body["data"]["accessToken"].as_str().unwrap().to_string()
            }
        };
        let organiser = register("Captain", "captain@example.com").await;
        let member = register("Meera", "meera@example.com").await;
        let mut design = design_engine::Design::new(TEE, "white");
        design.set_text(
            design_engine::PrintArea::Back,
            design_engine::TextElement::new(
                "Chess Club",
                design_engine::Font::Georgia,
                24,
                "#111111",
            )
            .unwrap(),
        );
        let design: Value = serde_json::from_str(&design.to_json()).unwrap();
        let (status, saved) = store
            .post(
                "/api/designs",
                &organiser,
                json!({"name": "Club tee", "design": design}),
            )
            .await;
        assert_eq!(status, 201, "{saved}");
        let (status, group) = store
            .post("/api/group-orders", &organiser, json!({"designId": saved["data"]["_id"], "title": "Chess Club",
                "deadline": api::db::now_ms() + 86_400_000, "payment": "members", "personalisation": false,
                "shipTo": crate::helpers::checkout::address()}))
            .await;
        assert_eq!(status, 200, "{group}");
        let (id, token) = (
            group["data"]["_id"].as_str().unwrap(),
            group["data"]["token"].as_str().unwrap(),
        );
        let rows = format!("/api/group-orders/by-token/{token}/rows");
        assert_eq!(
            store.post(&rows, &member, json!({"size": "M"})).await.0,
            200
        );
        let mine = store.get(&format!("{rows}/mine"), &member).await;
        let amount = mine["data"]["toPay"].as_i64().unwrap();
        let (status, created) = store
            .post(
                &format!("{rows}/mine/pay"),
                &member,
                json!({"amount": amount, "receipt": "grp_1",
                "billingAddress": crate::helpers::checkout::address()}),
            )
            .await;
        assert_eq!(status, 200, "{created}");
        let created = created["data"].clone();
        let (status, body) = store
            .post("/api/payments/verify", &member, proof(&created, "pay_G1"))
            .await;
        assert_eq!(status, 200, "{body}");

        // The cancel commits its debt, asks the provider, and dies before the answer.
        stand_in.hold_refunds.store(true, Ordering::SeqCst);
        let cancel = {
            let (client, url, token) = (
                store.client.clone(),
                store.url(&format!("/api/group-orders/{id}/cancel")),
                organiser.clone(),
            );
            tokio::spawn(async move {
                client
                    .post(url)
                    .bearer_auth(token)
                    .json(&json!({}))
                    .send()
                    .await
            })
        };
        tokio::time::timeout(Duration::from_secs(20), stand_in.refund_held.notified())
            .await
            .expect("the server asked for the refund");
        store.kill();
        let _ = cancel.await;
        stand_in.hold_refunds.store(false, Ordering::SeqCst);

        let store = Store::start_with(&data_dir, &db, &razorpay).await;
        let order_id = created["order"]["_id"].as_str().unwrap();
        let mut order = Value::Null;
        for _ in 0..100 {
            order = store.order(&member, order_id).await;
            if order["status"] == "refunded" {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(
            (order["status"].as_str(), order["refundedAmount"].as_i64()),
            (Some("refunded"), Some(amount)),
            "{engine:?}: the member's refund is recorded after the restart"
        );
        let public = store
            .get(&format!("/api/group-orders/by-token/{token}"), "")
            .await;
        assert_eq!(public["data"]["status"], "cancelled");
        assert_eq!(
            stand_in.next_refund.load(Ordering::SeqCst),
            1,
            "{engine:?}: one refund, however often it was asked"
        );
        drop(store);
        let _ = std::fs::remove_dir_all(&data_dir);
    }
}
