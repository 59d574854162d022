//! Nothing secret in a log line: the real binary logging at INFO, after a
//! password reset, a signed upload and a shared-design visit, has logged
//! every request but none of the reset token, the upload signature or the
//! share token, and names the client by its socket, not by a forged header.

use design_engine::{Design, Font, PrintArea, Size, TextElement};
use serde_json::json;

use crate::helpers::process::{Store, data_dir};

const PASSWORD: &str = "violet-Kettle-harbour-92";

fn design() -> serde_json::Value {
    let mut d = Design::new("64f1a2b3c4d5e6f708190a01", "blue");
    d.set_text(
        PrintArea::LeftChest,
        TextElement::new("Crew", Font::Georgia, 20, "#ffffff").unwrap(),
    );
    d.set_quantity(Size::M, 25).unwrap();
    serde_json::from_str(&d.to_json()).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_access_log_holds_no_token_signature_or_share_link() {
    let logged = log_a_reset_an_upload_and_a_share("text").await;
    assert!(logged.contains("client=127.0.0.1"), "{logged}");
}

/// `LOG_FORMAT=json`: one JSON object a line, its spans' fields listed (the
/// request's path and client), with the same redactions as the text.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_logs_are_one_object_a_line_with_the_same_redactions() {
    let logged = log_a_reset_an_upload_and_a_share("json").await;
    let mut responses = 0;
    for line in logged.lines().filter(|l| !l.trim().is_empty()) {
        let entry: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: not JSON: {line}"));
        assert!(
            entry["level"].is_string() && entry["timestamp"].is_string(),
            "{line}"
        );
        if entry["message"] == "response" {
            let request = entry["spans"]
                .as_array()
                .and_then(|spans| spans.iter().find(|s| s["name"] == "request"))
                .unwrap_or_else(|| panic!("the request's span in {line}"));
            assert_eq!(request["client"], "127.0.0.1", "{line}");
            assert!(
                request["path"].is_string() && entry["status"].is_string(),
                "{line}"
            );
            responses += 1;
        }
    }
    assert!(responses >= 8, "{responses} responses logged:\n{logged}");
}

