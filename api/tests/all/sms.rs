//! Phone codes in production (test providers off) through MSG91's REST API,
//! spoken by a local stand-in (helpers::msg91): sign-in, the profile's phone
//! change, a refused send, no provider at all, and the e-mail code's limits.

use serde_json::{Value, json};

use crate::helpers::msg91::{AUTH_KEY, Msg91StandIn, TEMPLATE_ID};
use crate::helpers::{Engine, TestApp, engines};

const MOBILE: &str = "9876543210";

/// A production app whose SMS provider is MSG91 at the stand-in (with
/// `auth_key`), or none.
async fn production(engine: Engine, sms: Option<(&Msg91StandIn, &str)>) -> TestApp {
    let sms = sms.map(|(s, key)| s.config(key)).unwrap_or_default();
    TestApp::spawn_configured(engine, None, move |c| {
        c.test_providers = false;
        c.sms = sms;
    })
    .await
}

/// Codes of a number that would still sign someone in.
async fn live_codes(app: &TestApp, mobile: &str) -> i64 {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM one_time_codes WHERE channel = 'phone' AND address = $1 AND consumed_at IS NULL",
    )
    .bind(mobile)
    .fetch_one(&app.db)
    .await
    .unwrap()
}

#[tokio::test]
async fn a_phone_code_proves_the_profiles_number_then_signs_in_through_msg91() {
    for engine in engines() {
        let msg91 = Msg91StandIn::start().await;
        let app = production(engine, Some((&msg91, AUTH_KEY))).await;
        let (token, _) = app.sign_up("asha@example.com").await;

        // The profile's phone change: a code to the new number, then the profile with it.
        let (status, body) = app
            .post(
                "/api/auth/otp/phone/send",
                json!({"phone": "+91 98765 43210"}),
            )
            .await;
        assert_eq!(status, 200, "{engine:?} {body}");
        let code = msg91.code_for(MOBILE).await;
        let sent = msg91.seen.lock().unwrap()[0].clone();
        assert_eq!(
            (
                &sent["template_id"],
                &sent["sender"],
                &sent["recipients"][0]["mobiles"]
            ),
            (
                &json!(TEMPLATE_ID),
                &json!("LGTHRD"),
                &json!("919876543210")
            )
        );
        let (status, body) = app
            .put_auth(
                "/api/users/profile",
                &token,
                json!({"name": "Asha Rao", "phone": MOBILE, "phoneCode": code}),
            )
            .await;
        assert_eq!(
            (status, body["data"]["phone"].as_str()),
            (200, Some(MOBILE)),
            "{body}"
        );

        // Sign-in by the now proven number.
        let (status, _) = app
            .post("/api/auth/otp/phone/send", json!({"phone": MOBILE}))
            .await;
        assert_eq!(status, 200);
        let second = msg91.code_for(MOBILE).await;
        assert_eq!(msg91.seen.lock().unwrap().len(), 2);
        let (status, body) = app
            .post(
                "/api/auth/otp/phone/verify",
                json!({"phone": MOBILE, "code": second}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            body["data"]["user"]["email"].as_str(),
            Some("asha@example.com")
        );
        assert!(body["data"]["accessToken"].as_str().is_some());

        // Production keeps no code: nothing of either is in the outbox.
        let stored: Vec<String> = sqlx::query_scalar("SELECT body FROM outbox")
            .fetch_all(&app.db)
            .await
            .unwrap();
        assert!(
            stored
                .iter()
                .all(|b| !b.contains(&code) && !b.contains(&second)),
            "{stored:?}"
        );
    }
}

#[tokio::test]
async fn a_refused_send_is_503_and_leaves_no_code_that_works() {
    for engine in engines() {
        let msg91 = Msg91StandIn::start().await;
        let app = production(engine, Some((&msg91, "a-wrong-key"))).await;
        let (status, body) = app
            .post("/api/auth/otp/phone/send", json!({"phone": MOBILE}))
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (
                503,
                Some("We could not send the message. Please try again later.")
            ),
            "{engine:?}"
        );
        assert_eq!(*msg91.requests.lock().unwrap(), 1, "MSG91 was asked");
        assert!(msg91.seen.lock().unwrap().is_empty(), "and refused it");
        assert_eq!(live_codes(&app, MOBILE).await, 0, "no code was left live");
        let users: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM users")
            .fetch_one(&app.db)
            .await
            .unwrap();
        assert_eq!(users, 0);
    }
}

#[tokio::test]
async fn without_a_provider_the_phone_routes_say_sms_is_not_configured() {
    let app = production(Engine::Sqlite, None).await;
    let (token, _) = app.sign_up("asha@example.com").await;
    let not_configured = (
        503,
        Some("SMS delivery is not configured. Please sign in with your email."),
    );
    let (status, body) = app
        .post("/api/auth/otp/phone/send", json!({"phone": MOBILE}))
        .await;
    assert_eq!((status, body["message"].as_str()), not_configured);
    // The profile's phone change starts with the same send, signed in.
    let (status, body) = app
        .post_auth("/api/auth/otp/phone/send", &token, json!({"phone": MOBILE}))
        .await;
    assert_eq!((status, body["message"].as_str()), not_configured);
    assert_eq!(live_codes(&app, MOBILE).await, 0, "no code was issued");
}

#[tokio::test]
async fn phone_codes_keep_the_email_codes_send_limit() {
    for engine in engines() {
        let msg91 = Msg91StandIn::start().await;
        let app = production(engine, Some((&msg91, AUTH_KEY))).await;
        let mut answers: Vec<(u16, Value)> = Vec::new();
        for _ in 0..4 {
            answers.push(
                app.post("/api/auth/otp/phone/send", json!({"phone": MOBILE}))
                    .await,
            );
        }
        let statuses: Vec<u16> = answers.iter().map(|(s, _)| *s).collect();
        assert_eq!(statuses, [200, 200, 200, 429], "{engine:?}");
        assert_eq!(
            answers[3].1["message"].as_str(),
            Some("Too many code requests. Please wait a few minutes and try again.")
        );
        assert_eq!(msg91.seen.lock().unwrap().len(), 3, "the fourth never left");
        assert_eq!(live_codes(&app, MOBILE).await, 1, "only the newest works");
    }
}

#[test]
fn msg91_without_its_settings_refuses_to_start_and_its_key_is_never_printed() {
    use crate::startup::migrate_with;
    let (ok, out) = migrate_with(&[("SMS_PROVIDER", "msg91"), ("MSG91_TEMPLATE_ID", "t-1")]);
    assert!(
        !ok && out.contains("SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY"),
        "{out}"
    );
    let (ok, out) = migrate_with(&[("SMS_PROVIDER", "twilio")]);
    assert!(
        !ok && out.contains("SMS_PROVIDER must be none or msg91, not twilio"),
        "{out}"
    );
    let key = "msg91-secret-key-never-printed";
    let (ok, out) = migrate_with(&[
        ("SMS_PROVIDER", "msg91"),
        ("MSG91_AUTH_KEY", key),
        ("MSG91_TEMPLATE_ID", "t-1"),
    ]);
    assert!(ok && !out.contains(key), "{out}");
    let config = api::sms::SmsConfig::Msg91(api::sms::Msg91Config {
        auth_key: api::env::Secret::new(key),
        template_id: "t-1".into(),
        template_id_hi: None,
        update_template_id: None,
        sender_id: None,
        api_base: api::sms::MSG91_API_BASE.into(),
    });
    assert!(!format!("{config:?}").contains(key));
}
