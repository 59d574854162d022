//! "Order again": a past order's designs go back into the owner's cart
//! through the same path as adding one (`add_to_cart`): today's product, price
//! and studio rules, checked by the engine. A line that no longer can be made
//! (its product deleted, its colour removed, its artwork gone, the cart full)
//! is named with the reason and left out; nothing is added silently.

use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use crate::core::cart::add_design;
use crate::core::messages::orders as messages;
use crate::db::orders;
use crate::error::{Failure, Kind, UPLOAD_AGAIN};
use crate::http::auth::BearerAuth;
use crate::http::dto::cart::{CartDto, cart_of};
use crate::http::envelope::Envelope;
use crate::http::error::{ApiError, ApiResult};
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::http::routes::Tag;
use crate::state::AppState;

/// A line put back in the cart, at today's price.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct ReorderedLine {
    pub product_id: String,
    pub name: String,
    pub color: String,
    pub item_count: i64,
    /// The unit price in paise when ordered.
    pub ordered_price: i64,
    /// Today's unit price in paise (what the cart charges).
    pub price: i64,
}

/// A line left out, and why.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct LeftOutLine {
    pub product_id: String,
    pub name: String,
    pub color: String,
    /// What the shopper is told, naming the line.
    pub reason: String,
    /// `PRODUCT_GONE`, `COLOR_GONE`, `ARTWORK_GONE`, `CART_FULL`, or the studio
    /// rule's own code.
    pub code: String,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct ReorderResult {
    pub added: Vec<ReorderedLine>,
    pub left_out: Vec<LeftOutLine>,
    // The cart afterwards (not a doc comment: no allOf wrapper).
    pub cart: CartDto,
}

/// A client error's message and code; `None` for the server's own failures,
/// which fail the whole request rather than leave a line out.
fn refusal(e: &Failure) -> Option<(&str, Option<&str>)> {
    match e.kind {
        Kind::Invalid | Kind::NotFound | Kind::Conflict => Some((&e.message, e.code.as_deref())),
        _ => None,
    }
}

/// Why a line was left out, in the shopper's words.
fn left_out(item: &orders::NewItem, e: Failure) -> ApiResult<LeftOutLine> {
    let Some((message, code)) = refusal(&e) else {
        return Err(e.into());
    };
    let (reason, code) = match (e.kind, code) {
        (Kind::NotFound, _) => (
            messages::no_longer_sold(&item.name),
            "PRODUCT_GONE".to_string(),
        ),
        (_, Some("UNKNOWN_COLOR")) => (
            messages::no_longer_made_in(&item.name, &item.color),
            "COLOR_GONE".to_string(),
        ),
        _ if message == UPLOAD_AGAIN => (
            messages::artwork_gone(&item.name, &item.color),
            "ARTWORK_GONE".to_string(),
        ),
        (_, code) => (
            messages::line_refused(&item.name, &item.color, message),
            code.unwrap_or("REFUSED").to_string(),
        ),
    };
    Ok(LeftOutLine {
        product_id: item.product_id.clone(),
        name: item.name.clone(),
        color: item.color.clone(),
        reason,
        code,
    })
}

pub struct ReorderApi;

#[OpenApi(tag = "Tag::Orders")]
impl ReorderApi {
    /// Order again (the order's owner; anyone else gets 404): each of the
    /// order's designs is added to the cart at today's price, checked as any
    /// addition is. The answer lists the lines added and those left out with
    /// the reason; the same design already in the cart gets its quantities added.
    #[oai(path = "/orders/:id/reorder", method = "post")]
    async fn reorder(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        id: Path<String>,
    ) -> Result<Json<Envelope<ReorderResult>>, Fails<{ USER | NOT_FOUND }>> {
        let user = &auth.0.id;
        let order = orders::get_for_user(&state.db, &id.0, user)
            .await?
            .ok_or_else(ApiError::order_not_found)?;
        let mut added = Vec::new();
        let mut skipped = Vec::new();
        for item in orders::items(&state.db, &[order.id.as_str()]).await? {
            let line = item.line;
            let mut design = design_engine::Design::from_json(&line.design)?;
            // The quantities as ordered (the line's own record of them).
            design.quantities = serde_json::from_str(&line.sizes)?;
            match add_design::add(&state.db, user, &design, None, state.config.personalisation)
                .await
            {
                Ok(()) => added.push((design_engine::hash::artwork_hash(&design), line)),
                Err(e) => skipped.push(left_out(&line, e)?),
            }
        }
        let cart = cart_of(&state, user).await?;
        let added: Vec<ReorderedLine> = added
            .into_iter()
            .map(|(artwork, line)| ReorderedLine {
                price: cart
                    .items
                    .iter()
                    .find(|c| c.artwork_hash == artwork)
                    .map_or(line.unit_price, |c| c.price),
                product_id: line.product_id,
                name: line.name,
                color: line.color,
                item_count: line.quantity,
                ordered_price: line.unit_price,
            })
            .collect();
        Ok(Envelope::ok(
            messages::ordered_again(added.len(), skipped.len()),
            ReorderResult {
                added,
                left_out: skipped,
                cart,
            },
        ))
    }
}
