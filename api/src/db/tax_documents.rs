//! Issued tax invoices and credit notes (see the `tax_documents` migration):
//! numbered inside the transaction that pays or refunds, stored as their
//! snapshot, and their PDF kept the first time it is drawn. Rows in, rows
//! out: `core::documents` writes and reads the snapshots.

use sqlx::{AnyConnection, FromRow};

use super::orders::Claim;
use super::script::Script;
use super::series::{self, Counters};
use super::{Db, DbError};
use crate::ids::new_id;

/// An order line as its invoice lists it, with its product's HSN and
/// category as they are now.
#[derive(FromRow)]
pub struct LineRow {
    pub name: String,
    pub color: String,
    pub quantity: i64,
    pub line_total: i64,
    /// What a coupon took off the line (`line_total` is after it).
    pub discount: i64,
    pub name_charge: i64,
    pub number_charge: i64,
    pub hsn: Option<String>,
    pub category: Option<String>,
}

/// An order's lines as its invoice lists them, in order.
pub async fn invoiced_lines(db: &Db, order_id: &str) -> Result<Vec<LineRow>, DbError> {
    Ok(sqlx::query_as(
        "SELECT i.name, i.color, i.quantity, i.line_total, i.discount, i.name_charge, i.number_charge, p.hsn, p.category FROM order_items i \
         LEFT JOIN products p ON p.id = i.product_id WHERE i.order_id = $1 ORDER BY i.position",
    )
    .bind(order_id)
    .fetch_all(db)
    .await?)
}

/// A document to number and store: its series, when it was issued, and its
/// snapshot (written by `core::documents`).
#[derive(Debug, Clone)]
pub struct NewDocument {
    pub series: String,
    pub issued_at: i64,
    pub snapshot: String,
}

/// The name the paying script reads its new invoice number by.
const NEXT_INVOICE: &str = "next_invoice";

/// Adds the invoice's issue to a paying script: the next number of `series`
/// and the invoice (its `snapshot`, issued at `issued_at`) with it, both only
/// if this script's UPDATE confirmed the order (`claim`), so a payment issues
/// one invoice and a repeat none.
pub fn push_issue(
    script: &mut Script,
    claim: &Claim,
    series: &str,
    issued_at: i64,
    snapshot: &str,
) {
    script
        .push_named(
            NEXT_INVOICE,
            "document_series",
            &format!(
                "INSERT INTO document_series (series, last_number) \
                 SELECT $1, 1 FROM {} WHERE id = $2 AND payment_claim = $3 \
                 ON CONFLICT (series) DO UPDATE SET last_number = document_series.last_number + 1",
                Claim::PAID
            ),
        )
        .bind(series.to_string())
        .bind(claim.order_id.clone())
        .bind(claim.claim.clone());
    script
        .push(&format!(
            "INSERT INTO tax_invoices (order_id, series, seq, issued_at, snapshot) \
             SELECT $1, series, last_number, $2, $3 FROM {NEXT_INVOICE} WHERE series = $4 \
             AND EXISTS (SELECT 1 FROM {} WHERE id = $1 AND payment_claim = $5)",
            Claim::PAID
        ))
        .bind(claim.order_id.clone())
        .bind(issued_at)
        .bind(snapshot.to_string())
        .bind(series.to_string())
        .bind(claim.claim.clone());
}

/// The name the paying script reads its new receipt voucher number by.
const NEXT_VOUCHER: &str = "next_voucher";

/// Adds an advance's receipt voucher to a paying script, as `push_issue`
/// adds an invoice: the next number of its own series and the voucher for
/// `amount`, only if this script's UPDATE confirmed the order (`claim`).
pub fn push_voucher(script: &mut Script, claim: &Claim, doc: &NewDocument, amount: i64) {
    script
        .push_named(
            NEXT_VOUCHER,
            "document_series",
            &format!(
                "INSERT INTO document_series (series, last_number) \
                 SELECT $1, 1 FROM {} WHERE id = $2 AND payment_claim = $3 \
                 ON CONFLICT (series) DO UPDATE SET last_number = document_series.last_number + 1",
                Claim::PAID
            ),
        )
        .bind(doc.series.clone())
        .bind(claim.order_id.clone())
        .bind(claim.claim.clone());
    script
        .push(&format!(
            "INSERT INTO receipt_vouchers (order_id, series, seq, amount, issued_at, snapshot) \
             SELECT $1, series, last_number, $2, $3, $4 FROM {NEXT_VOUCHER} WHERE series = $5 \
             AND EXISTS (SELECT 1 FROM {} WHERE id = $1 AND payment_claim = $6)",
            Claim::PAID
        ))
        .bind(claim.order_id.clone())
        .bind(amount)
        .bind(doc.issued_at)
        .bind(doc.snapshot.clone())
        .bind(doc.series.clone())
        .bind(claim.claim.clone());
}

