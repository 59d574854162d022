//! Paying in two parts (issue 52), through the real server on both
//! databases, against the Razorpay stand-in (so every provider order's and
//! refund's amount is seen): the plan offered from `ADVANCE_MIN_TOTAL` and
//! refused below it, the advance (the engine's split) charged, the order
//! confirmed with its balance due and no tax invoice (a receipt voucher in
//! its own series when `RECEIPT_VOUCHERS=on`), dispatch refused while the
//! balance is due (by hand and through Shiprocket), the balance-due e-mail at
//! the end of production, the balance's provider order and its payment
//! (verify and webhook, idempotent, a second one given back) issuing the
//! invoice for the whole order, and a cancelled order's advance refunded.

use crate::helpers::checkout::{
    TEE, TOTAL, address, advance_request, captured, payment, shopper, webhook,
};
use crate::helpers::razorpay::{StandIn, start_stand_in};
use crate::helpers::{Engine, TEST_WEBHOOK_SECRET, TestApp, engines};
use api::payments::config::ProviderKind;
use design_engine::Paise;
use serde_json::{Value, json};

/// 50% of ₹7,661.88 rounded up to the rupee, and the rest.
const ADVANCE: i64 = 3831_00;
const BALANCE: i64 = 3830_88;

async fn app_with(engine: Engine, min_total: Paise, vouchers: bool) -> (TestApp, StandIn) {
    let stand_in = StandIn::default();
    let base = start_stand_in(stand_in.clone()).await;
    let app = TestApp::spawn_configured(engine, None, move |c| {
        c.payments = TestApp::payments(ProviderKind::Razorpay, &base);
        c.proof_required = false;
        c.payment_terms.advance.min_total = min_total;
        c.payment_terms.receipt_vouchers = vouchers;
    })
    .await;
    (app, stand_in)
}

/// The amounts of the provider orders made so far, in order.
fn provider_orders(s: &StandIn) -> Vec<i64> {
    s.seen
        .lock()
        .unwrap()
        .iter()
        .filter(|(path, _)| path == "/v1/orders")
        .map(|(_, body)| body["amount"].as_i64().unwrap())
        .collect()
}

/// The refunds asked for so far: (payment id, amount).
fn refunds(s: &StandIn) -> Vec<(String, i64)> {
    s.seen
        .lock()
        .unwrap()
        .iter()
        .filter_map(|(path, body)| {
            let id = path
                .strip_prefix("/v1/payments/")?
                .strip_suffix("/refund")?;
            Some((id.to_string(), body["amount"].as_i64().unwrap()))
        })
        .collect()
}

