//! Admins' second factor (TOTP, RFC 6238) through the real server on both
//! databases: a first factor hands out a challenge, not a session; the first
//! sign-in enrols an authenticator app (QR code, secret, recovery codes);
//! later ones take the app's code or a recovery code, each once; attempts are
//! limited per account. The codes are made here from the secret, as an
//! authenticator app makes them.

use std::sync::Arc;

use crate::helpers::{Engine, TestApp, engines, refresh_cookie};
use serde_json::{Value, json};

const ADMIN: &str = "boss@example.com";

/// A store in production's shape for admins: second factors required.
async fn store(engine: Engine, unlimited: bool) -> TestApp {
    TestApp::spawn_adjusted(
        engine,
        None,
        |c| c.admin_totp = true,
        |s| {
            if unlimited {
                s.limits = Arc::new(api::limits::Limits::unlimited());
            }
        },
    )
    .await
}

/// An admin with a password (as `create-admin` promotes an account).
async fn admin(app: &TestApp) {
    app.sign_up(ADMIN).await;
    sqlx::query("UPDATE users SET role = 'admin' WHERE email = $1")
        .bind(ADMIN)
        .execute(&app.db)
        .await
        .unwrap();
}

/// The answer to `POST path` with its refresh cookie, if any.
async fn post(app: &TestApp, path: &str, body: Value) -> (u16, Value, Option<String>) {
    let res = app
        .client
        .post(app.url(path))
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    let cookie = refresh_cookie(res.headers()).filter(|c| !c.is_empty());
    (status, res.json().await.unwrap_or(Value::Null), cookie)
}

