//! The test harness: the real server on port 0 with a fresh database, SQLite
//! always and PostgreSQL when `TEST_DATABASE_URL` is set (each test gets its
//! own new database there).

#![allow(dead_code)]

use std::net::SocketAddr;
use std::path::PathBuf;

use api::config::Config;
use serde_json::Value;

pub struct TestApp {
    pub addr: SocketAddr,
    pub client: reqwest::Client,
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
async fn fresh_postgres() -> String {
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
        let dir = std::env::temp_dir().join(format!("store-test-{}", api::ids::random_hex(6)));
        std::fs::create_dir_all(&dir).unwrap();
        let database_url = match engine {
            Engine::Sqlite => format!("sqlite://{}/store.db?mode=rwc", dir.display()),
            Engine::Postgres => fresh_postgres().await,
        };
        let config = Config {
            listen_addr: "127.0.0.1:0".parse().unwrap(),
            data_dir: dir.clone(),
            database_url,
            jwt_secret: api::ids::random_hex(32),
            access_token_minutes: 15,
            refresh_token_days: 30,
            test_providers: true,
            web_dir: dir.join("no-web"),
        };
        let state = api::prepare(config).await.expect("app prepares");
        let (addr, server) = api::start(state).await.expect("app starts");
        tokio::spawn(server);
        TestApp {
            addr,
            client: reqwest::Client::new(),
            _data_dir: TempDir(dir),
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    /// GET a path; returns the status and the JSON body.
    pub async fn get(&self, path: &str) -> (u16, Value) {
        let res = self.client.get(self.url(path)).send().await.unwrap();
        let status = res.status().as_u16();
        (status, res.json().await.unwrap_or(Value::Null))
    }
}
