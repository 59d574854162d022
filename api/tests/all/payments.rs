//! Checkout, payments and orders through the real server, on SQLite and
//! PostgreSQL: the amount is the engine's, a payment counts only with the
//! provider's signature, and nothing is paid, confirmed or refunded twice.

use crate::helpers;
use crate::helpers::checkout::{
    TOTAL, address, cart_lines, create_order, order_request, payment, shopper, sign, stock,
};
use crate::helpers::{TEST_KEY_SECRET, TestApp, engines};
use serde_json::{Value, json};

#[tokio::test]
async fn a_cart_becomes_one_paid_order() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let token = shopper(&app, "pay@example.com").await;
        let (_, methods) = app.get("/api/payments/methods").await;
        assert_eq!(
            (
                methods["data"]["provider"].as_str(),
                methods["data"]["testMode"].as_bool()
            ),
            (Some("test"), Some(true))
        );
        let stock_before = stock(&app).await;

        let (status, created) = create_order(&app, &token, "rcpt_one").await;
        assert_eq!(status, 200, "{engine:?} {created}");
        let order = created["data"].clone();
        assert!(order["orderId"].as_str().unwrap().starts_with("order_"));
        assert_eq!(
            (order["amount"].as_i64(), order["currency"].as_str()),
            (Some(TOTAL), Some("INR"))
        );
        let number = order["order"]["orderNumber"].as_str().unwrap();
        assert!(number.starts_with("LT-") && number.len() == 18, "{number}");

        // The same receipt is the same order (a double click, a retry).
        let (_, again) = create_order(&app, &token, "rcpt_one").await;
        assert_eq!(again["data"]["orderId"], order["orderId"]);
        assert_eq!(again["data"]["order"]["_id"], order["order"]["_id"]);

        // Pending and unpaid until the payment is verified, with a snapshot of the line.
        let id = order["order"]["_id"].as_str().unwrap();
        let (status, stored) = app.get_auth(&format!("/api/orders/{id}"), &token).await;
        assert_eq!(status, 200);
        let stored = &stored["data"];
        assert_eq!(
            (stored["status"].as_str(), stored["isPaid"].as_bool()),
            (Some("pending"), Some(false))
        );
        assert_eq!(
            (stored["itemsPrice"].as_i64(), stored["taxPrice"].as_i64()),
            (Some(7475_00), Some(186_88))
        );
        assert_eq!(stored["orderItems"][0]["quantity"]["xxl"], 15);
        assert_eq!(stored["shippingAddress"]["phone"], "9876543210");
        assert_eq!(
            stored["shippingAddress"]["street"],
            "12 Janpath, Connaught Place"
        );
        assert_eq!(stored["billingAddress"]["zipCode"], "110001");

        let (status, verified) = app
            .post_auth("/api/payments/verify", &token, payment(&order, "pay_A1"))
            .await;
        assert_eq!(status, 200, "{verified}");
        let data = &verified["data"];
        assert_eq!(data["orderId"], order["order"]["_id"]);
        assert_eq!(data["orderNumber"], number);
        assert_eq!(
            (data["totalPrice"].as_i64(), data["itemsCount"].as_i64()),
            (Some(TOTAL), Some(25))
        );
        assert_eq!(
            (data["status"].as_str(), data["isPaid"].as_bool()),
            (Some("confirmed"), Some(true))
        );
        assert_eq!(data["shippingAddress"]["fullName"], "Asha Rao");
        assert_eq!(data["shippingAddress"]["country"], "India");
        assert_eq!(cart_lines(&app, &token).await, 0, "the cart is emptied");
        assert_eq!(stock(&app).await, stock_before - 25);

        // Verifying twice is harmless (here as the specification's client sends it,
        // with create-order's `orderId`: the provider's); paying the same receipt again is refused.
        let mut as_spec_client = payment(&order, "pay_A1");
        as_spec_client["orderId"] = order["orderId"].clone();
        let (status, body) = app
            .post_auth("/api/payments/verify", &token, as_spec_client)
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["orderId"], order["order"]["_id"]);
        assert_eq!(stock(&app).await, stock_before - 25);
        let (status, body) = create_order(&app, &token, "rcpt_one").await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("ORDER_ALREADY_PAID"))
        );
        // One confirmation e-mail, to the checkout's address, however often it is verified.
        let (_, outbox) = app.get("/api/dev/outbox?to=asha@example.com").await;
        let subject = format!("Order {number} confirmed");
        let mails: Vec<&Value> = outbox["data"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["subject"] == subject.as_str())
            .collect();
        assert_eq!(mails.len(), 1, "{outbox}");
        let body = mails[0]["body"].as_str().unwrap();
        assert!(body.contains("₹7,661.88 for 25 items"), "{body}");

        let (_, list) = app.get_auth("/api/orders", &token).await;
        assert_eq!(list["pagination"]["total"], 1);
        assert_eq!(list["data"][0]["status"], "confirmed");
        assert_eq!(list["data"][0]["paymentId"], "pay_A1");
        // A paid order is no longer the customer's to cancel.
        let (status, body) = app
            .put_auth(&format!("/api/orders/{id}/cancel"), &token, json!({}))
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (400, Some("Only pending orders can be cancelled"))
        );
    }
}

