use crate::helpers::{Engine, TestApp, engines};
use serde_json::json;

fn assert_client_accepts_access_token(token: &str) {
    // The client's own check: starts with eyJ, over 100 characters, three parts.
    assert!(
        token.starts_with("eyJ") && token.len() > 100 && token.split('.').count() == 3,
        "{token}"
    );
}

#[tokio::test]
async fn register_login_and_me() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (access, refresh) = app.sign_up("Asha@Example.com").await;
        assert_client_accepts_access_token(&access);
        assert!(refresh.len() >= 20);
        let (status, me) = app.get_auth("/api/auth/me", &access).await;
        assert_eq!(
            (status, me["data"]["email"].as_str()),
            (200, Some("asha@example.com")),
            "{engine:?}"
        );
        assert_eq!(me["data"]["role"], "user");
        assert_eq!(me["data"]["isVerified"], false);

        let (status, body) = app
            .post(
                "/api/auth/register",
                json!({"name": "A", "email": "asha@example.com", "password": "violet kettle drum"}),
            )
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (409, Some("An account with this email already exists"))
        );
        let (status, body) = app
            .post(
                "/api/auth/register",
                json!({"name": "A", "email": "not-an-email", "password": "long enough"}),
            )
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (400, Some("Please enter a valid email address"))
        );
        let (status, _) = app
            .post(
                "/api/auth/register",
                json!({"name": "A", "email": "b@example.com", "password": "short"}),
            )
            .await;
        assert_eq!(status, 400);

        let (status, body) = app
            .post(
                "/api/auth/login",
                json!({"email": "ASHA@example.com", "password": "correct horse"}),
            )
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (200, Some("Login successful"))
        );
        assert_eq!(body["data"]["existingUser"], true);
        for (email, password) in [
            ("asha@example.com", "wrong horse"),
            ("nobody@example.com", "correct horse"),
        ] {
            let (status, body) = app
                .post(
                    "/api/auth/login",
                    json!({"email": email, "password": password}),
                )
                .await;
            assert_eq!(
                (status, body["message"].as_str()),
                (401, Some("Invalid email or password"))
            );
        }
    }
}

#[tokio::test]
async fn protected_routes_need_a_valid_token() {
    let app = TestApp::spawn(Engine::Sqlite).await;
    let (status, body) = app.get("/api/auth/me").await;
    assert_eq!(
        (status, body["success"].as_bool(), body["message"].as_str()),
        (401, Some(false), Some("Please log in"))
    );
    let (status, _) = app.get_auth("/api/auth/me", "eyJ.not.valid").await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn email_code_for_a_new_user_then_registration_with_phone() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (status, body) = app
            .post(
                "/api/auth/otp/email/send",
                json!({"email": "new@example.com"}),
            )
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (200, Some("OTP sent to your email")),
            "{engine:?}"
        );
        let code = app.code_for("new@example.com").await;

        let (status, body) = app
            .post(
                "/api/auth/otp/email/verify",
                json!({"email": "new@example.com", "code": code}),
            )
            .await;
        assert_eq!(status, 200);
        assert_eq!(body["data"]["existingUser"], false);
        assert!(body["data"].get("accessToken").is_none());

        let (status, body) = app
            .post("/api/auth/otp/phone/verify", json!({"email": "new@example.com", "name": "Ravi", "phone": "+91 98765 43210", "code": code}))
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            body["message"],
            "Registration successful! Logging you in..."
        );
        assert_eq!(body["data"]["user"]["phone"], "9876543210");
        assert_client_accepts_access_token(body["data"]["accessToken"].as_str().unwrap());

        // The code was used up by the registration.
        let (status, _) = app
            .post(
                "/api/auth/otp/email/verify",
                json!({"email": "new@example.com", "code": code}),
            )
            .await;
        assert_eq!(status, 400);

        // Next time the same address is an existing user.
        app.post(
            "/api/auth/otp/email/send",
            json!({"email": "new@example.com"}),
        )
        .await;
        let code = app.code_for("new@example.com").await;
        let (_, body) = app
            .post(
                "/api/auth/otp/email/verify",
                json!({"email": "new@example.com", "code": code}),
            )
            .await;
        assert_eq!(body["data"]["existingUser"], true);
        assert_eq!(body["data"]["user"]["isVerified"], true);

        // The number was only typed, never proven: it signs nobody in until
        // a code sent to it is entered on the profile.
        let access = body["data"]["accessToken"].as_str().unwrap().to_string();
        app.post("/api/auth/otp/phone/send", json!({"phone": "9876543210"}))
            .await;
        let code = app.code_for("9876543210").await;
        let (status, _) = app
            .put_auth(
                "/api/users/profile",
                &access,
                json!({"name": "New", "phone": "9876543210", "phoneCode": code}),
            )
            .await;
        assert_eq!(status, 200);
        app.post("/api/auth/otp/phone/send", json!({"phone": "9876543210"}))
            .await;
        let code = app.code_for("9876543210").await;
        let (status, body) = app
            .post(
                "/api/auth/otp/phone/verify",
                json!({"phone": "9876543210", "code": code}),
            )
            .await;
        assert_eq!(
            (status, body["data"]["user"]["email"].as_str()),
            (200, Some("new@example.com"))
        );
    }
}

