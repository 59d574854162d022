//! Quotes with a negotiated price: an admin makes one for a customer's
//! e-mail (`POST /quotes`), previews its price, lists them and picks from the
//! customer's saved designs; the customer sees theirs, downloads the PDF and
//! accepts one into the cart (`core::quotes`).

use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::{Binary, Json};
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::Tag;
use crate::core::cart::pricing::PersonalisationLine;
use crate::core::quotes::{self, Shown, accept, make, pdf};
use crate::http::auth::BearerAuth;
use crate::http::design_document::DesignDocument;
use crate::http::dto::{QuantityDto, SizeQuantities};
use crate::http::envelope::Envelope;
use crate::http::error::{ApiError, ApiResult};
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::limits::Door;
use crate::state::AppState;

/// A quote to make: for the customer's e-mail, a product in a colour with
/// its pieces per size (at least 25), one of the customer's saved designs or
/// none (garments only), an optional negotiated unit price in paise (at or
/// below the engine's tier price), the last day it is valid (`YYYY-MM-DD`, in
/// India) and a note (at most 1000 characters).
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct CreateQuoteRequest {
    pub customer_email: String,
    pub product_id: String,
    pub color: String,
    pub quantities: SizeQuantities,
    pub design_id: Option<String>,
    pub unit_price: Option<i64>,
    pub valid_until: String,
    #[oai(default)]
    pub note: String,
}

/// Accepting a quote: a quote for the garments only takes one of the
/// customer's saved designs of its product and colour.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct AcceptQuoteRequest {
    pub design_id: Option<String>,
}

/// A quote's line as the engine priced it. Money in paise.
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct QuoteLine {
    /// The product's price per piece before quantity tiers.
    pub base_price: i64,
    /// The engine's tier price per piece for these pieces.
    pub list_unit_price: i64,
    /// The quoted (held) price per piece.
    pub unit_price: i64,
    pub quantity: u32,
    /// What the line saves against the base price.
    pub tier_discount: i64,
    pub garments: i64,
    pub elements: u32,
    pub design_fee: i64,
    pub size_surcharges: i64,
    #[oai(skip_serializing_if_is_none)]
    pub personalisation: Option<PersonalisationLine>,
    pub total: i64,
}

fn line_of(l: &design_engine::LineQuote, list_unit_price: i64) -> QuoteLine {
    QuoteLine {
        base_price: l.base_unit_price.0,
        list_unit_price,
        unit_price: l.unit_price.0,
        quantity: l.quantity,
        tier_discount: l.tier_discount.0,
        garments: l.garments.0,
        elements: l.elements,
        design_fee: l.design_fee.0,
        size_surcharges: l.size_surcharges.0,
        personalisation: l.personalisation.clone().map(Into::into),
        total: l.total.0,
    }
}

/// A quote. `status`: `open`, `accepted` or `expired`.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct QuoteDto {
    pub id: String,
    /// `QT/26-27/000001`
    pub number: String,
    pub customer_email: String,
    pub product_id: String,
    pub product_name: String,
    pub color: String,
    pub quantities: QuantityDto,
    // The quote's design; none: garments only (the customer picks a saved design on accepting).
    #[oai(skip_serializing_if_is_none)]
    pub design: Option<DesignDocument>,
    pub line: QuoteLine,
    /// The last day it is valid, in India (`YYYY-MM-DD`); it ends at that day's midnight.
    pub valid_until: String,
    pub status: String,
    pub note: String,
    pub created_at: i64,
    #[oai(skip_serializing_if_is_none)]
    pub accepted_at: Option<i64>,
    /// The customer's page for it.
    pub link: String,
}