/// The order's receipt voucher for its advance, if one was issued.
pub async fn receipt_voucher(db: &Db, order_id: &str) -> Result<Option<Stored>, DbError> {
    Ok(
        sqlx::query_as("SELECT series, seq, snapshot FROM receipt_vouchers WHERE order_id = $1")
            .bind(order_id)
            .fetch_optional(db)
            .await?,
    )
}

/// An issued document as stored: its number in `series`, and its snapshot
/// (the document's JSON, read by `core::documents`).
#[derive(FromRow, Debug, Clone)]
pub struct Stored {
    pub series: String,
    pub seq: i64,
    pub snapshot: String,
}

/// The order's tax invoice, once it is paid.
pub async fn invoice(db: &Db, order_id: &str) -> Result<Option<Stored>, DbError> {
    Ok(
        sqlx::query_as("SELECT series, seq, snapshot FROM tax_invoices WHERE order_id = $1")
            .bind(order_id)
            .fetch_optional(db)
            .await?,
    )
}

/// The order's credit notes, oldest first.
pub async fn credit_notes(db: &Db, order_id: &str) -> Result<Vec<Stored>, DbError> {
    Ok(sqlx::query_as(
        "SELECT series, seq, snapshot FROM credit_notes WHERE order_id = $1 ORDER BY issued_at, seq",
    )
    .bind(order_id)
    .fetch_all(db)
    .await?)
}

/// Which stored document a PDF belongs to.
#[derive(Debug, Clone, Copy)]
pub enum Kept<'a> {
    Invoice { order_id: &'a str },
    CreditNote { series: &'a str, seq: i64 },
}

impl Kept<'_> {
    fn table_and_key(&self) -> (&'static str, &'static str) {
        match self {
            Kept::Invoice { .. } => ("tax_invoices", "order_id = $1"),
            Kept::CreditNote { .. } => ("credit_notes", "series = $1 AND seq = $2"),
        }
    }

    fn bind<'q>(
        &self,
        q: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    ) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
        match *self {
            Kept::Invoice { order_id } => q.bind(order_id.to_string()),
            Kept::CreditNote { series, seq } => q.bind(series.to_string()).bind(seq),
        }
    }
}

/// The PDF kept for a document, if it was drawn before.
pub async fn pdf(db: &Db, doc: Kept<'_>) -> Result<Option<Vec<u8>>, DbError> {
    let (table, key) = doc.table_and_key();
    let sql = format!("SELECT pdf FROM {table} WHERE {key}");
    let row = doc.bind(sqlx::query(&sql)).fetch_optional(db).await?;
    Ok(match row {
        Some(r) => sqlx::Row::try_get::<Option<Vec<u8>>, _>(&r, 0)?,
        None => None,
    })
}

/// Keeps a document's first drawn PDF (a second drawing of the same snapshot is not stored).
pub async fn keep_pdf(db: &Db, doc: Kept<'_>, bytes: Vec<u8>) -> Result<(), DbError> {
    let (table, key) = doc.table_and_key();
    // The key's binds come first, so the bytes are the last one.
    let n = match doc {
        Kept::Invoice { .. } => 2,
        Kept::CreditNote { .. } => 3,
    };
    let sql = format!("UPDATE {table} SET pdf = ${n} WHERE {key} AND pdf IS NULL");
    doc.bind(sqlx::query(&sql)).bind(bytes).execute(db).await?;
    Ok(())
}

/// Numbers and stores the credit note for `amount` given back, in the
/// refund's transaction (`refund_attempt_id` makes it once per refund): the
/// next number of its series. Returns that number.
pub async fn insert_credit_note(
    tx: &mut AnyConnection,
    order_id: &str,
    refund_attempt_id: &str,
    amount: i64,
    note: &NewDocument,
) -> Result<i64, DbError> {
    let seq = series::next(tx, Counters::Documents, &note.series).await?;
    sqlx::query(
        "INSERT INTO credit_notes (id, order_id, refund_attempt_id, series, seq, amount, issued_at, snapshot) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(new_id())
    .bind(order_id)
    .bind(refund_attempt_id)
    .bind(&note.series)
    .bind(seq)
    .bind(amount)
    .bind(note.issued_at)
    .bind(&note.snapshot)
    .execute(&mut *tx)
    .await?;
    Ok(seq)
}
