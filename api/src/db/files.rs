//! Admin uploads (3D models, colour images): a row from the moment the
//! server issues a key, claimed by the product that references the file.

use super::{Db, now_ms};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StoredFile {
    pub bucket: String,
    pub file_key: String,
    pub product_id: Option<String>,
    pub checked: i64,
    pub size: i64,
}

/// Records a key the server just issued (unclaimed until a product references it).
pub async fn issue(db: &Db, bucket: &str, key: &str) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO stored_files (bucket, file_key, created_at) VALUES ($1, $2, $3)")
        .bind(bucket)
        .bind(key)
        .bind(now_ms())
        .execute(db)
        .await?;
    Ok(())
}

pub async fn get(db: &Db, bucket: &str, key: &str) -> Result<Option<StoredFile>, sqlx::Error> {
    sqlx::query_as(
        "SELECT bucket, file_key, product_id, checked, size FROM stored_files WHERE bucket = $1 AND file_key = $2",
    )
    .bind(bucket)
    .bind(key)
    .fetch_optional(db)
    .await
}

/// Takes the one PUT a local single-upload URL allows, in one conditional
/// UPDATE (so of concurrent PUTs, across processes, one wins): `true` for the
/// first while the file is neither checked nor claimed by a product; `false`
/// for every other (already put, checked, claimed, or never issued).
pub async fn take_put(db: &Db, bucket: &str, key: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE stored_files SET put_at = $1 WHERE bucket = $2 AND file_key = $3 \
         AND put_at IS NULL AND checked = 0 AND product_id IS NULL",
    )
    .bind(now_ms())
    .bind(bucket)
    .bind(key)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A PUT that stored nothing (too large, cut off) gives its URL back.
pub async fn give_back_put(db: &Db, bucket: &str, key: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE stored_files SET put_at = NULL WHERE bucket = $1 AND file_key = $2 AND checked = 0",
    )
    .bind(bucket)
    .bind(key)
    .execute(db)
    .await?;
    Ok(())
}

/// The file's bytes were checked to be what its name says.
pub async fn mark_checked(db: &Db, bucket: &str, key: &str, size: u64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE stored_files SET checked = 1, size = $1 WHERE bucket = $2 AND file_key = $3",
    )
    .bind(size as i64)
    .bind(bucket)
    .bind(key)
    .execute(db)
    .await?;
    Ok(())
}

pub async fn forget(db: &Db, bucket: &str, key: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM stored_files WHERE bucket = $1 AND file_key = $2")
        .bind(bucket)
        .bind(key)
        .execute(db)
        .await?;
    Ok(())
}

/// Sets which files a product references: the listed ones are claimed for
/// it; the files it claimed before and no longer lists are released and
/// returned (the caller removes them from storage).
pub async fn claim(
    db: &Db,
    product_id: &str,
    files: &[(String, String)],
) -> Result<Vec<(String, String)>, sqlx::Error> {
    let mut tx = super::begin_write(db).await?;
    let before: Vec<(String, String)> =
        sqlx::query_as("SELECT bucket, file_key FROM stored_files WHERE product_id = $1")
            .bind(product_id)
            .fetch_all(&mut *tx)
            .await?;
    for (bucket, key) in files {
        sqlx::query("UPDATE stored_files SET product_id = $1 WHERE bucket = $2 AND file_key = $3")
            .bind(product_id)
            .bind(bucket)
            .bind(key)
            .execute(&mut *tx)
            .await?;
    }
    let released: Vec<(String, String)> =
        before.into_iter().filter(|f| !files.contains(f)).collect();
    for (bucket, key) in &released {
        sqlx::query("DELETE FROM stored_files WHERE bucket = $1 AND file_key = $2")
            .bind(bucket)
            .bind(key)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(released)
}

/// Keys issued before `before` (Unix ms) that no product claimed.
pub async fn unclaimed_since(db: &Db, before: i64) -> Result<Vec<(String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT bucket, file_key FROM stored_files WHERE product_id IS NULL AND created_at < $1 LIMIT 500",
    )
    .bind(before)
    .fetch_all(db)
    .await
}

/// Forgets an unclaimed file if it is still unclaimed (a product may have
/// claimed it meanwhile). Returns whether it was forgotten.
pub async fn forget_unclaimed(db: &Db, bucket: &str, key: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "DELETE FROM stored_files WHERE bucket = $1 AND file_key = $2 AND product_id IS NULL",
    )
    .bind(bucket)
    .bind(key)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}