/// A shopper's 25 tees ordered with the advance plan and the advance paid
/// (payment `pay_adv`); the order's id and the shopper's token.
async fn advance_paid(app: &TestApp, email: &str) -> (String, String) {
    let token = shopper(app, email).await;
    let (status, created) = app
        .post_auth(
            "/api/payments/create-order",
            &token,
            advance_request("rcpt_adv", TOTAL),
        )
        .await;
    assert_eq!(status, 200, "{created}");
    assert_eq!(created["data"]["amount"], ADVANCE, "{created}");
    let (status, body) = app
        .post_auth(
            "/api/payments/verify",
            &token,
            payment(&created["data"], "pay_adv"),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    (
        created["data"]["order"]["_id"]
            .as_str()
            .unwrap()
            .to_string(),
        token,
    )
}

async fn order(app: &TestApp, token: &str, id: &str) -> Value {
    let (status, body) = app.get_auth(&format!("/api/orders/{id}"), token).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

async fn set_status(app: &TestApp, admin: &str, id: &str, status: &str) -> (u16, Value) {
    app.put_auth(
        &format!("/api/orders/{id}/status"),
        admin,
        json!({"status": status}),
    )
    .await
}

async fn ship(app: &TestApp, admin: &str, id: &str) -> (u16, Value) {
    app.post_auth(
        &format!("/api/orders/{id}/shipment"),
        admin,
        json!({"courier": "Delhivery", "awb": "DL42", "trackingUrl": "https://www.delhivery.com/track/package/DL42"}),
    )
    .await
}

#[tokio::test]
async fn the_plan_is_offered_from_the_minimum_total_and_refused_below_it() {
    for engine in engines() {
        // The default terms: 50% on orders of ₹20,000 or more.
        let (app, stand_in) = app_with(engine, Paise(20_000_00), false).await;
        let (_, store) = app.get("/api/store").await;
        assert_eq!(
            (
                store["data"]["advancePercent"].as_i64(),
                store["data"]["advanceMinTotal"].as_i64()
            ),
            (Some(50), Some(20_000_00))
        );
        let token = shopper(&app, "small@example.com").await;
        let (_, cart) = app.get_auth("/api/cart", &token).await;
        assert!(cart["data"].get("advance").is_none(), "{cart}");
        let (status, body) = app
            .post_auth(
                "/api/payments/create-order",
                &token,
                advance_request("rcpt_small", TOTAL),
            )
            .await;
        assert_eq!(status, 400, "{engine:?} {body}");
        assert_eq!(
            body["message"],
            "Paying an advance is offered on orders of ₹20,000.00 or more: please choose to pay in full"
        );
        let mut half = advance_request("rcpt_half", TOTAL);
        half["paymentPlan"] = json!("half");
        let (status, body) = app
            .post_auth("/api/payments/create-order", &token, half)
            .await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(
            body["message"],
            "The payment plan must be \"full\" or \"advance\", not \"half\""
        );
        // Nothing was made or stored.
        assert!(provider_orders(&stand_in).is_empty());
        let (_, mine) = app.get_auth("/api/orders", &token).await;
        assert_eq!(mine["pagination"]["total"], 0, "{mine}");

        // 60 tees pass the minimum: the cart offers the split, checkout charges the advance.
        let (status, body) = app
            .post_auth(
                "/api/cart/items",
                &token,
                json!({"productId": TEE, "color": "black", "quantity": {"m": 60}}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let total = body["data"]["totalPrice"].as_i64().unwrap();
        assert!(total >= 20_000_00, "{total}");
        let split = design_engine::payment_plan::split(Paise(total), 50);
        let offer = &body["data"]["advance"];
        assert_eq!(
            (
                offer["percent"].as_i64(),
                offer["advance"].as_i64(),
                offer["balance"].as_i64()
            ),
            (Some(50), Some(split.advance.0), Some(split.balance.0)),
            "{body}"
        );
        let (status, created) = app
            .post_auth(
                "/api/payments/create-order",
                &token,
                advance_request("rcpt_big", total),
            )
            .await;
        assert_eq!(status, 200, "{engine:?} {created}");
        assert_eq!(created["data"]["amount"], split.advance.0);
        assert_eq!(provider_orders(&stand_in), vec![split.advance.0]);
        // The same receipt with the other plan is not a second order.
        let (status, body) = app
            .post_auth(
                "/api/payments/create-order",
                &token,
                json!({"amount": total, "receipt": "rcpt_big", "shippingAddress": address()}),
            )
            .await;
        assert_eq!(status, 409, "{body}");
        assert_eq!(body["code"], "PAYMENT_PLAN_DIFFERS", "{body}");
    }
}

#[tokio::test]
async fn an_advance_confirms_the_order_and_its_balance_pays_it_in_full_before_dispatch() {
    for engine in engines() {
        let (app, stand_in) = app_with(engine, Paise(5_000_00), true).await;
        let admin = app.admin_token().await;
        let (id, asha) = advance_paid(&app, "asha@example.com").await;
        assert_eq!(provider_orders(&stand_in), vec![ADVANCE]);

        // Confirmed, in production's way, with the balance due; no tax invoice yet.
        let o = order(&app, &asha, &id).await;
        assert_eq!(
            (
                o["status"].as_str(),
                o["isPaid"].as_bool(),
                o["paymentPlan"].as_str()
            ),
            (Some("confirmed"), Some(true), Some("advance"))
        );
        assert_eq!(
            (o["advanceAmount"].as_i64(), o["balanceDue"].as_i64()),
            (Some(ADVANCE), Some(BALANCE))
        );
        let (status, _) = app
            .get_auth(&format!("/api/orders/{id}/tax-invoice"), &asha)
            .await;
        assert_eq!(status, 404);
        // The advance's receipt voucher, in its own series.
        let (status, voucher) = app
            .get_auth(&format!("/api/orders/{id}/receipt-voucher"), &asha)
            .await;
        assert_eq!(status, 200, "{voucher}");
        let v = &voucher["data"];
        assert!(v["number"].as_str().unwrap().starts_with("RV/"), "{v}");
        assert!(v["number"].as_str().unwrap().ends_with("/000001"), "{v}");
        assert_eq!(
            (v["amount"].as_i64(), v["orderTotal"].as_i64()),
            (Some(ADVANCE), Some(TOTAL))
        );
        assert_eq!(v["title"], "RECEIPT VOUCHER");
        let mail = app
            .message_with("asha@example.com", "advance of ₹3,831.00")
            .await;
        assert!(
            mail.contains("The balance of ₹3,830.88 is due before dispatch"),
            "{mail}"
        );

        // Nothing to pay yet for someone else: 404.
        let (other, _) = app.sign_up("ravi@example.com").await;
        let (status, _) = app
            .post_auth(&format!("/api/orders/{id}/balance"), &other, json!({}))
            .await;
        assert_eq!(status, 404);

        // Production: to the last stage, which e-mails the balance's link.
        assert_eq!(set_status(&app, &admin, &id, "processing").await.0, 200);
        for stage in ["Printing", "Quality check", "Packed"] {
            let (status, body) = app
                .put_auth(
                    &format!("/api/orders/{id}/stage"),
                    &admin,
                    json!({"stage": stage}),
                )
                .await;
            assert_eq!(status, 200, "{body}");
        }
        let mail = app
            .message_with("asha@example.com", "Please pay the balance")
            .await;
        assert!(mail.contains("balance of ₹3,830.88"), "{mail}");
        assert!(mail.contains(&format!("/user/orders?order={id}")), "{mail}");

        // Dispatch waits for the balance: by hand, and by status.
        let (status, body) = ship(&app, &admin, &id).await;
        assert_eq!(status, 409, "{engine:?} {body}");
        assert_eq!(body["code"], "BALANCE_DUE");
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .contains("has a balance of ₹3,830.88 due"),
            "{body}"
        );
        let (status, body) = set_status(&app, &admin, &id, "shipped").await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("BALANCE_DUE")),
            "{body}"
        );

        // The balance's provider order: exactly the balance, the same one again.
        let (status, created) = app
            .post_auth(&format!("/api/orders/{id}/balance"), &asha, json!({}))
            .await;
        assert_eq!(status, 200, "{created}");
        assert_eq!(created["data"]["amount"], BALANCE);
        let balance_order = created["data"]["orderId"].as_str().unwrap().to_string();
        let (_, again) = app
            .post_auth(&format!("/api/orders/{id}/balance"), &asha, json!({}))
            .await;
        assert_eq!(again["data"]["orderId"], balance_order.as_str());
        assert_eq!(provider_orders(&stand_in), vec![ADVANCE, BALANCE]);

        // Paid and verified: paid in full, and the invoice for the whole order issued now.
        let (status, body) = app
            .post_auth(
                "/api/payments/verify",
                &asha,
                payment(&created["data"], "pay_bal"),
            )
            .await;
        assert_eq!(status, 200, "{engine:?} {body}");
        assert_eq!(order(&app, &asha, &id).await["balanceDue"], 0);
        let (status, invoice) = app
            .get_auth(&format!("/api/orders/{id}/tax-invoice"), &asha)
            .await;
        assert_eq!(status, 200, "{invoice}");
        assert_eq!(invoice["data"]["totals"]["total"], TOTAL);
        app.message_with(
            "asha@example.com",
            "We have received the balance of ₹3,830.88",
        )
        .await;
        // Again (verify, then the webhook of the same payment): nothing changes.
        let (status, _) = app
            .post_auth(
                "/api/payments/verify",
                &asha,
                payment(&created["data"], "pay_bal"),
            )
            .await;
        assert_eq!(status, 200);
        let (status, body) = webhook(
            &app,
            "evt_bal_1",
            &captured(&balance_order, "pay_bal", BALANCE),
            TEST_WEBHOOK_SECRET,
        )
        .await;
        assert_eq!(
            (status, body["data"]["outcome"].as_str()),
            (200, Some("already_paid")),
            "{body}"
        );
        // A second payment of the balance is given back in full.
        let (status, body) = webhook(
            &app,
            "evt_bal_2",
            &captured(&balance_order, "pay_bal2", BALANCE),
            TEST_WEBHOOK_SECRET,
        )
        .await;
        assert_eq!(
            (status, body["data"]["outcome"].as_str()),
            (200, Some("second_payment_refunded")),
            "{body}"
        );
        assert_eq!(refunds(&stand_in), vec![("pay_bal2".to_string(), BALANCE)]);

        // Nothing due now: 409 with its message; and it ships.
        let (status, body) = app
            .post_auth(&format!("/api/orders/{id}/balance"), &asha, json!({}))
            .await;
        assert_eq!(status, 409, "{body}");
        assert_eq!(
            body["message"],
            format!(
                "Order {} has no balance due",
                o["orderNumber"].as_str().unwrap()
            )
        );
        let (status, body) = ship(&app, &admin, &id).await;
        assert_eq!(status, 200, "{engine:?} {body}");
        assert_eq!(provider_orders(&stand_in).len(), 2);
    }
}

#[tokio::test]
async fn the_balance_is_paid_by_the_webhook_once_and_vouchers_off_issue_none() {
    for engine in engines() {
        let (app, _stand_in) = app_with(engine, Paise(5_000_00), false).await;
        let (id, asha) = advance_paid(&app, "asha@example.com").await;
        let (status, _) = app
            .get_auth(&format!("/api/orders/{id}/receipt-voucher"), &asha)
            .await;
        assert_eq!(status, 404);
        let (_, created) = app
            .post_auth(&format!("/api/orders/{id}/balance"), &asha, json!({}))
            .await;
        let balance_order = created["data"]["orderId"].as_str().unwrap().to_string();
        // A payment of another amount is not the balance.
        let (_, body) = webhook(
            &app,
            "evt_short",
            &captured(&balance_order, "pay_short", BALANCE - 1),
            TEST_WEBHOOK_SECRET,
        )
        .await;
        assert_eq!(body["data"]["outcome"], "ignored");
        assert_eq!(order(&app, &asha, &id).await["balanceDue"], BALANCE);
        let event = captured(&balance_order, "pay_hook", BALANCE);
        let (_, body) = webhook(&app, "evt_hook", &event, TEST_WEBHOOK_SECRET).await;
        assert_eq!(body["data"]["outcome"], "balance_paid", "{engine:?} {body}");
        let (_, body) = webhook(&app, "evt_hook", &event, TEST_WEBHOOK_SECRET).await;
        assert_eq!(body["data"]["outcome"], "duplicate");
        let o = order(&app, &asha, &id).await;
        assert_eq!(
            (o["balanceDue"].as_i64(), o["isPaid"].as_bool()),
            (Some(0), Some(true))
        );
        let (status, _) = app
            .get_auth(&format!("/api/orders/{id}/tax-invoice"), &asha)
            .await;
        assert_eq!(status, 200);
    }
}

#[tokio::test]
async fn cancelling_an_order_with_only_its_advance_paid_refunds_the_advance() {
    for engine in engines() {
        let (app, stand_in) = app_with(engine, Paise(5_000_00), true).await;
        let admin = app.admin_token().await;
        let (id, asha) = advance_paid(&app, "asha@example.com").await;
        let (status, body) = set_status(&app, &admin, &id, "cancelled").await;
        assert_eq!(status, 200, "{engine:?} {body}");
        assert_eq!(refunds(&stand_in), vec![("pay_adv".to_string(), ADVANCE)]);
        let o = order(&app, &asha, &id).await;
        assert_eq!(
            (o["status"].as_str(), o["refundedAmount"].as_i64()),
            (Some("cancelled"), Some(ADVANCE))
        );
        // No invoice was issued, so no credit note adjusts one.
        let (_, notes) = app
            .get_auth(&format!("/api/orders/{id}/credit-notes"), &asha)
            .await;
        assert_eq!(notes["data"].as_array().map(Vec::len), Some(0), "{notes}");
        // Its balance is not collected.
        let (status, body) = app
            .post_auth(&format!("/api/orders/{id}/balance"), &asha, json!({}))
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("ORDER_CANCELLED")),
            "{body}"
        );
        assert_eq!(provider_orders(&stand_in), vec![ADVANCE]);
    }
}

