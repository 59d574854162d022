//! The test harness: the real server on port 0 with a fresh database, SQLite
//! always and PostgreSQL when `TEST_DATABASE_URL` is set (each test gets its
//! own new database there).

#![allow(dead_code)]

pub mod checkout;

use std::net::SocketAddr;
use std::path::PathBuf;

use api::config::Config;
use serde_json::Value;

/// The payment secrets of test apps: tests sign payments and webhooks with them.
pub const TEST_KEY_SECRET: &str = "test-key-secret-0123456789abcdef";
pub const TEST_WEBHOOK_SECRET: &str = "test-webhook-secret-0123456789ab";

pub struct TestApp {
    pub addr: SocketAddr,
    pub client: reqwest::Client,
    /// The app's own database, for arranging what the API cannot (an expired code).
    pub db: api::db::Db,
    _data_dir: TempDir,
}

/// A directory removed when the test ends.
struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[derive(Clone, Copy, Debug)]
pub enum Engine {
    Sqlite,
    Postgres,
}

/// The engines to run a test on: SQLite, and PostgreSQL when configured.
pub fn engines() -> Vec<Engine> {
    let mut e = vec![Engine::Sqlite];
    if std::env::var("TEST_DATABASE_URL").is_ok_and(|u| !u.is_empty()) {
        e.push(Engine::Postgres);
    }
    e
}

/// A new database per test, named after this process so that databases left
/// by finished test processes can be dropped.
pub async fn fresh_postgres() -> String {
    use sqlx::Connection;
    let base = std::env::var("TEST_DATABASE_URL").unwrap();
    let name = format!(
        "store_test_{}_{}",
        std::process::id(),
        api::ids::random_hex(6)
    );
    let mut conn = sqlx::PgConnection::connect(&base)
        .await
        .expect("TEST_DATABASE_URL reachable");
    let old: Vec<String> =
        sqlx::query_scalar("SELECT datname FROM pg_database WHERE datname LIKE 'store\\_test\\_%'")
            .fetch_all(&mut conn)
            .await
            .unwrap();
    for db in old {
        let pid = db.split('_').nth(2).unwrap_or_default();
        if !std::path::Path::new(&format!("/proc/{pid}")).exists() {
            let _ = sqlx::Executor::execute(
                &mut conn,
                format!("DROP DATABASE IF EXISTS {db} WITH (FORCE)").as_str(),
            )
            .await;
        }
    }
    sqlx::Executor::execute(&mut conn, format!("CREATE DATABASE {name}").as_str())
        .await
        .unwrap();
    let (prefix, _) = base.rsplit_once('/').unwrap();
    format!("{prefix}/{name}")
}

impl TestApp {
    pub async fn spawn(engine: Engine) -> TestApp {
        TestApp::spawn_with(engine, true).await
    }

    pub async fn spawn_with(engine: Engine, test_providers: bool) -> TestApp {
        TestApp::spawn_full(engine, test_providers, None).await
    }

    /// With `web_index`, a built web app (just an index.html) is served too.
    pub async fn spawn_full(
        engine: Engine,
        test_providers: bool,
        web_index: Option<&str>,
    ) -> TestApp {
        TestApp::spawn_configured(engine, web_index, |c| c.test_providers = test_providers).await
    }

    /// The built-in test payment provider with these secrets, or Razorpay at `api_base`.
    pub fn payments(
        provider: api::config::ProviderKind,
        api_base: &str,
    ) -> api::config::PaymentsConfig {
        api::config::PaymentsConfig {
            provider,
            key_id: "rzp_test_key".into(),
            key_secret: TEST_KEY_SECRET.into(),
            webhook_secret: TEST_WEBHOOK_SECRET.into(),
            api_base: api_base.into(),
        }
    }

