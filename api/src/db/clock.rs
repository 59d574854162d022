//! Whose clock says when. Instances sharing one database may disagree on the
//! time by seconds (or worse, a drifting host): what must read the same
//! whichever instance did it, a tax document's date and financial-year
//! series, takes the database's clock instead of the process's `now_ms()`.
//!
//! `TEST_PROVIDERS=on` also honours `TEST_CLOCK_SKEW_MS`, which shifts this
//! process's clock (`now_ms()`) so a test can tell the two clocks apart.

use std::sync::atomic::{AtomicI64, Ordering};

use sqlx::AnyConnection;

use super::Db;

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
