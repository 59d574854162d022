//! WhatsApp updates through a local stand-in speaking MSG91's WhatsApp API
//! (helpers::whatsapp), with SMS through the MSG91 Flow stand-in: consent,
//! once per event under retries and two instances, the fallbacks, the quiet
//! hours, STOP and the profile's opt-out, and the proof's link. `events`
//! drives the other updates through the paths that queue them.

mod events;

use chrono::NaiveDate;
use serde_json::{Value, json};

use api::core::notify::worker::deliver_due;
use api::domain::india_time;
use api::state::AppState;

use crate::helpers::checkout::{TOTAL, order_request, payment, shopper};
use crate::helpers::msg91::{AUTH_KEY, Msg91StandIn, UPDATE_TEMPLATE_ID};
use crate::helpers::whatsapp::{WEBHOOK_TOKEN, WhatsAppStandIn, template};
use crate::helpers::{Engine, TestApp, engines};

const MOBILE: &str = "9876543210";

struct Setup {
    app: TestApp,
    wa: WhatsAppStandIn,
    sms: Msg91StandIn,
}

/// A dev-mode app (test payments) whose WhatsApp is the stand-in and whose
/// SMS is the Flow stand-in with `sms_key`, at noon India time.
async fn setup(engine: Engine, sms_key: &'static str) -> Setup {
    setup_with(engine, sms_key, |_| {}).await
}

/// `setup`, with the configuration adjusted by `configure` too.
async fn setup_with(
    engine: Engine,
    sms_key: &'static str,
    configure: impl FnOnce(&mut api::config::Config),
) -> Setup {
    let (wa, sms) = (WhatsAppStandIn::start().await, Msg91StandIn::start().await);
    let (wa_config, sms_config) = (wa.config(), sms.config(sms_key));
    let app = TestApp::spawn_configured(engine, None, move |c| {
        c.whatsapp = wa_config;
        c.sms = sms_config;
        configure(c);
    })
    .await;
    india_time_at(&app.state, 0, 12, 0);
    Setup { app, wa, sms }
}

/// Sets the updates' clock to `days` after today at `hour:minute` India time.
fn india_time_at(state: &AppState, days: i64, hour: u32, minute: u32) {
    let now = api::db::now_ms();
    let today: NaiveDate = india_time::date(now);
    let at = india_time::wall_clock_ms(today.and_hms_opt(hour, minute, 0).unwrap())
        + days * india_time::DAY_MS;
    state.notify.clock.set_offset_ms(at - now);
}

async fn deliver(state: &AppState) -> usize {
    deliver_due(state).await.unwrap()
}

/// A shopper's paid order, with WhatsApp updates ticked at checkout or not.
async fn paid(app: &TestApp, email: &str, whatsapp: bool) -> (String, String) {
    let token = shopper(app, email).await;
    let mut request = order_request(&format!("r{}", whatsapp as u8), TOTAL);
    request["whatsappUpdates"] = json!(whatsapp);
    (pay(app, &token, request).await, token)
}