#[tokio::test]
async fn tampering_is_refused_and_changes_nothing() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let token = shopper(&app, "t@example.com").await;
        let mut bad_address = order_request("rcpt_x", TOTAL);
        let cases = [
            (
                order_request("rcpt_x", TOTAL - 1),
                "The amount has changed. Please review your cart and try again.",
            ),
            (
                order_request("rcpt_x", 100),
                "The amount has changed. Please review your cart and try again.",
            ),
            (
                json!({"amount": TOTAL, "currency": "USD", "receipt": "rcpt_x", "shippingAddress": address()}),
                "Only INR payments are accepted",
            ),
            (
                json!({"amount": TOTAL, "receipt": "bad receipt!", "shippingAddress": address()}),
                "Invalid receipt: 1 to 40 letters, digits, '_' or '-'",
            ),
            (
                json!({"amount": TOTAL, "receipt": "rcpt_x", "shippingAddress": {"email": "a@b.co"}}),
                "Please fill in all required shipping fields",
            ),
            (
                json!({"amount": TOTAL, "receipt": "rcpt_x", "shippingAddress": address(), "sameAsShipping": false}),
                "Please fill in all required billing fields",
            ),
        ];
        for (body, message) in cases {
            let (status, res) = app
                .post_auth("/api/payments/create-order", &token, body.clone())
                .await;
            assert_eq!(
                (status, res["message"].as_str()),
                (400, Some(message)),
                "{engine:?} {body}"
            );
        }
        for (field, value, message) in [
            (
                "phone",
                "12345",
                "Please enter a valid 10-digit mobile number",
            ),
            (
                "email",
                "not-an-email",
                "Please enter a valid email address",
            ),
            (
                "zipCode",
                "999999",
                "Invalid pincode. Please check and try again.",
            ),
            (
                "zipCode",
                "11000",
                "Invalid pincode. Please check and try again.",
            ),
        ] {
            bad_address["shippingAddress"] = address();
            bad_address["shippingAddress"][field] = json!(value);
            let (status, res) = app
                .post_auth("/api/payments/create-order", &token, bad_address.clone())
                .await;
            assert_eq!(
                (status, res["message"].as_str()),
                (400, Some(message)),
                "{field}={value}"
            );
        }
        let (_, list) = app.get_auth("/api/orders", &token).await;
        assert_eq!(
            list["pagination"]["total"], 0,
            "no refused request stored an order"
        );
        let (status, _) = app
            .post("/api/payments/create-order", order_request("rcpt_x", TOTAL))
            .await;
        assert_eq!(status, 401);

        let (_, created) = create_order(&app, &token, "rcpt_x").await;
        let order = created["data"].clone();
        let id = order["order"]["_id"].as_str().unwrap().to_string();
        // A signature changed by one character, or made for another payment or order, proves nothing.
        let mut one_off = payment(&order, "pay_B1");
        let sig = one_off["razorpaySignature"].as_str().unwrap().to_string();
        let flipped = if sig.ends_with('0') { "1" } else { "0" };
        one_off["razorpaySignature"] = json!(format!("{}{flipped}", &sig[..sig.len() - 1]));
        let mut other_payment = payment(&order, "pay_B1");
        other_payment["razorpayPaymentId"] = json!("pay_B2");
        let mut other_order = payment(&order, "pay_B1");
        other_order["razorpayOrderId"] = json!("order_SomebodyElse00");
        other_order["razorpaySignature"] =
            json!(sign(TEST_KEY_SECRET, "order_SomebodyElse00|pay_B1"));
        let mut wrong_secret = payment(&order, "pay_B1");
        wrong_secret["razorpaySignature"] = json!(sign(
            "not-the-secret",
            &format!("{}|pay_B1", order["orderId"].as_str().unwrap())
        ));
        for body in [one_off, other_payment, other_order, wrong_secret] {
            let (status, res) = app.post_auth("/api/payments/verify", &token, body).await;
            assert_eq!(
                (status, res["code"].as_str()),
                (400, Some("PAYMENT_VERIFICATION_FAILED"))
            );
            assert_eq!(
                res["message"],
                "Payment verification failed. Please contact support."
            );
        }
        let (_, stored) = app.get_auth(&format!("/api/orders/{id}"), &token).await;
        assert_eq!(
            (
                stored["data"]["status"].as_str(),
                stored["data"]["isPaid"].as_bool()
            ),
            (Some("pending"), Some(false))
        );
        assert_eq!(cart_lines(&app, &token).await, 1, "the cart is intact");

        // Another customer can neither see, pay nor cancel this order.
        let intruder = shopper(&app, "intruder@example.com").await;
        assert_eq!(
            app.get_auth(&format!("/api/orders/{id}"), &intruder)
                .await
                .0,
            404
        );
        assert_eq!(
            app.post_auth("/api/payments/verify", &intruder, payment(&order, "pay_B1"))
                .await
                .0,
            404
        );
        assert_eq!(
            app.put_auth(&format!("/api/orders/{id}/cancel"), &intruder, json!({}))
                .await
                .0,
            404
        );
        let (_, theirs) = app.get_auth("/api/orders", &intruder).await;
        assert_eq!(theirs["pagination"]["total"], 0);
        let (status, _) = app
            .post_auth(
                "/api/payments/test/complete",
                &intruder,
                json!({"orderId": order["orderId"]}),
            )
            .await;
        assert_eq!(status, 404);

        // An empty cart has nothing to order.
        app.delete_auth("/api/cart", &token).await;
        let (status, res) = create_order(&app, &token, "rcpt_y").await;
        assert_eq!(
            (status, res["message"].as_str()),
            (400, Some("Your cart is empty"))
        );
    }
}

