//! Saved designs: every query but the share link's is scoped to the owner.
//! A design keeps its pictures (`saved_design_artwork`) as cart lines do.

use design_engine::{Design, ProductPricing};
use sqlx::FromRow;

use super::DbError;
use super::{Db, now_ms};
use crate::ids::new_id;

#[derive(FromRow, Debug, Clone)]
pub struct SavedRow {
    pub id: String,
    pub user_id: String,
    pub product_id: String,
    pub product_name: String,
    /// The product's terms now: its pricing and its garment.
    #[sqlx(flatten)]
    pub product: super::products::Terms,
    pub name: String,
    pub design: String,
    pub version: i64,
    pub share_token: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

impl SavedRow {
    pub fn design(&self) -> Result<Design, DbError> {
        Ok(Design::from_json(&self.design)?)
    }

    /// The product's pricing now: its price, quantity tiers and size surcharges.
    pub fn pricing(&self) -> Result<ProductPricing, DbError> {
        self.product.pricing()
    }

    pub fn garment(&self) -> Result<design_engine::garment::Garment, DbError> {
        self.product.garment()
    }
}

/// A design with its product's terms (`product_terms!`).
const SELECT: &str = concat!(
    "SELECT d.id, d.user_id, d.product_id, p.name AS product_name, ",
    crate::product_terms!(),
    ", d.name, d.design, d.version, d.share_token, d.created_at, d.updated_at \
     FROM saved_designs d JOIN products p ON p.id = d.product_id"
);
/// A page of the owner's designs, newest first, and how many there are in all.
pub async fn page(
    db: &Db,
    user_id: &str,
    offset: i64,
    limit: i64,
) -> Result<(Vec<SavedRow>, i64), DbError> {
    let rows = sqlx::query_as(&format!(
        "{SELECT} WHERE d.user_id = $1 ORDER BY d.created_at DESC, d.id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(user_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await?;
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM saved_designs WHERE user_id = $1")
        .bind(user_id)
        .fetch_one(db)
        .await?;
    Ok((rows, total))
}

pub async fn get(db: &Db, user_id: &str, id: &str) -> Result<Option<SavedRow>, DbError> {
    Ok(
        sqlx::query_as(&format!("{SELECT} WHERE d.user_id = $1 AND d.id = $2"))
            .bind(user_id)
            .bind(id)
            .fetch_optional(db)
            .await?,
    )
}

pub async fn by_share_token(db: &Db, token: &str) -> Result<Option<SavedRow>, DbError> {
    Ok(
        sqlx::query_as(&format!("{SELECT} WHERE d.share_token = $1"))
            .bind(token)
            .fetch_optional(db)
            .await?,
    )
}

/// The stored thumbnail of the owner's design.
pub async fn thumbnail(db: &Db, user_id: &str, id: &str) -> Result<Option<Vec<u8>>, DbError> {
    Ok(
        sqlx::query_scalar("SELECT thumbnail FROM saved_designs WHERE user_id = $1 AND id = $2")
            .bind(user_id)
            .bind(id)
            .fetch_optional(db)
            .await?,
    )
}

pub async fn thumbnail_by_share_token(db: &Db, token: &str) -> Result<Option<Vec<u8>>, DbError> {
    Ok(
        sqlx::query_scalar("SELECT thumbnail FROM saved_designs WHERE share_token = $1")
            .bind(token)
            .fetch_optional(db)
            .await?,
    )
}

/// Links a design to its pictures; a picture the server no longer holds is
/// refused by the foreign key with 'Please upload the image again'.
async fn keep_artwork(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    id: &str,
    design: &Design,
) -> Result<(), DbError> {
    sqlx::query("DELETE FROM saved_design_artwork WHERE design_id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    for asset in design.image_assets() {
        let kept = sqlx::query(
            "INSERT INTO saved_design_artwork (design_id, sha256) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        )
        .bind(id)
        .bind(&asset.sha256)
        .execute(&mut **tx)
        .await;
        match kept {
            Ok(_) => {}
            Err(sqlx::Error::Database(e)) if e.is_foreign_key_violation() => {
                return Err(DbError::ArtworkGone);
            }
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}

/// Stores a new design (already checked by the engine); returns its id.
pub async fn insert(
    db: &Db,
    user_id: &str,
    name: &str,
    design: &Design,
    thumbnail: &[u8],
) -> Result<String, DbError> {
    let id = new_id();
    let now = now_ms();
    let mut tx = super::begin_write(db).await?;
    sqlx::query(
        "INSERT INTO saved_designs (id, user_id, product_id, name, design, version, thumbnail, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $7)",
    )
    .bind(&id)
    .bind(user_id)
    .bind(&design.product_id)
    .bind(name)
    .bind(design.to_json())
    .bind(thumbnail.to_vec())
    .bind(now)
    .execute(&mut *tx)
    .await?;
    keep_artwork(&mut tx, &id, design).await?;
    tx.commit().await?;
    Ok(id)
}

/// What a change stores: the name, the design, and a new thumbnail when
/// what is printed changed.
pub struct Changes<'a> {
    pub name: &'a str,
    pub design: &'a Design,
    pub thumbnail: Option<&'a [u8]>,
}

/// A new version of the owner's design, if it is still at `version` (the one
/// the change was made from). `Ok(false)`: changed meanwhile, or gone.
pub async fn update(
    db: &Db,
    user_id: &str,
    id: &str,
    version: i64,
    changes: Changes<'_>,
) -> Result<bool, DbError> {
    let mut tx = super::begin_write(db).await?;
    let done = sqlx::query(
        "UPDATE saved_designs SET name = $1, product_id = $2, design = $3, thumbnail = COALESCE($4, thumbnail), \
         version = version + 1, updated_at = $5 WHERE id = $6 AND user_id = $7 AND version = $8",
    )
    .bind(changes.name)
    .bind(&changes.design.product_id)
    .bind(changes.design.to_json())
    .bind(changes.thumbnail.map(<[u8]>::to_vec))
    .bind(now_ms())
    .bind(id)
    .bind(user_id)
    .bind(version)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() != 1 {
        return Ok(false);
    }
    keep_artwork(&mut tx, id, changes.design).await?;
    tx.commit().await?;
    Ok(true)
}

/// How long a move to the cart may hold a design.
const MOVE_LEASE_MS: i64 = 30_000;

/// Takes the owner's design for a move to the cart: `Ok(false)` when another
/// move holds it (or it is gone), so that two moves cannot both add it.
pub async fn start_move(db: &Db, user_id: &str, id: &str) -> Result<bool, DbError> {
    let now = now_ms();
    let done = sqlx::query(
        "UPDATE saved_designs SET moving_until = $1 WHERE id = $2 AND user_id = $3 \
         AND (moving_until IS NULL OR moving_until < $4)",
    )
    .bind(now + MOVE_LEASE_MS)
    .bind(id)
    .bind(user_id)
    .bind(now)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The cart refused it: the design can be moved again.
pub async fn end_move(db: &Db, user_id: &str, id: &str) -> Result<(), DbError> {
    sqlx::query("UPDATE saved_designs SET moving_until = NULL WHERE id = $1 AND user_id = $2")
        .bind(id)
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Deletes the owner's design (only if still at `version`, when given).
pub async fn delete(
    db: &Db,
    user_id: &str,
    id: &str,
    version: Option<i64>,
) -> Result<bool, DbError> {
    let done = sqlx::query(
        "DELETE FROM saved_designs WHERE id = $1 AND user_id = $2 AND ($3 IS NULL OR version = $3)",
    )
    .bind(id)
    .bind(user_id)
    .bind(version)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Sets (a new token) or clears (None) the owner's share link. Returns
/// whether the design exists.
pub async fn set_share_token(
    db: &Db,
    user_id: &str,
    id: &str,
    token: Option<&str>,
) -> Result<bool, DbError> {
    let done =
        sqlx::query("UPDATE saved_designs SET share_token = $1 WHERE id = $2 AND user_id = $3")
            .bind(token)
            .bind(id)
            .bind(user_id)
            .execute(db)
            .await?;
    Ok(done.rows_affected() == 1)
}
