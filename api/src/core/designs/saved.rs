//! A shopper's saved designs: checked by the engine like cart lines (but they
//! may hold fewer than 25 items), with a thumbnail drawn from the stored
//! artwork, changed only from the version last read, moved to the cart, and
//! shared by a link. Owner-only: another user's id is not found.

use design_engine::{Design, Quantities};
use serde_json::Value;

use super::artwork::{check_design, thumbnail};
use crate::core::cart::add_design;
use crate::core::cart::add_design::invalid_product;
use crate::db::designs::SavedRow;
use crate::db::{designs, products};
use crate::error::Failure;
use crate::state::AppState;

/// The name a design gets when none is given (the specification's default).
pub const DEFAULT_NAME: &str = "Custom Design";
pub const MAX_NAME_CHARS: usize = 80;
/// How many designs one shopper may keep.
pub const MAX_SAVED_DESIGNS: i64 = 100;

fn not_found() -> Failure {
    Failure::not_found("Design not found")
}

fn changed() -> Failure {
    Failure::conflict_code(
        "This design was changed elsewhere. Reload it and try again.",
        "DESIGN_CHANGED",
    )
}

/// The name to keep: trimmed, the default when blank, short and on one line.
fn checked_name(name: Option<&str>) -> Result<String, Failure> {
    let name = name
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .unwrap_or(DEFAULT_NAME);
    if name.chars().count() > MAX_NAME_CHARS || name.chars().any(char::is_control) {
        return Err(Failure::bad_request(format!(
            "Design name must be at most {MAX_NAME_CHARS} characters, on one line"
        )));
    }
    Ok(name.to_string())
}

/// A design document (JSON) read and checked by the engine against its
/// product (colour, pictures, quantities) and the pictures the user sent.
async fn checked_design(
    state: &AppState,
    user_id: &str,
    document: &Value,
) -> Result<Design, Failure> {
    let design = Design::from_json(&document.to_string())?;
    if !crate::ids::is_id(&design.product_id) {
        return Err(invalid_product());
    }
    let product = products::get(&state.db, &design.product_id)
        .await?
        .ok_or_else(|| Failure::not_found("Product not found in database."))?;
    design.check_for_saving(&product.garment())?;
    check_design(&state.db, user_id, &design).await?;
    Ok(design)
}

/// The user's saved design `id`.
pub async fn owned(state: &AppState, user_id: &str, id: &str) -> Result<SavedRow, Failure> {
    if !crate::ids::is_id(id) {
        return Err(not_found());
    }
    designs::get(&state.db, user_id, id)
        .await?
        .ok_or_else(not_found)
}

/// Saves a design from the studio (at most `MAX_SAVED_DESIGNS` per user),
/// with its thumbnail; answers it as stored.
pub async fn save(
    state: &AppState,
    user_id: &str,
    name: Option<&str>,
    document: &Value,
) -> Result<SavedRow, Failure> {
    let name = checked_name(name)?;
    let design = checked_design(state, user_id, document).await?;
    let (_, count) = designs::page(&state.db, user_id, 0, 0).await?;
    if count >= MAX_SAVED_DESIGNS {
        return Err(Failure::conflict_code(
            format!(
                "You can keep up to {MAX_SAVED_DESIGNS} saved designs. Remove one to save another."
            ),
            "TOO_MANY_DESIGNS",
        ));
    }
    let thumbnail = thumbnail(&state.db, &state.storage, &state.work, &design).await?;
    let id = designs::insert(&state.db, user_id, &name, &design, &thumbnail).await?;
    owned(state, user_id, &id).await
}

/// A change to a saved design: what is given replaces the design's.
pub struct Edit<'a> {
    pub name: Option<&'a str>,
    /// Garments per size, as sent (the engine refuses negative or absurd counts).
    pub quantities: Option<Quantities>,
    /// A new design document (JSON).
    pub document: Option<&'a Value>,
    /// The version the change was made from; a conflict when the design has changed since.
    pub version: Option<i64>,
}

