//! Gapless numbering: the next number of a series (a document kind's or the
//! complaints desk's, per financial year), taken inside the caller's
//! transaction. The upsert holds the series' row lock until that transaction
//! ends, so concurrent callers get consecutive numbers, and one that rolls
//! back gives its number back: no gaps, no duplicates, on either database.

use sqlx::AnyConnection;

/// Which counters a series lives in.
#[derive(Debug, Clone, Copy)]
pub enum Counters {
    /// Tax invoices and credit notes (`document_series`).
    Documents,
    /// Complaint tickets (`ticket_series`).
    Tickets,
    /// Quotes with a negotiated price (`quote_series`).
    Quotes,
}

impl Counters {
    fn table(self) -> &'static str {
        match self {
            Counters::Documents => "document_series",
            Counters::Tickets => "ticket_series",
            Counters::Quotes => "quote_series",
        }
    }
}

/// Takes the next number of `series` in `counters`, 1 for a new series.
pub async fn next(
    tx: &mut AnyConnection,
    counters: Counters,
    series: &str,
) -> Result<i64, sqlx::Error> {
    let table = counters.table();
    sqlx::query_scalar(&format!(
        "INSERT INTO {table} (series, last_number) VALUES ($1, 1) \
         ON CONFLICT (series) DO UPDATE SET last_number = {table}.last_number + 1 \
         RETURNING last_number"
    ))
    .bind(series)
    .fetch_one(tx)
    .await
}
