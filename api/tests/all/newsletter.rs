//! The newsletter's double opt-in, through the real server on SQLite and
//! PostgreSQL: subscribing mails a single-use confirmation link and nothing
//! else; only a confirmed address is subscribed; both doors are rate-limited.

use crate::helpers::{TestApp, engines};
use serde_json::{Value, json};

/// The messages in the dev outbox for an address, newest first.
async fn mails(app: &TestApp, to: &str) -> Vec<Value> {
    let (status, body) = app.get(&format!("/api/dev/outbox?to={to}")).await;
    assert_eq!(status, 200);
    body["data"].as_array().unwrap().clone()
}

/// The token in the newest confirmation mail for an address.
fn token_in(mail: &Value) -> String {
    let body = mail["body"].as_str().unwrap();
    let at = body
        .find("/newsletter/confirm?token=")
        .expect("a confirmation link")
        + "/newsletter/confirm?token=".len();
    body[at..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect()
}

async fn subscribers(app: &TestApp) -> Vec<String> {
    api::db::newsletter::subscribers(&app.db).await.unwrap()
}

#[tokio::test]
async fn nothing_is_sent_until_the_address_confirms() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (status, body) = app
            .post(
                "/api/newsletter/subscribe",
                json!({"email": "Fan@Example.com"}),
            )
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (
                200,
                Some("Thank you for subscribing! Check your email for confirmation.")
            ),
            "{engine:?}"
        );
        let sent = mails(&app, "fan@example.com").await;
        assert_eq!(sent.len(), 1, "{sent:?}");
        assert_eq!(sent[0]["subject"], "Confirm your newsletter subscription");
        let first = token_in(&sent[0]);
        assert_eq!(first.len(), 64);
        assert!(subscribers(&app).await.is_empty(), "not subscribed yet");

        // Asking again mails a new link; the older one stops working.
        app.post(
            "/api/newsletter/subscribe",
            json!({"email": "fan@example.com"}),
        )
        .await;
        let sent = mails(&app, "fan@example.com").await;
        assert_eq!(sent.len(), 2);
        let second = token_in(&sent[0]);
        assert_ne!(first, second);
        let (status, body) = app
            .post("/api/newsletter/confirm", json!({"token": first}))
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (400, Some("This link is invalid or has expired"))
        );
        assert!(subscribers(&app).await.is_empty());

        // The link confirms once; then the address is subscribed and welcomed.
        let (status, body) = app
            .post("/api/newsletter/confirm", json!({"token": second}))
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (
                200,
                Some("Your subscription is confirmed. Thank you for subscribing!")
            ),
            "{engine:?} {body}"
        );
        assert_eq!(subscribers(&app).await, ["fan@example.com"]);
        let sent = mails(&app, "fan@example.com").await;
        assert_eq!(sent.len(), 3);
        assert_eq!(sent[0]["subject"], "Welcome to our newsletter");
        let (status, _) = app
            .post("/api/newsletter/confirm", json!({"token": second}))
            .await;
        assert_eq!(status, 400, "a link works once");

        // A confirmed address asking again: the same answer, no mail.
        let (status, _) = app
            .post(
                "/api/newsletter/subscribe",
                json!({"email": "fan@example.com"}),
            )
            .await;
        assert_eq!(status, 200);
        assert_eq!(mails(&app, "fan@example.com").await.len(), 3);
        assert_eq!(subscribers(&app).await, ["fan@example.com"]);

        // An expired link confirms nothing.
        app.post(
            "/api/newsletter/subscribe",
            json!({"email": "late@example.com"}),
        )
        .await;
        let late = token_in(&mails(&app, "late@example.com").await[0]);
        sqlx::query("UPDATE newsletter_subscriptions SET token_expires_at = 1 WHERE email = 'late@example.com'")
            .execute(&app.db)
            .await
            .unwrap();
        let (status, _) = app
            .post("/api/newsletter/confirm", json!({"token": late}))
            .await;
        assert_eq!(status, 400);

        // Bad input: a clear 400, and nothing stored or sent.
        for (email, message) in [
            ("  ", "Please enter an email address"),
            ("nope", "Please enter a valid email address"),
        ] {
            let (status, body) = app
                .post("/api/newsletter/subscribe", json!({"email": email}))
                .await;
            assert_eq!((status, body["message"].as_str()), (400, Some(message)));
        }
        for token in ["", &"a".repeat(500)] {
            let (status, body) = app
                .post("/api/newsletter/confirm", json!({"token": token}))
                .await;
            assert_eq!(
                (status, body["message"].as_str()),
                (400, Some("This link is invalid or has expired")),
                "{token}"
            );
        }
        let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM newsletter_subscriptions")
            .fetch_one(&app.db)
            .await
            .unwrap();
        assert_eq!(stored, 2);
        assert_eq!(subscribers(&app).await, ["fan@example.com"]);
    }
}

#[tokio::test]
async fn subscribing_is_rate_limited_per_client_and_per_address() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        // Three confirmation mails to one address, then it waits.
        for _ in 0..3 {
            let (status, _) = app
                .post(
                    "/api/newsletter/subscribe",
                    json!({"email": "inbox@example.com"}),
                )
                .await;
            assert_eq!(status, 200, "{engine:?}");
        }
        let res = app
            .client
            .post(app.url("/api/newsletter/subscribe"))
            .json(&json!({"email": "inbox@example.com"}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 429, "{engine:?}");
        assert!(res.headers().contains_key("retry-after"));
        assert_eq!(mails(&app, "inbox@example.com").await.len(), 3);

        // Ten requests from one client in all, then it waits (whatever the address).
        for n in 0..6 {
            let (status, _) = app
                .post(
                    "/api/newsletter/subscribe",
                    json!({"email": format!("reader{n}@example.com")}),
                )
                .await;
            assert_eq!(status, 200, "{engine:?} #{n}");
        }
        let (status, _) = app
            .post(
                "/api/newsletter/subscribe",
                json!({"email": "one.more@example.com"}),
            )
            .await;
        assert_eq!(status, 429, "{engine:?}");
        assert!(mails(&app, "one.more@example.com").await.is_empty());
        let (status, _) = app
            .post("/api/newsletter/confirm", json!({"token": "a".repeat(64)}))
            .await;
        assert_eq!(status, 429, "confirming shares the client's budget");
    }
}
