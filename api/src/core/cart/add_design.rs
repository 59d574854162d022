//! Adding a design to a cart, for the cart's own route and for moving a saved
//! design there: the engine checks it against the product as it is now, the
//! server checks it holds the design's pictures, and the same artwork again
//! adds its quantities to the existing line.

use design_engine::Design;
use design_engine::roster_pricing::PersonalisationCharges;

use crate::db::{Db, cart, products};
use crate::error::Failure;

/// A cart change read-merge-writes; concurrent changes to the same line retry
/// this many times before the client is asked to try again.
pub const SAVE_ATTEMPTS: u32 = 10;

/// A short random pause before retrying, so racing requests spread out.
pub async fn backoff(attempt: u32) {
    let ms = rand::random_range(0..=u64::from(attempt + 1) * 3);
    tokio::time::sleep(std::time::Duration::from_millis(ms)).await;
}

pub fn busy() -> Failure {
    Failure::conflict("Your cart was changed at the same moment. Please try again.")
}

pub fn invalid_product() -> Failure {
    Failure::bad_request("Invalid product data. Please refresh the page and try again.")
}

/// Adds `design` to the user's cart, names and numbers at the store's
/// `charges`. `shown_price`: the unit price the shopper saw, in paise, refused
/// when it is not the engine's for this design now (the product's price in
/// the quantity tier the design's pieces reach).
pub async fn add(
    db: &Db,
    user_id: &str,
    design: &Design,
    shown_price: Option<i64>,
    charges: PersonalisationCharges,
) -> Result<(), Failure> {
    if !crate::ids::is_id(&design.product_id) {
        return Err(invalid_product());
    }
    let product = products::get(db, &design.product_id)
        .await?
        .ok_or_else(|| Failure::not_found("Product not found in database."))?;
    let pricing = product.pricing().with_personalisation(charges);
    if let Some(shown) = shown_price
        && shown != design.quote(&pricing)?.unit_price.0
    {
        return Err(Failure::bad_request_code(
            "Price has changed. Please refresh the page and try again.",
            "PRICE_MISMATCH",
        ));
    }
    design.check_for_cart(&product.garment())?;
    crate::core::designs::check_design(db, user_id, design).await?;
    let artwork = design_engine::hash::artwork_hash(design);
    // Read, merge and write with the shopper's cart held: a dozen adds of one
    // design at once all land, however loaded the server (an optimistic retry
    // could lose every round).
    let mut tx = crate::db::begin_write(db).await?;
    cart::lock(&mut tx, user_id).await?;
    let existing = cart::by_artwork(&mut *tx, user_id, &artwork).await?;
    let (merged, target) = merged_line(existing.as_ref(), design, &artwork)?;
    let quote = merged.quote(&pricing)?;
    if !cart::save_in(&mut tx, user_id, target, &merged, &quote).await? {
        return Err(busy());
    }
    tx.commit().await?;
    Ok(())
}

/// `design` as it goes into a cart holding `existing`, the line of the same
/// artwork if there is one: merged with it (one line, the quantities added
/// up and the new roster's pieces after the old ones), and where it is saved.
pub fn merged_line<'a>(
    existing: Option<&'a cart::Line>,
    design: &Design,
    artwork: &'a str,
) -> Result<(Design, cart::Target<'a>), Failure> {
    match existing {
        // A quoted line is exactly what was quoted: nothing merges into it.
        Some(line) if line.quote_id.is_some() => {
            Err(crate::core::messages::quotes::held_line_fixed())
        }
        Some(line) => {
            let mut merged = line.design()?;
            merged.merge_line(design)?;
            let target = cart::Target::Replace {
                id: &line.id,
                read_design: &line.design,
            };
            Ok((merged, target))
        }
        None => Ok((design.clone(), cart::Target::New { artwork })),
    }
}
