//! Issued tax documents read back from their stored snapshots: an order's
//! invoice and credit notes, and the accountant's range of both kinds
//! (`db::accounts`).

use super::tax_document::TaxDocument;
use crate::db::accounts;
use crate::db::accounts::{Kind, Range};
use crate::db::{Db, DbError, tax_documents};

/// The order's tax invoice, once it is paid.
pub async fn invoice(db: &Db, order_id: &str) -> Result<Option<TaxDocument>, DbError> {
    tax_documents::invoice(db, order_id)
        .await?
        .map(TaxDocument::stored)
        .transpose()
}

/// The order's credit notes, oldest first.
pub async fn credit_notes(db: &Db, order_id: &str) -> Result<Vec<TaxDocument>, DbError> {
    tax_documents::credit_notes(db, order_id)
        .await?
        .into_iter()
        .map(TaxDocument::stored)
        .collect()
}

/// A page of the range's documents, newest first (invoices and credit notes together).
pub async fn page(
    db: &Db,
    r: Range,
    offset: i64,
    limit: i64,
) -> Result<Vec<(Kind, TaxDocument)>, DbError> {
    accounts::page(db, r, offset, limit)
        .await?
        .into_iter()
        .map(|(kind, row)| Ok((kind, TaxDocument::stored(row)?)))
        .collect()
}

/// Hands every document of `kind` issued in the range to `each`, in number
/// order, as the rows arrive (at most one held at a time).
pub async fn each(
    db: &Db,
    r: Range,
    kind: Kind,
    mut each: impl FnMut(TaxDocument),
) -> Result<(), DbError> {
    accounts::each(db, r, kind, |row| {
        each(TaxDocument::stored(row)?);
        Ok(())
    })
    .await
}

/// A document with its kept PDF, if it was drawn before.
pub struct WithPdf {
    pub document: TaxDocument,
    pub series: String,
    pub seq: i64,
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
) -> Result<Vec<WithPdf>, DbError> {
    accounts::pdf_batch(db, r, kind, after, limit)
        .await?
        .into_iter()
        .map(|row| {
            let document = TaxDocument::stored(tax_documents::Stored {
                series: row.series.clone(),
                seq: row.seq,
                snapshot: row.snapshot,
            })?;
            Ok(WithPdf {
                document,
                series: row.series,
                seq: row.seq,
                pdf: row.pdf,
            })
        })
        .collect()
}
