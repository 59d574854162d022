//! The server as an attacker meets it: production defaults, account
//! pre-hijacking, atomic attempt counting, rate limits, body limits, headers,
//! cookies and request ids. SQLite and PostgreSQL where storage is involved.

use crate::helpers;
use std::sync::Arc;

use crate::helpers::smtp::SmtpStandIn;
use crate::helpers::{Engine, TestApp, engines};
use futures_util::future::join_all;
use serde_json::{Value, json};

/// A production app: test providers off, Razorpay chosen without keys.
async fn production(engine: Engine, smtp: Option<&SmtpStandIn>) -> TestApp {
    let smtp = smtp.map(|s| api::mail::SmtpConfig {
        url: api::env::Secret::new(s.url()),
        from: "Store <orders@store.example>".into(),
    });
    TestApp::spawn_configured(engine, None, move |c| {
        c.test_providers = false;
        c.smtp = smtp;
        c.payments = TestApp::payments(
            api::payments::config::ProviderKind::Razorpay,
            "http://127.0.0.1:9",
        );
        c.payments.key_id = String::new();
        c.payments.key_secret = api::env::Secret::new("");
    })
    .await
}

#[tokio::test]
async fn production_without_relays_or_keys_says_503_and_hides_test_routes() {
    let app = production(Engine::Sqlite, None).await;
    for (path, body, message) in [
        (
            "/api/auth/otp/email/send",
            json!({"email": "a@example.com"}),
            "Email delivery is not configured. Please try again later.",
        ),
        (
            "/api/auth/otp/phone/send",
            json!({"phone": "9876543210"}),
            "SMS delivery is not configured. Please sign in with your email.",
        ),
        (
            "/api/auth/forgot-password",
            json!({"email": "a@example.com"}),
            "Email delivery is not configured. Please try again later.",
        ),
    ] {
        let (status, b) = app.post(path, body).await;
        assert_eq!(
            (status, b["message"].as_str()),
            (503, Some(message)),
            "{path}"
        );
    }
    let (token, _) = app.sign_up("shopper@example.com").await;
    let (status, b) = app
        .post_auth(
            "/api/payments/create-order",
            &token,
            helpers::checkout::order_request("r-1", helpers::checkout::TOTAL),
        )
        .await;
    assert_eq!(
        (status, b["message"].as_str()),
        (503, Some("Payments are not configured"))
    );
    let (_, methods) = app.get("/api/payments/methods").await;
    assert_eq!(methods["data"]["testMode"], false);
    for path in ["/api/dev/outbox?to=shopper@example.com"] {
        assert_eq!(app.get(path).await.0, 404, "{path}");
    }
    for path in [
        "/api/payments/test/complete",
        "/api/payments/save-test-order",
    ] {
        assert_eq!(
            app.post_auth(path, &token, json!({})).await.0,
            404,
            "{path}"
        );
    }
}