#[tokio::test]
async fn orders_are_paged_filtered_and_cancelled_while_pending() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let token = shopper(&app, "list@example.com").await;
        let mut ids = Vec::new();
        for n in 0..12 {
            // Twelve orders waiting at once are past the cap of five (caps.rs):
            // each lets go of its slot, as orders placed before the cap did.
            sqlx::query("UPDATE orders SET open_slot = NULL")
                .execute(&app.db)
                .await
                .unwrap();
            let (status, created) = create_order(&app, &token, &format!("rcpt_{n}")).await;
            assert_eq!(status, 200, "{created}");
            ids.push(
                created["data"]["order"]["_id"]
                    .as_str()
                    .unwrap()
                    .to_string(),
            );
        }
        let (_, page1) = app.get_auth("/api/orders?page=1", &token).await;
        assert_eq!(page1["data"].as_array().unwrap().len(), 10);
        assert_eq!(
            page1["pagination"],
            json!({"page": 1, "limit": 10, "total": 12, "pages": 2})
        );
        assert_eq!(page1["data"][0]["_id"], ids[11].as_str(), "newest first");
        let (_, page2) = app.get_auth("/api/orders?page=2&limit=10", &token).await;
        assert_eq!(page2["data"].as_array().unwrap().len(), 2);

        let (status, cancelled) = app
            .put_auth(
                &format!("/api/orders/{}/cancel", ids[0]),
                &token,
                json!({"reason": "Cancelled by customer"}),
            )
            .await;
        assert_eq!(status, 200, "{cancelled}");
        assert_eq!(
            (
                cancelled["data"]["status"].as_str(),
                cancelled["data"]["cancelReason"].as_str()
            ),
            (Some("cancelled"), Some("Cancelled by customer"))
        );
        let (status, again) = app
            .put_auth(&format!("/api/orders/{}/cancel", ids[0]), &token, json!({}))
            .await;
        assert_eq!(
            (status, again["message"].as_str()),
            (400, Some("Only pending orders can be cancelled"))
        );
        let (_, only) = app.get_auth("/api/orders?status=cancelled", &token).await;
        assert_eq!(only["pagination"]["total"], 1);
        let (_, pending) = app.get_auth("/api/orders?status=pending", &token).await;
        assert_eq!(pending["pagination"]["total"], 11);
        let (status, bad) = app.get_auth("/api/orders?status=lost", &token).await;
        assert_eq!(
            (status, bad["message"].as_str()),
            (400, Some("Invalid order status"))
        );
        assert_eq!(
            app.get_auth("/api/orders/000000000000000000000000", &token)
                .await
                .0,
            404
        );
        assert_eq!(app.get("/api/orders").await.0, 401);

        // A payment that arrives for a cancelled order is given back at once, never confirmed.
        let (_, cancelled_order) = create_order(&app, &token, "rcpt_0").await;
        assert_eq!(cancelled_order["code"], "ORDER_CANCELLED");
        let provider_order: String =
            sqlx::query_scalar("SELECT provider_order_id FROM orders WHERE id = $1")
                .bind(&ids[0])
                .fetch_one(&app.db)
                .await
                .unwrap();
        let late = json!({"razorpayOrderId": provider_order, "razorpayPaymentId": "pay_L1",
            "razorpaySignature": sign(TEST_KEY_SECRET, &format!("{provider_order}|pay_L1")), "orderId": ids[0]});
        for _ in 0..2 {
            let (status, res) = app
                .post_auth("/api/payments/verify", &token, late.clone())
                .await;
            assert_eq!(
                (status, res["code"].as_str()),
                (409, Some("PAYMENT_REFUNDED")),
                "{res}"
            );
        }
        let (_, stored) = app
            .get_auth(&format!("/api/orders/{}", ids[0]), &token)
            .await;
        let stored = &stored["data"];
        assert_eq!(
            (stored["status"].as_str(), stored["isPaid"].as_bool()),
            (Some("refunded"), Some(true))
        );
        assert_eq!(stored["refundedAmount"], TOTAL, "refunded once, in full");
        let refunds: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM refunds WHERE order_id = $1")
            .bind(&ids[0])
            .fetch_one(&app.db)
            .await
            .unwrap();
        assert_eq!(refunds, 1);
        assert_eq!(
            cart_lines(&app, &token).await,
            1,
            "a cancelled order takes nothing from the cart"
        );
    }
}