#[tokio::test]
async fn a_code_for_one_address_never_opens_another_account() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        // The victim registered with a phone number.
        app.post(
            "/api/auth/otp/email/send",
            json!({"email": "victim@example.com"}),
        )
        .await;
        let code = app.code_for("victim@example.com").await;
        let (status, _) = app
            .post("/api/auth/otp/phone/verify", json!({"email": "victim@example.com", "name": "Victim", "phone": "9876543210", "code": code}))
            .await;
        assert_eq!(status, 200);
        // The attacker proves only their own e-mail and types the victim's number.
        app.post(
            "/api/auth/otp/email/send",
            json!({"email": "attacker@example.com"}),
        )
        .await;
        let code = app.code_for("attacker@example.com").await;
        let (status, body) = app
            .post("/api/auth/otp/phone/verify", json!({"email": "attacker@example.com", "name": "Mallory", "phone": "9876543210", "code": code}))
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (
                409,
                Some("This mobile number is already registered to another account")
            ),
            "{engine:?}"
        );
        assert!(body["data"].get("accessToken").is_none());
        // Proving the victim's phone does not open an account by the attacker's typed e-mail either.
        app.post(
            "/api/auth/otp/email/send",
            json!({"email": "other@example.com"}),
        )
        .await;
        let other = app.code_for("other@example.com").await;
        app.post("/api/auth/otp/phone/verify", json!({"email": "other@example.com", "name": "Other", "phone": "9123456780", "code": other}))
            .await;
        app.post("/api/auth/otp/phone/send", json!({"phone": "9000000001"}))
            .await;
        let code = app.code_for("9000000001").await;
        let (status, body) = app
            .post("/api/auth/otp/phone/verify", json!({"email": "other@example.com", "name": "X", "phone": "9000000001", "code": code}))
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (
                409,
                Some("This email is already registered. Please sign in with your email.")
            )
        );
    }
}

#[tokio::test]
async fn codes_are_single_use_expire_and_survive_wrong_tries() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        app.sign_up("c@example.com").await;
        app.post(
            "/api/auth/otp/email/send",
            json!({"email": "c@example.com"}),
        )
        .await;
        let code = app.code_for("c@example.com").await;
        let wrong = if code == "000000" { "111111" } else { "000000" };
        for _ in 0..6 {
            let (status, body) = app
                .post(
                    "/api/auth/otp/email/verify",
                    json!({"email": "c@example.com", "code": wrong}),
                )
                .await;
            assert_eq!(
                (status, body["message"].as_str()),
                (400, Some("Wrong OTP")),
                "{engine:?}"
            );
        }
        // Wrong guesses (a stranger's) never use up the owner's code.
        let (status, body) = app
            .post(
                "/api/auth/otp/email/verify",
                json!({"email": "c@example.com", "code": code}),
            )
            .await;
        assert_eq!(status, 200, "{engine:?} {body}");
        // The right code cleared the count of wrong ones.
        let tries: Vec<i64> = sqlx::query_scalar("SELECT tries FROM code_guards")
            .fetch_all(&app.db)
            .await
            .unwrap();
        assert!(tries.is_empty(), "{tries:?}");

        app.post(
            "/api/auth/otp/email/send",
            json!({"email": "c@example.com"}),
        )
        .await;
        let code = app.code_for("c@example.com").await;
        let (status, _) = app
            .post(
                "/api/auth/otp/email/verify",
                json!({"email": "c@example.com", "code": code}),
            )
            .await;
        assert_eq!(status, 200);
        let (status, _) = app
            .post(
                "/api/auth/otp/email/verify",
                json!({"email": "c@example.com", "code": code}),
            )
            .await;
        assert_eq!(status, 400, "single use");

        // A third send within ten minutes is fine, a fourth is rate-limited.
        app.post(
            "/api/auth/otp/email/send",
            json!({"email": "c@example.com"}),
        )
        .await;
        let code = app.code_for("c@example.com").await;
        sqlx::query("UPDATE one_time_codes SET expires_at = 0")
            .execute(&app.db)
            .await
            .unwrap();
        let (status, body) = app
            .post(
                "/api/auth/otp/email/verify",
                json!({"email": "c@example.com", "code": code}),
            )
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (
                400,
                Some("Code expired or not found. Please request a new code.")
            )
        );
        let (status, body) = app
            .post(
                "/api/auth/otp/email/send",
                json!({"email": "c@example.com"}),
            )
            .await;
        assert_eq!(status, 429, "{body}");
    }
}