    /// The app with its configuration adjusted by `configure`.
    pub async fn spawn_configured(
        engine: Engine,
        web_index: Option<&str>,
        configure: impl FnOnce(&mut Config),
    ) -> TestApp {
        let dir = std::env::temp_dir().join(format!("store-test-{}", api::ids::random_hex(6)));
        std::fs::create_dir_all(dir.join("web")).unwrap();
        if let Some(html) = web_index {
            std::fs::write(dir.join("web/index.html"), html).unwrap();
        }
        let database_url = match engine {
            Engine::Sqlite => format!("sqlite://{}/store.db?mode=rwc", dir.display()),
            Engine::Postgres => fresh_postgres().await,
        };
        let mut config = Config {
            listen_addr: "127.0.0.1:0".parse().unwrap(),
            data_dir: dir.clone(),
            database_url,
            jwt_secret: api::ids::random_hex(32),
            access_token_minutes: 15,
            refresh_token_days: 30,
            test_providers: true,
            payments: TestApp::payments(api::config::ProviderKind::Test, "http://127.0.0.1:9"),
            web_dir: dir.join("web"),
            assets_dir: std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../assets/catalogue"),
        };
        configure(&mut config);
        let state = api::prepare(config).await.expect("app prepares");
        let db = state.db.clone();
        let (addr, server) = api::start(state).await.expect("app starts");
        tokio::spawn(server);
        TestApp {
            addr,
            client: reqwest::Client::new(),
            db,
            _data_dir: TempDir(dir),
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    async fn send(&self, req: reqwest::RequestBuilder) -> (u16, Value) {
        let res = req.send().await.unwrap();
        let status = res.status().as_u16();
        (status, res.json().await.unwrap_or(Value::Null))
    }

    /// GET a path; returns the status and the JSON body.
    pub async fn get(&self, path: &str) -> (u16, Value) {
        self.send(self.client.get(self.url(path))).await
    }

    pub async fn get_auth(&self, path: &str, token: &str) -> (u16, Value) {
        self.send(self.client.get(self.url(path)).bearer_auth(token))
            .await
    }

    pub async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        self.send(self.client.post(self.url(path)).json(&body))
            .await
    }

    pub async fn post_auth(&self, path: &str, token: &str, body: Value) -> (u16, Value) {
        self.send(
            self.client
                .post(self.url(path))
                .bearer_auth(token)
                .json(&body),
        )
        .await
    }

    pub async fn put_auth(&self, path: &str, token: &str, body: Value) -> (u16, Value) {
        self.send(
            self.client
                .put(self.url(path))
                .bearer_auth(token)
                .json(&body),
        )
        .await
    }

    pub async fn delete_auth(&self, path: &str, token: &str) -> (u16, Value) {
        self.send(self.client.delete(self.url(path)).bearer_auth(token))
            .await
    }

    /// The newest message for an address, from the dev outbox.
    pub async fn last_message(&self, to: &str) -> String {
        let (status, body) = self.get(&format!("/api/dev/outbox?to={to}")).await;
        assert_eq!(status, 200);
        body["data"][0]["body"]
            .as_str()
            .expect("a message was sent")
            .to_string()
    }

    /// The 6-digit code in the newest message for an address.
    pub async fn code_for(&self, to: &str) -> String {
        let msg = self.last_message(to).await;
        let start = msg
            .find(|c: char| c.is_ascii_digit())
            .expect("a code in the message");
        msg[start..start + 6].to_string()
    }

    /// Registers with a password; returns (access token, refresh token).
    pub async fn sign_up(&self, email: &str) -> (String, String) {
        let (status, body) = self
            .post("/api/auth/register", serde_json::json!({"name": "Asha Rao", "email": email, "password": "correct horse"}))
            .await;
        assert_eq!(status, 201, "{body}");
        (
            body["data"]["accessToken"].as_str().unwrap().into(),
            body["data"]["refreshToken"].as_str().unwrap().into(),
        )
    }

    /// Signs up, is made admin (as `api create-admin` does), signs in again for a token with the role.
    pub async fn admin_token(&self) -> String {
        self.sign_up("admin@example.com").await;
        sqlx::query("UPDATE users SET role = 'admin' WHERE email = 'admin@example.com'")
            .execute(&self.db)
            .await
            .unwrap();
        let (_, body) = self
            .post(
                "/api/auth/login",
                serde_json::json!({"email": "admin@example.com", "password": "correct horse"}),
            )
            .await;
        body["data"]["accessToken"].as_str().unwrap().to_string()
    }
}