/// Signs in with the password: the challenge, and whether the app is enrolled.
async fn first_factor(app: &TestApp) -> (String, bool) {
    let (status, body, cookie) = post(
        app,
        "/api/auth/login",
        json!({"email": ADMIN, "password": "correct horse"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(cookie.is_none(), "no session before the second factor");
    let data = &body["data"];
    assert!(
        data.get("accessToken").is_none() && data.get("user").is_none(),
        "{body}"
    );
    let step = &data["secondFactor"];
    assert_eq!(step["expiresIn"], 600);
    (
        step["challenge"].as_str().unwrap().to_string(),
        step["enrolled"].as_bool().unwrap(),
    )
}

/// The authenticator app's current code for a base32 secret.
fn app_code(secret: &str) -> String {
    totp_rs::Builder::new()
        .with_secret(totp_rs::Secret::try_from_base32(secret).unwrap())
        .build()
        .unwrap()
        .generate_current()
        .to_string()
}

fn wrong(code: &str) -> String {
    if code == "000000" { "111111" } else { "000000" }.to_string()
}

#[tokio::test]
async fn admins_enrol_an_authenticator_app_then_sign_in_with_its_codes() {
    for engine in engines() {
        let app = store(engine, true).await;
        admin(&app).await;

        // The first sign-in: the app is not set up yet.
        let (challenge, enrolled) = first_factor(&app).await;
        assert!(!enrolled, "{engine:?}");
        let (status, _, _) = post(
            &app,
            "/api/auth/2fa/enroll",
            json!({"challenge": "not-a-challenge"}),
        )
        .await;
        assert_eq!(status, 401);
        let (status, body, _) = post(
            &app,
            "/api/auth/2fa/enroll",
            json!({"challenge": challenge}),
        )
        .await;
        assert_eq!(status, 200, "{engine:?} {body}");
        let enrolment = &body["data"];
        let secret = enrolment["secret"].as_str().unwrap().to_string();
        let uri = enrolment["otpauthUri"].as_str().unwrap();
        assert!(uri.starts_with("otpauth://totp/"), "{uri}");
        assert!(uri.contains(&format!("secret={secret}")), "{uri}");
        assert!(uri.contains("issuer=Legacy%20Threads"), "{uri}");
        assert!(enrolment["qrSvg"].as_str().unwrap().contains("<svg"));
        let recovery: Vec<String> = enrolment["recoveryCodes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().to_string())
            .collect();
        assert_eq!(recovery.len(), 10);

        // Stored encrypted and hashed: neither the secret nor a code at rest.
        let stored: String = sqlx::query_scalar("SELECT secret FROM totp_factors")
            .fetch_one(&app.db)
            .await
            .unwrap();
        let raw = totp_rs::Secret::try_from_base32(&secret).unwrap();
        assert!(!stored.contains(&secret) && !stored.contains(&hex::encode(raw.as_bytes())));
        let hashes: Vec<String> = sqlx::query_scalar("SELECT code_hash FROM recovery_codes")
            .fetch_all(&app.db)
            .await
            .unwrap();
        assert_eq!(hashes.len(), 10);
        assert!(
            hashes
                .iter()
                .all(|h| !recovery.iter().any(|c| h.contains(&c.replace('-', ""))))
        );

        // A recovery code cannot finish the set-up; a wrong code is refused.
        let verify = |challenge: &str, code: &str| {
            post(
                &app,
                "/api/auth/2fa/verify",
                json!({"challenge": challenge, "code": code}),
            )
        };
        let (status, body, _) = verify(&challenge, &recovery[0]).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (
                400,
                Some("Enter a code from your authenticator app to finish setting it up.")
            )
        );
        let code = app_code(&secret);
        let (status, body, cookie) = verify(&challenge, &wrong(&code)).await;
        assert_eq!(status, 400, "{body}");
        assert!(body["message"].as_str().unwrap().starts_with("Wrong code."));
        assert!(cookie.is_none());
        let (status, body, _) = verify(&challenge, "12ab").await;
        assert_eq!(status, 400, "{body}");

        // The app's code finishes the set-up and signs in, with the cookie.
        let (status, body, cookie) = verify(&challenge, &code).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (200, Some("Login successful")),
            "{engine:?} {body}"
        );
        let access = body["data"]["accessToken"].as_str().unwrap().to_string();
        assert_eq!(body["data"]["user"]["role"], "admin");
        let refresh = cookie.expect("the refresh cookie");
        let (status, _) = app.get_auth("/api/orders/admin", &access).await;
        assert_eq!(status, 200, "an admin's route");
        let notice = app
            .message_with(ADMIN, "An authenticator app was set up")
            .await;
        assert!(!notice.contains(&secret), "no secret in the notice");
        // The session refreshes as usual; the challenge is spent.
        let (status, _, _) = app.refresh(&refresh).await;
        assert_eq!(status, 200);
        let (status, _, _) = verify(&challenge, &app_code(&secret)).await;
        assert_eq!(status, 401, "a challenge works once");

        // The next sign-in asks for a code; enrolling again is refused.
        let (challenge, enrolled) = first_factor(&app).await;
        assert!(enrolled);
        let (status, _, _) = post(
            &app,
            "/api/auth/2fa/enroll",
            json!({"challenge": challenge}),
        )
        .await;
        assert_eq!(status, 409);
        // The code just used does not work again (RFC 6238, 5.2).
        let (status, body, _) = verify(&challenge, &code).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (
                400,
                Some("This code was already used. Please wait for the next one.")
            )
        );
        // A recovery code works, once, typed as people type.
        let typed = recovery[3].to_uppercase().replace('-', " ");
        let (status, body, cookie) = verify(&challenge, &typed).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (
                200,
                Some("Login successful. You have 9 recovery codes left.")
            ),
            "{body}"
        );
        assert!(cookie.is_some());
        app.message_with(ADMIN, "A recovery code was used to sign in")
            .await;
        let (challenge, _) = first_factor(&app).await;
        let (status, _, _) = verify(&challenge, &recovery[3]).await;
        assert_eq!(status, 400, "a recovery code works once");

        // A lost app: reset from the command line, and the next sign-in enrols again.
        api::reset_second_factor(&app.state, ADMIN).await.unwrap();
        let (status, _, _) = verify(&challenge, &recovery[4]).await;
        assert_eq!(status, 401, "open challenges end");
        let (_, enrolled) = first_factor(&app).await;
        assert!(!enrolled);
    }
}

/// Five codes per account, then one every five minutes: the right code waits too.
#[tokio::test]
async fn second_factor_codes_are_limited_per_account() {
    for engine in engines() {
        let app = store(engine, false).await;
        admin(&app).await;
        let (challenge, _) = first_factor(&app).await;
        let (_, body, _) = post(
            &app,
            "/api/auth/2fa/enroll",
            json!({"challenge": challenge}),
        )
        .await;
        let secret = body["data"]["secret"].as_str().unwrap().to_string();
        let code = app_code(&secret);
        for _ in 0..5 {
            let (status, body, _) = post(
                &app,
                "/api/auth/2fa/verify",
                json!({"challenge": challenge, "code": wrong(&code)}),
            )
            .await;
            assert_eq!(status, 400, "{engine:?} {body}");
        }
        let res = app
            .client
            .post(app.url("/api/auth/2fa/verify"))
            .json(&json!({"challenge": challenge, "code": code}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 429, "{engine:?}");
        let wait: u64 = res.headers()["retry-after"]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!((200..=301).contains(&wait), "{wait}");
    }
}

/// A session that became an admin's without a second factor (promoted while
/// signed in) cannot carry on as one: its refresh is refused and it ends.
#[tokio::test]
async fn a_session_promoted_to_admin_must_sign_in_again() {
    for engine in engines() {
        let app = store(engine, false).await;
        let (access, refresh) = app.sign_up(ADMIN).await;
        sqlx::query("UPDATE users SET role = 'admin' WHERE email = $1")
            .bind(ADMIN)
            .execute(&app.db)
            .await
            .unwrap();
        let (status, body, cookie) = app.refresh(&refresh).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (401, Some("Please sign in again with your second factor.")),
            "{engine:?}"
        );
        assert!(cookie.is_none());
        assert_eq!(app.get_auth("/api/auth/me", &access).await.0, 401);
        // Shoppers are untouched by the second factor.
        let (status, body, cookie) = post(
            &app,
            "/api/auth/register",
            json!({"name": "Ravi", "email": "ravi@example.com", "password": "correct horse"}),
        )
        .await;
        assert_eq!(status, 201, "{body}");
        assert!(body["data"]["accessToken"].is_string() && cookie.is_some());
    }
}

