//! Saved designs: a shopper's own designs, checked by the engine like cart
//! lines (but they may hold fewer than 25 items), with a thumbnail the engine
//! draws from the stored artwork, and a read-only share link. Owner-only:
//! another user's id answers 404. What is checked and stored is
//! `core::designs`; this file reads the requests and builds the answers.

use design_engine::Design;
use design_engine::roster_pricing::PersonalisationCharges;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::{Binary, Json};
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::Tag;
use crate::core::cart::pricing::PersonalisationLine;
use crate::core::designs::saved::Edit;
use crate::core::designs::{saved, shared};
use crate::db::designs;
use crate::db::designs::SavedRow;
use crate::http::auth::BearerAuth;
use crate::http::design_document::DesignDocument;
use crate::http::dto::{Pagination, QuantityDto, SizeQuantities};
use crate::http::envelope::Envelope;
use crate::http::error::ApiError;
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::http::pictures::{SharedPicture, picture_of};
use crate::limits::Door;
use crate::state::AppState;

const PAGE_LIMIT: i64 = 12;
const MAX_PAGE_LIMIT: i64 = 50;

/// What the engine says about a design's price now, at the product's current price.
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct DesignQuote {
    /// Unit price in paise, in the quantity tier the design's pieces reach.
    pub price: i64,
    pub quantity: QuantityDto,
    pub item_count: u32,
    pub elements: u32,
    pub design_fee: i64,
    // The names and numbers on every piece; none for a design without them.
    #[oai(skip_serializing_if_is_none)]
    pub personalisation: Option<PersonalisationLine>,
    /// Unit price × items + design fee + personalisation, in paise.
    pub line_total: i64,
    /// Labels of the print areas that hold something (e.g. "Left Chest").
    pub print_areas: Vec<String>,
    /// `Standard` or `Premium`.
    pub material_quality: String,
    /// `Standard` or `High`.
    pub print_quality: String,
    /// How many more items the cart needs (25 per colour); 0 when none.
    pub need_more: u32,
}

