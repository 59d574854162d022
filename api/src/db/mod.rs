//! The database: SQLite (default, WAL, foreign keys on) or PostgreSQL, through
//! sqlx's `Any` driver so one set of queries and migrations serves both.
//! Queries live in named functions per aggregate (`products`, ...).

pub mod accounts;
pub mod addresses;
pub mod artwork;
pub mod backup_runs;
pub mod caps;
pub mod cart;
pub mod claims;
pub mod clock;
pub mod coupons;
pub mod designs;
pub mod email_tokens;
mod error;
pub mod expired;
pub mod files;
pub mod group_orders;
pub mod newsletter;
pub mod order_admin;
pub mod order_expiry;
pub mod orders;
pub mod outbox;
pub mod pages;
pub mod products;
pub mod proofs;
pub mod quotes;
pub mod refund_attempts;
pub mod refunds_owed;
pub mod script;
pub mod second_factor;
pub mod series;
pub mod sessions;
pub mod shipments;
pub mod stages;
pub mod stock;
pub mod tax_documents;
pub mod tickets;
pub mod users;

pub use error::DbError;

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};
use std::time::Duration;

use anyhow::Context;
use sqlx::any::AnyPoolOptions;
use sqlx::{AnyPool, Executor};

pub type Db = AnyPool;

pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations");

/// How many of this server's migrations the database has not applied
/// (readiness: a server newer than its database must not take requests).
pub async fn pending_migrations(db: &Db) -> Result<usize, sqlx::Error> {
    let applied: Vec<i64> =
        sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success = TRUE")
            .fetch_all(db)
            .await?;
    Ok(MIGRATOR
        .iter()
        .filter(|m| !applied.contains(&m.version))
        .count())
}

pub fn is_sqlite(url: &str) -> bool {
    url.starts_with("sqlite:")
}

/// Opens the database. SQLite's pool has 8 connections (readers: writes
/// queue for one writer, `sqlite_writer`); PostgreSQL's `connections`, by
/// default [`postgres_connections`].
pub async fn connect(url: &str, connections: Option<u32>) -> anyhow::Result<Db> {
    sqlx::any::install_default_drivers();
    let sqlite = is_sqlite(url);
    let size = if sqlite {
        8
    } else {
        connections.unwrap_or_else(postgres_connections)
    };
    pool_options(sqlite, size)
        .connect(url)
        .await
        .with_context(|| format!("connecting to {}", redact(url)))
}

/// PostgreSQL connections by default: four per core of this machine, from 8
/// to 32. More connections than the cores can serve only queue inside the
/// server (`just bench-api` on 2 cores, 64 clients: checkout's p99 was 44-53
/// ms with 8 or 16 connections, 57-67 ms with 32).
pub fn postgres_connections() -> u32 {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get() as u32);
    (cores * 4).clamp(8, 32)
}

fn pool_options(sqlite: bool, connections: u32) -> AnyPoolOptions {
    // sqlx pings a connection before every use by default: a round trip per
    // query (to SQLite's connection thread, or to PostgreSQL), 10-15% of
    // checkout's throughput (`just bench-api`). A file's connection cannot go
    // stale. PostgreSQL's can (a restarted server): one that sat idle for a
    // second is pinged first, and replaced if that fails.
    //
    // No idle timeout and no maximum lifetime, so that sqlx starts no reaper task: sqlx 0.8's reaper can read an
    // idle count that a release racing an acquire made wrap below zero, then loops through it without yielding,
    // a core at 100% and the process never exiting (sqlx#3645, fixed upstream in 0.9 by #4289; seen here in a CI
    // rehearsal: a browser test's server spun 11 minutes after SIGTERM). The pools are bounded, and PostgreSQL's
    // stale connections are found by the ping below.
    let options = AnyPoolOptions::new()
        .max_connections(connections)
        .idle_timeout(None)
        .max_lifetime(None)
        .test_before_acquire(false)
        .acquire_timeout(Duration::from_secs(10));
    let options = if sqlite {
        options
    } else {
        options.before_acquire(|conn, meta| {
            Box::pin(async move {
                Ok(meta.idle_for < Duration::from_secs(1)
                    || sqlx::Connection::ping(conn).await.is_ok())
            })
        })
    };
    options.after_connect(move |conn, _| {
        Box::pin(async move {
            if sqlite {
                // WAL lets readers work while one writer commits; SQLite leaves
                // foreign keys off unless asked; a busy writer is waited for.
                // Commits never checkpoint: `checkpoint_wal` does, off the request path.
                conn.execute(
                    "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
                         PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; \
                         PRAGMA wal_autocheckpoint = 0;",
                )
                .await?;
            }
            Ok(())
        })
    })
}

