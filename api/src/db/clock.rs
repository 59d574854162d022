//! The time that counts where API instances share the database (rate limits,
//! wrong-code counts, daily caps and budgets): the database's own clock, so
//! instances on one PostgreSQL database whose clocks drift apart still agree
//! on every window. SQLite serves one process on this machine, where the
//! database's clock and the process's are one.

use super::Db;

/// PostgreSQL's `now()` (the start of the transaction, or of the statement
/// outside one) in Unix milliseconds, for use inside a statement.
pub const PG_NOW_MS: &str = "CAST(EXTRACT(EPOCH FROM now()) * 1000 AS BIGINT)";

/// Whether `db` is SQLite (one process; its clock is this process's).
pub fn is_sqlite(db: &Db) -> bool {
    db.connect_options().database_url.scheme() == "sqlite"
}

/// The database's time in Unix milliseconds (one round trip on PostgreSQL).
pub async fn now_ms(db: &Db) -> Result<i64, sqlx::Error> {
    if is_sqlite(db) {
        return Ok(super::now_ms());
    }
    let sql = format!("SELECT {PG_NOW_MS}");
    sqlx::query_scalar(&sql).fetch_one(db).await
}