#[tokio::test]
async fn shiprocket_books_nothing_while_a_balance_is_due() {
    use crate::helpers::TEST_SHIPPING_TOKEN;
    use crate::helpers::shiprocket::StandIn as Shiprocket;
    use api::shipping::{ShippingConfig, ShippingKind};
    for engine in engines() {
        let (sr_base, shiprocket) = Shiprocket::start().await;
        let stand_in = StandIn::default();
        let base = start_stand_in(stand_in.clone()).await;
        let app = TestApp::spawn_configured(engine, None, move |c| {
            c.payments = TestApp::payments(ProviderKind::Razorpay, &base);
            c.proof_required = false;
            c.payment_terms.advance.min_total = Paise(5_000_00);
            c.shipping = ShippingConfig {
                kind: ShippingKind::Shiprocket,
                shiprocket: Shiprocket::config(&sr_base),
                pickup_pincode: "560001".into(),
                webhook_token: api::env::Secret::new(TEST_SHIPPING_TOKEN),
                ..Default::default()
            };
        })
        .await;
        let admin = app.admin_token().await;
        let (id, asha) = advance_paid(&app, "asha@example.com").await;
        let number = order(&app, &asha, &id).await["orderNumber"]
            .as_str()
            .unwrap()
            .to_string();
        let (status, body) = app
            .post_auth(&format!("/api/orders/{id}/shipment"), &admin, json!({}))
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("BALANCE_DUE")),
            "{engine:?} {body}"
        );
        assert_eq!(shiprocket.orders_made(&number), 0);
        let (_, created) = app
            .post_auth(&format!("/api/orders/{id}/balance"), &asha, json!({}))
            .await;
        let (status, _) = app
            .post_auth(
                "/api/payments/verify",
                &asha,
                payment(&created["data"], "pay_bal"),
            )
            .await;
        assert_eq!(status, 200);
        let (status, body) = app
            .post_auth(&format!("/api/orders/{id}/shipment"), &admin, json!({}))
            .await;
        assert_eq!(status, 200, "{engine:?} {body}");
        assert_eq!(shiprocket.orders_made(&number), 1);
    }
}