/// SQLite's writer for transactions, as a pool of one connection per database.
///
/// SQLite lets one writer in at a time and makes the others sleep in its busy
/// handler (1, 2, 5, 10, 15 ms and on), however soon the lock is free. Write
/// transactions (several statements, the lock held between them) queue here
/// instead, first come first served. Single-statement writes stay on the main
/// pool: queued behind one connection they measured slower (`just bench-api`).
fn sqlite_writer(db: &Db) -> Option<AnyPool> {
    static WRITERS: LazyLock<Mutex<HashMap<String, AnyPool>>> = LazyLock::new(Default::default);
    let url = &db.connect_options().database_url;
    if url.scheme() != "sqlite" {
        return None;
    }
    let url = url.to_string();
    let mut writers = WRITERS.lock().unwrap_or_else(|e| e.into_inner());
    let pool = writers.entry(url).or_insert_with_key(|url| {
        pool_options(true, 1)
            .connect_lazy(url)
            .expect("the URL the main pool connected with")
    });
    Some(pool.clone())
}

/// Copies SQLite's write-ahead log back into the database a few times a
/// second, off the request path, so that commits never pay for it and the log
/// stays small under constant load. It runs on a connection of the main pool,
/// beside the writer: a passive checkpoint takes no write lock, and on the
/// writer's connection it stopped every write while it copied and synced
/// (50-65 ms four times a second under `just bench-api`'s checkout, most of
/// that scenario's p99).
pub async fn checkpoint_wal(db: Db) {
    let Some(writer) = sqlite_writer(&db) else {
        return;
    };
    // A passive checkpoint never waits, but readers that overlap without a
    // pause (constant load) keep the log from ever starting afresh, and it
    // would grow without end: past this many frames (64 MB) a restarting
    // checkpoint waits for the readers of the log's old part, so that the
    // next write starts the log afresh. That one blocks writes: it runs on the
    // writer's connection, where they queue behind it and go on the moment it
    // ends (from another connection, it would hold the write lock and the
    // writer would sleep in SQLite's busy handler, 1, 2, 5, 10 ms and on).
    const RESTART_AFTER_FRAMES: i64 = 16_384;
    loop {
        tokio::time::sleep(Duration::from_millis(250)).await;
        let done = async {
            let row = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
                .fetch_one(&db)
                .await?;
            let frames: i64 = sqlx::Row::try_get(&row, 1)?;
            if frames > RESTART_AFTER_FRAMES {
                sqlx::query("PRAGMA wal_checkpoint(RESTART)")
                    .fetch_one(&writer)
                    .await?;
            }
            Ok::<_, sqlx::Error>(())
        };
        if let Err(e) = done.await {
            tracing::warn!(error = %e, "checkpointing the SQLite log failed");
        }
    }
}

/// Starts a write transaction. On SQLite it takes the write lock at once
/// (`BEGIN IMMEDIATE`): a deferred transaction that reads and then writes fails
/// at once with SQLITE_BUSY when another writer committed in between, which
/// `busy_timeout` cannot wait out. PostgreSQL's `BEGIN` has no such trap.
pub async fn begin_write(db: &Db) -> Result<sqlx::Transaction<'static, sqlx::Any>, sqlx::Error> {
    match sqlite_writer(db) {
        Some(writer) => writer.begin_with("BEGIN IMMEDIATE").await,
        None => db.begin().await,
    }
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

/// Now (Unix ms) by this process's clock (see `clock` for the database's).
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
        + clock::process_skew_ms()
}