fn dto(state: &AppState, s: Shown) -> ApiResult<QuoteDto> {
    let q = s.quote;
    Ok(QuoteDto {
        link: quotes::link(state, &q.id),
        line: line_of(&s.line, q.list_unit_price),
        design: q
            .design
            .as_deref()
            .map(DesignDocument::from_stored)
            .transpose()?,
        quantities: (&s.quantities).into(),
        valid_until: s.valid_until.format("%Y-%m-%d").to_string(),
        status: s.standing.as_str().to_string(),
        number: s.number,
        id: q.id,
        customer_email: q.customer_email,
        product_id: q.product_id,
        product_name: q.product_name,
        color: q.color,
        note: q.note,
        created_at: q.created_at,
        accepted_at: q.accepted_at,
    })
}

/// The engine's price for a quote not yet made (the admin's form).
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct QuotePreview {
    pub line: QuoteLine,
}

/// A page of quotes, newest first.
#[derive(Object, Debug)]
pub struct QuotesPage {
    pub quotes: Vec<QuoteDto>,
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

/// One of the customer's saved designs, to quote with.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct CustomerDesign {
    pub id: String,
    pub name: String,
    pub product_id: String,
    pub product_name: String,
    pub color: String,
}

#[derive(ApiResponse)]
pub enum QuotePdf {
    /// `quote-QT-26-27-000001.pdf`: the quote, A4, with selectable text.
    #[oai(status = 200, content_type = "application/pdf")]
    Ok(
        Binary<Vec<u8>>,
        #[oai(header = "Content-Disposition")] String,
    ),
}

fn request(body: &CreateQuoteRequest) -> ApiResult<make::Request> {
    Ok(make::Request {
        customer_email: body.customer_email.clone(),
        product_id: body.product_id.clone(),
        color: body.color.clone(),
        quantities: body.quantities.checked()?,
        design_id: body.design_id.clone(),
        unit_price: body.unit_price,
        valid_until: body.valid_until.clone(),
        note: body.note.clone(),
    })
}

pub struct QuotesApi;

#[OpenApi(tag = "Tag::Quotes")]
impl QuotesApi {
    /// Make a quote (admin): checked field by field (400 naming the first
    /// wrong one), priced by the engine, numbered in its own series and
    /// e-mailed to the customer with the link to it.
    #[oai(path = "/quotes", method = "post")]
    async fn create(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: Json<CreateQuoteRequest>,
    ) -> Result<Json<Envelope<QuoteDto>>, Fails<{ BODY | ADMIN }>> {
        auth.0.require_admin()?;
        let id = make::make(&state, &auth.0.id, &request(&body)?).await?;
        let shown = quotes::visible(&state, &auth.0.id, true, &id).await?;
        Ok(Envelope::ok("Quote created", dto(&state, shown)?))
    }

    /// The engine's price of a quote before it is made (admin): the same
    /// checks as making it; nothing is stored or sent.
    #[oai(path = "/admin/quotes/preview", method = "post")]
    async fn preview(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: Json<CreateQuoteRequest>,
    ) -> Result<Json<Envelope<QuotePreview>>, Fails<{ BODY | ADMIN }>> {
        auth.0.require_admin()?;
        let p = make::price(&state, &request(&body)?, crate::db::now_ms()).await?;
        Ok(Envelope::ok(
            "Quote priced",
            QuotePreview {
                line: line_of(&p.held, p.list.unit_price.0),
            },
        ))
    }

    /// Every quote, newest first (admin): `page` from 1, `limit` 20 by default, at most 100.
    #[oai(path = "/admin/quotes", method = "get")]
    async fn list_all(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        page: Query<Option<i64>>,
        limit: Query<Option<i64>>,
    ) -> Result<Json<Envelope<QuotesPage>>, Fails<{ ADMIN }>> {
        auth.0.require_admin()?;
        let page = page.0.unwrap_or(1).max(1);
        let limit = limit.0.unwrap_or(20).clamp(1, 100);
        let (list, total) = quotes::all(&state, page, limit).await?;
        let quotes = list
            .into_iter()
            .map(|s| dto(&state, s))
            .collect::<ApiResult<_>>()?;
        Ok(Envelope::ok(
            "Quotes fetched",
            QuotesPage {
                quotes,
                total,
                page,
                limit,
            },
        ))
    }