/// Logs (in `format`) a password reset, a signed upload and a shared-design
/// visit, checks that no token, signature or forged address reached the log,
/// and returns the log.
async fn log_a_reset_an_upload_and_a_share(format: &str) -> String {
    let dir = data_dir("store-logs");
    let log = dir.join("server.log");
    let database_url = format!("sqlite://{}/store.db?mode=rwc", dir.display());
    let store = Store::start_logging_with(
        &dir,
        &database_url,
        &log,
        &[("RUST_LOG", "info"), ("LOG_FORMAT", format)],
    )
    .await;

    // A password reset: the link's token travels in a query.
    let (status, body) = store
        .post(
            "/api/auth/register",
            "",
            json!({"name": "Asha Rao", "email": "asha@example.com", "password": PASSWORD}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let (status, _) = store
        .post(
            "/api/auth/forgot-password",
            "",
            json!({"email": "asha@example.com"}),
        )
        .await;
    assert_eq!(status, 200);
    let mail = store
        .message("asha@example.com", "/reset-password?token=")
        .await;
    let reset_token: String = mail
        .split("token=")
        .nth(1)
        .unwrap()
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect();
    assert!(reset_token.len() >= 16, "{mail}");
    store
        .client
        .get(store.url(&format!("/reset-password?token={reset_token}")))
        .header("X-Forwarded-For", "203.0.113.9")
        .send()
        .await
        .unwrap();
    let (status, body) = store
        .post(
            "/api/auth/reset-password",
            "",
            json!({"token": reset_token, "password": "amber-Lantern-orchard-57"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    // The reset ended every session: sign in with the new password.
    let (status, body) = store
        .post(
            "/api/auth/login",
            "",
            json!({"email": "asha@example.com", "password": "amber-Lantern-orchard-57"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let token = body["data"]["accessToken"].as_str().unwrap().to_string();

    // A signed upload: the URL's signature travels in its query.
    let admin = store.admin(&dir, &[]).await;
    let up = store
        .get(
            "/api/upload/presigned-url?fileName=front.png&color=red",
            &admin,
        )
        .await;
    let url = up["data"]["uploadUrl"].as_str().unwrap().to_string();
    let signature = url.split("signature=").nth(1).unwrap().to_string();
    assert!(signature.len() >= 16, "{url}");
    let png = design_engine::codec::encode_png(&image::RgbaImage::new(4, 4), None);
    let res = store
        .client
        .put(store.url(&url))
        .header("content-type", "image/png")
        .body(png)
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{}", res.status());

    // A shared design: the token is the link's path.
    let (status, saved) = store
        .post(
            "/api/designs",
            &token,
            json!({"name": "Crew", "design": design()}),
        )
        .await;
    assert_eq!(status, 201, "{saved}");
    let id = saved["data"]["_id"].as_str().unwrap();
    let (status, shared) = store
        .post(&format!("/api/designs/{id}/share"), &token, json!({}))
        .await;
    assert_eq!(status, 200, "{shared}");
    let share = shared["data"]["token"].as_str().unwrap().to_string();
    let seen = store.get(&format!("/api/shared-designs/{share}"), "").await;
    assert_eq!(seen["success"], true, "{seen}");
    store
        .client
        .get(store.url(&format!("/d/{share}")))
        .send()
        .await
        .unwrap();

    store.kill();
    let logged = std::fs::read_to_string(&log).unwrap();
    assert!(
        logged.contains("/api/shared-designs/_"),
        "requests are logged:\n{logged}"
    );
    assert!(logged.contains("/reset-password?token=_"), "{logged}");
    for (what, secret) in [
        ("reset token", reset_token.as_str()),
        ("upload signature", signature.as_str()),
        ("share token", share.as_str()),
        ("forged client address", "203.0.113.9"),
    ] {
        assert!(
            !logged.contains(secret),
            "the log holds the {what}:\n{logged}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
    logged
}

/// The newest one-time code sent to `to` (an e-mail address or a mobile number).
async fn code_for(store: &Store, to: &str) -> String {
    let message = store.message(to, "Your code is ").await;
    let start = message.find("Your code is ").unwrap() + "Your code is ".len();
    message[start..start + 6].to_string()
}

/// No e-mail address or mobile number in a log line: the real binary logging
/// at INFO through a sign-up, sign-ins by e-mail and SMS code, wrong codes
/// that pause code sign-in (warned about), a newsletter sign-up and an order
/// tracked by number and e-mail.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_log_holds_no_email_address_or_phone_number() {
    let dir = data_dir("store-logs-contacts");
    let log = dir.join("server.log");
    let database_url = format!("sqlite://{}/store.db?mode=rwc", dir.display());
    let store = Store::start_logging(&dir, &database_url, &log).await;
    let (email, phone) = ("ravi.kumar@example.com", "9876543210");

    // Sign-up with a password.
    let (status, body) = store
        .post(
            "/api/auth/register",
            "",
            json!({"name": "Asha Rao", "email": "asha.rao@example.com", "password": PASSWORD}),
        )
        .await;
    assert_eq!(status, 201, "{body}");

    // Sign-up by e-mail code, with the details step's mobile number.
    let (status, body) = store
        .post("/api/auth/otp/email/send", "", json!({"email": email}))
        .await;
    assert_eq!(status, 200, "{body}");
    let code = code_for(&store, email).await;
    let (status, body) = store
        .post(
            "/api/auth/otp/email/verify",
            "",
            json!({"email": email, "code": code}),
        )
        .await;
    assert_eq!(
        (status, &body["data"]["existingUser"]),
        (200, &json!(false))
    );
    let (status, body) = store
        .post(
            "/api/auth/otp/phone/verify",
            "",
            json!({"email": email, "name": "Ravi", "phone": "+91 98765 43210", "code": code}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    // Sign-in by e-mail code; the number proven on the profile.
    let token = store.code_sign_in(email).await;
    store
        .post("/api/auth/otp/phone/send", "", json!({"phone": phone}))
        .await;
    let code = code_for(&store, phone).await;
    let (status, body) = store
        .call(
            reqwest::Method::PUT,
            "/api/users/profile",
            &token,
            Some(json!({"name": "Ravi", "phone": phone, "phoneCode": code})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    // Sign-in by SMS code.
    let (status, body) = store
        .post("/api/auth/otp/phone/send", "", json!({"phone": phone}))
        .await;
    assert_eq!(status, 200, "{body}");
    let code = code_for(&store, phone).await;
    let (status, body) = store
        .post(
            "/api/auth/otp/phone/verify",
            "",
            json!({"phone": phone, "code": code}),
        )
        .await;
    assert_eq!(status, 200, "{body}");

    // Wrong codes for both, until code sign-in pauses (a warning is logged).
    for (channel, field, to) in [("email", "email", email), ("phone", "phone", phone)] {
        let (status, body) = store
            .post(
                &format!("/api/auth/otp/{channel}/send"),
                "",
                json!({field: to}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let path = format!("/api/auth/otp/{channel}/verify");
        let mut paused = false;
        for _ in 0..=api::core::accounts::codes::WRONG_CODES_PER_WINDOW {
            let (status, _) = store
                .post(&path, "", json!({field: to, "code": "000000"}))
                .await;
            paused |= status == 429;
        }
        assert!(paused, "{field}: code sign-in paused");
    }

    // A newsletter sign-up and an order tracked by number and e-mail.
    let (status, body) = store
        .post(
            "/api/newsletter/subscribe",
            "",
            json!({"email": "reader@example.com"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let tracked = store
        .get(
            "/api/track?orderNumber=ORD-20261128-000001&email=ravi.kumar%40example.com",
            "",
        )
        .await;
    assert_eq!(tracked["success"], false, "{tracked}");

    store.kill();
    let logged = std::fs::read_to_string(&log).unwrap();
    assert!(logged.contains("code sign-in paused"), "{logged}");
    assert!(
        logged.contains("/api/track?orderNumber=_&email=_"),
        "{logged}"
    );
    for (what, contact) in [
        ("an e-mail address", "@example.com"),
        ("an e-mail address, encoded", "%40example.com"),
        ("a mobile number", phone),
        ("a mobile number as typed", "98765 43210"),
    ] {
        assert!(
            !logged.contains(contact),
            "the log holds {what} ({contact}):\n{logged}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}