/// Renames a saved design, changes its quantities or stores a new version of
/// it (a new thumbnail only when what is printed changed); answers it as stored.
pub async fn update(
    state: &AppState,
    user_id: &str,
    id: &str,
    edit: Edit<'_>,
) -> Result<SavedRow, Failure> {
    let row = owned(state, user_id, id).await?;
    if edit.version.is_some_and(|v| v != row.version) {
        return Err(changed());
    }
    let name = match edit.name {
        Some(n) => checked_name(Some(n))?,
        None => row.name.clone(),
    };
    let old = row.design()?;
    let mut design = match edit.document {
        Some(doc) => checked_design(state, user_id, doc).await?,
        None => old.clone(),
    };
    if let Some(q) = edit.quantities {
        design.quantities = q;
    }
    // A new picture only when what is printed changed.
    let thumbnail =
        if design_engine::hash::artwork_hash(&design) != design_engine::hash::artwork_hash(&old) {
            Some(thumbnail(&state.db, &state.storage, &state.work, &design).await?)
        } else {
            None
        };
    let changes = designs::Changes {
        name: &name,
        design: &design,
        thumbnail: thumbnail.as_deref(),
    };
    if !designs::update(&state.db, user_id, &row.id, row.version, changes).await? {
        return Err(changed());
    }
    owned(state, user_id, &row.id).await
}

/// Deletes a saved design (and its share link); answers its id.
pub async fn remove(state: &AppState, user_id: &str, id: &str) -> Result<String, Failure> {
    let row = owned(state, user_id, id).await?;
    if !designs::delete(&state.db, user_id, &row.id, None).await? {
        return Err(not_found());
    }
    Ok(row.id)
}

/// Moves a saved design to the cart, which checks it like any line; only once
/// the cart took it does it leave the saved designs. Answers its id.
pub async fn move_to_cart(state: &AppState, user_id: &str, id: &str) -> Result<String, Failure> {
    let row = owned(state, user_id, id).await?;
    let design = row.design()?;
    design.check_for_cart(&row.garment()?)?;
    // Two moves of one design at once: only one adds it to the cart.
    if !designs::start_move(&state.db, user_id, &row.id).await? {
        return Err(Failure::conflict_code(
            "This design is already being moved to your cart.",
            "DESIGN_MOVING",
        ));
    }
    if let Err(refused) = add_design::add(
        &state.db,
        user_id,
        &design,
        None,
        state.config.personalisation,
    )
    .await
    {
        designs::end_move(&state.db, user_id, &row.id).await?;
        return Err(refused);
    }
    // Changed while it moved: the cart has the version that was read; the new one stays saved.
    if !designs::delete(&state.db, user_id, &row.id, Some(row.version)).await? {
        designs::end_move(&state.db, user_id, &row.id).await?;
    }
    Ok(row.id)
}

/// The saved design's thumbnail (PNG).
pub async fn thumbnail_png(state: &AppState, user_id: &str, id: &str) -> Result<Vec<u8>, Failure> {
    if !crate::ids::is_id(id) {
        return Err(not_found());
    }
    designs::thumbnail(&state.db, user_id, id)
        .await?
        .ok_or_else(not_found)
}

/// Turns on a read-only link to the design: a new token each time (an
/// earlier link stops working). Answers the token.
pub async fn share(state: &AppState, user_id: &str, id: &str) -> Result<String, Failure> {
    let row = owned(state, user_id, id).await?;
    let token = crate::ids::random_hex(16);
    if !designs::set_share_token(&state.db, user_id, &row.id, Some(&token)).await? {
        return Err(not_found());
    }
    Ok(token)
}

/// Turns the design's share link off; answers its id.
pub async fn unshare(state: &AppState, user_id: &str, id: &str) -> Result<String, Failure> {
    let row = owned(state, user_id, id).await?;
    designs::set_share_token(&state.db, user_id, &row.id, None).await?;
    Ok(row.id)
}
