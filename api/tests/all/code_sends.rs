//! How many sign-in codes leave the store, through the real server on both
//! databases: at most 10 a day to one number or address, whoever asks; a
//! store-wide daily budget per channel (`SMS_DAILY_LIMIT`,
//! `EMAIL_CODE_DAILY_LIMIT`) past which sends answer 503 and the admins are
//! told once, whichever instance refused; and rate limits that keep the
//! database's time, not each process's.

use serde_json::{Value, json};

use crate::helpers::{Engine, TestApp, engines, fresh_postgres};

const MOBILE: &str = "9876543210";

/// A store that believes the `X-Forwarded-For` of local clients, so each
/// test request can come from its own address.
async fn store(engine: Engine, database_url: Option<String>, sms: i64, email: i64) -> TestApp {
    TestApp::spawn_configured(engine, None, move |c| {
        c.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
        c.code_budgets.sms = sms;
        c.code_budgets.email = email;
        if let Some(url) = database_url {
            c.database_url = url;
        }
    })
    .await
}

/// `POST path` from the client `10.0.0.n`: status and message.
async fn send_from(app: &TestApp, n: u32, path: &str, body: Value) -> (u16, String) {
    let res = app
        .client
        .post(app.url(path))
        .header(
            "x-forwarded-for",
            format!("10.0.{}.{}", n / 250, n % 250 + 1),
        )
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    let body: Value = res.json().await.unwrap_or(Value::Null);
    (status, body["message"].as_str().unwrap_or("").to_string())
}

async fn sent_to(app: &TestApp, to: &str) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE recipient = $1")
        .bind(to)
        .fetch_one(&app.db)
        .await
        .unwrap()
}

/// Moves every code 11 minutes back: past the 3-per-10-minutes limit of an
/// address, well within its day.
async fn age_codes(app: &TestApp) {
    sqlx::query("UPDATE one_time_codes SET created_at = created_at - 660000")
        .execute(&app.db)
        .await
        .unwrap();
}

/// Ten codes a day to one number and to one e-mail address, whichever
/// clients ask: the 11th is 429 and sends nothing; others are untouched.
#[tokio::test]
async fn ten_codes_a_day_per_number_and_per_address() {
    for engine in engines() {
        let app = store(engine, None, 1000, 5000).await;
        let email = "asha@example.com";
        let cases = [
            (
                "/api/auth/otp/phone/send",
                json!({"phone": MOBILE}),
                MOBILE,
                "number",
            ),
            (
                "/api/auth/otp/email/send",
                json!({"email": email}),
                email,
                "e-mail address",
            ),
        ];
        let mut client = 0;
        for (path, body, to, what) in cases {
            for n in 1..=10 {
                if n % 3 == 1 {
                    age_codes(&app).await;
                }
                client += 1;
                let (status, message) = send_from(&app, client, path, body.clone()).await;
                assert_eq!(status, 200, "{engine:?} {what} {n}: {message}");
            }
            age_codes(&app).await;
            client += 1;
            let (status, message) = send_from(&app, client, path, body.clone()).await;
            assert_eq!(status, 429, "{engine:?} {what}: {message}");
            assert!(
                message.starts_with(&format!(
                    "Too many codes were sent to this {what} today (at most 10 in 24 hours)."
                )),
                "{message}"
            );
            assert_eq!(sent_to(&app, to).await, 10, "the 11th was not sent");
        }
        let (status, _) = send_from(
            &app,
            999,
            "/api/auth/otp/phone/send",
            json!({"phone": "9876543211"}),
        )
        .await;
        assert_eq!(status, 200, "another number has its own ten");
    }
}

/// Admins, e-mailed when a budget runs out.
async fn admins(app: &TestApp) -> [&'static str; 2] {
    let admins = ["boss@example.com", "deputy@example.com"];
    for a in admins {
        app.sign_up(a).await;
        sqlx::query("UPDATE users SET role = 'admin' WHERE email = $1")
            .bind(a)
            .execute(&app.db)
            .await
            .unwrap();
    }
    admins
}

async fn told(app: &TestApp, to: &str, subject: &str) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE recipient = $1 AND subject = $2")
        .bind(to)
        .bind(subject)
        .fetch_one(&app.db)
        .await
        .unwrap()
}

