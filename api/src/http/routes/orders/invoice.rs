//! An order's pro-forma invoice: its figures and texts as JSON (what the
//! web's print window shows) and the same invoice as a PDF. The owner's
//! orders, or any order for an admin; deleted orders are gone.

use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::{Binary, Json};
use poem_openapi::{ApiResponse, OpenApi};

use crate::db::{now_ms, order_admin, orders};
use crate::http::auth::BearerAuth;
use crate::http::envelope::Envelope;
use crate::http::error::{ApiError, ApiResult};

/// An invoice PDF's most memory while it is drawn (fonts, pages, the bytes),
/// and each line's share: `cargo bench -p api --bench invoice` counts every
/// allocation and printed 0.4 MiB for 3 lines, 0.6 for 40 and 1.8 for 200.
const INVOICE_PDF_BYTES: u64 = 1 << 20;
const INVOICE_LINE_BYTES: u64 = 16 << 10;
use crate::core::documents::{Invoice, pdf};
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::http::routes::Tag;
use crate::state::AppState;

#[derive(ApiResponse)]
pub enum InvoicePdf {
    /// `invoice-{order number}.pdf`: the pro-forma invoice, A4, with selectable text.
    #[oai(status = 200, content_type = "application/pdf")]
    Ok(
        Binary<Vec<u8>>,
        #[oai(header = "Content-Disposition")] String,
    ),
}

/// An order the caller may see: an admin any (not deleted), a customer
/// their own; anyone else is told it does not exist.
pub(super) async fn visible_order(
    state: &AppState,
    auth: &BearerAuth,
    id: &str,
) -> ApiResult<orders::Order> {
    if !crate::ids::is_id(id) {
        return Err(ApiError::bad_request("Invalid order id"));
    }
    if auth.0.require_admin().is_ok() {
        order_admin::get(&state.db, id).await?
    } else {
        orders::get_for_user(&state.db, id, &auth.0.id).await?
    }
    .ok_or_else(ApiError::order_not_found)
}

/// The pro-forma invoice of an order the caller may see.
async fn invoice(state: &AppState, auth: &BearerAuth, id: &str) -> ApiResult<Invoice> {
    // No invoice without a real seller on it.
    crate::core::checkout::open::seller_configured(state, "invoices cannot be issued yet")?;
    let row = visible_order(state, auth, id).await?;
    let items = orders::items(&state.db, &[row.id.as_str()]).await?;
    Ok(Invoice::new(&row, &items, &state.config.company, now_ms())?)
}

pub struct InvoiceApi;

#[OpenApi(tag = "Tag::Orders")]
impl InvoiceApi {
    /// An order's pro-forma invoice (the owner or an admin): seller, bill-to
    /// and ship-to, lines with unit prices in whole rupees, items total, IGST
    /// 2.5%, courier charges and their 2.5% tax, total, and terms. Money in
    /// paise, dates dd/mm/yyyy.
    #[oai(path = "/orders/:id/invoice", method = "get")]
    async fn get(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Json<Envelope<Invoice>>, Fails<{ USER | FORBIDDEN | NOT_FOUND | UNAVAILABLE }>>
    {
        let invoice = invoice(&state, &auth, &id.0).await?;
        Ok(Envelope::ok("Invoice generated", invoice))
    }

    /// The same invoice as a PDF download (the owner or an admin).
    #[oai(path = "/orders/:id/invoice.pdf", method = "get")]
    async fn pdf(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<InvoicePdf, Fails<{ USER | FORBIDDEN | NOT_FOUND | UNAVAILABLE }>> {
        let invoice = invoice(&state, &auth, &id.0).await?;
        let name = format!("attachment; filename=\"{}\"", invoice.file_name());
        let bytes = state
            .work
            .run_holding(
                INVOICE_PDF_BYTES + INVOICE_LINE_BYTES * invoice.lines.len() as u64,
                move || pdf::render(&invoice),
            )
            .await?
            .map_err(|e| ApiError::internal(format!("invoice PDF: {e}")))?;
        Ok(InvoicePdf::Ok(Binary(bytes), name))
    }
}