#[tokio::test]
async fn admins_refund_paid_orders_up_to_what_was_paid() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let token = shopper(&app, "refund@example.com").await;
        let (_, created) = create_order(&app, &token, "rcpt_f").await;
        let order = created["data"].clone();
        let id = order["order"]["_id"].as_str().unwrap().to_string();
        let admin = app.admin_token().await;
        let (status, res) = app
            .post_auth("/api/payments/refund", &admin, json!({"orderId": id}))
            .await;
        assert_eq!(
            (status, res["message"].as_str()),
            (400, Some("Only paid orders can be refunded"))
        );
        app.post_auth("/api/payments/verify", &token, payment(&order, "pay_F1"))
            .await;

        let (status, _) = app
            .post_auth("/api/payments/refund", &token, json!({"orderId": id}))
            .await;
        assert_eq!(status, 403, "customers cannot refund");
        let (status, _) = app
            .post_auth(
                "/api/payments/refund",
                &admin,
                json!({"orderId": id, "amount": TOTAL + 1}),
            )
            .await;
        assert_eq!(status, 400);
        let (status, part) = app
            .post_auth(
                "/api/payments/refund",
                &admin,
                json!({"orderId": id, "amount": 10_000, "reason": "Two shirts misprinted"}),
            )
            .await;
        assert_eq!(status, 200, "{part}");
        assert!(
            part["data"]["refundId"]
                .as_str()
                .unwrap()
                .starts_with("rfnd_")
        );
        assert_eq!(
            (
                part["data"]["refundedAmount"].as_i64(),
                part["data"]["orderStatus"].as_str()
            ),
            (Some(10_000), Some("confirmed"))
        );
        let (_, rest) = app
            .post_auth("/api/payments/refund", &admin, json!({"orderId": id}))
            .await;
        assert_eq!(
            (
                rest["data"]["amount"].as_i64(),
                rest["data"]["orderStatus"].as_str()
            ),
            (Some(TOTAL - 10_000), Some("refunded"))
        );
        let (status, _) = app
            .post_auth(
                "/api/payments/refund",
                &admin,
                json!({"orderId": id, "amount": 1}),
            )
            .await;
        assert_eq!(status, 400, "nothing left to refund");
    }
}