/// Wrong codes count per account across codes: after ten within an hour, code
/// sign-in pauses (429 with `Retry-After`), a fresh code included; the owner
/// is e-mailed once; and once the pause is over the owner's code still works.
#[tokio::test]
async fn wrong_codes_across_codes_pause_code_sign_in_and_tell_the_owner_once() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let owner = "paused@example.com";
        app.sign_up(owner).await;
        let verify = |code: String| {
            let app = &app;
            async move {
                let res = app
                    .client
                    .post(app.url("/api/auth/otp/email/verify"))
                    .json(&json!({"email": owner, "code": code}))
                    .send()
                    .await
                    .unwrap();
                let status = res.status().as_u16();
                let wait = res
                    .headers()
                    .get("retry-after")
                    .map(|v| v.to_str().unwrap().parse::<u64>().unwrap());
                let body: serde_json::Value = res.json().await.unwrap();
                (
                    status,
                    wait,
                    body["message"].as_str().unwrap_or("").to_string(),
                )
            }
        };
        let wrong_for = |code: &str| if code == "000000" { "111111" } else { "000000" }.to_string();
        // Six wrong guesses at one code, four at the next: ten in all.
        app.post("/api/auth/otp/email/send", json!({"email": owner}))
            .await;
        let first = app.code_for(owner).await;
        for _ in 0..6 {
            assert_eq!(verify(wrong_for(&first)).await.0, 400, "{engine:?}");
        }
        app.post("/api/auth/otp/email/send", json!({"email": owner}))
            .await;
        let mut code = app.code_for(owner).await;
        for _ in 0..50 {
            if code != first {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            code = app.code_for(owner).await;
        }
        for _ in 0..4 {
            let (status, _, message) = verify(wrong_for(&code)).await;
            assert_eq!((status, message.as_str()), (400, "Wrong OTP"), "{engine:?}");
        }
        // Paused now: even the right code waits, and the answer says how long.
        for attempt in [wrong_for(&code), code.clone()] {
            let (status, wait, message) = verify(attempt).await;
            assert_eq!(status, 429, "{engine:?} {message}");
            let wait = wait.expect("Retry-After");
            assert!((3000..=3600).contains(&wait), "{wait}");
            assert!(
                message.starts_with("Too many wrong codes. Signing in with a code is paused"),
                "{message}"
            );
            assert!(message.contains("60 minutes"), "{message}");
        }
        let told: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM outbox WHERE recipient = $1 AND subject = 'Sign-in with a code paused'",
        )
        .bind(owner)
        .fetch_one(&app.db)
        .await
        .unwrap();
        assert_eq!(told, 1, "the owner is told once");
        let notice = app.message_with(owner, "wrong sign-in codes").await;
        assert!(!notice.contains(&code), "no code in the notice");

        // The hour is over: the owner's code, untouched by the guesses, works.
        sqlx::query("UPDATE code_guards SET window_start = window_start - 3600000")
            .execute(&app.db)
            .await
            .unwrap();
        let (status, _, message) = verify(code).await;
        assert_eq!(status, 200, "{engine:?} {message}");
    }
}

