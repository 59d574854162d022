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
use crate::core::cart::pricing::PersonalisationLine;
use crate::core::cart::pricing::{Policies, PricedLine, price_cart};
use crate::db::cart;
use crate::http::auth::BearerAuth;
use crate::http::design_document::{DesignDocument, RosterDocument};
use crate::http::dto::{QuantityDto, SizeQuantities};
use crate::http::envelope::Envelope;
use crate::http::error::{ApiError, ApiResult};
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

#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase")]
pub struct CartItem {
    #[oai(rename = "_id")]
    pub id: String,
    pub product_id: String,
    pub name: String,
    pub color: String,
    pub color_hex: Option<String>,
    /// Unit price in paise, in the quantity tier the line's pieces reach.
    pub price: i64,
    /// The product's price per piece before the tier, in paise.
    pub base_price: i64,
    /// The tier's discount in basis points (0 in the base tier).
    pub tier_discount_bps: u32,
    /// What the tier takes off the line, in paise.
    pub tier_discount: i64,
    /// 'Quantity tier: 5% off'; none in the base tier.
    #[oai(skip_serializing_if_is_none)]
    pub tier_label: Option<String>,
    /// 'Add 12 more for ₹14.95 less per piece'; none in the last tier.
    #[oai(skip_serializing_if_is_none)]
    pub next_tier_hint: Option<String>,
    pub quantity: QuantityDto,
    pub item_count: u32,
    pub elements: u32,
    pub design_fee: i64,
    // The names and numbers printed on every piece (the roster is
    // `design.roster`); none for a line without them.
    #[oai(skip_serializing_if_is_none)]
    pub personalisation: Option<PersonalisationLine>,
    /// garments + design fee + personalisation
    pub line_total: i64,
    pub artwork_hash: String,
    pub design: DesignDocument,
    /// The engine's preflight of the design: an image that prints below 150
    /// DPI at its size, named before the shopper pays. Empty when all is well.
    pub print_warnings: Vec<String>,
}

/// The cart with the engine's breakdown. Money in paise; `totalPrice` is the
/// amount payable (subtotal + the payment gateway charge at the store's fee,
/// `GATEWAY_FEE_PERCENT`; 0 when the merchant absorbs it).
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct CartDto {
    #[oai(rename = "_id")]
    pub id: String,
    pub items: Vec<CartItem>,
    pub item_count: u32,
    pub subtotal: i64,
    pub gateway_charge_bps: i64,
    /// The charge's label, e.g. "Payment Gateway (2.5%)" (no line at 0 bps).
    pub gateway_label: String,
    pub gateway_charge: i64,
    pub total: i64,
    pub total_price: i64,
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

pub(crate) async fn cart_of(state: &AppState, user_id: &str) -> ApiResult<CartDto> {
    let cart = price_cart(&state.db, user_id, Policies::of(&state.config)).await?;
    let mut items = Vec::with_capacity(cart.lines.len());
    for PricedLine {
        line,
        design,
        quote,
    } in cart.lines
    {
        items.push(CartItem {
            design: DesignDocument::from_stored(&line.design)?,
            id: line.id,
            product_id: line.product_id,
            name: line.product_name,
            color_hex: design_engine::catalogue::colour_hex(&line.color),
            color: line.color,
            price: quote.unit_price.0,
            base_price: quote.base_unit_price.0,
            tier_discount_bps: quote.tier_discount_bps,
            tier_discount: quote.tier_discount.0,
            tier_label: (quote.tier_discount_bps > 0)
                .then(|| design_engine::tiers::tier_label(quote.tier_discount_bps)),
            next_tier_hint: quote.next_tier.as_ref().map(|n| n.hint.clone()),
            quantity: design.quantities.into(),
            item_count: quote.quantity,
            elements: quote.elements,
            design_fee: quote.design_fee.0,
            personalisation: quote.personalisation.map(Into::into),
            line_total: quote.total.0,
            artwork_hash: line.artwork_hash,
            print_warnings: design_engine::preflight::warnings_for_design(&design),
        });
    }
    let order = cart.quote;
    Ok(CartDto {
        id: user_id.to_string(),
        items,
        item_count: order.items,
        subtotal: order.subtotal.0,
        gateway_charge_bps: order.gateway_charge_bps,
        gateway_label: design_engine::pricing::gateway_label(order.gateway_charge_bps),
        gateway_charge: order.gateway_charge.0,
        total: order.total.0,
        total_price: order.total.0,
    })
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
            let mut design = line.design()?;
            design.quantities = quantities;
            if let Some(rows) = &roster {
                design.set_roster(rows.clone())?;
            }
            let colours: Vec<String> = serde_json::from_str(&line.product_colors)?;
            design.check_for_cart(&colours)?;
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