    /// The saved designs of the account with this e-mail (admin), newest
    /// first, to quote with; none when no account has it.
    #[oai(path = "/admin/quotes/designs", method = "get")]
    async fn customer_designs(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        email: Query<String>,
    ) -> Result<Json<Envelope<Vec<CustomerDesign>>>, Fails<{ ADMIN }>> {
        auth.0.require_admin()?;
        let email = email.0.trim().to_lowercase();
        let mut list = Vec::new();
        if let Some(user) = crate::db::users::by_email(&state.db, &email).await? {
            let (rows, _) = crate::db::designs::page(&state.db, &user.id, 0, 100).await?;
            for row in rows {
                let design = row.design()?;
                list.push(CustomerDesign {
                    id: row.id,
                    name: row.name,
                    product_id: row.product_id,
                    product_name: row.product_name,
                    color: design.color,
                });
            }
        }
        Ok(Envelope::ok("Designs fetched", list))
    }

    /// The signed-in customer's quotes (those made for their verified e-mail), newest first.
    #[oai(path = "/quotes", method = "get")]
    async fn own(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
    ) -> Result<Json<Envelope<Vec<QuoteDto>>>, Fails<{ USER }>> {
        let list = quotes::own(&state, &auth.0.id)
            .await?
            .into_iter()
            .map(|s| dto(&state, s))
            .collect::<ApiResult<_>>()?;
        Ok(Envelope::ok("Quotes fetched", list))
    }

    /// One quote: the customer's own (made for their verified e-mail) or any for an admin; 404 otherwise.
    #[oai(path = "/quotes/:id", method = "get")]
    async fn one(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Json<Envelope<QuoteDto>>, Fails<{ USER | NOT_FOUND }>> {
        let admin = auth.0.require_admin().is_ok();
        let shown = quotes::visible(&state, &auth.0.id, admin, &id.0).await?;
        Ok(Envelope::ok("Quote fetched", dto(&state, shown)?))
    }

    /// The quote as a PDF: the seller, the customer, the line, the engine's
    /// breakdown, the quoted unit price, validity and note.
    #[oai(path = "/quotes/:id/pdf", method = "get")]
    async fn pdf(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<QuotePdf, Fails<{ USER | NOT_FOUND | UNAVAILABLE }>> {
        let admin = auth.0.require_admin().is_ok();
        let shown = quotes::visible(&state, &auth.0.id, admin, &id.0).await?;
        let name = format!("attachment; filename=\"{}\"", pdf::file_name(&shown));
        let context = pdf::Context {
            seller: state.config.company.clone(),
            gateway_fee_bps: state.config.gateway_fee_bps,
        };
        let bytes = state
            .work
            .run_holding(pdf::PDF_BYTES, move || pdf::render(&shown, &context))
            .await?
            .map_err(|e| ApiError::internal(format!("quote PDF: {e}")))?;
        Ok(QuotePdf::Ok(Binary(bytes), name))
    }

    /// Accept a quote into the cart (the customer it was made for): its line
    /// at the quoted unit price, held for that line only. Once (409), before
    /// it expires (410); 10 tries at once, then one every 30 s (429).
    #[oai(path = "/quotes/:id/accept", method = "post")]
    async fn accept(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
        body: Json<AcceptQuoteRequest>,
    ) -> Result<
        Json<Envelope<QuoteDto>>,
        Fails<{ BODY | UNAUTHORIZED | NOT_FOUND | CONFLICT | GONE | TOO_MANY }>,
    > {
        state
            .limits
            .check(Door::QuoteAcceptUser, &auth.0.id)
            .await?;
        let shown = accept::accept(&state, &auth.0.id, &id.0, body.design_id.as_deref()).await?;
        Ok(Envelope::ok(
            "Quote accepted: its line is in your cart",
            dto(&state, shown)?,
        ))
    }
}
