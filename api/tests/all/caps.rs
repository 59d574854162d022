//! What one shopper may do and hold, through the real server on SQLite and
//! PostgreSQL: orders created per minute, and at most 50 cart lines, 20
//! addresses and 5 orders waiting for payment. Past a cap the answer is 409
//! with its message, and nothing is added; parallel requests cannot pass a
//! cap on either database.

use crate::helpers::checkout::{TOTAL, create_order, payment, shopper};
use crate::helpers::{TestApp, engines};
use design_engine::{Design, Font, PrintArea, Size, TextElement};
use futures_util::future::join_all;
use serde_json::{Value, json};

const SHIRT: &str = "64f1a2b3c4d5e6f708190a01";

/// A distinct design (its own artwork, so its own cart line).
fn design(text: &str) -> Value {
    let mut d = Design::new(SHIRT, "blue");
    d.set_text(
        PrintArea::LeftChest,
        TextElement::new(text, Font::Georgia, 20, "#f97316").unwrap(),
    );
    d.set_quantity(Size::M, 25).unwrap();
    serde_json::from_str(&d.to_json()).unwrap()
}

async fn count(app: &TestApp, sql: &str, user_email: &str) -> i64 {
    sqlx::query_scalar(&format!(
        "{sql} WHERE user_id = (SELECT id FROM users WHERE email = $1)"
    ))
    .bind(user_email)
    .fetch_one(&app.db)
    .await
    .unwrap()
}

#[tokio::test]
async fn create_order_is_rate_limited_per_shopper() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let token = shopper(&app, "busy@example.com").await;
        // 20 at once (a retry of one receipt counts too: each may reach the provider).
        for n in 0..20 {
            let (status, body) = create_order(&app, &token, "rcpt_busy").await;
            assert_eq!(status, 200, "{engine:?} #{n} {body}");
        }
        let res = app
            .client
            .post(app.url("/api/payments/create-order"))
            .bearer_auth(&token)
            .json(&crate::helpers::checkout::order_request("rcpt_busy", TOTAL))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 429, "{engine:?}");
        let wait: u64 = res.headers()["retry-after"]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!((1..=31).contains(&wait), "{wait}");
        let body: Value = res.json().await.unwrap();
        assert_eq!(
            body["message"],
            "Too many attempts. Please wait a little and try again."
        );
        // The test provider's shortcut counts against the same budget.
        let (status, _) = app
            .post_auth(
                "/api/payments/save-test-order",
                &token,
                json!({"amount": TOTAL, "shippingAddress": crate::helpers::checkout::address(), "sameAsShipping": true}),
            )
            .await;
        assert_eq!(status, 429);
        // Another shopper has a budget of their own.
        let other = shopper(&app, "calm@example.com").await;
        assert_eq!(create_order(&app, &other, "rcpt_calm").await.0, 200);
    }
}

#[tokio::test]
async fn a_shopper_holds_at_most_five_orders_waiting_for_payment() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let token = shopper(&app, "open@example.com").await;
        let mut created = Vec::new();
        for n in 0..5 {
            let (status, body) = create_order(&app, &token, &format!("rcpt_open_{n}")).await;
            assert_eq!(status, 200, "{engine:?} {body}");
            created.push(body["data"].clone());
        }
        let (status, body) = create_order(&app, &token, "rcpt_open_5").await;
        assert_eq!(
            (status, body["code"].as_str(), body["message"].as_str()),
            (
                409,
                Some("TOO_MANY_OPEN_ORDERS"),
                Some(
                    "You have 5 orders waiting for payment. Please cancel one in My Orders before placing another."
                )
            ),
            "{engine:?}"
        );
        assert_eq!(
            count(&app, "SELECT COUNT(*) FROM orders", "open@example.com").await,
            5
        );
        assert_eq!(
            count(
                &app,
                "SELECT COUNT(*) FROM order_items JOIN orders ON orders.id = order_items.order_id",
                "open@example.com"
            )
            .await,
            5,
            "no lines without their order"
        );
        // An existing receipt is still its order (a retry is never refused by the cap).
        let (status, again) = create_order(&app, &token, "rcpt_open_0").await;
        assert_eq!(status, 200);
        assert_eq!(again["data"]["orderId"], created[0]["orderId"]);

        // Paying one, or cancelling one, makes room.
        let (status, _) = app
            .post_auth(
                "/api/payments/verify",
                &token,
                payment(&created[0], "pay_open"),
            )
            .await;
        assert_eq!(status, 200);
        // (The paid order took its lines from the cart: the shopper adds them again.)
        let (status, _) = app
            .post_auth(
                "/api/cart/items",
                &token,
                json!({"productId": crate::helpers::checkout::TEE, "color": "navyblue", "quantity": {"s": 10, "xxl": 15}}),
            )
            .await;
        assert_eq!(status, 200);
        assert_eq!(create_order(&app, &token, "rcpt_open_5").await.0, 200);
        assert_eq!(
            create_order(&app, &token, "rcpt_open_6").await.1["code"],
            "TOO_MANY_OPEN_ORDERS"
        );
        let id = created[1]["order"]["_id"].as_str().unwrap();
        let (status, _) = app
            .put_auth(&format!("/api/orders/{id}/cancel"), &token, json!({}))
            .await;
        assert_eq!(status, 200);
        assert_eq!(create_order(&app, &token, "rcpt_open_6").await.0, 200);

        // Many at once: the cap holds.
        let racer = shopper(&app, "racer@example.com").await;
        let calls = (0..12).map(|n| {
            let (app, racer) = (&app, racer.clone());
            async move { create_order(app, &racer, &format!("rcpt_race_{n}")).await.0 }
        });
        let statuses = join_all(calls).await;
        assert!(
            statuses.iter().all(|s| *s == 200 || *s == 409),
            "{statuses:?}"
        );
        let open = count(&app, "SELECT COUNT(*) FROM orders", "racer@example.com").await;
        assert_eq!(open, 5, "{engine:?}");
        assert_eq!(statuses.iter().filter(|s| **s == 200).count() as i64, open);
    }
}

