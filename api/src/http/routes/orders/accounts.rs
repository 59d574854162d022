//! The accountant's view (admin only): the tax invoices and credit notes
//! issued in a date range, their GSTR-1 summary (JSON or one CSV) reconciled
//! with the money recorded, and a zip of their PDFs. Ranges are India's
//! calendar days, `from` and `to` both included, at most 366 days.

use std::io::{Seek, SeekFrom, Write};

use chrono::NaiveDate;
use poem::Body;
use poem::web::Data;
use poem_openapi::param::Query;
use poem_openapi::payload::{Binary, Json};
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::tax_documents::pdf_bytes;
use crate::core::documents::gstr1::{Builder, Gstr1, Reconciliation};
use crate::core::documents::issued;
use crate::core::documents::issued::WithPdf;
use crate::db::accounts;
use crate::db::accounts::{Kind, Range};
use crate::db::tax_documents::Kept;
use crate::domain::india_time::{DAY_MS, day_start};
use crate::http::auth::BearerAuth;
use crate::http::dto::Pagination;
use crate::http::envelope::Envelope;
use crate::http::error::{ApiError, ApiResult};
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::http::routes::Tag;
use crate::ids::new_id;
use crate::state::AppState;

/// The longest range, in days: a year, leap day included.
pub const MAX_DAYS: i64 = 366;
/// The most documents one zip holds.
pub const MAX_ZIP: i64 = 2000;
const DEFAULT_LIMIT: i64 = 50;
const MAX_LIMIT: i64 = 200;
/// Documents read (and their missing PDFs drawn) per step of a zip.
const ZIP_BATCH: i64 = 25;

/// India's days `from` to `to`, both included, checked.
pub fn range(from: &str, to: &str) -> Result<(NaiveDate, NaiveDate, Range), ApiError> {
    let day = |v: &str, name: &str| {
        NaiveDate::parse_from_str(v.trim(), "%Y-%m-%d")
            .map_err(|_| ApiError::bad_request(format!("{name} must be a date as YYYY-MM-DD")))
    };
    let (f, t) = (day(from, "from")?, day(to, "to")?);
    if f > t {
        return Err(ApiError::bad_request("from must not be after to"));
    }
    let days = (t - f).num_days() + 1;
    if days > MAX_DAYS {
        return Err(ApiError::bad_request(format!(
            "The range is {days} days: choose at most {MAX_DAYS}"
        )));
    }
    Ok((
        f,
        t,
        Range {
            from_ms: day_start(f),
            to_ms: day_start(t) + DAY_MS,
        },
    ))
}

/// One document in the list. Money in paise.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct ListedDocument {
    /// 'invoice' or 'creditNote'.
    pub kind: String,
    pub number: String,
    /// dd/mm/yyyy (India).
    pub date: String,
    /// Unix ms.
    pub issued_at: i64,
    pub order_id: String,
    pub order_number: String,
    pub buyer_name: String,
    #[oai(skip_serializing_if_is_none)]
    pub gstin: Option<String>,
    /// The invoice a credit note adjusts.
    #[oai(skip_serializing_if_is_none)]
    pub adjusts: Option<String>,
    /// '29-Karnataka'.
    pub place_of_supply: String,
    pub taxable_value: i64,
    pub cgst: i64,
    pub sgst: i64,
    pub igst: i64,
    pub total: i64,
}

#[derive(Object, Debug)]
pub struct TaxDocumentsPage {
    pub success: bool,
    pub message: String,
    pub data: Vec<ListedDocument>,
    pub pagination: Pagination,
}

#[derive(ApiResponse)]
pub enum Gstr1Csv {
    /// The summary as one CSV file (`gstr1-2026-11-01-to-2026-11-30.csv`).
    #[oai(status = 200, content_type = "text/csv; charset=utf-8")]
    Ok(
        Binary<Vec<u8>>,
        #[oai(header = "Content-Disposition")] String,
    ),
}