#[tokio::test]
async fn refresh_tokens_rotate_and_reuse_ends_the_session() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (_, refresh1) = app.sign_up("r@example.com").await;
        let (status, body, refresh2) = app.refresh(&refresh1).await;
        assert_eq!(status, 200, "{engine:?}");
        let access2 = body["data"]["accessToken"].as_str().unwrap().to_string();
        let refresh2 = refresh2.unwrap();
        assert_ne!(refresh1, refresh2);
        assert_eq!(app.get_auth("/api/auth/me", &access2).await.0, 200);

        // The answer was lost (a reload cut the refresh off): the same token at
        // once, while its successor is unused, gets that same successor again.
        let (status, body, refresh3) = app.refresh(&refresh1).await;
        assert_eq!(status, 200, "{engine:?} {body}");
        let refresh3 = refresh3.unwrap();
        assert_eq!(refresh3, refresh2);
        assert_eq!(app.get_auth("/api/auth/me", &access2).await.0, 200);

        // A minute on, the old token again (as a thief would): refused, and the
        // whole session ends.
        app.age_used_refresh_tokens().await;
        assert_eq!(app.refresh(&refresh1).await.0, 401);
        assert_eq!(app.refresh(&refresh3).await.0, 401);
        assert_eq!(app.get_auth("/api/auth/me", &access2).await.0, 401);
    }
}

/// One refresh cookie presented by several requests at once (a page load
/// starting its refresh while the previous page's is still in flight): none
/// of them ends the session, and all of them answer with the one successor,
/// so whichever answer the browser keeps goes on.
#[tokio::test]
async fn concurrent_refreshes_with_one_token_keep_the_session() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        for round in 0..5 {
            let (_, refresh) = app.sign_up(&format!("race{round}@example.com")).await;
            let answers =
                futures_util::future::join_all((0..4).map(|_| app.refresh(&refresh))).await;
            let statuses: Vec<u16> = answers.iter().map(|a| a.0).collect();
            assert_eq!(statuses, [200; 4], "{engine:?} round {round}: {answers:?}");
            let tokens: Vec<String> = answers.into_iter().filter_map(|a| a.2).collect();
            assert_eq!(tokens.len(), 4);
            assert!(tokens.iter().all(|t| *t == tokens[0]), "{tokens:?}");
            let (status, _, next) = app.refresh(&tokens[0]).await;
            assert_eq!(status, 200, "{engine:?} round {round}: the session goes on");
            assert!(next.is_some_and(|n| n != tokens[0]));
        }
    }
}

/// The lost-answer window never lets a successor that was used be bypassed:
/// once the new token has been used, the old one ends the session at once.
#[tokio::test]
async fn a_replayed_token_whose_successor_was_used_ends_the_session() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (_, refresh1) = app.sign_up("replay@example.com").await;
        let (_, _, refresh2) = app.refresh(&refresh1).await;
        let (status, _, refresh3) = app.refresh(&refresh2.unwrap()).await;
        assert_eq!(status, 200, "{engine:?}");
        // Within the window, but the owner went on: a stolen copy.
        assert_eq!(app.refresh(&refresh1).await.0, 401, "{engine:?}");
        assert_eq!(app.refresh(&refresh3.unwrap()).await.0, 401, "{engine:?}");
    }
}

/// A session lives `SESSION_MAX_DAYS` from its sign-in, however often it is
/// refreshed: each rotation keeps the family's sign-in time, and past it the
/// refresh is refused (a new sign-in starts a new lifetime).
#[tokio::test]
async fn sessions_end_at_their_absolute_lifetime() {
    for engine in engines() {
        let app = TestApp::spawn_configured(engine, None, |c| {
            c.refresh_token_days = 30;
            c.session_max_days = 2;
        })
        .await;
        let (_, refresh) = app.sign_up("lifetime@example.com").await;
        let day = 24 * 3600 * 1000i64;
        let (status, _, refresh) = app.refresh(&refresh).await;
        assert_eq!(status, 200, "{engine:?}");
        let refresh = refresh.unwrap();
        // Every token of the family keeps its sign-in time and expires by the lifetime's end.
        let rows: Vec<(i64, i64, i64)> =
            sqlx::query_as("SELECT signed_in_at, created_at, expires_at FROM sessions")
                .fetch_all(&app.db)
                .await
                .unwrap();
        assert_eq!(rows.len(), 2);
        let signed_in = rows.iter().map(|r| r.1).min().unwrap();
        for (signed_in_at, _, expires_at) in &rows {
            assert_eq!(*signed_in_at, signed_in);
            assert!(*expires_at <= signed_in + 2 * day, "capped at the lifetime");
        }
        // A day and a half on (as if refreshed all along), refreshing still works...
        sqlx::query("UPDATE sessions SET signed_in_at = signed_in_at - $1")
            .bind(day * 3 / 2)
            .execute(&app.db)
            .await
            .unwrap();
        let (status, _, refresh) = app.refresh(&refresh).await;
        assert_eq!(status, 200);
        let refresh = refresh.unwrap();
        // ...and the new token still ends at the sign-in's lifetime, not 30 days on.
        let expires: i64 = sqlx::query_scalar(
            "SELECT MAX(expires_at) FROM sessions WHERE used_at IS NULL AND revoked_at IS NULL",
        )
        .fetch_one(&app.db)
        .await
        .unwrap();
        assert!(
            expires <= signed_in - day * 3 / 2 + 2 * day + 1000,
            "{expires}"
        );
        // Past the lifetime: refused, even for a token whose own expiry is later.
        sqlx::query(
            "UPDATE sessions SET signed_in_at = signed_in_at - $1, expires_at = expires_at + $1",
        )
        .bind(day)
        .execute(&app.db)
        .await
        .unwrap();
        let (status, body, cookie) = app.refresh(&refresh).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (401, Some("Session expired. Please log in again.")),
            "{engine:?}"
        );
        assert!(cookie.is_none());
        // Signing in again starts a new lifetime.
        let (status, _) = app
            .post(
                "/api/auth/login",
                json!({"email": "lifetime@example.com", "password": "correct horse"}),
            )
            .await;
        assert_eq!(status, 200);
    }
}

