//! Shoppers' artwork: what the engine read from each image, who sent it, and
//! what keeps it (cart and order lines reference it by SHA-256).

use design_engine::elements::ImageAsset;
use sqlx::FromRow;

use super::{Db, now_ms};

#[derive(Debug, Clone, FromRow)]
pub struct Artwork {
    pub sha256: String,
    pub mime: String,
    pub bytes: i64,
    pub width: i64,
    pub height: i64,
}

impl Artwork {
    /// Whether a design's description of an image matches what the server
    /// read from its bytes. (Not the type: the browser's claim may differ from
    /// what the bytes are, and the server serves what they are.)
    pub fn matches(&self, asset: &ImageAsset) -> bool {
        self.sha256 == asset.sha256
            && self.bytes == asset.bytes as i64
            && self.width == i64::from(asset.width)
            && self.height == i64::from(asset.height)
    }
}

pub async fn get(db: &Db, sha256: &str) -> Result<Option<Artwork>, sqlx::Error> {
    sqlx::query_as("SELECT sha256, mime, bytes, width, height FROM artwork WHERE sha256 = $1")
        .bind(sha256)
        .fetch_optional(db)
        .await
}

/// Records an upload by `user_id`: the artwork (new or touched, so it is kept
/// another day) and its holder. Returns whether the artwork row is new.
pub async fn record_upload(
    db: &Db,
    asset: &ImageAsset,
    user_id: &str,
) -> Result<bool, sqlx::Error> {
    let mut tx = super::begin_write(db).await?;
    let now = now_ms();
    let touched = sqlx::query("UPDATE artwork SET touched_at = $1 WHERE sha256 = $2")
        .bind(now)
        .bind(&asset.sha256)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if touched == 0 {
        sqlx::query(
            "INSERT INTO artwork (sha256, mime, bytes, width, height, touched_at) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&asset.sha256)
        .bind(&asset.mime)
        .bind(asset.bytes as i64)
        .bind(i64::from(asset.width))
        .bind(i64::from(asset.height))
        .bind(now)
        .execute(&mut *tx)
        .await?;
    }
    sqlx::query(
        "INSERT INTO artwork_holders (sha256, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
    )
    .bind(&asset.sha256)
    .bind(user_id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(touched == 0)
}

/// Whether the user sent these bytes (and so may use them in a design and read them back).
pub async fn is_holder(db: &Db, sha256: &str, user_id: &str) -> Result<bool, sqlx::Error> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM artwork_holders WHERE sha256 = $1 AND user_id = $2",
    )
    .bind(sha256)
    .bind(user_id)
    .fetch_one(db)
    .await?;
    Ok(n > 0)
}

/// No cart line, order line, saved design, open group order or claim's photos
/// use the `artwork` row in hand.
fn unused() -> String {
    [
        "cart_item_artwork",
        "order_item_artwork",
        "saved_design_artwork",
        "group_order_artwork",
        "order_claim_photos",
    ]
    .map(|t| format!("NOT EXISTS (SELECT 1 FROM {t} u WHERE u.sha256 = artwork.sha256)"))
    .join(" AND ")
}

/// Artwork untouched since `before` (Unix ms) that nothing uses (`unused`).
pub async fn unused_since(db: &Db, before: i64) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(&format!(
        "SELECT sha256 FROM artwork WHERE touched_at < $1 AND {} LIMIT 500",
        unused()
    ))
    .bind(before)
    .fetch_all(db)
    .await
}

/// Forgets an unused artwork, if it is still untouched since `before` and
/// unused (a line that took it meanwhile keeps it: the foreign key refuses).
/// Returns whether it was removed (the caller then deletes the file).
pub async fn forget(db: &Db, sha256: &str, before: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(&format!(
        "DELETE FROM artwork WHERE sha256 = $1 AND touched_at < $2 AND {}",
        unused()
    ))
    .bind(sha256)
    .bind(before)
    .execute(db)
    .await;
    match done {
        Ok(d) => Ok(d.rows_affected() == 1),
        Err(sqlx::Error::Database(e)) if e.is_foreign_key_violation() => Ok(false),
        Err(e) => Err(e),
    }
}