/// A saved design, as its owner sees it.
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct SavedDesign {
    #[oai(rename = "_id")]
    pub id: String,
    pub name: String,
    pub product_id: String,
    pub product_name: String,
    pub color: String,
    #[oai(skip_serializing_if_is_none)]
    pub color_hex: Option<String>,
    /// Goes up with every change; send it back with a change so that a stale
    /// copy cannot overwrite a newer one.
    pub version: i64,
    pub design: DesignDocument,
    #[oai(flatten)]
    pub quote: DesignQuote,
    /// The engine-drawn thumbnail (PNG; needs the owner's token).
    pub thumbnail_url: String,
    /// The read-only share link's token, when the design is shared.
    #[oai(skip_serializing_if_is_none)]
    pub share_token: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

/// A shared design, as anyone with the link sees it: nothing of its owner.
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct SharedDesign {
    pub name: String,
    pub product_id: String,
    pub product_name: String,
    pub color: String,
    #[oai(skip_serializing_if_is_none)]
    pub color_hex: Option<String>,
    pub design: DesignDocument,
    #[oai(flatten)]
    pub quote: DesignQuote,
    pub thumbnail_url: String,
    pub updated_at: i64,
}

/// The envelope of a page of designs: `pagination` sits beside `data`.
#[derive(Object, Debug)]
pub struct SavedDesignsPage {
    pub success: bool,
    pub message: String,
    pub data: Vec<SavedDesign>,
    pub pagination: Pagination,
}

#[derive(Object, Debug)]
pub struct SaveDesignRequest {
    /// At most 80 characters; 'Custom Design' when blank.
    pub name: Option<String>,
    pub design: DesignDocument,
}

/// A change to a saved design; every field is optional. What is given replaces
/// the design's: its name, its quantities per size, its design document.
#[derive(Object, Debug)]
pub struct UpdateDesignRequest {
    pub name: Option<String>,
    pub quantity: Option<SizeQuantities>,
    pub design: Option<DesignDocument>,
    /// The version the change was made from; 409 when the design has changed since.
    pub version: Option<i64>,
}

#[derive(Object, Debug)]
pub struct Moved {
    /// The saved design that is now a cart line (and no longer saved).
    #[oai(rename = "_id")]
    pub id: String,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct ShareLink {
    pub token: String,
    /// The page that shows it, e.g. `/d/{token}`.
    pub path: String,
}

#[derive(ApiResponse)]
pub enum SavedResponse {
    /// Saved; the design with its thumbnail.
    #[oai(status = 201)]
    Created(Json<Envelope<SavedDesign>>),
}

#[derive(ApiResponse)]
pub enum Thumbnail {
    /// PNG, drawn by the engine when the design was saved or changed.
    #[oai(status = 200, content_type = "image/png")]
    Ok(Binary<Vec<u8>>, #[oai(header = "Cache-Control")] String),
}

fn quote_of(
    row: &SavedRow,
    design: &Design,
    charges: PersonalisationCharges,
) -> Result<DesignQuote, ApiError> {
    let quote = design.quote(&row.pricing()?.with_personalisation(charges))?;
    Ok(DesignQuote {
        price: quote.unit_price.0,
        quantity: (&design.quantities).into(),
        item_count: quote.quantity,
        elements: quote.elements,
        design_fee: quote.design_fee.0,
        line_total: quote.total.0,
        personalisation: quote.personalisation.map(Into::into),
        print_areas: design
            .printed_areas(&row.garment()?.areas())
            .iter()
            .map(|a| a.label().to_string())
            .collect(),
        material_quality: spelled(&design.material_quality),
        print_quality: spelled(&design.print_quality),
        need_more: design.quantities.need_more(),
    })
}

/// A quality as the design document spells it (`Premium`, `High`, ...).
fn spelled<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

fn saved_dto(row: SavedRow, charges: PersonalisationCharges) -> Result<SavedDesign, ApiError> {
    let design = row.design()?;
    Ok(SavedDesign {
        quote: quote_of(&row, &design, charges)?,
        thumbnail_url: format!("/api/designs/{}/thumbnail?v={}", row.id, row.version),
        color_hex: design_engine::colour::colour_hex(&design.color),
        color: design.color.clone(),
        design: DesignDocument::from_stored(&row.design)?,
        id: row.id,
        name: row.name,
        product_id: row.product_id,
        product_name: row.product_name,
        version: row.version,
        share_token: row.share_token,
        created_at: row.created_at,
        updated_at: row.updated_at,
    })
}

fn shared_dto(
    row: SavedRow,
    token: &str,
    charges: PersonalisationCharges,
) -> Result<SharedDesign, ApiError> {
    let design = row.design()?;
    Ok(SharedDesign {
        quote: quote_of(&row, &design, charges)?,
        thumbnail_url: format!("/api/shared-designs/{token}/thumbnail?v={}", row.version),
        color_hex: design_engine::colour::colour_hex(&design.color),
        color: design.color.clone(),
        design: DesignDocument::from_stored(&row.design)?,
        name: row.name,
        product_id: row.product_id,
        product_name: row.product_name,
        updated_at: row.updated_at,
    })
}

/// Thumbnails are named by the design's version, so a URL never changes content.
const THUMBNAIL_CACHE: &str = "private, max-age=31536000, immutable";

pub struct DesignsApi;

#[OpenApi(tag = "Tag::Designs")]
impl DesignsApi {
    /// Save a design from the studio. The engine checks it as it checks a cart
    /// line, except that a saved design may hold fewer than 25 items; its
    /// pictures must be ones the user uploaded. At most 100 designs per user.
    #[oai(path = "/designs", method = "post")]
    async fn save(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: Json<SaveDesignRequest>,
    ) -> Result<SavedResponse, Fails<{ USER | BODY | NOT_FOUND | CONFLICT | TOO_MANY | UNAVAILABLE }>>
    {
        let user = &auth.0.id;
        state.limits.check(Door::DesignUser, user).await?;
        let row = saved::save(&state, user, body.name.as_deref(), &body.design.0).await?;
        Ok(SavedResponse::Created(Envelope::ok(
            "Design saved",
            saved_dto(row, state.config.personalisation)?,
        )))
    }

    /// The user's saved designs, newest first: `page` from 1, `limit` (default 12, at most 50).
    #[oai(path = "/designs", method = "get")]
    async fn list(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        page: Query<Option<i64>>,
        limit: Query<Option<i64>>,
    ) -> Result<Json<SavedDesignsPage>, Fails<{ USER }>> {
        let page = page.0.unwrap_or(1).clamp(1, 1_000_000);
        let limit = limit.0.unwrap_or(PAGE_LIMIT).clamp(1, MAX_PAGE_LIMIT);
        let (rows, total) = designs::page(&state.db, &auth.0.id, (page - 1) * limit, limit).await?;
        Ok(Json(SavedDesignsPage {
            success: true,
            message: "Designs fetched".into(),
            data: rows
                .into_iter()
                .map(|r| saved_dto(r, state.config.personalisation))
                .collect::<Result<_, _>>()?,
            pagination: Pagination::new(page, limit, total),
        }))
    }

    /// One saved design, to reopen it in the studio.
    #[oai(path = "/designs/:id", method = "get")]
    async fn get(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Json<Envelope<SavedDesign>>, Fails<{ USER | NOT_FOUND }>> {
        let row = saved::owned(&state, &auth.0.id, &id.0).await?;
        Ok(Envelope::ok(
            "Design fetched",
            saved_dto(row, state.config.personalisation)?,
        ))
    }

    /// Rename it, change its quantities, or store a new version of the
    /// design. With `version`, a design changed since answers 409.
    #[oai(path = "/designs/:id", method = "put")]
    async fn update(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
        body: Json<UpdateDesignRequest>,
    ) -> Result<
        Json<Envelope<SavedDesign>>,
        Fails<{ USER | BODY | NOT_FOUND | CONFLICT | TOO_MANY | UNAVAILABLE }>,
    > {
        let user = &auth.0.id;
        state.limits.check(Door::DesignUser, user).await?;
        let edit = Edit {
            name: body.name.as_deref(),
            quantities: body.quantity.as_ref().map(|q| q.checked()).transpose()?,
            document: body.design.as_ref().map(|d| &d.0),
            version: body.version,
        };
        let row = saved::update(&state, user, &id.0, edit).await?;
        Ok(Envelope::ok(
            "Design updated",
            saved_dto(row, state.config.personalisation)?,
        ))
    }

    /// Delete a saved design (and its share link).
    #[oai(path = "/designs/:id", method = "delete")]
    async fn delete(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Json<Envelope<Moved>>, Fails<{ USER | NOT_FOUND }>> {
        let id = saved::remove(&state, &auth.0.id, &id.0).await?;
        Ok(Envelope::ok("Design removed", Moved { id }))
    }

    /// Move a saved design to the cart. The cart checks it like any line
    /// (25 per colour, the product's colours, the pictures); only once the cart
    /// took it does it leave the saved designs.
    #[oai(path = "/designs/:id/move-to-cart", method = "post")]
    async fn move_to_cart(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Json<Envelope<Moved>>, Fails<{ USER | NOT_FOUND | CONFLICT }>> {
        let id = saved::move_to_cart(&state, &auth.0.id, &id.0).await?;
        Ok(Envelope::ok("Design moved to cart", Moved { id }))
    }

    /// The design's thumbnail (PNG), drawn by the engine.
    #[oai(path = "/designs/:id/thumbnail", method = "get")]
    async fn thumbnail(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Thumbnail, Fails<{ USER | NOT_FOUND }>> {
        let png = saved::thumbnail_png(&state, &auth.0.id, &id.0).await?;
        Ok(Thumbnail::Ok(Binary(png), THUMBNAIL_CACHE.into()))
    }

    /// Turn on a read-only link to the design (a new token each time: an
    /// earlier link stops working). Anyone with it sees the design, never
    /// its owner, and cannot change it.
    #[oai(path = "/designs/:id/share", method = "post")]
    async fn share(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Json<Envelope<ShareLink>>, Fails<{ USER | NOT_FOUND }>> {
        let token = saved::share(&state, &auth.0.id, &id.0).await?;
        Ok(Envelope::ok(
            "Share link created",
            ShareLink {
                path: format!("/d/{token}"),
                token,
            },
        ))
    }

    /// Turn the design's share link off.
    #[oai(path = "/designs/:id/share", method = "delete")]
    async fn unshare(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Json<Envelope<Moved>>, Fails<{ USER | NOT_FOUND }>> {
        let id = saved::unshare(&state, &auth.0.id, &id.0).await?;
        Ok(Envelope::ok("Share link turned off", Moved { id }))
    }

    /// A shared design, read-only, for anyone with its link (no sign-in).
    #[oai(path = "/shared-designs/:token", method = "get")]
    async fn shared(
        &self,
        state: Data<&AppState>,
        token: Path<String>,
    ) -> Result<Json<Envelope<SharedDesign>>, Fails<{ ANY | NOT_FOUND }>> {
        let row = shared::by_token(&state, &token.0).await?;
        Ok(Envelope::ok(
            "Design fetched",
            shared_dto(row, &token.0, state.config.personalisation)?,
        ))
    }

    /// A shared design's thumbnail (PNG).
    #[oai(path = "/shared-designs/:token/thumbnail", method = "get")]
    async fn shared_thumbnail(
        &self,
        state: Data<&AppState>,
        token: Path<String>,
    ) -> Result<Thumbnail, Fails<{ ANY | NOT_FOUND }>> {
        let png = shared::thumbnail_png(&state, &token.0).await?;
        // Not immutable: the link can be turned off.
        Ok(Thumbnail::Ok(Binary(png), "private, no-cache".into()))
    }

    /// A picture of a shared design, so that the studio can show it and start a
    /// copy (only the pictures the design uses).
    #[oai(path = "/shared-designs/:token/artwork/:sha256", method = "get")]
    async fn shared_artwork(
        &self,
        state: Data<&AppState>,
        token: Path<String>,
        sha256: Path<String>,
    ) -> Result<SharedPicture, Fails<{ ANY | NOT_FOUND }>> {
        let row = shared::by_token(&state, &token.0).await?;
        Ok(picture_of(&state, &row.design()?, &sha256.0).await?)
    }
}
