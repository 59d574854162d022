//! The test harness: the real server on port 0 with a fresh database, SQLite
//! always and PostgreSQL when `TEST_DATABASE_URL` is set (each test gets its
//! own new database there).

#![allow(dead_code)]

pub mod checkout;
pub mod groups;
pub mod msg91;
mod postgres;
pub mod process;
pub mod razorpay;
pub mod s3;
pub mod shipping;
pub mod shiprocket;
pub mod smtp;
pub mod whatsapp;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use api::config::Config;
pub use postgres::{empty_postgres, fresh_postgres};
use serde_json::Value;

/// The payment secrets of test apps: tests sign payments and webhooks with them.
pub const TEST_KEY_SECRET: &str = "test-key-secret-0123456789abcdef";
pub const TEST_WEBHOOK_SECRET: &str = "test-webhook-secret-0123456789ab";
/// The tracking webhook's `X-Api-Key` in tests.
pub const TEST_SHIPPING_TOKEN: &str = "test-shipping-token-0123456789abc";

pub struct TestApp {
    pub addr: SocketAddr,
    pub client: reqwest::Client,
    /// The app's own database, for arranging what the API cannot (an expired code).
    pub db: api::db::Db,
    /// The app's state, for calling its background work (the sweeper) directly.
    #[allow(dead_code)]
    pub state: api::state::AppState,
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

/// Where the app's files go (`Config::storage`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// Files under the test's data directory.
    Local,
    /// New buckets on the test process's S3 server (helpers::s3).
    S3,
}

/// The storage backends to run a test on: local, and S3 when `S3_TEST_SERVER`
/// is set (always in CI; elsewhere its absence is printed and S3 is skipped).
pub fn backends() -> Vec<Backend> {
    let mut b = vec![Backend::Local];
    if s3::available() {
        b.push(Backend::S3);
    } else {
        println!("{}", s3::SKIP_MESSAGE);
    }
    b
}

impl Backend {
    /// This backend's configuration for one test (S3: three new buckets).
    pub async fn storage_config(self) -> api::storage::config::StorageConfig {
        match self {
            Backend::Local => api::storage::config::StorageConfig::Local,
            Backend::S3 => s3::storage_config()
                .await
                .expect("S3 is available (see helpers::backends)"),
        }
    }
}

/// The configuration of a test app with its files under `dir` (local storage).
pub fn test_config(dir: &Path, database_url: String) -> Config {
    Config {
        listen_addr: "127.0.0.1:0".parse().unwrap(),
        data_dir: dir.to_path_buf(),
        database_url,
        database_connections: None,
        jwt_secret: api::env::Secret::new(api::ids::random_hex(32)),
        code_secret: api::env::Secret::new(api::ids::random_hex(32)),
        access_token_minutes: 15,
        refresh_token_days: 30,
        session_max_days: 90,
        admin_totp: false,
        test_providers: true,
        smtp: None,
        sms: Default::default(),
        whatsapp: Default::default(),
        code_budgets: Default::default(),
        public_url: None,
        trusted_proxies: Vec::new(),
        payments: TestApp::payments(
            api::payments::config::ProviderKind::Test,
            "http://127.0.0.1:9",
        ),
        storage: api::storage::config::StorageConfig::Local,
        web_dir: dir.join("web"),
        assets_dir: Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/catalogue"),
        company: api::domain::company::Company::default(),
        pending_order_hours: 24,
        group_grace_hours: 48,
        document_prefixes: Default::default(),
        gateway_fee_bps: design_engine::pricing::GATEWAY_CHARGE_BPS,
        personalisation: Default::default(),
        production_stages: Default::default(),
        proof_required: true,
        payment_terms: Default::default(),
        shipping: api::shipping::ShippingConfig {
            webhook_token: api::env::Secret::new(TEST_SHIPPING_TOKEN),
            ..Default::default()
        },
        claim_window_days: 30,
        backups: None,
        metrics_token: None,
        drain_seconds: 0,
    }
}

impl TestApp {
    pub async fn spawn(engine: Engine) -> TestApp {
        TestApp::spawn_with(engine, true).await
    }

