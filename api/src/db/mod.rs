//! The database: SQLite (default, WAL, foreign keys on) or PostgreSQL, through
//! sqlx's `Any` driver so one set of queries and migrations serves both.
//! Queries live in named functions per aggregate (`products`, ...).

pub mod addresses;
pub mod artwork;
pub mod cart;
pub mod designs;
pub mod email_tokens;
pub mod files;
pub mod order_admin;
pub mod orders;
pub mod outbox;
pub mod products;
pub mod sessions;
pub mod users;

use std::time::Duration;

use anyhow::Context;
use sqlx::any::AnyPoolOptions;
use sqlx::{AnyPool, Executor};

pub type Db = AnyPool;

pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations");

pub fn is_sqlite(url: &str) -> bool {
    url.starts_with("sqlite:")
}

pub async fn connect(url: &str) -> anyhow::Result<Db> {
    sqlx::any::install_default_drivers();
    let sqlite = is_sqlite(url);
    AnyPoolOptions::new()
        .max_connections(if sqlite { 8 } else { 16 })
        .acquire_timeout(Duration::from_secs(10))
        .after_connect(move |conn, _| {
            Box::pin(async move {
                if sqlite {
                    // WAL lets readers work while one writer commits; SQLite leaves
                    // foreign keys off unless asked; a busy writer is waited for.
                    conn.execute(
                        "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
                         PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;",
                    )
                    .await?;
                }
                Ok(())
            })
        })
        .connect(url)
        .await
        .with_context(|| format!("connecting to {}", redact(url)))
}

/// Starts a write transaction. On SQLite it takes the write lock at once
/// (`BEGIN IMMEDIATE`): a deferred transaction that reads and then writes fails
/// at once with SQLITE_BUSY when another writer committed in between, which
/// `busy_timeout` cannot wait out. PostgreSQL's `BEGIN` has no such trap.
pub async fn begin_write(db: &Db) -> Result<sqlx::Transaction<'static, sqlx::Any>, sqlx::Error> {
    let sqlite = db.connect_options().database_url.scheme() == "sqlite";
    db.begin_with(if sqlite { "BEGIN IMMEDIATE" } else { "BEGIN" })
        .await
}

pub async fn migrate(db: &Db) -> anyhow::Result<()> {
    MIGRATOR.run(db).await.context("running migrations")
}

/// The URL without its password, for logs.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => format!("{}://***{}", &url[..s], &url[at..]),
        _ => url.to_string(),
    }
}

pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}