#[tokio::test]
async fn logout_ends_the_session_for_real() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (access, refresh) = app.sign_up("l@example.com").await;
        let (other_access, _) = {
            let (_, b) = app
                .post(
                    "/api/auth/login",
                    json!({"email": "l@example.com", "password": "correct horse"}),
                )
                .await;
            (b["data"]["accessToken"].as_str().unwrap().to_string(), ())
        };
        let (status, _) = app
            .post_auth(
                "/api/auth/logout",
                &access,
                json!({"refreshToken": refresh}),
            )
            .await;
        assert_eq!(status, 200, "{engine:?}");
        assert_eq!(app.get_auth("/api/auth/me", &access).await.0, 401);
        assert_eq!(app.refresh(&refresh).await.0, 401);
        // Another device's session is untouched.
        assert_eq!(app.get_auth("/api/auth/me", &other_access).await.0, 200);
    }
}

#[tokio::test]
async fn verify_email_and_reset_password() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (access, _) = app.sign_up("v@example.com").await;
        let token = app.last_link("v@example.com", "/verify-email").await;
        let (status, body) = app
            .post("/api/auth/verify-email", json!({"token": token}))
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (200, Some("Email verified. Please sign in again.")),
            "{engine:?}"
        );
        assert_eq!(
            app.post("/api/auth/verify-email", json!({"token": token}))
                .await
                .0,
            400,
            "single use"
        );
        // The first proof of the address ends what was set up before it.
        assert_eq!(app.get_auth("/api/auth/me", &access).await.0, 401);
        let (status, _) = app
            .post(
                "/api/auth/login",
                json!({"email": "v@example.com", "password": "correct horse"}),
            )
            .await;
        assert_eq!(status, 401, "the password set before the proof is gone");
        let access = app.sign_in_by_code("v@example.com").await;
        assert_eq!(
            app.get_auth("/api/auth/me", &access).await.1["data"]["isVerified"],
            true
        );

        let (status, _) = app
            .post(
                "/api/auth/forgot-password",
                json!({"email": "nobody@example.com"}),
            )
            .await;
        assert_eq!(status, 200, "the same answer for unknown addresses");
        app.post(
            "/api/auth/forgot-password",
            json!({"email": "v@example.com"}),
        )
        .await;
        let token = app.last_link("v@example.com", "/reset-password").await;
        let (status, _) = app
            .post(
                "/api/auth/reset-password",
                json!({"token": token, "password": "new password 1"}),
            )
            .await;
        assert_eq!(status, 200);
        assert_eq!(
            app.get_auth("/api/auth/me", &access).await.0,
            401,
            "old sessions end"
        );
        let (status, _) = app
            .post(
                "/api/auth/login",
                json!({"email": "v@example.com", "password": "new password 1"}),
            )
            .await;
        assert_eq!(status, 200);
        assert_eq!(
            app.post(
                "/api/auth/reset-password",
                json!({"token": token, "password": "again pw 22"})
            )
            .await
            .0,
            400
        );
    }
}