#[tokio::test]
async fn a_cart_holds_at_most_fifty_lines() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (token, _) = app.sign_up("full@example.com").await;
        for n in 0..50 {
            let (status, body) = app
                .post_auth(
                    "/api/cart/items",
                    &token,
                    json!({"design": design(&format!("Line {n}"))}),
                )
                .await;
            assert_eq!(status, 200, "{engine:?} #{n} {body}");
        }
        let (status, body) = app
            .post_auth(
                "/api/cart/items",
                &token,
                json!({"design": design("One too many")}),
            )
            .await;
        assert_eq!(
            (status, body["code"].as_str(), body["message"].as_str()),
            (
                409,
                Some("CART_FULL"),
                Some(
                    "Your cart can hold up to 50 designs. Please check out or remove one before adding another."
                )
            ),
            "{engine:?}"
        );
        assert_eq!(
            count(&app, "SELECT COUNT(*) FROM cart_items", "full@example.com").await,
            50
        );
        // The same design again still adds to its line.
        let (status, body) = app
            .post_auth(
                "/api/cart/items",
                &token,
                json!({"design": design("Line 7")}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        // Moving a saved design in is refused the same way, and the design stays saved.
        let (status, saved) = app
            .post_auth("/api/designs", &token, json!({"design": design("Saved")}))
            .await;
        assert_eq!(status, 201, "{saved}");
        let saved = saved["data"]["_id"].as_str().unwrap();
        let (status, body) = app
            .post_auth(
                &format!("/api/designs/{saved}/move-to-cart"),
                &token,
                json!({}),
            )
            .await;
        assert_eq!((status, body["code"].as_str()), (409, Some("CART_FULL")));
        assert_eq!(
            app.get_auth(&format!("/api/designs/{saved}"), &token)
                .await
                .0,
            200
        );

        // Many at once into a cart with room for two: the cap holds.
        let (racer, _) = app.sign_up("racer@example.com").await;
        for n in 0..48 {
            let (status, _) = app
                .post_auth(
                    "/api/cart/items",
                    &racer,
                    json!({"design": design(&format!("Line {n}"))}),
                )
                .await;
            assert_eq!(status, 200);
        }
        let calls = (0..8).map(|n| {
            let (app, racer) = (&app, racer.clone());
            async move {
                app.post_auth(
                    "/api/cart/items",
                    &racer,
                    json!({"design": design(&format!("Rush {n}"))}),
                )
                .await
                .0
            }
        });
        let statuses = join_all(calls).await;
        assert!(
            statuses.iter().all(|s| *s == 200 || *s == 409),
            "{statuses:?}"
        );
        let lines = count(&app, "SELECT COUNT(*) FROM cart_items", "racer@example.com").await;
        assert_eq!(lines, 50, "{engine:?}");
    }
}

#[tokio::test]
async fn an_account_keeps_at_most_twenty_addresses() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (token, _) = app.sign_up("many@example.com").await;
        let address = |n: usize| json!({"street": format!("{n} MG Road"), "city": "Bengaluru", "state": "Karnataka", "zipCode": "560001"});
        for n in 0..20 {
            let (status, body) = app
                .post_auth("/api/users/addresses", &token, address(n))
                .await;
            assert_eq!(status, 200, "{engine:?} #{n} {body}");
        }
        let (status, body) = app
            .post_auth(
                "/api/users/addresses",
                &token,
                json!({"street": "21 MG Road", "city": "Bengaluru", "state": "Karnataka", "zipCode": "560001", "isDefault": true}),
            )
            .await;
        assert_eq!(
            (status, body["code"].as_str(), body["message"].as_str()),
            (
                409,
                Some("TOO_MANY_ADDRESSES"),
                Some("You can keep up to 20 addresses. Please delete one to add another.")
            ),
            "{engine:?}"
        );
        let (_, list) = app.get_auth("/api/users/addresses", &token).await;
        let list = list["data"].as_array().unwrap();
        assert_eq!(list.len(), 20);
        assert_eq!(
            list.iter().filter(|a| a["isDefault"] == true).count(),
            1,
            "the refused default changed nothing"
        );
        assert_eq!(list[0]["street"], "0 MG Road");
        // Deleting one makes room.
        let id = list[5]["_id"].as_str().unwrap();
        assert_eq!(
            app.delete_auth(&format!("/api/users/addresses/{id}"), &token)
                .await
                .0,
            200
        );
        assert_eq!(
            app.post_auth("/api/users/addresses", &token, address(21))
                .await
                .0,
            200
        );

        // Many at once: the cap holds.
        let (racer, _) = app.sign_up("racer@example.com").await;
        for n in 0..17 {
            assert_eq!(
                app.post_auth("/api/users/addresses", &racer, address(n))
                    .await
                    .0,
                200
            );
        }
        let calls = (0..10).map(|n| {
            let (app, racer, body) = (&app, racer.clone(), address(100 + n));
            async move { app.post_auth("/api/users/addresses", &racer, body).await.0 }
        });
        let statuses = join_all(calls).await;
        assert!(
            statuses.iter().all(|s| *s == 200 || *s == 409),
            "{statuses:?}"
        );
        let kept = count(&app, "SELECT COUNT(*) FROM addresses", "racer@example.com").await;
        assert_eq!(kept, 20, "{engine:?}");
    }
}