#[tokio::test]
async fn production_mails_codes_through_smtp_and_stores_none() {
    for engine in engines() {
        let relay = SmtpStandIn::start().await;
        let app = production(engine, Some(&relay)).await;
        let (status, _) = app
            .post(
                "/api/auth/otp/email/send",
                json!({"email": "asha@example.com"}),
            )
            .await;
        assert_eq!(status, 200, "{engine:?}");
        let mail = relay.wait_for("asha@example.com").await;
        assert!(mail.auth.is_some(), "the relay's credentials are used");
        assert!(
            mail.data.contains("From: Store <orders@store.example>"),
            "{}",
            mail.data
        );
        let at = mail.data.find("Your code is ").expect("a code") + "Your code is ".len();
        let code = mail.data[at..at + 6].to_string();
        let stored: Vec<String> = sqlx::query_scalar("SELECT body FROM outbox")
            .fetch_all(&app.db)
            .await
            .unwrap();
        assert!(
            stored.iter().all(|b| !b.contains(&code)),
            "no code is stored"
        );
        let (status, body) = app
            .post(
                "/api/auth/otp/email/verify",
                json!({"email": "asha@example.com", "code": code}),
            )
            .await;
        assert_eq!(
            (status, body["data"]["existingUser"].as_bool()),
            (200, Some(false))
        );

        // The newsletter's confirmation link carries a secret: straight to
        // the relay, never stored. Its welcome, once confirmed, is durable
        // mail: it goes through the worker and its text is dropped once delivered.
        app.post(
            "/api/newsletter/subscribe",
            json!({"email": "news@example.com"}),
        )
        .await;
        let confirmation = relay.wait_for("news@example.com").await;
        // (Quoted-printable: long lines end in a soft break, "=" is "=3D".)
        let data = confirmation.data.replace("=\n", "").replace("=3D", "=");
        let at = data.find("confirm?token=").expect("a confirmation link") + "confirm?token=".len();
        let token: String = data[at..]
            .chars()
            .take_while(char::is_ascii_hexdigit)
            .collect();
        assert_eq!(token.len(), 64, "{}", confirmation.data);
        let stored: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE recipient = 'news@example.com'")
                .fetch_one(&app.db)
                .await
                .unwrap();
        assert_eq!(stored, 0, "the link is not stored");
        let (status, _) = app
            .post("/api/newsletter/confirm", json!({"token": token}))
            .await;
        assert_eq!(status, 200);
        let mut welcome = relay.wait_for("news@example.com").await;
        for _ in 0..200 {
            if welcome.data.contains("Welcome to our newsletter") {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            welcome = relay.wait_for("news@example.com").await;
        }
        assert!(welcome.data.contains("Thank you for confirming"));
        for _ in 0..100 {
            let left: Vec<(String, Option<i64>)> = sqlx::query_as(
                "SELECT body, delivered_at FROM outbox WHERE recipient = 'news@example.com'",
            )
            .fetch_all(&app.db)
            .await
            .unwrap();
            if left.iter().all(|(b, d)| b.is_empty() && d.is_some()) {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        let body: String =
            sqlx::query_scalar("SELECT body FROM outbox WHERE recipient = 'news@example.com'")
                .fetch_one(&app.db)
                .await
                .unwrap();
        assert_eq!(body, "", "{engine:?}");
    }
}

#[tokio::test]
async fn the_dev_outbox_refuses_relayed_requests() {
    let app = TestApp::spawn(Engine::Sqlite).await;
    let res = app
        .client
        .get(app.url("/api/dev/outbox?to=a@example.com"))
        .header("x-forwarded-for", "203.0.113.9")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 403);
    assert_eq!(app.get("/api/dev/outbox?to=a@example.com").await.0, 200);
}

#[tokio::test]
async fn proving_an_email_ends_a_pre_hijackers_password_and_sessions() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        // The attacker registers the victim's address with their own password.
        let (attacker_access, attacker_refresh) = app.sign_up("victim@example.com").await;
        // The victim signs in by e-mail code: the address is proven.
        let victim = app.sign_in_by_code("victim@example.com").await;
        assert_eq!(app.get_auth("/api/auth/me", &victim).await.0, 200);
        assert_eq!(
            app.get_auth("/api/auth/me", &attacker_access).await.0,
            401,
            "{engine:?}"
        );
        assert_eq!(app.refresh(&attacker_refresh).await.0, 401);
        let (status, _) = app
            .post(
                "/api/auth/login",
                json!({"email": "victim@example.com", "password": "correct horse"}),
            )
            .await;
        assert_eq!(status, 401, "the attacker's password no longer works");

        // Later proofs of an already proven address end nothing.
        let again = app.sign_in_by_code("victim@example.com").await;
        assert_eq!(app.get_auth("/api/auth/me", &victim).await.0, 200);
        assert_eq!(app.get_auth("/api/auth/me", &again).await.0, 200);

        // The same through a reset link: the pre-hijacker's session ends.
        let (attacker_access, _) = app.sign_up("victim2@example.com").await;
        app.post(
            "/api/auth/forgot-password",
            json!({"email": "victim2@example.com"}),
        )
        .await;
        let first = app
            .last_link("victim2@example.com", "/reset-password")
            .await;
        app.post(
            "/api/auth/forgot-password",
            json!({"email": "victim2@example.com"}),
        )
        .await;
        let mut second = app
            .last_link("victim2@example.com", "/reset-password")
            .await;
        for _ in 0..50 {
            if second != first {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            second = app
                .last_link("victim2@example.com", "/reset-password")
                .await;
        }
        let (status, _) = app
            .post(
                "/api/auth/reset-password",
                json!({"token": first, "password": "the owner's pw"}),
            )
            .await;
        assert_eq!(status, 400, "a newer link ends the older one");
        let (status, _) = app
            .post(
                "/api/auth/reset-password",
                json!({"token": second, "password": "the owner's pw"}),
            )
            .await;
        assert_eq!(status, 200);
        assert_eq!(app.get_auth("/api/auth/me", &attacker_access).await.0, 401);
        let (_, me) = app
            .post(
                "/api/auth/login",
                json!({"email": "victim2@example.com", "password": "the owner's pw"}),
            )
            .await;
        assert_eq!(me["data"]["user"]["isVerified"], true);
    }
}

/// The first proof of an address also drops what the earlier, unproven
/// holder attached: its phone (which would sign them in again), addresses,
/// cart, saved designs and their share links, pictures and preferences.
#[tokio::test]
async fn a_first_proof_drops_what_an_unproven_holder_attached() {
    use design_engine::{Design, Font, PrintArea, Size, TextElement};
    const TEE: &str = "64f1a2b3c4d5e6f708190a05";
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (attacker, _) = app.sign_up("claimed@example.com").await;
        // A number of the attacker's, even proven by a code sent to it.
        app.post("/api/auth/otp/phone/send", json!({"phone": "9876501234"}))
            .await;
        let code = app.code_for("9876501234").await;
        let (status, body) = app
            .put_auth(
                "/api/users/profile",
                &attacker,
                json!({"name": "Mallory", "phone": "9876501234", "phoneCode": code}),
            )
            .await;
        assert_eq!(status, 200, "{engine:?} {body}");
        let (status, body) = app
            .put_auth(
                "/api/users/preferences",
                &attacker,
                json!({"newsletter": true}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let (status, body) = app
            .post_auth(
                "/api/users/addresses",
                &attacker,
                json!({"street": "1 Drop Lane", "city": "Pune", "state": "Maharashtra", "zipCode": "411001"}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let sha = design_engine::hash::sha256_hex(helpers::LOGO);
        let (status, body) = app
            .put_bytes(
                &format!("/api/artwork/{sha}"),
                &attacker,
                helpers::LOGO.to_vec(),
                "image/png",
            )
            .await;
        assert!(status == 200 || status == 201, "{body}");
        let (status, body) = app
            .post_auth(
                "/api/cart/items",
                &attacker,
                json!({"productId": TEE, "color": "navyblue", "quantity": {"s": 25}}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let mut d = Design::new(TEE, "navyblue");
        d.set_text(
            PrintArea::LeftChest,
            TextElement::new("Mine now", Font::Georgia, 20, "#ffffff").unwrap(),
        );
        d.set_quantity(Size::M, 25).unwrap();
        let design: Value = serde_json::from_str(&d.to_json()).unwrap();
        let (status, body) = app
            .post_auth(
                "/api/designs",
                &attacker,
                json!({"name": "Planted", "design": design}),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        let id = body["data"]["_id"].as_str().unwrap().to_string();
        let (status, body) = app
            .post_auth(&format!("/api/designs/{id}/share"), &attacker, json!({}))
            .await;
        assert_eq!(status, 200, "{body}");
        let share = body["data"]["token"].as_str().unwrap().to_string();
        assert_eq!(
            app.get(&format!("/api/shared-designs/{share}")).await.0,
            200
        );

        // The owner proves the address with a code.
        let owner = app.sign_in_by_code("claimed@example.com").await;
        let (_, profile) = app.get_auth("/api/users/profile", &owner).await;
        assert_eq!(profile["data"]["phone"], "", "{engine:?} {profile}");
        assert_eq!(profile["data"]["addresses"], json!([]));
        assert_eq!(profile["data"]["preferences"], json!({}));
        let (_, addresses) = app.get_auth("/api/users/addresses", &owner).await;
        assert_eq!(addresses["data"], json!([]));
        let (_, cart) = app.get_auth("/api/cart", &owner).await;
        assert_eq!(cart["data"]["items"], json!([]), "{cart}");
        let (_, designs) = app.get_auth("/api/designs", &owner).await;
        assert_eq!(designs["data"], json!([]), "{designs}");
        assert_eq!(
            app.get(&format!("/api/shared-designs/{share}")).await.0,
            404
        );
        let (status, _, _) = app
            .get_bytes(&format!("/api/artwork/{sha}"), Some(&owner))
            .await;
        assert_eq!(status, 404, "the attacker's picture is not the owner's");
        // The attacker's number no longer opens the account.
        app.post("/api/auth/otp/phone/send", json!({"phone": "9876501234"}))
            .await;
        let code = app.code_for("9876501234").await;
        let (status, body) = app
            .post(
                "/api/auth/otp/phone/verify",
                json!({"phone": "9876501234", "code": code}),
            )
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (400, Some("Please enter your name and email to register"))
        );
        // Later proofs drop nothing: the owner's own address stays.
        app.post_auth(
            "/api/users/addresses",
            &owner,
            json!({"street": "2 Keep Road", "city": "Pune", "state": "Maharashtra", "zipCode": "411001"}),
        )
        .await;
        app.sign_in_by_code("claimed@example.com").await;
        let (_, addresses) = app.get_auth("/api/users/addresses", &owner).await;
        assert_eq!(addresses["data"].as_array().map(Vec::len), Some(1));
    }
}

/// 200 concurrent wrong guesses count as 200: exactly ten (the address's
/// budget) are judged, the rest are refused as paused, and the right code
/// waits for the pause to end, then works (guesses never use it up).
#[tokio::test]
async fn concurrent_guesses_are_counted_atomically() {
    for engine in engines() {
        let app = Arc::new(
            TestApp::spawn_adjusted(
                engine,
                None,
                |_| {},
                |s| {
                    s.limits = Arc::new(api::limits::Limits::unlimited());
                },
            )
            .await,
        );
        for (send, verify, target, field) in [
            (
                "/api/auth/otp/email/send",
                "/api/auth/otp/email/verify",
                "guess@example.com",
                "email",
            ),
            (
                "/api/auth/otp/phone/send",
                "/api/auth/otp/phone/verify",
                "9812345678",
                "phone",
            ),
        ] {
            app.post(send, json!({ field: target })).await;
            let code = app.code_for(target).await;
            let wrong = if code == "000000" { "111111" } else { "000000" };
            let mut body = json!({ field: target, "code": wrong });
            if field == "phone" {
                body["name"] = json!("G");
                body["email"] = json!("guess-reg@example.com");
            }
            let results = join_all((0..200).map(|_| {
                let app = app.clone();
                let body = body.clone();
                async move { app.post(verify, body).await }
            }))
            .await;
            let judged = results
                .iter()
                .filter(|(s, b)| *s == 400 && b["message"] == "Wrong OTP")
                .count();
            let paused = results.iter().filter(|(s, _)| *s == 429).count();
            assert_eq!((judged, paused), (10, 190), "{engine:?} {verify}");
            body["code"] = json!(code);
            let (status, _) = app.post(verify, body.clone()).await;
            assert_eq!(status, 429, "the right code waits for the pause ({verify})");
            sqlx::query("UPDATE code_guards SET window_start = window_start - 3600000")
                .execute(&app.db)
                .await
                .unwrap();
            let (status, answer) = app.post(verify, body).await;
            assert_eq!(status, 200, "then it works ({verify}): {answer}");
        }

        // A reset token is used once, however many use it at the same moment.
        app.sign_up("reset@example.com").await;
        app.post(
            "/api/auth/forgot-password",
            json!({"email": "reset@example.com"}),
        )
        .await;
        let token = app.last_link("reset@example.com", "/reset-password").await;
        let results = join_all((0..50).map(|i| {
            let app = app.clone();
            let token = token.clone();
            async move {
                app.post(
                    "/api/auth/reset-password",
                    json!({"token": token, "password": format!("amber falcon meadow {i}")}),
                )
                .await
                .0
            }
        }))
        .await;
        assert_eq!(
            results.iter().filter(|s| **s == 200).count(),
            1,
            "{engine:?} {results:?}"
        );
        assert_eq!(results.iter().filter(|s| **s == 400).count(), 49);
    }
}

/// The hourly sweep forgets sign-in guards whose window has passed (codes a
/// day old, wrong-code budgets whose hour ended) and keeps current ones.
#[tokio::test]
async fn the_sweep_forgets_expired_sign_in_guards() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        for email in ["old@example.com", "new@example.com"] {
            app.post("/api/auth/otp/email/send", json!({ "email": email }))
                .await;
            let (status, _) = app
                .post(
                    "/api/auth/otp/email/verify",
                    json!({ "email": email, "code": "000000" }),
                )
                .await;
            assert!(status == 400 || status == 401, "{status}");
        }
        let count = |table: &'static str| {
            let db = app.db.clone();
            async move {
                sqlx::query_scalar::<_, i64>(&format!("SELECT COUNT(*) FROM {table}"))
                    .fetch_one(&db)
                    .await
                    .unwrap()
            }
        };
        assert_eq!(
            (count("one_time_codes").await, count("code_guards").await),
            (2, 2)
        );
        let two_days = 2 * 24 * 60 * 60 * 1000_i64;
        sqlx::query("UPDATE one_time_codes SET created_at = created_at - $1 WHERE address = 'old@example.com'")
            .bind(two_days)
            .execute(&app.db)
            .await
            .unwrap();
        sqlx::query("UPDATE code_guards SET window_start = window_start - $1 WHERE address = 'old@example.com'")
            .bind(two_days)
            .execute(&app.db)
            .await
            .unwrap();
        let swept = api::sweeper::sweep(&app.state, std::time::Duration::from_secs(3600))
            .await
            .unwrap();
        assert_eq!(swept.expired_guards, 2, "{engine:?} {swept:?}");
        assert_eq!(
            (count("one_time_codes").await, count("code_guards").await),
            (1, 1)
        );
    }
}

#[tokio::test]
async fn answers_do_not_tell_whether_an_account_exists() {
    let app = TestApp::spawn(Engine::Sqlite).await;
    app.sign_up("known@example.com").await;
    for path in ["/api/auth/forgot-password", "/api/auth/otp/email/send"] {
        let known = app.post(path, json!({"email": "known@example.com"})).await;
        let unknown = app
            .post(path, json!({"email": "unknown@example.com"}))
            .await;
        assert_eq!(known, unknown, "{path}");
    }
}

#[tokio::test]
async fn a_phone_number_is_set_only_with_its_code() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (token, _) = app.sign_up("phone@example.com").await;
        let (status, body) = app
            .put_auth(
                "/api/users/profile",
                &token,
                json!({"name": "P", "phone": "9811111111"}),
            )
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (
                400,
                Some("Please enter the code sent to your new mobile number")
            ),
            "{engine:?}"
        );
        app.post("/api/auth/otp/phone/send", json!({"phone": "9811111111"}))
            .await;
        let code = app.code_for("9811111111").await;
        let (status, _) = app
            .put_auth(
                "/api/users/profile",
                &token,
                json!({"name": "P", "phone": "9811111111", "phoneCode": "000000"}),
            )
            .await;
        assert!(status == 400 || code == "000000");
        let (status, body) = app
            .put_auth(
                "/api/users/profile",
                &token,
                json!({"name": "P", "phone": "9811111111", "phoneCode": code}),
            )
            .await;
        assert_eq!(
            (status, body["data"]["phone"].as_str()),
            (200, Some("9811111111"))
        );
        // Saving the profile again with the same number needs no new code.
        let (status, _) = app
            .put_auth(
                "/api/users/profile",
                &token,
                json!({"name": "Priya", "phone": "9811111111"}),
            )
            .await;
        assert_eq!(status, 200);
    }
}