/// ASVS 6.2: weak and common passwords, and ones made of the user's own name
/// or e-mail, are refused with the reason at registration, change and reset;
/// a refused request changes nothing (a reset link stays usable).
#[tokio::test]
async fn weak_passwords_are_refused_everywhere_one_is_set() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let too_easy = |status: u16, body: &serde_json::Value| {
            assert_eq!(status, 400, "{body}");
            let message = body["message"].as_str().unwrap();
            assert!(
                message.starts_with("This password is too easy to guess."),
                "{message}"
            );
        };
        for weak in [
            "password123",
            "qwertyuiop",
            "meera.iyer99",
            "Meera Iyer 2024",
        ] {
            let (status, body) = app
                .post(
                    "/api/auth/register",
                    json!({"name": "Meera Iyer", "email": "meera.iyer@example.com", "password": weak}),
                )
                .await;
            too_easy(status, &body);
        }
        let (status, body) = app
            .post(
                "/api/auth/register",
                json!({"name": "Meera Iyer", "email": "meera.iyer@example.com", "password": "password123"}),
            )
            .await;
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .contains("very common password"),
            "{status} {body}"
        );
        let accounts: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM users")
            .fetch_one(&app.db)
            .await
            .unwrap();
        assert_eq!(accounts, 0, "{engine:?}: nothing was created");

        // Change: the current password, then a strong new one.
        let (access, _) = app.sign_up("meera.iyer@example.com").await;
        let change = |current: &str, new: &str| {
            let body = json!({"currentPassword": current, "newPassword": new});
            app.post_auth("/api/auth/change-password", &access, body)
        };
        let (status, body) = change("correct horse", "iloveyou1").await;
        too_easy(status, &body);
        let (status, body) = change("wrong horse", "violet kettle drum").await;
        assert_eq!(
            (status, body["message"].as_str()),
            (400, Some("Current password is incorrect"))
        );
        let login = |password: &str| {
            app.post(
                "/api/auth/login",
                json!({"email": "meera.iyer@example.com", "password": password}),
            )
        };
        assert_eq!(login("correct horse").await.0, 200, "unchanged so far");
        let (status, body) = change("correct horse", "violet kettle drum").await;
        assert_eq!(
            (status, body["message"].as_str()),
            (200, Some("Password changed"))
        );
        assert_eq!(login("correct horse").await.0, 401);
        assert_eq!(login("violet kettle drum").await.0, 200);
        assert_eq!(
            app.get_auth("/api/auth/me", &access).await.0,
            200,
            "the session that changed it goes on"
        );
        let notice = app
            .message_with(
                "meera.iyer@example.com",
                "password of your account was changed",
            )
            .await;
        assert!(!notice.contains("violet kettle drum"));

        // Reset: a weak password is refused and the link still works.
        app.post(
            "/api/auth/forgot-password",
            json!({"email": "meera.iyer@example.com"}),
        )
        .await;
        let token = app
            .last_link("meera.iyer@example.com", "/reset-password")
            .await;
        let (status, body) = app
            .post(
                "/api/auth/reset-password",
                json!({"token": token, "password": "MeeraIyer2024!"}),
            )
            .await;
        too_easy(status, &body);
        assert_eq!(login("violet kettle drum").await.0, 200, "nothing changed");
        let (status, _) = app
            .post(
                "/api/auth/reset-password",
                json!({"token": token, "password": "amber falcon meadow"}),
            )
            .await;
        assert_eq!(status, 200, "{engine:?}");
        assert_eq!(login("amber falcon meadow").await.0, 200);
        app.message_with("meera.iyer@example.com", "was reset with the link")
            .await;
    }
}

#[tokio::test]
async fn the_dev_outbox_exists_only_with_test_providers() {
    let app = TestApp::spawn_with(Engine::Sqlite, false).await;
    let (status, _) = app.get("/api/dev/outbox?to=a@example.com").await;
    assert_eq!(status, 404);
}

/// Sessions revoked in the database by another instance (here, straight in
/// SQL: nothing on this instance forgets them) stop their access tokens
/// within a second; a logout on this instance does at once.
#[tokio::test]
async fn a_session_revoked_elsewhere_ends_within_a_second() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (access, _) = app.sign_up("elsewhere@example.com").await;
        assert_eq!(app.get_auth("/api/auth/me", &access).await.0, 200);
        sqlx::query("UPDATE sessions SET revoked_at = 1")
            .execute(&app.db)
            .await
            .unwrap();
        tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
        let (status, body) = app.get_auth("/api/auth/me", &access).await;
        assert_eq!(status, 401, "{engine:?}: {body}");
    }
}