#[derive(ApiResponse)]
pub enum PdfsZip {
    /// Every document's PDF (`tax-documents-2026-11-01-to-2026-11-30.zip`).
    #[oai(status = 200, content_type = "application/zip")]
    Ok(Binary<Body>, #[oai(header = "Content-Disposition")] String),
}

/// The summary of the range, reconciled: documents streamed into the
/// groups, then the money recorded in the same range.
async fn gstr1(state: &AppState, from: &str, to: &str) -> ApiResult<Gstr1> {
    let (f, t, r) = range(from, to)?;
    let mut b = Builder::default();
    issued::each(&state.db, r, Kind::Invoice, |d| b.add(&d)).await?;
    issued::each(&state.db, r, Kind::CreditNote, |d| b.add(&d)).await?;
    let (payments, refunds) = accounts::money(&state.db, r).await?;
    let net = b.net_total();
    Ok(b.finish(
        f.to_string(),
        t.to_string(),
        Reconciliation::new(payments, refunds, net),
    ))
}

/// The batch's PDFs (kept, or drawn now and kept), named as their downloads are.
async fn batch_pdfs(
    state: &AppState,
    kind: Kind,
    batch: Vec<WithPdf>,
) -> ApiResult<Vec<(String, Vec<u8>)>> {
    let mut files = Vec::with_capacity(batch.len());
    for d in batch {
        let name = d.document.file_name();
        let bytes = match d.pdf {
            Some(bytes) => bytes,
            None => {
                let order_id = d.document.order_id.clone();
                let kept = match kind {
                    Kind::Invoice => Kept::Invoice {
                        order_id: &order_id,
                    },
                    Kind::CreditNote => Kept::CreditNote {
                        series: &d.series,
                        seq: d.seq,
                    },
                };
                pdf_bytes(state, d.document, kept).await?
            }
        };
        files.push((name, bytes));
    }
    Ok(files)
}

/// The zip of the range's PDFs, written batch by batch to an unnamed
/// temporary file (memory holds one batch) and streamed from it.
async fn zip_of(state: &AppState, r: Range) -> ApiResult<std::fs::File> {
    let path = std::env::temp_dir().join(format!("tax-documents-{}.zip", new_id()));
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .open(&path)
        .map_err(ApiError::internal)?;
    // The open handle keeps the file; nothing is left behind if this fails.
    let _ = std::fs::remove_file(&path);
    let mut zip = zip::ZipWriter::new(file);
    for kind in [Kind::Invoice, Kind::CreditNote] {
        let mut after: Option<(String, i64)> = None;
        loop {
            let batch = issued::pdf_batch(
                &state.db,
                r,
                kind,
                after.as_ref().map(|(s, n)| (s.as_str(), *n)),
                ZIP_BATCH,
            )
            .await?;
            let Some(last) = batch.last() else { break };
            after = Some((last.series.clone(), last.seq));
            let files = batch_pdfs(state, kind, batch).await?;
            zip = tokio::task::spawn_blocking(move || -> ApiResult<_> {
                // PDFs are compressed already: stored as they are.
                let stored = zip::write::SimpleFileOptions::default()
                    .compression_method(zip::CompressionMethod::Stored);
                for (name, bytes) in files {
                    zip.start_file(name, stored).map_err(ApiError::internal)?;
                    zip.write_all(&bytes).map_err(ApiError::internal)?;
                }
                Ok(zip)
            })
            .await
            .map_err(ApiError::internal)??;
        }
    }
    tokio::task::spawn_blocking(move || -> ApiResult<_> {
        let mut file = zip.finish().map_err(ApiError::internal)?;
        file.seek(SeekFrom::Start(0)).map_err(ApiError::internal)?;
        Ok(file)
    })
    .await
    .map_err(ApiError::internal)?
}

pub struct AccountsApi;

#[OpenApi(tag = "Tag::Orders")]
impl AccountsApi {
    /// The tax invoices and credit notes issued from `from` to `to`
    /// (YYYY-MM-DD, India, both days included, at most 366 days), newest
    /// first, paged: `page`, `limit` (default 50, at most 200). Admin only.
    #[oai(path = "/admin/tax-documents", method = "get")]
    async fn list(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        from: Query<String>,
        to: Query<String>,
        page: Query<Option<i64>>,
        limit: Query<Option<i64>>,
    ) -> Result<Json<TaxDocumentsPage>, Fails<{ ADMIN }>> {
        auth.0.require_admin()?;
        let (_, _, r) = range(&from.0, &to.0)?;
        let page = page.0.unwrap_or(1).max(1);
        let limit = limit.0.unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIMIT);
        let (invoices, notes) = accounts::count(&state.db, r).await?;
        let rows = issued::page(&state.db, r, (page - 1).saturating_mul(limit), limit).await?;
        let data = rows
            .into_iter()
            .map(|(kind, d)| ListedDocument {
                kind: match kind {
                    Kind::Invoice => "invoice",
                    Kind::CreditNote => "creditNote",
                }
                .to_string(),
                place_of_supply: format!("{}-{}", d.place_of_supply.code, d.place_of_supply.name),
                number: d.number,
                date: d.date,
                issued_at: d.issued_at,
                order_id: d.order_id,
                order_number: d.order_number,
                buyer_name: d.buyer.name,
                gstin: d.buyer.gstin,
                adjusts: d.adjusts.map(|a| a.number),
                taxable_value: d.totals.taxable_value,
                cgst: d.totals.cgst,
                sgst: d.totals.sgst,
                igst: d.totals.igst,
                total: d.totals.total,
            })
            .collect();
        Ok(Json(TaxDocumentsPage {
            success: true,
            message: "Tax documents".into(),
            data,
            pagination: Pagination::new(page, limit, invoices + notes),
        }))
    }