/// A request from a given client, as a trusted proxy forwards it.
async fn login_from(app: &TestApp, client: &str, email: &str, password: &str) -> reqwest::Response {
    app.client
        .post(app.url("/api/auth/login"))
        .header("x-forwarded-for", client)
        .json(&json!({"email": email, "password": password}))
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn guessing_is_rate_limited_without_locking_out_the_owner() {
    let app = TestApp::spawn_configured(Engine::Sqlite, None, |c| {
        c.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    })
    .await;
    app.sign_up("owner@example.com").await;
    let mut statuses = Vec::new();
    let mut retry_after = None;
    for _ in 0..40 {
        let res = login_from(&app, "203.0.113.66", "owner@example.com", "wrong guess").await;
        if res.status() == 429 {
            retry_after = res
                .headers()
                .get("retry-after")
                .map(|v| v.to_str().unwrap().to_string());
        }
        statuses.push(res.status().as_u16());
    }
    assert_eq!(
        statuses.iter().filter(|s| **s == 401).count(),
        10,
        "{statuses:?}"
    );
    assert_eq!(statuses.iter().filter(|s| **s == 429).count(), 30);
    let wait: u64 = retry_after.expect("Retry-After on 429").parse().unwrap();
    assert!((1..=120).contains(&wait), "{wait}");
    // The owner, from their own address, still signs in.
    let res = login_from(&app, "198.51.100.7", "owner@example.com", "correct horse").await;
    assert_eq!(res.status(), 200);

    // Code sends: three per address in ten minutes, then 429 with Retry-After.
    let mut last = None;
    for _ in 0..4 {
        last = Some(
            app.client
                .post(app.url("/api/auth/otp/email/send"))
                .json(&json!({"email": "flood@example.com"}))
                .send()
                .await
                .unwrap(),
        );
    }
    let last = last.unwrap();
    assert_eq!(last.status(), 429);
    assert!(last.headers().contains_key("retry-after"));
}

#[tokio::test]
async fn password_hashing_has_a_bounded_queue() {
    let app = Arc::new(
        TestApp::spawn_adjusted(
            Engine::Sqlite,
            None,
            |_| {},
            |s| {
                s.limits = Arc::new(api::limits::Limits::unlimited());
            },
        )
        .await,
    );
    let statuses = join_all((0..300).map(|i| {
        let app = app.clone();
        async move {
            app.post(
                "/api/auth/login",
                json!({"email": format!("nobody{i}@example.com"), "password": "some password"}),
            )
            .await
            .0
        }
    }))
    .await;
    let busy = statuses.iter().filter(|s| **s == 503).count();
    assert!(busy > 0, "a full queue answers 503 at once");
    assert!(
        statuses.iter().all(|s| *s == 401 || *s == 503),
        "{statuses:?}"
    );
}

#[tokio::test]
async fn bodies_are_limited_to_one_mebibyte() {
    let app = TestApp::spawn(Engine::Sqlite).await;
    let big = json!({"email": "a@example.com", "password": "x".repeat(2 << 20)});
    let res = app
        .client
        .post(app.url("/api/auth/login"))
        .json(&big)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 413);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["message"], "The request is too large (at most 1 MiB)");
    // Chunked, with no Content-Length to judge by.
    let chunks =
        futures_util::stream::iter((0..40).map(|_| Ok::<_, std::io::Error>(vec![b' '; 64 * 1024])));
    let res = app
        .client
        .post(app.url("/api/auth/login"))
        .header("content-type", "application/json")
        .body(reqwest::Body::wrap_stream(chunks))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 413);
    assert_eq!(app.get("/api/health").await.0, 200, "the server carries on");
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let app = TestApp::spawn_full(
        Engine::Sqlite,
        true,
        Some("<!doctype html><title>store</title>"),
    )
    .await;
    for path in ["/", "/shop", "/api/products", "/api/nope"] {
        let res = app.client.get(app.url(path)).send().await.unwrap();
        let h = res.headers();
        let csp = h["content-security-policy"].to_str().unwrap();
        assert!(
            csp.contains("default-src 'self'") && csp.contains("frame-ancestors 'none'"),
            "{path}: {csp}"
        );
        assert!(csp.contains("https://checkout.razorpay.com"));
        assert_eq!(h["x-content-type-options"], "nosniff");
        assert_eq!(h["x-frame-options"], "DENY");
        assert_eq!(h["referrer-policy"], "strict-origin-when-cross-origin");
        assert!(
            !h.contains_key("strict-transport-security"),
            "no HSTS without https"
        );
    }
    let https = TestApp::spawn_configured(Engine::Sqlite, None, |c| {
        c.public_url = Some("https://store.example".into());
    })
    .await;
    let res = https
        .client
        .get(https.url("/api/health"))
        .send()
        .await
        .unwrap();
    assert!(
        res.headers()["strict-transport-security"]
            .to_str()
            .unwrap()
            .starts_with("max-age=")
    );
}