#[tokio::test]
async fn the_test_provider_pays_fails_and_saves_test_orders() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let token = shopper(&app, "popup@example.com").await;
        let (_, created) = create_order(&app, &token, "rcpt_p").await;
        let order = created["data"].clone();
        let (status, failed) = app
            .post_auth(
                "/api/payments/test/complete",
                &token,
                json!({"orderId": order["orderId"], "outcome": "failure"}),
            )
            .await;
        assert_eq!(status, 200);
        assert_eq!(failed["data"]["error"]["code"], "BAD_REQUEST_ERROR");
        let (_, paid) = app
            .post_auth(
                "/api/payments/test/complete",
                &token,
                json!({"orderId": order["orderId"]}),
            )
            .await;
        let mut proof = paid["data"].clone();
        proof["orderId"] = order["order"]["_id"].clone();
        let (status, confirmed) = app.post_auth("/api/payments/verify", &token, proof).await;
        assert_eq!(
            (status, confirmed["data"]["isPaid"].as_bool()),
            (200, Some(true)),
            "{confirmed}"
        );
        let (status, _) = app
            .post_auth(
                "/api/payments/test/complete",
                &token,
                json!({"orderId": order["orderId"]}),
            )
            .await;
        assert_eq!(status, 409, "a paid order is not paid again");

        // 'Save test order': a paid order straight from the server's cart.
        let token = shopper(&app, "saver@example.com").await;
        let body = json!({"shippingAddress": address(), "sameAsShipping": true, "amount": TOTAL, "cartItems": []});
        let (status, saved) = app
            .post_auth("/api/payments/save-test-order", &token, body.clone())
            .await;
        assert_eq!(status, 200, "{saved}");
        assert_eq!(
            (
                saved["data"]["isPaid"].as_bool(),
                saved["data"]["totalPrice"].as_i64()
            ),
            (Some(true), Some(TOTAL))
        );
        assert_eq!(cart_lines(&app, &token).await, 0);
        assert_eq!(app.post("/api/payments/save-test-order", body).await.0, 401);
    }
}

#[tokio::test]
async fn pincodes_fill_city_and_state() {
    let app = TestApp::spawn(helpers::Engine::Sqlite).await;
    let (status, body) = app.get("/api/pincode/110001").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (
            body["data"]["city"].as_str(),
            body["data"]["state"].as_str()
        ),
        (Some("New Delhi"), Some("Delhi"))
    );
    for bad in ["999999", "11000", "abcdef"] {
        let (status, body) = app.get(&format!("/api/pincode/{bad}")).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (404, Some("Invalid pincode. Please check and try again.")),
            "{bad}"
        );
    }
}

/// Payments only make their order's stock due; the keeper takes it in batches.
/// Many orders paid at once, with keepers racing (the server's own and three
/// more, as other instances would be), take each order's stock exactly once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stock_is_taken_once_per_paid_order_however_many_keepers_race() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let before = stock(&app).await;
        let other = "64f1a2b3c4d5e6f708190a03";
        let other_stock = || async {
            app.get(&format!("/api/products/{other}")).await.1["data"]["stock"]
                .as_i64()
                .unwrap()
        };
        let other_before = other_stock().await;
        let mut orders = Vec::new();
        for i in 0..6 {
            let token = shopper(&app, &format!("keeper{i}@example.com")).await;
            // One order holds two products.
            let mut amount = TOTAL;
            if i == 0 {
                let item = json!({"productId": other, "color": "white", "quantity": {"l": 30}});
                let (status, cart) = app.post_auth("/api/cart/items", &token, item).await;
                assert_eq!(status, 200, "{cart}");
                amount = cart["data"]["totalPrice"].as_i64().unwrap();
            }
            let (status, created) = app
                .post_auth(
                    "/api/payments/create-order",
                    &token,
                    order_request(&format!("rcpt_k{i}"), amount),
                )
                .await;
            assert_eq!(status, 200, "{created}");
            orders.push((token, created["data"].clone()));
        }
        let paying = orders.iter().enumerate().map(|(i, (token, order))| {
            app.post_auth(
                "/api/payments/verify",
                token,
                payment(order, &format!("pay_K{i}")),
            )
        });
        let keepers = (0..3).map(|_| api::db::stock::take_due(&app.db));
        let (paid, taken) = tokio::join!(
            futures_util::future::join_all(paying),
            futures_util::future::join_all(keepers)
        );
        assert!(paid.iter().all(|(status, _)| *status == 200), "{paid:?}");
        assert!(taken.iter().all(Result::is_ok), "{engine:?}");
        assert_eq!(stock(&app).await, before - 6 * 25, "{engine:?}");
        assert_eq!(other_stock().await, other_before - 30, "{engine:?}");
        let due: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM stock_due")
            .fetch_one(&app.db)
            .await
            .unwrap();
        assert_eq!(due, 0, "{engine:?}: nothing left due");
        // Paying again (a retried verify) makes nothing due again.
        let (token, order) = &orders[0];
        let (status, _) = app
            .post_auth("/api/payments/verify", token, payment(order, "pay_K0"))
            .await;
        assert_eq!(status, 200);
        assert_eq!(stock(&app).await, before - 6 * 25, "{engine:?}");
    }
}