/// In dev mode (`TEST_PROVIDERS=on`, as `just run` and the e2e tests) second
/// factors are off unless asked for, so admins sign in with a code alone.
#[tokio::test]
async fn dev_mode_admins_sign_in_without_a_second_factor() {
    let app = TestApp::spawn(Engine::Sqlite).await;
    assert!(!app.state.config.admin_totp);
    let token = app.admin_token().await;
    assert_eq!(app.get_auth("/api/orders/admin", &token).await.0, 200);
}

/// Enrols the admin's app; returns its secret.
async fn enrolled(app: &TestApp) -> String {
    let (challenge, _) = first_factor(app).await;
    let (_, body, _) = post(app, "/api/auth/2fa/enroll", json!({"challenge": challenge})).await;
    let secret = body["data"]["secret"].as_str().unwrap().to_string();
    let (status, body, _) = post(
        app,
        "/api/auth/2fa/verify",
        json!({"challenge": challenge, "code": app_code(&secret)}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    secret
}

/// `POST /auth/2fa/verify`: status, message and `Retry-After`.
async fn verify_code(app: &TestApp, challenge: &str, code: &str) -> (u16, String, Option<u64>) {
    let res = app
        .client
        .post(app.url("/api/auth/2fa/verify"))
        .json(&json!({"challenge": challenge, "code": code}))
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    let wait = res
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().parse().unwrap());
    let body: Value = res.json().await.unwrap_or(Value::Null);
    (
        status,
        body["message"].as_str().unwrap_or("").to_string(),
        wait,
    )
}

/// E-mails to the admin with this subject.
async fn mails(app: &TestApp, subject: &str) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE recipient = $1 AND subject = $2")
        .bind(ADMIN)
        .bind(subject)
        .fetch_one(&app.db)
        .await
        .unwrap()
}

const WARNED: &str = "Wrong codes for your second factor";
const LOCKED: &str = "Your second factor is locked";

