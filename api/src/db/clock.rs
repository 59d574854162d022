//! Whose clock says when. Instances sharing one database may disagree on the
//! time by seconds (or worse, a drifting host): what must read the same
//! whichever instance did it takes the database's clock instead of the
//! process's `now_ms()`: rate limits, wrong-code counts, daily caps and
//! budgets (`now_ms`, `PG_NOW_MS`), and a payment's or refund's time with its
//! tax document's date and financial-year series (`now`, read by
//! `core::documents::issuing` just before the issuing transaction). SQLite
//! serves one process on this machine, where the limits keep the process's
//! clock.
//!
//! `TEST_PROVIDERS=on` also honours `TEST_CLOCK_SKEW_MS`, which shifts this
//! process's clock (`now_ms()`) so a test can tell the two clocks apart.

use std::sync::atomic::{AtomicI64, Ordering};

use sqlx::AnyConnection;

use super::Db;

/// PostgreSQL's `now()` (the start of the transaction, or of the statement
/// outside one) in Unix milliseconds, for use inside a statement.
pub const PG_NOW_MS: &str = "CAST(EXTRACT(EPOCH FROM now()) * 1000 AS BIGINT)";

/// Whether `db` is SQLite (one process; its clock is this process's).
pub fn is_sqlite(db: &Db) -> bool {
    db.connect_options().database_url.scheme() == "sqlite"
}

/// The database's time in Unix milliseconds for the shared limits (one round
/// trip on PostgreSQL; the process's clock on SQLite).
pub async fn now_ms(db: &Db) -> Result<i64, sqlx::Error> {
    if is_sqlite(db) {
        return Ok(super::now_ms());
    }
    let sql = format!("SELECT {PG_NOW_MS}");
    sqlx::query_scalar(&sql).fetch_one(db).await
}

/// Now (Unix ms) by the database's clock, read on `conn` (the caller's
/// transaction, so the time is the database's as it issues).
pub async fn now_in(conn: &mut AnyConnection) -> Result<i64, sqlx::Error> {
    let sql = if conn.backend_name() == "PostgreSQL" {
        // The time of this statement, not of the transaction's start.
        "SELECT CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)"
    } else {
        "SELECT CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"
    };
    sqlx::query_scalar(sql).fetch_one(conn).await
}

/// Now by the database's clock, on a connection of the pool.
pub async fn now(db: &Db) -> Result<i64, sqlx::Error> {
    let mut conn = db.acquire().await?;
    now_in(&mut conn).await
}

static PROCESS_SKEW_MS: AtomicI64 = AtomicI64::new(0);

/// Shifts this process's clock by `ms` (the test hook above).
pub fn skew_process_clock(ms: i64) {
    PROCESS_SKEW_MS.store(ms, Ordering::Relaxed);
}

pub(super) fn process_skew_ms() -> i64 {
    PROCESS_SKEW_MS.load(Ordering::Relaxed)
}
