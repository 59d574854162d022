//! The cart. The server never trusts the client's price: every add and update
//! rebuilds the design with the engine, checks every studio rule, and prices it
//! from the product's own price; totals are the engine's order quote.

use design_engine::Design;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::Tag;
use crate::core::cart::add_design;
use crate::core::cart::add_design::{SAVE_ATTEMPTS, backoff, busy, invalid_product};
use crate::db::cart;
use crate::http::auth::BearerAuth;
use crate::http::design_document::{DesignDocument, RosterDocument};
use crate::http::dto::SizeQuantities;
use crate::http::dto::cart::{CartDto, cart_of};
use crate::http::envelope::Envelope;
use crate::http::error::ApiError;
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::state::AppState;

/// A cart line to add. Either `design` (the studio's design document) or, for a
/// plain garment, `productId` and `color`; `quantity` overrides the design's.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct AddItemRequest {
    pub design: Option<DesignDocument>,
    pub product_id: Option<String>,
    pub color: Option<String>,
    pub quantity: Option<SizeQuantities>,
    /// The unit price the shopper was shown, in paise. Refused when it is not the current price.
    pub price: Option<i64>,
}

/// A line's new quantities; for a line with names and numbers, its new
/// roster too (one row per piece: the sizes must add up to the quantities).
#[derive(Object, Debug)]
pub struct UpdateItemRequest {
    pub quantity: SizeQuantities,
    pub roster: Option<RosterDocument>,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct CartSummary {
    pub line_count: u32,
    pub item_count: u32,
    pub subtotal: i64,
    pub gateway_charge: i64,
    pub total: i64,
}

/// The design the request describes, before any check.
fn requested_design(body: &AddItemRequest) -> Result<Design, ApiError> {
    let mut design = match &body.design {
        Some(doc) => doc.read()?,
        None => {
            let product_id = body.product_id.as_deref().ok_or_else(invalid_product)?;
            Design::new(product_id, body.color.as_deref().unwrap_or_default())
        }
    };
    if let Some(id) = &body.product_id
        && body.design.is_some()
        && *id != design.product_id
    {
        return Err(invalid_product().into());
    }
    if let Some(colour) = body.color.as_deref().filter(|c| !c.is_empty()) {
        design.set_color(colour);
    }
    if let Some(q) = &body.quantity {
        design.quantities = q.checked()?;
    }
    Ok(design)
}

pub struct CartApi;

#[OpenApi(tag = "Tag::Cart")]
impl CartApi {
    /// The signed-in user's cart, priced now by the engine.
    #[oai(path = "/cart", method = "get")]
    async fn get(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
    ) -> Result<Json<Envelope<CartDto>>, Fails<{ USER }>> {
        Ok(Envelope::ok(
            "Cart fetched",
            cart_of(&state, &auth.0.id).await?,
        ))
    }

    /// Add a design to the cart. It is checked and priced by the engine; the same
    /// design again adds its quantities to the existing line. A cart holds at
    /// most 50 lines (409 `CART_FULL`).
    #[oai(path = "/cart/items", method = "post")]
    async fn add(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: Json<AddItemRequest>,
    ) -> Result<Json<Envelope<CartDto>>, Fails<{ USER | BODY | NOT_FOUND | CONFLICT }>> {
        let design = requested_design(&body)?;
        add_design::add(
            &state.db,
            &auth.0.id,
            &design,
            body.price,
            state.config.personalisation,
        )
        .await?;
        Ok(Envelope::ok(
            "Item added to cart",
            cart_of(&state, &auth.0.id).await?,
        ))
    }

    /// Change a line's quantities per size; the minimum of 25 per colour still applies.
    #[oai(path = "/cart/items/:id", method = "put")]
    async fn update(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
        body: Json<UpdateItemRequest>,
    ) -> Result<Json<Envelope<CartDto>>, Fails<{ USER | BODY | NOT_FOUND | CONFLICT }>> {
        let quantities = body.quantity.checked()?;
        let roster = body.roster.as_ref().map(RosterDocument::read).transpose()?;
        let mut saved = false;
        for attempt in 0..SAVE_ATTEMPTS {
            if attempt > 0 {
                backoff(attempt).await;
            }
            let line = cart::line(&state.db, &auth.0.id, &id.0)
                .await?
                .ok_or_else(|| ApiError::not_found("Cart item not found"))?;
            if line.quote_id.is_some() {
                return Err(crate::core::messages::quotes::held_line_fixed().into());
            }
            let mut design = line.design()?;
            design.quantities = quantities.clone();
            if let Some(rows) = &roster {
                design.set_roster(rows.clone())?;
            }
            design.check_for_cart(&line.garment()?)?;
            let quote = design.quote(
                &line
                    .pricing()?
                    .with_personalisation(state.config.personalisation),
            )?;
            let target = cart::Target::Replace {
                id: &line.id,
                read_design: &line.design,
            };
            if cart::save(&state.db, &auth.0.id, target, &design, &quote).await? {
                saved = true;
                break;
            }
        }
        if !saved {
            return Err(busy().into());
        }
        Ok(Envelope::ok(
            "Cart updated",
            cart_of(&state, &auth.0.id).await?,
        ))
    }

    /// Remove a line.
    #[oai(path = "/cart/items/:id", method = "delete")]
    async fn remove(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Json<Envelope<CartDto>>, Fails<{ USER | NOT_FOUND }>> {
        if !cart::remove(&state.db, &auth.0.id, &id.0).await? {
            return Err(ApiError::not_found("Cart item not found").into());
        }
        Ok(Envelope::ok(
            "Item removed from cart",
            cart_of(&state, &auth.0.id).await?,
        ))
    }

    /// Empty the cart.
    #[oai(path = "/cart", method = "delete")]
    async fn clear(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
    ) -> Result<Json<Envelope<CartDto>>, Fails<{ USER }>> {
        cart::clear(&state.db, &auth.0.id).await?;
        Ok(Envelope::ok(
            "Cart cleared",
            cart_of(&state, &auth.0.id).await?,
        ))
    }

    /// Counts and totals only (for the badge and the checkout summary).
    #[oai(path = "/cart/summary", method = "get")]
    async fn summary(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
    ) -> Result<Json<Envelope<CartSummary>>, Fails<{ USER }>> {
        let c = cart_of(&state, &auth.0.id).await?;
        Ok(Envelope::ok(
            "Cart summary",
            CartSummary {
                line_count: c.items.len() as u32,
                item_count: c.item_count,
                subtotal: c.subtotal,
                gateway_charge: c.gateway_charge,
                total: c.total,
            },
        ))
    }
}
