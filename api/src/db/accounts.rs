//! The accountant's reading of the tax documents issued in a time range
//! (`issued_at` from `from_ms`, before `to_ms`): a page of both kinds newest
//! first, every one streamed in a few queries (never one per document), the
//! PDFs in batches, and the money recorded in the same range.

use futures_util::TryStreamExt;
use sqlx::FromRow;

use super::tax_documents::Stored;
use super::{Db, DbError};

/// Unix ms: `from_ms` included, `to_ms` not.
#[derive(Debug, Clone, Copy)]
pub struct Range {
    pub from_ms: i64,
    pub to_ms: i64,
}

/// Which table a document is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Invoice,
    CreditNote,
}

impl Kind {
    fn table(self) -> &'static str {
        match self {
            Kind::Invoice => "tax_invoices",
            Kind::CreditNote => "credit_notes",
        }
    }
}

/// How many invoices and credit notes were issued in the range.
pub async fn count(db: &Db, r: Range) -> Result<(i64, i64), DbError> {
    Ok(sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM tax_invoices WHERE issued_at >= $1 AND issued_at < $2), \
                (SELECT COUNT(*) FROM credit_notes WHERE issued_at >= $1 AND issued_at < $2)",
    )
    .bind(r.from_ms)
    .bind(r.to_ms)
    .fetch_one(db)
    .await?)
}

#[derive(FromRow)]
struct Listed {
    kind: String,
    series: String,
    seq: i64,
    snapshot: String,
}

/// A page of the range's documents, newest first (invoices and credit notes together).
pub async fn page(
    db: &Db,
    r: Range,
    offset: i64,
    limit: i64,
) -> Result<Vec<(Kind, Stored)>, DbError> {
    let rows: Vec<Listed> = sqlx::query_as(
        "SELECT kind, series, seq, snapshot FROM ( \
           SELECT 'invoice' AS kind, series, seq, issued_at, snapshot FROM tax_invoices \
             WHERE issued_at >= $1 AND issued_at < $2 \
           UNION ALL \
           SELECT 'creditNote' AS kind, series, seq, issued_at, snapshot FROM credit_notes \
             WHERE issued_at >= $1 AND issued_at < $2 \
         ) d ORDER BY issued_at DESC, series DESC, seq DESC LIMIT $3 OFFSET $4",
    )
    .bind(r.from_ms)
    .bind(r.to_ms)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|l| {
            let kind = if l.kind == "invoice" {
                Kind::Invoice
            } else {
                Kind::CreditNote
            };
            let stored = Stored {
                series: l.series,
                seq: l.seq,
                snapshot: l.snapshot,
            };
            (kind, stored)
        })
        .collect())
}

/// Hands every document of `kind` issued in the range to `each`, in number
/// order, as the rows arrive (one query; at most one row held at a time);
/// stops at the first error `each` returns.
pub async fn each(
    db: &Db,
    r: Range,
    kind: Kind,
    mut each: impl FnMut(Stored) -> Result<(), DbError>,
) -> Result<(), DbError> {
    let sql = format!(
        "SELECT series, seq, snapshot FROM {} WHERE issued_at >= $1 AND issued_at < $2 \
         ORDER BY series, seq",
        kind.table()
    );
    let mut rows = sqlx::query_as::<_, Stored>(&sql)
        .bind(r.from_ms)
        .bind(r.to_ms)
        .fetch(db);
    while let Some(row) = rows.try_next().await? {
        each(row)?;
    }
    Ok(())
}

/// A stored document with its kept PDF, if it was drawn before.
#[derive(FromRow)]
pub struct PdfRow {
    pub series: String,
    pub seq: i64,
    pub snapshot: String,
    pub pdf: Option<Vec<u8>>,
}

/// The next `limit` documents of `kind` in the range after number
/// (`series`, `seq`) (from the first when `after` is none), with their PDFs.
pub async fn pdf_batch(
    db: &Db,
    r: Range,
    kind: Kind,
    after: Option<(&str, i64)>,
    limit: i64,
) -> Result<Vec<PdfRow>, DbError> {
    let (series, seq) = after.unwrap_or(("", 0));
    let sql = format!(
        "SELECT series, seq, snapshot, pdf FROM {} WHERE issued_at >= $1 AND issued_at < $2 \
         AND (series > $3 OR (series = $3 AND seq > $4)) ORDER BY series, seq LIMIT $5",
        kind.table()
    );
    Ok(sqlx::query_as(&sql)
        .bind(r.from_ms)
        .bind(r.to_ms)
        .bind(series.to_string())
        .bind(seq)
        .bind(limit)
        .fetch_all(db)
        .await?)
}

/// The money recorded in the range: the total price of the orders paid in
/// it (an order paid in two parts: its advance when paid, its balance when
/// paid), and the refunds of those payments made in it (paise). A second
/// payment given back is left out: it was never the order's price, so no
/// document counts it either.
pub async fn money(db: &Db, r: Range) -> Result<(i64, i64), DbError> {
    Ok(sqlx::query_as(
        "SELECT \
           (SELECT CAST(COALESCE(SUM(CASE WHEN advance_amount > 0 THEN advance_amount ELSE total_price END), 0) \
              AS BIGINT) FROM orders WHERE paid_at >= $1 AND paid_at < $2) \
           + (SELECT CAST(COALESCE(SUM(total_price - advance_amount), 0) AS BIGINT) FROM orders \
              WHERE balance_paid_at >= $1 AND balance_paid_at < $2), \
           (SELECT CAST(COALESCE(SUM(r.amount), 0) AS BIGINT) FROM refunds r \
              JOIN orders o ON o.id = r.order_id \
              AND (o.payment_id = r.payment_id OR o.balance_payment_id = r.payment_id) \
              WHERE r.created_at >= $1 AND r.created_at < $2)",
    )
    .bind(r.from_ms)
    .bind(r.to_ms)
    .fetch_one(db)
    .await?)
}
