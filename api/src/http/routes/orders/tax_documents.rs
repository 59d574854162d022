//! An order's tax invoice and credit notes, as issued (JSON) and as PDFs: the
//! owner's orders, or any order for an admin; anyone else is told the order
//! does not exist. The PDF is drawn from the stored snapshot the first time
//! it is asked for, through the heavy-work queue, and kept.

use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::{Binary, Json};
use poem_openapi::{ApiResponse, OpenApi};

use super::invoice::visible_order;
use crate::core::documents::tax_document::TaxDocument;
use crate::core::documents::{issued, tax_pdf};
use crate::db::tax_documents::Kept;
use crate::domain::numbering;
use crate::http::auth::BearerAuth;
use crate::http::envelope::Envelope;
use crate::http::error::{ApiError, ApiResult};
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::http::routes::Tag;
use crate::state::AppState;

/// A tax document PDF's most memory while it is drawn (fonts, pages, the
/// bytes), and each line's share: `cargo bench -p api --bench invoice` counts
/// every allocation and printed 0.4 MiB for 3 lines, 0.7 for 40 and 2.2 for 200.
const PDF_BYTES: u64 = 1 << 20;
const LINE_BYTES: u64 = 16 << 10;

pub const NO_INVOICE_YET: &str =
    "This order has no tax invoice yet: it is issued when the order is paid.";
pub const NO_CREDIT_NOTE: &str = "This order has no credit note with that number.";

#[derive(ApiResponse)]
pub enum DocumentPdf {
    /// The document, A4, with selectable text
    /// (`tax-invoice-INV-26-27-000123.pdf`, `credit-note-CN-26-27-000004.pdf`).
    #[oai(status = 200, content_type = "application/pdf")]
    Ok(
        Binary<Vec<u8>>,
        #[oai(header = "Content-Disposition")] String,
    ),
}

async fn invoice_of(state: &AppState, auth: &BearerAuth, id: &str) -> ApiResult<TaxDocument> {
    let order = visible_order(state, auth, id).await?;
    issued::invoice(&state.db, &order.id)
        .await?
        .ok_or_else(|| ApiError::not_found(NO_INVOICE_YET))
}

/// The kept PDF of `doc`, or drawn now (through the heavy-work queue) and kept.
pub(crate) async fn pdf_bytes(
    state: &AppState,
    doc: TaxDocument,
    kept: Kept<'_>,
) -> ApiResult<Vec<u8>> {
    tax_pdf::kept_or_drawn(&state.db, doc, kept, |doc| async move {
        state
            .work
            .run_holding(PDF_BYTES + LINE_BYTES * doc.lines.len() as u64, move || {
                tax_pdf::render(&doc)
            })
            .await?
            .map_err(|e| ApiError::internal(format!("tax document PDF: {e}")))
    })
    .await
}

async fn pdf_of(state: &AppState, doc: TaxDocument, kept: Kept<'_>) -> ApiResult<DocumentPdf> {
    let name = format!("attachment; filename=\"{}\"", doc.file_name());
    Ok(DocumentPdf::Ok(
        Binary(pdf_bytes(state, doc, kept).await?),
        name,
    ))
}

pub struct TaxDocumentsApi;

#[OpenApi(tag = "Tag::Orders")]
impl TaxDocumentsApi {
    /// An order's tax invoice (the owner or an admin), issued when it was
    /// paid and never changed since: every field of CGST Rule 46, the lines
    /// with HSN, rate and CGST + SGST or IGST, totals in figures and words.
    /// Money in paise. 404 before the order is paid.
    #[oai(path = "/orders/:id/tax-invoice", method = "get")]
    async fn invoice(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Json<Envelope<TaxDocument>>, Fails<{ USER | FORBIDDEN | NOT_FOUND }>> {
        let doc = invoice_of(&state, &auth, &id.0).await?;
        Ok(Envelope::ok("Tax invoice", doc))
    }

    /// The tax invoice as a PDF (the owner or an admin).
    #[oai(path = "/orders/:id/tax-invoice.pdf", method = "get")]
    async fn invoice_pdf(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<DocumentPdf, Fails<{ USER | FORBIDDEN | NOT_FOUND | UNAVAILABLE }>> {
        let doc = invoice_of(&state, &auth, &id.0).await?;
        let order_id = doc.order_id.clone();
        Ok(pdf_of(
            &state,
            doc,
            Kept::Invoice {
                order_id: &order_id,
            },
        )
        .await?)
    }

    /// An order's credit notes, oldest first (the owner or an admin): one per
    /// refund of an invoiced order, each naming the invoice it adjusts.
    #[oai(path = "/orders/:id/credit-notes", method = "get")]
    async fn credit_notes(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Json<Envelope<Vec<TaxDocument>>>, Fails<{ USER | FORBIDDEN | NOT_FOUND }>> {
        let order = visible_order(&state, &auth, &id.0).await?;
        let notes = issued::credit_notes(&state.db, &order.id).await?;
        Ok(Envelope::ok("Credit notes", notes))
    }

    /// A credit note as a PDF (the owner or an admin). `file` is its number
    /// and `.pdf`, with `/` or `-` between the parts: `CN-26-27-000004.pdf`.
    #[oai(path = "/orders/:id/credit-notes/:file", method = "get")]
    async fn credit_note_pdf(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
        file: Path<String>,
    ) -> Result<DocumentPdf, Fails<{ USER | FORBIDDEN | NOT_FOUND | UNAVAILABLE }>> {
        let order = visible_order(&state, &auth, &id.0).await?;
        let (series, seq) = file
            .0
            .strip_suffix(".pdf")
            .and_then(numbering::parse)
            .ok_or_else(|| ApiError::not_found(NO_CREDIT_NOTE))?;
        let number = numbering::number(&series, seq);
        let doc = issued::credit_notes(&state.db, &order.id)
            .await?
            .into_iter()
            .find(|n| n.number == number)
            .ok_or_else(|| ApiError::not_found(NO_CREDIT_NOTE))?;
        Ok(pdf_of(
            &state,
            doc,
            Kept::CreditNote {
                series: &series,
                seq,
            },
        )
        .await?)
    }
}