    /// The GSTR-1 summary of the documents issued from `from` to `to`
    /// (admin): B2B per GSTIN, invoice and rate; B2C large (inter-state
    /// invoices to unregistered buyers above ₹1,00,000, invoice by invoice);
    /// B2C small per place of supply and rate; the HSN summary (net of
    /// credit notes' values); credit notes; documents issued (each series'
    /// first and last numbers); totals; and the reconciliation
    /// of the documents' net total with the payments less refunds recorded
    /// in the same range. Money in paise.
    #[oai(path = "/admin/tax-documents/gstr1", method = "get")]
    async fn gstr1(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        from: Query<String>,
        to: Query<String>,
    ) -> Result<Json<Envelope<Gstr1>>, Fails<{ ADMIN }>> {
        auth.0.require_admin()?;
        Ok(Envelope::ok(
            "GSTR-1 summary",
            gstr1(&state, &from.0, &to.0).await?,
        ))
    }

    /// The same summary as one CSV file (admin): a section per table (B2B,
    /// B2C large, B2C small, HSN summary, Credit notes, Documents issued,
    /// Totals, Reconciliation), each its title on a line of its own, then its header
    /// and rows, a blank line between sections. Money in rupees with two
    /// decimals, rates in percent.
    #[oai(path = "/admin/tax-documents/gstr1.csv", method = "get")]
    async fn gstr1_csv(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        from: Query<String>,
        to: Query<String>,
    ) -> Result<Gstr1Csv, Fails<{ ADMIN }>> {
        auth.0.require_admin()?;
        let g = gstr1(&state, &from.0, &to.0).await?;
        let name = format!("attachment; filename=\"gstr1-{}-to-{}.csv\"", g.from, g.to);
        Ok(Gstr1Csv::Ok(Binary(g.to_csv().into_bytes()), name))
    }

    /// A zip of the PDF of every invoice and credit note issued from `from`
    /// to `to` (admin), named as their downloads are; at most 2,000
    /// documents (more is a 400 asking for a shorter range). PDFs never
    /// drawn before are drawn now and kept.
    #[oai(path = "/admin/tax-documents/pdfs.zip", method = "get")]
    async fn pdfs(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        from: Query<String>,
        to: Query<String>,
    ) -> Result<PdfsZip, Fails<{ ADMIN | UNAVAILABLE }>> {
        auth.0.require_admin()?;
        let (f, t, r) = range(&from.0, &to.0)?;
        let (invoices, notes) = accounts::count(&state.db, r).await?;
        if invoices + notes > MAX_ZIP {
            return Err(ApiError::bad_request(format!(
                "The range has {} documents and a zip holds at most {MAX_ZIP}: choose a shorter range",
                invoices + notes
            ))
            .into());
        }
        let file = zip_of(&state, r).await?;
        let body = Body::from_async_read(tokio::fs::File::from_std(file));
        let name = format!("attachment; filename=\"tax-documents-{f}-to-{t}.zip\"");
        Ok(PdfsZip::Ok(Binary(body), name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_checked() {
        let (_, _, r) = range("2026-11-01", "2026-11-30").unwrap();
        assert_eq!(r.to_ms - r.from_ms, 30 * DAY_MS);
        // 1 November 2026 00:00 in India is 31 October 18:30 UTC.
        assert_eq!(r.from_ms, 1_793_471_400_000);
        assert!(range("2024-01-01", "2024-12-31").is_ok());
        let Err(ApiError::BadRequest(long)) = range("2024-01-01", "2025-01-01") else {
            panic!("367 days must be refused");
        };
        assert_eq!(long.0.message, "The range is 367 days: choose at most 366");
        assert!(range("2026-11-02", "2026-11-01").is_err());
        assert!(range("01/11/2026", "2026-11-30").is_err());
    }
}