/// The store-wide daily budgets: past `SMS_DAILY_LIMIT` SMS codes (and
/// `EMAIL_CODE_DAILY_LIMIT` e-mail codes) sends answer 503 with what to do
/// instead, and each admin is told once, even when two instances on one
/// PostgreSQL database refuse in turn.
#[tokio::test]
async fn daily_budgets_pause_code_sends_and_tell_the_admins_once() {
    for engine in engines() {
        let a = store(engine, None, 3, 2).await;
        // On PostgreSQL a second instance shares the database (SQLite is one process).
        let b = match engine {
            Engine::Postgres => {
                Some(store(engine, Some(a.state.config.database_url.clone()), 3, 2).await)
            }
            Engine::Sqlite => None,
        };
        let apps: Vec<&TestApp> = std::iter::once(&a).chain(b.as_ref()).collect();
        let admins = admins(&a).await;
        let phones = [
            "9876543210",
            "9876543211",
            "9876543212",
            "9876543213",
            "9876543214",
        ];
        for (n, phone) in phones.iter().enumerate() {
            let app = apps[n % apps.len()];
            let (status, message) = send_from(
                app,
                n as u32,
                "/api/auth/otp/phone/send",
                json!({"phone": phone}),
            )
            .await;
            if n < 3 {
                assert_eq!(status, 200, "{engine:?} {n}: {message}");
            } else {
                assert_eq!(
                    (status, message.as_str()),
                    (
                        503,
                        "Sign-in codes by SMS are paused for today. Please sign in with your e-mail instead."
                    ),
                    "{engine:?} {n}"
                );
                assert_eq!(sent_to(&a, phone).await, 0, "nothing sent");
            }
        }
        // E-mail codes have their own budget.
        for n in 0..4u32 {
            let app = apps[n as usize % apps.len()];
            let to = format!("shopper{n}@example.com");
            let (status, message) = send_from(
                app,
                100 + n,
                "/api/auth/otp/email/send",
                json!({"email": to}),
            )
            .await;
            if n < 2 {
                assert_eq!(status, 200, "{engine:?} {n}: {message}");
            } else {
                assert_eq!(
                    (status, message.as_str()),
                    (
                        503,
                        "Sign-in codes by e-mail are paused for today. Please sign in with your password, or try again tomorrow."
                    ),
                    "{engine:?} {n}"
                );
            }
        }
        for admin in admins {
            assert_eq!(
                told(&a, admin, "SMS sign-in codes paused for today").await,
                1,
                "{engine:?} {admin}"
            );
            assert_eq!(
                told(&a, admin, "E-mail sign-in codes paused for today").await,
                1,
                "{engine:?} {admin}"
            );
        }
        let notice = a.message_with(admins[0], "SMS_DAILY_LIMIT").await;
        assert!(notice.contains("3 SMS"), "{notice}");
        assert!(!notice.contains("9876543213"), "no number in the notice");
    }
}

/// A PostgreSQL database whose clock can be moved (`public.now()`, found
/// before `pg_catalog`'s on its search path); returns its URL.
async fn database_with_a_clock() -> String {
    use sqlx::{Connection, Executor};
    let url = fresh_postgres().await;
    let name = url.rsplit('/').next().unwrap().to_string();
    let mut base = sqlx::PgConnection::connect(&std::env::var("TEST_DATABASE_URL").unwrap())
        .await
        .unwrap();
    base.execute(format!("ALTER DATABASE {name} SET search_path = public, pg_catalog").as_str())
        .await
        .unwrap();
    let mut conn = sqlx::PgConnection::connect(&url).await.unwrap();
    conn.execute(
        "CREATE TABLE fake_clock (offset_ms BIGINT NOT NULL); INSERT INTO fake_clock VALUES (0); \
         CREATE FUNCTION public.now() RETURNS timestamptz LANGUAGE sql STABLE AS \
         $$ SELECT pg_catalog.now() + (SELECT offset_ms FROM public.fake_clock) * interval '1 millisecond' $$",
    )
    .await
    .unwrap();
    url
}

/// Rate limits shared on PostgreSQL count time by the database's clock, so
/// instances whose own clocks differ agree: moving the database's clock on
/// (the process's stays) refills a bucket. SQLite keeps its buckets in the
/// one process, on its clock.
#[tokio::test]
async fn shared_rate_limits_keep_the_databases_time() {
    if !engines().iter().any(|e| matches!(e, Engine::Postgres)) {
        return;
    }
    let app = store(
        Engine::Postgres,
        Some(database_with_a_clock().await),
        1000,
        5000,
    )
    .await;
    let forgot = |n: u32| {
        send_from(
            &app,
            n,
            "/api/auth/forgot-password",
            json!({"email": "asha@example.com"}),
        )
    };
    for n in 0..3 {
        assert_eq!(forgot(n).await.0, 200);
    }
    assert_eq!(
        forgot(3).await.0,
        429,
        "3 links per address, then one every 5 minutes"
    );
    sqlx::query("UPDATE fake_clock SET offset_ms = 600000")
        .execute(&app.db)
        .await
        .unwrap();
    let (status, message) = forgot(4).await;
    assert_eq!(
        status, 200,
        "ten minutes on by the database's clock: {message}"
    );
    // The daily cap of a number counts by the same clock.
    for n in 1..=10 {
        if n % 3 == 1 {
            sqlx::query("UPDATE fake_clock SET offset_ms = offset_ms + 660000")
                .execute(&app.db)
                .await
                .unwrap();
        }
        let (status, message) = send_from(
            &app,
            10 + n,
            "/api/auth/otp/phone/send",
            json!({"phone": MOBILE}),
        )
        .await;
        assert_eq!(status, 200, "{n}: {message}");
    }
    sqlx::query("UPDATE fake_clock SET offset_ms = offset_ms + 660000")
        .execute(&app.db)
        .await
        .unwrap();
    assert_eq!(
        send_from(
            &app,
            30,
            "/api/auth/otp/phone/send",
            json!({"phone": MOBILE})
        )
        .await
        .0,
        429
    );
    sqlx::query("UPDATE fake_clock SET offset_ms = offset_ms + 86400000")
        .execute(&app.db)
        .await
        .unwrap();
    let (status, message) = send_from(
        &app,
        31,
        "/api/auth/otp/phone/send",
        json!({"phone": MOBILE}),
    )
    .await;
    assert_eq!(status, 200, "a day on by the database's clock: {message}");
}

#[test]
fn a_malformed_daily_limit_refuses_to_start() {
    use crate::startup::migrate_with;
    let (ok, out) = migrate_with(&[("SMS_DAILY_LIMIT", "lots")]);
    assert!(
        !ok && out.contains("SMS_DAILY_LIMIT must be a whole number from 0 to 10000000"),
        "{out}"
    );
    let (ok, out) = migrate_with(&[
        ("EMAIL_CODE_DAILY_LIMIT", "20000"),
        ("SMS_DAILY_LIMIT", "0"),
    ]);
    assert!(ok, "{out}");
}