/// Wrong codes count per account in the database: the 5th e-mails the admin,
/// the 10th locks the factor (the right code too is refused, 429) and e-mails
/// a single-use unlock link; the link unlocks, once.
#[tokio::test]
async fn ten_wrong_codes_lock_the_second_factor_until_the_mailed_link() {
    for engine in engines() {
        let app = store(engine, true).await;
        admin(&app).await;
        let secret = enrolled(&app).await;
        let (challenge, _) = first_factor(&app).await;
        let bad = wrong(&app_code(&secret));
        for n in 1..=9 {
            let (status, message, _) = verify_code(&app, &challenge, &bad).await;
            assert_eq!(status, 400, "{engine:?} {n} {message}");
            assert!(message.starts_with("Wrong code."), "{message}");
            let expected = if n >= 5 { 1 } else { 0 };
            assert_eq!(mails(&app, WARNED).await, expected, "{engine:?} after {n}");
        }
        let warning = app.message_with(ADMIN, "5 wrong codes").await;
        assert!(warning.contains("change your password"), "{warning}");
        // A wrong recovery code counts too: the 10th wrong code locks.
        let (status, message, wait) = verify_code(&app, &challenge, "zzzzz-zzzzz").await;
        assert_eq!(status, 429, "{engine:?} {message}");
        assert!(
            message.contains("locked") && message.contains("e-mailed"),
            "{message}"
        );
        assert!(wait.is_some_and(|w| w > 3600), "{wait:?}");
        // Locked: even the right code is refused, and no second link is sent.
        let (status, message, _) = verify_code(&app, &challenge, &app_code(&secret)).await;
        assert_eq!(status, 429, "{engine:?} {message}");
        assert!(message.contains("locked"), "{message}");
        assert_eq!(mails(&app, LOCKED).await, 1);
        assert_eq!(mails(&app, WARNED).await, 1, "warned once");

        // The link: its token is kept only as a hash; it unlocks once.
        let link = app
            .message_with(ADMIN, "/unlock-second-factor?token=")
            .await;
        let token = link.split("token=").nth(1).unwrap();
        let token: String = token.chars().take_while(char::is_ascii_hexdigit).collect();
        assert_eq!(token.len(), 64, "{link}");
        let stored: Vec<String> =
            sqlx::query_scalar("SELECT unlock_hash FROM second_factor_guards")
                .fetch_all(&app.db)
                .await
                .unwrap();
        assert!(stored.len() == 1 && stored[0] != token);
        let (status, body, _) = post(&app, "/api/auth/2fa/unlock", json!({"token": "nope"})).await;
        assert_eq!(status, 400, "{body}");
        let (status, body, _) = post(&app, "/api/auth/2fa/unlock", json!({"token": token})).await;
        assert_eq!(status, 200, "{engine:?} {body}");
        let (status, body, _) = post(&app, "/api/auth/2fa/unlock", json!({"token": token})).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (400, Some("This link is invalid or has expired")),
            "single use"
        );
        // Unlocked with a clean count: the right code (of a new time step) signs in.
        sqlx::query("UPDATE totp_factors SET last_step = 0")
            .execute(&app.db)
            .await
            .unwrap();
        let (challenge, _) = first_factor(&app).await;
        let (status, message, _) = verify_code(&app, &challenge, &bad).await;
        assert_eq!(status, 400, "{message}");
        let (status, message, _) = verify_code(&app, &challenge, &app_code(&secret)).await;
        assert_eq!(
            (status, message.as_str()),
            (200, "Login successful"),
            "{engine:?}"
        );
    }
}

/// A right code before the lock clears the count; the command line
/// (`api reset-second-factor --email ... --unlock`) unlocks a locked factor
/// and clears its count, keeping the app.
#[tokio::test]
async fn a_right_code_clears_the_count_and_the_command_line_unlocks() {
    for engine in engines() {
        let app = store(engine, true).await;
        admin(&app).await;
        let secret = enrolled(&app).await;
        let bad = wrong(&app_code(&secret));
        let (challenge, _) = first_factor(&app).await;
        for _ in 0..4 {
            assert_eq!(verify_code(&app, &challenge, &bad).await.0, 400);
        }
        // Wait for the next time step: a code works once.
        sqlx::query("UPDATE totp_factors SET last_step = 0")
            .execute(&app.db)
            .await
            .unwrap();
        let (status, message, _) = verify_code(&app, &challenge, &app_code(&secret)).await;
        assert_eq!(status, 200, "{engine:?} {message}");
        let (challenge, _) = first_factor(&app).await;
        for n in 1..=9 {
            let (status, message, _) = verify_code(&app, &challenge, &bad).await;
            assert_eq!(
                status, 400,
                "{engine:?} {n}: the count started again {message}"
            );
        }
        assert_eq!(mails(&app, WARNED).await, 1, "the 5th of the new count");
        assert_eq!(verify_code(&app, &challenge, &bad).await.0, 429);
        assert_eq!(
            verify_code(&app, &challenge, &app_code(&secret)).await.0,
            429
        );

        let said = api::unlock_second_factor(&app.state, ADMIN).await.unwrap();
        assert!(said.contains("unlocked"), "{said}");
        sqlx::query("UPDATE totp_factors SET last_step = 0")
            .execute(&app.db)
            .await
            .unwrap();
        let (challenge, enrolled) = first_factor(&app).await;
        assert!(enrolled, "the app is kept");
        for _ in 0..9 {
            assert_eq!(
                verify_code(&app, &challenge, &bad).await.0,
                400,
                "a clean count"
            );
        }
        let (status, message, _) = verify_code(&app, &challenge, &app_code(&secret)).await;
        assert_eq!(status, 200, "{engine:?} {message}");

        // Removing the factor (a lost app) clears a lock too.
        for _ in 0..10 {
            verify_code(&app, &first_factor(&app).await.0, &bad).await;
        }
        let guards: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM second_factor_guards WHERE locked_at IS NOT NULL",
        )
        .fetch_one(&app.db)
        .await
        .unwrap();
        assert_eq!(guards, 1);
        api::reset_second_factor(&app.state, ADMIN).await.unwrap();
        let guards: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM second_factor_guards")
            .fetch_one(&app.db)
            .await
            .unwrap();
        assert_eq!(guards, 0);
    }
}
