//! What an operator watches: `/metrics` (Prometheus' text format, for this
//! machine or with the metrics token) and `/api/health/ready` (a load
//! balancer's probe, 503 while the database, the migrations or the storage
//! fail, and first thing in a graceful shutdown).

use std::time::Duration;

use crate::helpers::checkout::paid_order;
use crate::helpers::process::{Store, data_dir};
use crate::helpers::{Engine, TestApp, engines};

const TOKEN: &str = "metrics-token-0123456789abcdef0123456789";

async fn metrics(app: &TestApp) -> String {
    let res = app.client.get(app.url("/metrics")).send().await.unwrap();
    assert_eq!(res.status(), 200);
    let content_type = res.headers()["content-type"].to_str().unwrap().to_string();
    assert!(
        content_type.starts_with("application/openmetrics-text"),
        "{content_type}"
    );
    res.text().await.unwrap()
}

/// The value of the series `series` (name and labels exactly as written), if present.
fn value(text: &str, series: &str) -> Option<f64> {
    text.lines()
        .find_map(|l| l.strip_prefix(series)?.strip_prefix(' '))
        .map(|v| v.trim().parse().unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_after_a_checkout_count_requests_payments_and_queues() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (order_id, token) = paid_order(&app, "asha@example.com").await;
        let (status, _) = app
            .get_auth(&format!("/api/orders/{order_id}"), &token)
            .await;
        assert_eq!(status, 200);
        // Reset links for one address: three an hour, the fourth is refused (429).
        for _ in 0..4 {
            app.post(
                "/api/auth/forgot-password",
                serde_json::json!({"email": "ravi@example.com"}),
            )
            .await;
        }
        let text = metrics(&app).await;
        for (series, at_least) in [
            (
                r#"store_http_requests_total{method="POST",route="/api/payments/verify",status="200"}"#,
                1.0,
            ),
            (
                r#"store_http_requests_total{method="GET",route="/api/orders/{id}",status="200"}"#,
                1.0,
            ),
            (
                r#"store_http_request_duration_seconds_count{method="POST",route="/api/payments/create-order"}"#,
                1.0,
            ),
            (
                r#"store_payments_total{via="browser",outcome="confirmed"}"#,
                1.0,
            ),
            (r#"store_rate_limited_total{door="forgot_target"}"#, 1.0),
            (r#"store_work_running{queue="heavy_work"}"#, 0.0),
            (r#"store_work_waiting{queue="password_hashing"}"#, 0.0),
            (r#"store_work_refused_total{queue="heavy_work"}"#, 0.0),
            (r#"store_db_connections{state="in_use"}"#, 0.0),
            ("store_db_connections_max", 1.0),
            ("store_outbox_waiting", 0.0),
            ("store_refunds_owed", 0.0),
        ] {
            let got = value(&text, series)
                .unwrap_or_else(|| panic!("{engine:?}: no {series} in\n{text}"));
            assert!(got >= at_least, "{engine:?}: {series} is {got}");
        }
        // The template, never the path: the order's id is in no series.
        assert!(!text.contains(&order_id), "{text}");
        assert!(text.ends_with("# EOF\n"));
    }
}

/// The machine's address on its network (not loopback), when it has one.
fn network_address() -> Option<std::net::IpAddr> {
    // Connecting a UDP socket sends nothing; it only picks the outgoing interface.
    let socket = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect("192.0.2.1:9").ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_loopback() && !ip.is_unspecified()).then_some(ip)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_from_another_machine_need_the_token() {
    let app = TestApp::spawn_configured(Engine::Sqlite, None, |c| {
        c.listen_addr = "0.0.0.0:0".parse().unwrap();
        c.metrics_token = Some(api::env::Secret::new(TOKEN));
    })
    .await;
    let port = app.addr.port();
    let scrape = |url: String, token: Option<&'static str>| {
        let mut req = app.client.get(url);
        if let Some(token) = token {
            req = req.bearer_auth(token);
        }
        async move { req.send().await.unwrap().status().as_u16() }
    };
    let local = format!("http://127.0.0.1:{port}/metrics");
    assert_eq!(scrape(local.clone(), None).await, 200);
    // Relayed by a proxy on this machine: the world's request, not this machine's.
    let relayed = app
        .client
        .get(&local)
        .header("X-Forwarded-For", "203.0.113.9")
        .send()
        .await
        .unwrap();
    assert_eq!(relayed.status(), 403);
    match network_address() {
        Some(ip) => {
            let remote = format!("http://{ip}:{port}/metrics");
            assert_eq!(scrape(remote.clone(), None).await, 403, "{remote}");
            assert_eq!(
                scrape(remote.clone(), Some("metrics-token-wrong")).await,
                403
            );
            assert_eq!(scrape(remote, Some(TOKEN)).await, 200);
        }
        None => println!("no network address: the token is checked through a relayed request only"),
    }
    let with_token = app
        .client
        .get(&local)
        .header("X-Forwarded-For", "203.0.113.9")
        .bearer_auth(TOKEN)
        .send()
        .await
        .unwrap();
    assert_eq!(with_token.status(), 200);
}

async fn ready(app: &TestApp) -> (u16, serde_json::Value) {
    app.get("/api/health/ready").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readiness_fails_on_storage_migrations_and_draining() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let (status, body) = ready(&app).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            body["data"],
            serde_json::json!({"ready": true, "database": true, "migrations": true, "storage": true, "draining": false})
        );

        // Storage that cannot be written to.
        let tmp = app.state.config.data_dir.join("files/.tmp");
        std::fs::remove_dir_all(&tmp).unwrap();
        let (status, body) = ready(&app).await;
        assert_eq!(
            (status, &body["data"]["storage"]),
            (503, &serde_json::json!(false)),
            "{body}"
        );
        assert_eq!(body["success"], false);
        std::fs::create_dir_all(&tmp).unwrap();
        assert_eq!(ready(&app).await.0, 200);

        // A database behind this server's migrations (an older one restored, say).
        let latest = sqlx::query_scalar::<_, i64>("SELECT MAX(version) FROM _sqlx_migrations")
            .fetch_one(&app.db)
            .await
            .unwrap();
        sqlx::query("UPDATE _sqlx_migrations SET success = FALSE WHERE version = $1")
            .bind(latest)
            .execute(&app.db)
            .await
            .unwrap();
        let (status, body) = ready(&app).await;
        assert_eq!(
            (status, &body["data"]["migrations"]),
            (503, &serde_json::json!(false)),
            "{engine:?}: {body}"
        );
        sqlx::query("UPDATE _sqlx_migrations SET success = TRUE WHERE version = $1")
            .bind(latest)
            .execute(&app.db)
            .await
            .unwrap();
        assert_eq!(ready(&app).await.0, 200);

        // Draining: not ready, while the store itself still answers.
        app.state
            .draining
            .store(true, std::sync::atomic::Ordering::Release);
        let (status, body) = ready(&app).await;
        assert_eq!(
            (status, &body["data"]["draining"]),
            (503, &serde_json::json!(true))
        );
        assert_eq!(app.get("/api/health").await.0, 200);
    }
}

/// SIGTERM to the real binary: readiness turns 503 at once while requests
/// are still served for `SHUTDOWN_DRAIN_SECONDS`, then the server exits.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_graceful_shutdown_answers_not_ready_first() {
    let dir = data_dir("store-drain");
    let database_url = format!("sqlite://{}/store.db?mode=rwc", dir.display());
    let mut store =
        Store::start_with(&dir, &database_url, &[("SHUTDOWN_DRAIN_SECONDS", "3")]).await;
    let ready = |store: &Store| {
        let req = store.client.get(store.url("/api/health/ready"));
        async move { req.send().await.map(|r| r.status().as_u16()) }
    };
    assert_eq!(ready(&store).await.unwrap(), 200);
    let pid = store.child.id().to_string();
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap();
    assert!(killed.success());
    let mut not_ready = false;
    for _ in 0..40 {
        if ready(&store).await.ok() == Some(503) {
            not_ready = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert!(not_ready, "readiness turned 503 after SIGTERM");
    let health = store
        .client
        .get(store.url("/api/health"))
        .send()
        .await
        .unwrap();
    assert_eq!(health.status(), 200, "still serving while it drains");
    let mut exited = None;
    for _ in 0..200 {
        if let Some(status) = store.child.try_wait().unwrap() {
            exited = Some(status);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let status = exited.expect("the server stopped after draining");
    assert!(status.success(), "{status}");
    let _ = std::fs::remove_dir_all(dir);
}