    pub async fn spawn_with(engine: Engine, test_providers: bool) -> TestApp {
        TestApp::spawn_full(engine, test_providers, None).await
    }

    /// The app with its files on `backend` (`spawn` is `Backend::Local`).
    pub async fn spawn_on(engine: Engine, backend: Backend) -> TestApp {
        let storage = backend.storage_config().await;
        TestApp::spawn_configured(engine, None, |c| c.storage = storage).await
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
        provider: api::payments::config::ProviderKind,
        api_base: &str,
    ) -> api::payments::config::PaymentsConfig {
        api::payments::config::PaymentsConfig {
            provider,
            key_id: "rzp_test_key".into(),
            key_secret: api::env::Secret::new(TEST_KEY_SECRET),
            webhook_secret: api::env::Secret::new(TEST_WEBHOOK_SECRET),
            api_base: api_base.into(),
            refund_retry: std::time::Duration::from_secs(30),
        }
    }

    /// The app with its configuration adjusted by `configure`.
    pub async fn spawn_configured(
        engine: Engine,
        web_index: Option<&str>,
        configure: impl FnOnce(&mut Config),
    ) -> TestApp {
        TestApp::spawn_adjusted(engine, web_index, configure, |_| {}).await
    }

    /// The app with its configuration and then its state adjusted.
    pub async fn spawn_adjusted(
        engine: Engine,
        web_index: Option<&str>,
        configure: impl FnOnce(&mut Config),
        adjust: impl FnOnce(&mut api::state::AppState),
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
        let mut config = test_config(&dir, database_url);
        configure(&mut config);
        let mut state = api::prepare(config).await.expect("app prepares");
        adjust(&mut state);
        let db = state.db.clone();
        let shared = state.clone();
        let (addr, server) = api::start(state).await.expect("app starts");
        tokio::spawn(server);
        TestApp {
            addr,
            client: reqwest::Client::new(),
            db,
            state: shared,
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

    /// GET raw bytes (signed in when `token` is given): status, content type, bytes.
    pub async fn get_bytes(&self, path: &str, token: Option<&str>) -> (u16, String, Vec<u8>) {
        let mut req = self.client.get(self.url(path));
        if let Some(token) = token {
            req = req.bearer_auth(token);
        }
        let res = req.send().await.unwrap();
        let status = res.status().as_u16();
        let content_type = res
            .headers()
            .get("content-type")
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default();
        (status, content_type, res.bytes().await.unwrap().to_vec())
    }

    /// PUT raw bytes with a content type, signed in.
    pub async fn put_bytes(
        &self,
        path: &str,
        token: &str,
        bytes: Vec<u8>,
        content_type: &str,
    ) -> (u16, Value) {
        self.send(
            self.client
                .put(self.url(path))
                .bearer_auth(token)
                .header("content-type", content_type)
                .body(bytes),
        )
        .await
    }

    pub async fn delete_auth(&self, path: &str, token: &str) -> (u16, Value) {
        self.send(self.client.delete(self.url(path)).bearer_auth(token))
            .await
    }

    /// The newest message for an address whose body contains `needle`, from
    /// the dev outbox (waiting a little: links are mailed in the background).
    pub async fn message_with(&self, to: &str, needle: &str) -> String {
        for _ in 0..100 {
            let (status, body) = self.get(&format!("/api/dev/outbox?to={to}")).await;
            assert_eq!(status, 200);
            let found = body["data"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|m| m["body"].as_str())
                .find(|b| b.contains(needle));
            if let Some(b) = found {
                return b.to_string();
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("no message for {to} containing {needle:?}");
    }

    /// The newest link (verify or reset) for an address.
    pub async fn last_link(&self, to: &str, path: &str) -> String {
        let msg = self.message_with(to, path).await;
        let token = msg.split("token=").nth(1).expect("a token in the link");
        token
            .split(|c: char| !c.is_ascii_hexdigit())
            .next()
            .unwrap()
            .to_string()
    }

    /// The 6-digit code in the newest code message for an address.
    pub async fn code_for(&self, to: &str) -> String {
        let msg = self.message_with(to, "Your code is ").await;
        let start = msg.find("Your code is ").unwrap() + "Your code is ".len();
        msg[start..start + 6].to_string()
    }

    /// Signs in with an e-mail code; returns the access token.
    pub async fn sign_in_by_code(&self, email: &str) -> String {
        let (status, body) = self
            .post(
                "/api/auth/otp/email/send",
                serde_json::json!({"email": email}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let code = self.code_for(email).await;
        let (status, body) = self
            .post(
                "/api/auth/otp/email/verify",
                serde_json::json!({"email": email, "code": code}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert!(body["data"].get("refreshToken").is_none(), "{body}");
        body["data"]["accessToken"].as_str().unwrap().to_string()
    }

    /// Moves every used refresh token's use a minute back: past the window in
    /// which presenting it again counts as a lost answer (`LOST_ANSWER_MS`).
    pub async fn age_used_refresh_tokens(&self) {
        sqlx::query("UPDATE sessions SET used_at = used_at - 60000 WHERE used_at IS NOT NULL")
            .execute(&self.db)
            .await
            .unwrap();
    }

    /// Registers with a password; returns (access token, refresh token). The
    /// refresh token comes only as the `refresh_token` cookie, never in the body.
    pub async fn sign_up(&self, email: &str) -> (String, String) {
        let res = self
            .client
            .post(self.url("/api/auth/register"))
            .json(&serde_json::json!({"name": "Asha Rao", "email": email, "password": "correct horse"}))
            .send()
            .await
            .unwrap();
        let status = res.status().as_u16();
        let refresh = refresh_cookie(res.headers());
        let body: Value = res.json().await.unwrap();
        assert_eq!(status, 201, "{body}");
        assert!(body["data"].get("refreshToken").is_none(), "{body}");
        (
            body["data"]["accessToken"].as_str().unwrap().into(),
            refresh.expect("a refresh cookie"),
        )
    }

    /// `POST /api/auth/refresh` with a refresh token in the body, as an API
    /// client sends it: the status, the body and the new refresh token (from
    /// the cookie the answer sets).
    pub async fn refresh(&self, token: &str) -> (u16, Value, Option<String>) {
        let res = self
            .client
            .post(self.url("/api/auth/refresh"))
            .json(&serde_json::json!({ "refreshToken": token }))
            .send()
            .await
            .unwrap();
        let status = res.status().as_u16();
        let refresh = refresh_cookie(res.headers()).filter(|t| !t.is_empty());
        let body: Value = res.json().await.unwrap_or(Value::Null);
        assert!(body["data"].get("refreshToken").is_none(), "{body}");
        (status, body, refresh)
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

/// The value of the `refresh_token` cookie an answer sets, if any.
pub fn refresh_cookie(headers: &reqwest::header::HeaderMap) -> Option<String> {
    headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| c.strip_prefix("refresh_token="))
        .map(|c| c.split(';').next().unwrap_or_default().to_string())
}

/// A small PNG logo, the engine's test fixture.
pub const LOGO: &[u8] = include_bytes!("../../../../design-engine/tests/fixtures/logo.png");

/// A minimal valid binary glTF 2.0 file, with a BIN chunk of `bin` bytes.
pub fn glb(bin: usize) -> Vec<u8> {
    let mut json = br#"{"asset":{"version":"2.0"},"buffers":[{"byteLength":0}]}"#.to_vec();
    while !json.len().is_multiple_of(4) {
        json.push(b' ');
    }
    let bin_chunk = if bin > 0 { 8 + bin } else { 0 };
    let total = 12 + 8 + json.len() + bin_chunk;
    let mut out = Vec::with_capacity(total);
    out.extend_from_slice(b"glTF");
    out.extend_from_slice(&2u32.to_le_bytes());
    out.extend_from_slice(&(total as u32).to_le_bytes());
    out.extend_from_slice(&(json.len() as u32).to_le_bytes());
    out.extend_from_slice(b"JSON");
    out.extend_from_slice(&json);
    if bin > 0 {
        out.extend_from_slice(&(bin as u32).to_le_bytes());
        out.extend_from_slice(b"BIN\0");
        out.extend(std::iter::repeat_n(7u8, bin));
    }
    out
}
