//! Cart lines. A line is one design (artwork hash) of one product in one
//! colour; prices are always the engine's, recomputed from the product's price.

use design_engine::{Design, ProductPricing};
use sqlx::FromRow;

use super::DbError;
use super::caps::Cap;
use super::{Db, now_ms};
use crate::ids::new_id;

#[derive(FromRow, Debug, Clone)]
pub struct Line {
    pub id: String,
    pub product_id: String,
    pub product_name: String,
    /// The product's category (a coupon may be for some categories).
    pub product_category: String,
    /// The product's terms now: its pricing and its garment.
    #[sqlx(flatten)]
    pub product: super::products::Terms,
    pub color: String,
    pub artwork_hash: String,
    pub design: String,
    pub created_at: i64,
    /// The quote this line was taken from, and the unit price it holds (`core::quotes`).
    pub quote_id: Option<String>,
    pub held_unit_price: Option<i64>,
}

impl Line {
    pub fn design(&self) -> Result<Design, DbError> {
        Ok(Design::from_json(&self.design)?)
    }

    pub fn garment(&self) -> Result<design_engine::garment::Garment, DbError> {
        self.product.garment()
    }

    /// The product's pricing now: its price, quantity tiers and size surcharges.
    pub fn pricing(&self) -> Result<ProductPricing, DbError> {
        self.product.pricing()
    }
}

/// A line with its product's terms (`product_terms!`).
const SELECT: &str = concat!(
    "SELECT c.id, c.product_id, p.name AS product_name, p.category AS product_category, ",
    crate::product_terms!(),
    ", c.color, c.artwork_hash, c.design, c.created_at, c.quote_id, c.held_unit_price FROM cart_items c JOIN products p ON p.id = c.product_id"
);
pub async fn lines(db: &Db, user_id: &str) -> Result<Vec<Line>, DbError> {
    Ok(sqlx::query_as(&format!(
        "{SELECT} WHERE c.user_id = $1 ORDER BY c.created_at, c.id"
    ))
    .bind(user_id)
    .fetch_all(db)
    .await?)
}

pub async fn line(db: &Db, user_id: &str, id: &str) -> Result<Option<Line>, DbError> {
    Ok(
        sqlx::query_as(&format!("{SELECT} WHERE c.user_id = $1 AND c.id = $2"))
            .bind(user_id)
            .bind(id)
            .fetch_optional(db)
            .await?,
    )
}

/// The user's line of this artwork, from the pool or inside a transaction.
pub async fn by_artwork<'e>(
    db: impl sqlx::Executor<'e, Database = sqlx::Any>,
    user_id: &str,
    artwork_hash: &str,
) -> Result<Option<Line>, DbError> {
    Ok(sqlx::query_as(&format!(
        "{SELECT} WHERE c.user_id = $1 AND c.artwork_hash = $2"
    ))
    .bind(user_id)
    .bind(artwork_hash)
    .fetch_optional(db)
    .await?)
}

/// Where a saved design goes: a new line, or line `id` as it was read (its
/// design JSON), so that two concurrent changes never overwrite each other.
pub enum Target<'a> {
    /// A new line for this artwork (its `artwork_hash`, which the caller looked it up by).
    New {
        artwork: &'a str,
    },
    Replace {
        id: &'a str,
        read_design: &'a str,
    },
}

/// Takes the shopper's cart for the rest of this write transaction, so a
/// read-merge-write of one of its lines cannot cross another: SQLite's one
/// writer holds every cart already; PostgreSQL locks the shopper's user row.
pub async fn lock(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    user_id: &str,
) -> Result<(), DbError> {
    if tx.backend_name() == "PostgreSQL" {
        sqlx::query("SELECT id FROM users WHERE id = $1 FOR UPDATE")
            .bind(user_id)
            .fetch_optional(&mut **tx)
            .await?;
    }
    Ok(())
}

/// Stores a checked, priced design. `Ok(false)` means another request changed
/// the cart since it was read (the same design added at the same moment, or
/// the line changed): the caller reads again and retries. A new line past
/// the cart's cap is refused (`DbError::AtCap`).
pub async fn save(
    db: &Db,
    user_id: &str,
    target: Target<'_>,
    design: &Design,
    quote: &design_engine::LineQuote,
) -> Result<bool, DbError> {
    let mut tx = super::begin_write(db).await?;
    let saved = save_in(&mut tx, user_id, target, design, quote).await?;
    if saved {
        tx.commit().await?;
    }
    Ok(saved)
}

/// `save` inside the caller's transaction (a group order's close writes its
/// line in the transaction that closes it).
pub async fn save_in(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    user_id: &str,
    target: Target<'_>,
    design: &Design,
    quote: &design_engine::LineQuote,
) -> Result<bool, DbError> {
    let now = now_ms();
    match target {
        Target::Replace { id, read_design } => {
            let done = sqlx::query(
                "UPDATE cart_items SET design = $1, unit_price = $2, quantity = $3, design_fee = $4, line_total = $5, \
                 updated_at = $6 WHERE id = $7 AND user_id = $8 AND design = $9",
            )
            .bind(design.to_json())
            .bind(quote.unit_price.0)
            .bind(i64::from(quote.quantity))
            .bind(quote.design_fee.0)
            .bind(quote.total.0)
            .bind(now)
            .bind(id)
            .bind(user_id)
            .bind(read_design)
            .execute(&mut **tx)
            .await?;
            Ok(done.rows_affected() == 1)
        }
        Target::New { artwork } => {
            let id = new_id();
            // A new line only while the cart holds fewer than its cap.
            super::caps::lock_account(tx, user_id).await?;
            let inserted = sqlx::query(
                "INSERT INTO cart_items (id, user_id, product_id, color, artwork_hash, design, unit_price, quantity, \
                 design_fee, line_total, created_at, updated_at) \
                 SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11 \
                 WHERE (SELECT COUNT(*) FROM cart_items WHERE user_id = $2) < $12",
            )
            .bind(&id)
            .bind(user_id)
            .bind(&design.product_id)
            .bind(&design.color)
            .bind(artwork)
            .bind(design.to_json())
            .bind(quote.unit_price.0)
            .bind(i64::from(quote.quantity))
            .bind(quote.design_fee.0)
            .bind(quote.total.0)
            .bind(now)
            .bind(Cap::CartLines.limit())
            .execute(&mut **tx)
            .await;
            match inserted {
                Ok(done) if done.rows_affected() == 0 => {
                    return Err(DbError::AtCap(Cap::CartLines));
                }
                Ok(_) => {}
                // The same design was added by a concurrent request: merge with it.
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => return Ok(false),
                Err(e) => return Err(e.into()),
            }
            // The line keeps its pictures (the foreign key refuses artwork the server no longer holds).
            for asset in design.image_assets() {
                let kept = sqlx::query(
                    "INSERT INTO cart_item_artwork (cart_item_id, sha256) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                )
                .bind(&id)
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
            Ok(true)
        }
    }
}

pub async fn remove(db: &Db, user_id: &str, id: &str) -> Result<bool, DbError> {
    let done = sqlx::query("DELETE FROM cart_items WHERE id = $1 AND user_id = $2")
        .bind(id)
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(done.rows_affected() > 0)
}

pub async fn clear(db: &Db, user_id: &str) -> Result<(), DbError> {
    sqlx::query("DELETE FROM cart_items WHERE user_id = $1")
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(())
}