fn cookie_of(res: &reqwest::Response) -> String {
    res.headers()["set-cookie"].to_str().unwrap().to_string()
}

#[tokio::test]
async fn the_refresh_token_lives_in_an_http_only_cookie() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        app.sign_up("cookie@example.com").await;
        let res = app
            .client
            .post(app.url("/api/auth/login"))
            .json(&json!({"email": "cookie@example.com", "password": "correct horse"}))
            .send()
            .await
            .unwrap();
        let cookie = cookie_of(&res);
        for part in [
            "refresh_token=",
            "HttpOnly",
            "SameSite=Strict",
            "Path=/api/auth",
        ] {
            assert!(cookie.contains(part), "{cookie}");
        }
        assert!(!cookie.contains("Secure"), "plain http in tests");
        let value = cookie.split(';').next().unwrap().to_string();
        let body: Value = res.json().await.unwrap();
        let access = body["data"]["accessToken"].as_str().unwrap().to_string();
        assert!(
            !body
                .to_string()
                .contains(value.trim_start_matches("refresh_token=")),
            "the refresh token is never in a JSON body: {body}"
        );
        assert!(body["data"].get("refreshToken").is_none());

        // The web app refreshes with the cookie alone.
        let res = app
            .client
            .post(app.url("/api/auth/refresh"))
            .header("cookie", &value)
            .json(&json!({}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200, "{engine:?}");
        let rotated = cookie_of(&res).split(';').next().unwrap().to_string();
        assert_ne!(rotated, value, "the cookie rotates with the token");
        let body: Value = res.json().await.unwrap();
        assert!(body["data"]["accessToken"].is_string());
        assert!(
            !body
                .to_string()
                .contains(rotated.trim_start_matches("refresh_token=")),
            "{body}"
        );
        // A minute on, the old cookie is spent: presenting it again ends the session.
        app.age_used_refresh_tokens().await;
        let res = app
            .client
            .post(app.url("/api/auth/refresh"))
            .header("cookie", &value)
            .json(&json!({}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 401);

        let https = TestApp::spawn_configured(engine, None, |c| {
            c.public_url = Some("https://store.example".into());
        })
        .await;
        https.sign_up("s@example.com").await;
        let res = https
            .client
            .post(https.url("/api/auth/login"))
            .json(&json!({"email": "s@example.com", "password": "correct horse"}))
            .send()
            .await
            .unwrap();
        assert!(cookie_of(&res).contains("; Secure"));

        // The reuse ended that session; a new one signs out and the cookie is cleared.
        assert_eq!(app.get_auth("/api/auth/me", &access).await.0, 401);
        let (_, fresh) = app
            .post(
                "/api/auth/login",
                json!({"email": "cookie@example.com", "password": "correct horse"}),
            )
            .await;
        let res = app
            .client
            .post(app.url("/api/auth/logout"))
            .bearer_auth(fresh["data"]["accessToken"].as_str().unwrap())
            .json(&json!({}))
            .send()
            .await
            .unwrap();
        assert!(cookie_of(&res).contains("Max-Age=0"));
    }
}

#[tokio::test]
async fn only_safe_request_ids_are_kept() {
    let app = TestApp::spawn(Engine::Sqlite).await;
    let id_for = |given: &'static str| {
        let req = app
            .client
            .get(app.url("/api/health"))
            .header("x-request-id", given);
        async move {
            let res = req.send().await.unwrap();
            res.headers()["x-request-id"].to_str().unwrap().to_string()
        }
    };
    assert_eq!(id_for("trace-42.a_b").await, "trace-42.a_b");
    for bad in [
        "has space",
        "semi;colon",
        "<script>",
        &*Box::leak("x".repeat(65).into_boxed_str()),
    ] {
        let got = id_for(bad).await;
        assert_ne!(got, bad);
        assert!(!got.is_empty());
    }
}