/// Checkout's `request` made and paid by the shopper: the order's id.
async fn pay(app: &TestApp, token: &str, request: Value) -> String {
    let (status, order) = app
        .post_auth("/api/payments/create-order", token, request)
        .await;
    assert_eq!(status, 200, "{order}");
    let (status, body) = app
        .post_auth(
            "/api/payments/verify",
            token,
            payment(&order["data"], "pay_1"),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    order["data"]["order"]["_id"].as_str().unwrap().to_string()
}

/// Consent given on the profile for `mobile`, proven by its code, as
/// `name` (the name the updates greet).
async fn consent_on_profile(app: &TestApp, token: &str, name: &str, mobile: &str) {
    let (status, body) = app
        .post("/api/auth/otp/phone/send", json!({"phone": mobile}))
        .await;
    assert_eq!(status, 200, "{body}");
    let code = app.code_for(mobile).await;
    let (status, body) = app
        .put_auth(
            "/api/users/profile",
            token,
            json!({"name": name, "phone": mobile, "phoneCode": code, "whatsappUpdates": true}),
        )
        .await;
    assert_eq!(
        (status, &body["data"]["whatsappUpdates"]),
        (200, &json!(true)),
        "{body}"
    );
}

/// The updates stored: (event, state, sent via), oldest first.
async fn updates(app: &TestApp) -> Vec<(String, String, Option<String>)> {
    sqlx::query_as("SELECT event, state, sent_via FROM notifications ORDER BY created_at, id")
        .fetch_all(&app.db)
        .await
        .unwrap()
}

async fn outbox(app: &TestApp, channel: &str) -> Vec<(String, String)> {
    sqlx::query_as("SELECT recipient, body FROM outbox WHERE channel = $1 ORDER BY created_at, id")
        .bind(channel)
        .fetch_all(&app.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn updates_need_consent_and_the_email_goes_either_way() {
    for engine in engines() {
        let Setup { app, wa, .. } = setup(engine, AUTH_KEY).await;
        let (_, token) = paid(&app, "asha@example.com", false).await;
        assert_eq!(deliver(&app.state).await, 0);
        assert!(updates(&app).await.is_empty(), "{engine:?}");
        assert!(wa.sent().is_empty());
        assert!(outbox(&app, "whatsapp").await.is_empty());
        let emails = outbox(&app, "email").await;
        assert!(
            emails.iter().any(|(to, _)| to == "asha@example.com"),
            "{emails:?}"
        );
        let profile = app.get_auth("/api/users/profile", &token).await.1;
        assert_eq!(profile["data"]["whatsappUpdates"], false);

        // Ticked at checkout: the number shown (the shipping address's) gets it.
        let (order, token) = paid(&app, "ravi@example.com", true).await;
        assert_eq!(deliver(&app.state).await, 1);
        let sent = wa.sent();
        assert_eq!(sent.len(), 1, "{engine:?}");
        let (name, language, to, vars) = &sent[0];
        assert_eq!(
            (name.as_str(), language.as_str(), to.as_str()),
            (
                template(api::whatsapp::Event::OrderConfirmed).as_str(),
                "en",
                "919876543210"
            )
        );
        assert_eq!(vars[2], "₹7,661.88", "{vars:?}");
        let number: String = sqlx::query_scalar("SELECT order_number FROM orders WHERE id = $1")
            .bind(&order)
            .fetch_one(&app.db)
            .await
            .unwrap();
        assert_eq!(vars[1], number);
        let error: Option<String> = sqlx::query_scalar("SELECT last_error FROM notifications")
            .fetch_one(&app.db)
            .await
            .unwrap();
        assert_eq!(
            updates(&app).await,
            vec![(
                "order_confirmed".into(),
                "done".into(),
                Some("whatsapp".into())
            )],
            "{error:?}"
        );
        // Dev mode keeps it in the outbox, under its channel.
        let kept = outbox(&app, "whatsapp").await;
        assert_eq!(kept.len(), 1);
        assert!(
            kept[0].0 == MOBILE && kept[0].1.contains(&number),
            "{kept:?}"
        );
        let profile = app.get_auth("/api/users/profile", &token).await.1;
        assert_eq!(
            (
                &profile["data"]["whatsappUpdates"],
                &profile["data"]["whatsappPhone"]
            ),
            (&json!(true), &json!(MOBILE))
        );
        assert!(profile["data"]["whatsappConsentAt"].as_i64().is_some());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_event_is_sent_once_under_retries_and_two_instances() {
    for engine in engines() {
        let Setup { app, wa, .. } = setup(engine, AUTH_KEY).await;
        let (order, token) = paid(&app, "ravi@example.com", true).await;
        // The payment verified again, and the event queued again: nothing more.
        let full = api::db::orders::get(&app.db, &order)
            .await
            .unwrap()
            .unwrap();
        api::core::notify::events::order_confirmed(&app.state, &full).await;
        let (status, _) = app
            .post_auth("/api/payments/verify", &token, json!({"razorpayOrderId": full.provider_order_id, "razorpayPaymentId": "pay_1",
                "razorpaySignature": crate::helpers::checkout::sign(crate::helpers::TEST_KEY_SECRET, &format!("{}|pay_1", full.provider_order_id.clone().unwrap())),
                "orderId": order}))
            .await;
        assert_eq!(status, 200);
        // A second instance: its own pool on the same database, same clock.
        let mut other = app.state.clone();
        other.db = api::db::connect(&app.state.config.database_url, Some(4))
            .await
            .unwrap();
        let (a, b) = tokio::join!(deliver_due(&app.state), deliver_due(&other));
        assert_eq!(a.unwrap() + b.unwrap(), 1, "{engine:?}");
        let (a, b) = tokio::join!(deliver_due(&app.state), deliver_due(&other));
        assert_eq!(a.unwrap() + b.unwrap(), 0);
        assert_eq!(wa.sent().len(), 1, "{engine:?}");
        assert_eq!(*wa.requests.lock().unwrap(), 1);
        assert_eq!(updates(&app).await.len(), 1);
    }
}

#[tokio::test]
async fn a_failed_whatsapp_goes_by_sms_ten_minutes_later_then_by_email() {
    for engine in engines() {
        let Setup { app, wa, sms } = setup(engine, AUTH_KEY).await;
        wa.failing.store(true, std::sync::atomic::Ordering::SeqCst);
        paid(&app, "ravi@example.com", true).await;
        assert_eq!(deliver(&app.state).await, 1);
        assert_eq!(*wa.requests.lock().unwrap(), 1, "WhatsApp was asked");
        assert_eq!(updates(&app).await[0].1, "sms");
        india_time_at(&app.state, 0, 12, 9);
        assert_eq!(
            deliver(&app.state).await,
            0,
            "{engine:?}: not before 10 minutes"
        );
        assert!(sms.seen.lock().unwrap().is_empty());
        india_time_at(&app.state, 0, 12, 11);
        assert_eq!(deliver(&app.state).await, 1);
        let seen = sms.seen.lock().unwrap().clone();
        assert_eq!(seen.len(), 1, "{engine:?}");
        assert_eq!(seen[0]["template_id"], UPDATE_TEMPLATE_ID);
        assert_eq!(seen[0]["recipients"][0]["mobiles"], "919876543210");
        assert!(
            seen[0]["recipients"][0]["text"]
                .as_str()
                .unwrap()
                .contains("is confirmed")
        );
        assert_eq!(
            updates(&app).await[0],
            ("order_confirmed".into(), "done".into(), Some("sms".into()))
        );
    }
    // SMS refused too (a wrong key): the update goes by e-mail.
    for engine in engines() {
        let Setup { app, wa, sms } = setup(engine, "a-wrong-key").await;
        wa.failing.store(true, std::sync::atomic::Ordering::SeqCst);
        paid(&app, "ravi@example.com", true).await;
        deliver(&app.state).await;
        india_time_at(&app.state, 0, 12, 11);
        assert_eq!(deliver(&app.state).await, 1);
        assert_eq!(*sms.requests.lock().unwrap(), 1, "SMS was asked");
        assert_eq!(updates(&app).await[0].1, "email");
        assert_eq!(deliver(&app.state).await, 1);
        assert_eq!(
            updates(&app).await[0],
            (
                "order_confirmed".into(),
                "done".into(),
                Some("email".into())
            )
        );
        let emails = outbox(&app, "email").await;
        assert!(
            emails
                .iter()
                .any(|(to, body)| to == "ravi@example.com" && body.contains("is confirmed")),
            "{engine:?} {emails:?}"
        );
    }
}

#[tokio::test]
async fn quiet_hours_hold_updates_until_nine_in_the_morning() {
    for engine in engines() {
        let Setup { app, wa, .. } = setup(engine, AUTH_KEY).await;
        india_time_at(&app.state, 0, 22, 0);
        paid(&app, "ravi@example.com", true).await;
        assert_eq!(deliver(&app.state).await, 1);
        assert!(wa.sent().is_empty(), "{engine:?}: nothing at 22:00");
        india_time_at(&app.state, 1, 8, 59);
        assert_eq!(deliver(&app.state).await, 0, "held until 09:00");
        india_time_at(&app.state, 1, 9, 0);
        assert_eq!(deliver(&app.state).await, 1);
        assert_eq!(wa.sent().len(), 1, "{engine:?}");
        // Sign-in codes are not held: one asked for at 22:00 is sent.
        india_time_at(&app.state, 1, 22, 0);
        let (status, _) = app
            .post("/api/auth/otp/phone/send", json!({"phone": "9123456780"}))
            .await;
        assert_eq!(status, 200);
    }
}

async fn inbound(app: &TestApp, token: Option<&str>, body: Value) -> (u16, Value) {
    let mut req = app
        .client
        .post(app.url("/api/whatsapp/inbound"))
        .json(&body);
    if let Some(t) = token {
        req = req.header("X-Webhook-Token", t);
    }
    let res = req.send().await.unwrap();
    (
        res.status().as_u16(),
        res.json().await.unwrap_or(Value::Null),
    )
}

#[tokio::test]
async fn stop_and_the_profile_withdraw_consent_at_once() {
    for engine in engines() {
        let Setup { app, wa, .. } = setup(engine, AUTH_KEY).await;
        let (_, token) = paid(&app, "ravi@example.com", true).await;
        let stop = json!({"customerNumber": "919876543210", "text": "STOP"});
        for bad in [None, Some("wrong-token"), Some("")] {
            let (status, _) = inbound(&app, bad, stop.clone()).await;
            assert_eq!(status, 401, "{engine:?} {bad:?}");
        }
        let profile = app.get_auth("/api/users/profile", &token).await.1;
        assert_eq!(
            profile["data"]["whatsappUpdates"], true,
            "a refused call changes nothing"
        );
        let (status, body) = inbound(
            &app,
            Some(WEBHOOK_TOKEN),
            json!({"customerNumber": "919876543210", "text": "hello"}),
        )
        .await;
        assert_eq!(
            (status, body["data"]["outcome"].as_str()),
            (200, Some("notStop"))
        );
        let (status, body) = inbound(&app, Some(WEBHOOK_TOKEN), json!({"text": "STOP"})).await;
        assert_eq!(status, 400, "{body}");
        // The update queued before STOP is dropped, not sent.
        let (status, body) = inbound(&app, Some(WEBHOOK_TOKEN), stop.clone()).await;
        assert_eq!(
            (status, body["data"]["outcome"].as_str()),
            (200, Some("stopped")),
            "{body}"
        );
        assert_eq!(deliver(&app.state).await, 1);
        assert!(wa.sent().is_empty(), "{engine:?}");
        assert_eq!(updates(&app).await[0].1, "dropped");
        let profile = app.get_auth("/api/users/profile", &token).await.1;
        assert_eq!(profile["data"]["whatsappUpdates"], false);

        // Back on through the profile (its number needs proving first), then off.
        let (status, body) = app
            .put_auth(
                "/api/users/profile",
                &token,
                json!({"name": "Ravi", "whatsappUpdates": true}),
            )
            .await;
        assert_eq!(status, 400, "no number: {body}");
        consent_on_profile(&app, &token, "Ravi", MOBILE).await;
        let (status, body) = app
            .put_auth(
                "/api/users/profile",
                &token,
                json!({"name": "Ravi", "phone": MOBILE, "whatsappUpdates": false}),
            )
            .await;
        assert_eq!(
            (status, &body["data"]["whatsappUpdates"]),
            (200, &json!(false)),
            "{body}"
        );
        let opted_out: Option<i64> = sqlx::query_scalar(
            "SELECT whatsapp_opted_out_at FROM users WHERE email = 'ravi@example.com'",
        )
        .fetch_one(&app.db)
        .await
        .unwrap();
        assert!(opted_out.is_some());
        // A new event for a customer who opted out is not even queued.
        let order: String = sqlx::query_scalar("SELECT id FROM orders")
            .fetch_one(&app.db)
            .await
            .unwrap();
        let full = api::db::orders::get(&app.db, &order)
            .await
            .unwrap()
            .unwrap();
        api::core::notify::events::delivery_step(
            &app.state,
            &full,
            api::core::notify::events::DeliveryStep::Delivered,
        )
        .await;
        assert_eq!(updates(&app).await.len(), 1, "{engine:?}");
    }
}

/// The link in the proof's WhatsApp message, as a path.
fn proof_path(wa: &WhatsAppStandIn) -> String {
    let sent = wa.sent();
    let (_, _, _, vars) = sent
        .iter()
        .rev()
        .find(|s| s.0 == template(api::whatsapp::Event::ProofReady))
        .unwrap();
    let link = vars.last().unwrap();
    let token = link.rsplit('/').next().unwrap();
    format!("/api/proof-links/{token}")
}

#[tokio::test]
async fn the_proof_link_approves_once_and_expires() {
    for engine in engines() {
        let Setup { app, wa, .. } = setup(engine, AUTH_KEY).await;
        let admin = app.admin_token().await;
        let (order, _) = paid(&app, "ravi@example.com", true).await;
        let (status, body) = app
            .post_auth(&format!("/api/orders/{order}/proofs"), &admin, json!({}))
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(deliver(&app.state).await, 2);
        let path = proof_path(&wa);
        // Only the token's hash is kept.
        let token = path.rsplit('/').next().unwrap().to_string();
        let stored: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM proof_links WHERE token_hash = $1")
                .bind(&token)
                .fetch_one(&app.db)
                .await
                .unwrap();
        assert_eq!(stored, 0);

        let (status, body) = app.get(&path).await;
        assert_eq!(
            (
                status,
                body["data"]["version"].as_i64(),
                body["data"]["state"].as_str()
            ),
            (200, Some(1), Some("sent")),
            "{body}"
        );
        let res = app
            .client
            .get(app.url(&format!("{path}/pdf")))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200);
        assert!(res.bytes().await.unwrap().starts_with(b"%PDF-"));
        let (status, body) = app.post(&format!("{path}/approve"), json!({})).await;
        assert_eq!(
            (status, body["data"]["state"].as_str()),
            (200, Some("approved")),
            "{engine:?} {body}"
        );
        let approved: String = sqlx::query_scalar("SELECT proof_state FROM orders WHERE id = $1")
            .bind(&order)
            .fetch_one(&app.db)
            .await
            .unwrap();
        assert_eq!(approved, "approved");
        for (method, suffix) in [("post", "/approve"), ("post", "/changes"), ("get", "")] {
            let (status, _) = match method {
                "get" => app.get(&path).await,
                _ => {
                    app.post(
                        &format!("{path}{suffix}"),
                        json!({"comment": "Bigger logo"}),
                    )
                    .await
                }
            };
            assert_eq!(status, 409, "{engine:?} {suffix}: used");
        }
        // The last digit changed (to another one).
        let last = if token.ends_with('0') { '1' } else { '0' };
        let tampered = format!("{}{last}", &token[..token.len() - 1]);
        for bad in ["nope", "0123.abcd", tampered.as_str()] {
            let (status, _) = app.get(&format!("/api/proof-links/{bad}")).await;
            assert_eq!(status, 404, "{engine:?} {bad}");
        }
    }
    // A second version's link, 8 days later: 410; asking for changes in time works once.
    for engine in engines() {
        let Setup { app, wa, .. } = setup(engine, AUTH_KEY).await;
        let admin = app.admin_token().await;
        let (order, _) = paid(&app, "ravi@example.com", true).await;
        app.post_auth(&format!("/api/orders/{order}/proofs"), &admin, json!({}))
            .await;
        deliver(&app.state).await;
        let path = proof_path(&wa);
        let (status, body) = app
            .post(&format!("{path}/changes"), json!({"comment": "  "}))
            .await;
        assert_eq!(status, 400, "{body}");
        let (status, body) = app
            .post(
                &format!("{path}/changes"),
                json!({"comment": "Bigger logo"}),
            )
            .await;
        assert_eq!(
            (status, body["data"]["state"].as_str()),
            (200, Some("changes_requested")),
            "{engine:?} {body}"
        );
        let (status, body) = app
            .post_auth(&format!("/api/orders/{order}/proofs"), &admin, json!({}))
            .await;
        assert_eq!(status, 200, "{body}");
        deliver(&app.state).await;
        let second = proof_path(&wa);
        assert_ne!(second, path);
        india_time_at(&app.state, 8, 12, 0);
        for (status, body) in [
            app.get(&second).await,
            app.post(&format!("{second}/approve"), json!({})).await,
        ] {
            assert_eq!(status, 410, "{engine:?} {body}");
        }
    }
}

#[test]
fn msg91_whatsapp_without_its_settings_refuses_to_start_and_its_key_is_never_printed() {
    use crate::startup::migrate_with;
    let key = "msg91-whatsapp-secret-never-printed";
    let templates: Vec<(String, String)> = api::whatsapp::Event::ALL
        .into_iter()
        .map(|e| (e.template_setting(), template(e)))
        .collect();
    let mut all: Vec<(&str, &str)> = vec![
        ("WHATSAPP_PROVIDER", "msg91"),
        ("MSG91_AUTH_KEY", key),
        ("WHATSAPP_INTEGRATED_NUMBER", "919000000001"),
        ("WHATSAPP_WEBHOOK_TOKEN", WEBHOOK_TOKEN),
    ];
    all.extend(templates.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    let (ok, out) = migrate_with(&all);
    assert!(ok && !out.contains(key), "{out}");
    // Each one missing stops the start, named.
    for missing in [
        "MSG91_AUTH_KEY",
        "WHATSAPP_INTEGRATED_NUMBER",
        "WHATSAPP_TEMPLATE_PROOF_READY",
        "WHATSAPP_WEBHOOK_TOKEN",
    ] {
        let vars: Vec<(&str, &str)> = all.iter().copied().filter(|(k, _)| *k != missing).collect();
        let (ok, out) = migrate_with(&vars);
        assert!(!ok && out.contains(missing), "{missing}: {out}");
        assert!(!out.contains(key), "{out}");
    }
    let (ok, out) = migrate_with(&[("WHATSAPP_PROVIDER", "twilio")]);
    assert!(
        !ok && out.contains("WHATSAPP_PROVIDER must be none or msg91, not twilio"),
        "{out}"
    );
    let short: Vec<(&str, &str)> = all
        .iter()
        .map(|&(k, v)| {
            if k == "WHATSAPP_WEBHOOK_TOKEN" {
                (k, "short")
            } else {
                (k, v)
            }
        })
        .collect();
    let (ok, out) = migrate_with(&short);
    assert!(
        !ok && out.contains("WHATSAPP_WEBHOOK_TOKEN is 5 bytes"),
        "{out}"
    );
}
