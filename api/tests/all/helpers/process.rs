//! The real `api` binary as a process of its own, as `just run` starts it:
//! for tests that kill it (SIGKILL), run two of them on one database, or read
//! what it logs.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::Value;

use super::{TEST_KEY_SECRET, TEST_WEBHOOK_SECRET};

pub struct Store {
    pub child: Child,
    pub url: String,
    pub client: reqwest::Client,
    pub database_url: String,
}

/// A failing test must not leave its server running.
impl Drop for Store {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A new, empty data directory under the system's temporary one.
pub fn data_dir(prefix: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("{prefix}-{}", api::ids::random_hex(6)));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

impl Store {
    /// Starts the server as `just run` does, on this data directory and database.
    pub async fn start(data_dir: &Path, database_url: &str) -> Store {
        Store::start_with(data_dir, database_url, &[]).await
    }

    /// With more environment (a setting given again replaces the default above it).
    pub async fn start_with(data_dir: &Path, database_url: &str, env: &[(&str, &str)]) -> Store {
        Store::spawn(data_dir, database_url, env, None).await
    }

    /// Logging at INFO into `log` (both of the server's output streams).
    pub async fn start_logging(data_dir: &Path, database_url: &str, log: &Path) -> Store {
        Store::spawn(data_dir, database_url, &[("RUST_LOG", "info")], Some(log)).await
    }

    /// With more environment, logging into `log` (both of the server's output streams).
    pub async fn start_logging_with(
        data_dir: &Path,
        database_url: &str,
        log: &Path,
        env: &[(&str, &str)],
    ) -> Store {
        Store::spawn(data_dir, database_url, env, Some(log)).await
    }

    async fn spawn(
        data_dir: &Path,
        database_url: &str,
        env: &[(&str, &str)],
        log: Option<&Path>,
    ) -> Store {
        let port = free_port();
        let output = || match log {
            Some(path) => Stdio::from(
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .unwrap(),
            ),
            None => Stdio::null(),
        };
        let child = Command::new(env!("CARGO_BIN_EXE_api"))
            .arg("serve")
            .env("DATA_DIR", data_dir)
            .env("DATABASE_URL", database_url)
            .env("LISTEN_ADDR", format!("127.0.0.1:{port}"))
            .env("WEB_DIR", data_dir.join("no-web"))
            .env("TEST_PROVIDERS", "on")
            .env("PAYMENT_PROVIDER", "test")
            .env("RAZORPAY_KEY_SECRET", TEST_KEY_SECRET)
            .env("RAZORPAY_WEBHOOK_SECRET", TEST_WEBHOOK_SECRET)
            .env("RUST_LOG", "error")
            .envs(env.iter().copied())
            .stdout(output())
            .stderr(output())
            .spawn()
            .expect("the api binary starts");
        let store = Store {
            child,
            url: format!("http://127.0.0.1:{port}"),
            client: reqwest::Client::new(),
            database_url: database_url.to_string(),
        };
        for _ in 0..300 {
            if let Ok(r) = store.client.get(store.url("/api/health")).send().await
                && r.status().is_success()
            {
                return store;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the store did not come up");
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.url)
    }

    /// SIGKILL: no graceful shutdown, no chance to finish anything.
    pub fn kill(self) {
        drop(self);
    }

    pub async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        token: &str,
        body: Option<Value>,
    ) -> (u16, Value) {
        let mut req = self
            .client
            .request(method, self.url(path))
            .bearer_auth(token);
        if let Some(b) = body {
            req = req.json(&b);
        }
        let res = req.send().await.unwrap();
        (
            res.status().as_u16(),
            res.json().await.unwrap_or(Value::Null),
        )
    }

    pub async fn post(&self, path: &str, token: &str, body: Value) -> (u16, Value) {
        self.call(reqwest::Method::POST, path, token, Some(body))
            .await
    }

    pub async fn get(&self, path: &str, token: &str) -> Value {
        self.call(reqwest::Method::GET, path, token, None).await.1
    }

    /// The newest message to `to` whose body holds `needle`, from the dev
    /// outbox (waiting a little: some are written in the background).
    pub async fn message(&self, to: &str, needle: &str) -> String {
        for _ in 0..100 {
            let outbox = self
                .get(
                    &format!("/api/dev/outbox?to={}", to.replace('@', "%40")),
                    "",
                )
                .await;
            if let Some(body) = outbox["data"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|m| m["body"].as_str())
                .find(|b| b.contains(needle))
            {
                return body.to_string();
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("no message for {to} holding {needle:?}");
    }

    /// Signs in with a code from the dev outbox; the access token.
    pub async fn code_sign_in(&self, email: &str) -> String {
        let (status, body) = self
            .post(
                "/api/auth/otp/email/send",
                "",
                serde_json::json!({"email": email}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let message = self.message(email, "Your code is ").await;
        let start = message.find("Your code is ").unwrap() + "Your code is ".len();
        let code = message[start..start + 6].to_string();
        let (status, body) = self
            .post(
                "/api/auth/otp/email/verify",
                "",
                serde_json::json!({"email": email, "code": code}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        body["data"]["accessToken"].as_str().unwrap().to_string()
    }

    /// An admin made with `api create-admin` on this store's database (with
    /// the store's data directory and any more environment), signed in here.
    pub async fn admin(&self, data_dir: &Path, env: &[(&str, &str)]) -> String {
        let made = Command::new(env!("CARGO_BIN_EXE_api"))
            .args([
                "create-admin",
                "--email",
                "boss@example.com",
                "--name",
                "Boss",
            ])
            .env("DATA_DIR", data_dir)
            .env("DATABASE_URL", &self.database_url)
            .env("TEST_PROVIDERS", "on")
            .env("RUST_LOG", "error")
            .envs(env.iter().copied())
            .output()
            .unwrap();
        assert!(
            made.status.success(),
            "{}",
            String::from_utf8_lossy(&made.stderr)
        );
        self.code_sign_in("boss@example.com").await
    }
}