#[test]
fn bad_payment_terms_refuse_to_start() {
    use crate::startup::migrate_with;
    for bad in ["91", "100", "-1", "50.5", "half"] {
        let (ok, err) = migrate_with(&[("ADVANCE_PERCENT", bad)]);
        assert!(
            !ok && err.contains(&format!(
                "ADVANCE_PERCENT must be a whole percent from 0 (no advance payments) to 90, not {bad:?}"
            )),
            "{bad}: {err}"
        );
    }
    let (ok, err) = migrate_with(&[("ADVANCE_MIN_TOTAL", "20,000")]);
    assert!(
        !ok && err.contains("ADVANCE_MIN_TOTAL must be an amount in rupees"),
        "{err}"
    );
    let (ok, err) = migrate_with(&[("RECEIPT_VOUCHERS", "maybe")]);
    assert!(
        !ok && err.contains("RECEIPT_VOUCHERS must be on or off"),
        "{err}"
    );
    let (ok, err) = migrate_with(&[("RECEIPT_VOUCHER_PREFIX", "INV")]);
    assert!(
        !ok && err.contains("RECEIPT_VOUCHER_PREFIX must differ"),
        "{err}"
    );
    for good in [
        ("ADVANCE_PERCENT", "0"),
        ("ADVANCE_PERCENT", "90"),
        ("ADVANCE_MIN_TOTAL", "5000.50"),
    ] {
        let (ok, err) = migrate_with(&[good]);
        assert!(ok, "{good:?}: {err}");
    }
}
