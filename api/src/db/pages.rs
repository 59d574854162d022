//! The policy pages an admin edited (`store_pages`): one row per page, none
//! for a page showing its default text.

use super::{Db, DbError, now_ms};

/// A page as an admin saved it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PageRow {
    pub title: String,
    pub markdown: String,
    pub updated_at: i64,
}

/// The edited page `slug`, if an admin edited it.
pub async fn get(db: &Db, slug: &str) -> Result<Option<PageRow>, DbError> {
    Ok(
        sqlx::query_as("SELECT title, markdown, updated_at FROM store_pages WHERE slug = $1")
            .bind(slug)
            .fetch_optional(db)
            .await?,
    )
}

/// Saves the page `slug` as admin `by` wrote it (one statement: of two
/// admins saving at once, the later one's text stays).
#[tracing::instrument(skip(db, title, markdown))]
pub async fn save(
    db: &Db,
    slug: &str,
    title: &str,
    markdown: &str,
    by: &str,
) -> Result<PageRow, DbError> {
    let now = now_ms();
    sqlx::query(
        "INSERT INTO store_pages (slug, title, markdown, updated_at, updated_by) \
         VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (slug) DO UPDATE SET title = $2, markdown = $3, updated_at = $4, updated_by = $5",
    )
    .bind(slug)
    .bind(title)
    .bind(markdown)
    .bind(now)
    .bind(by)
    .execute(db)
    .await?;
    Ok(PageRow {
        title: title.to_string(),
        markdown: markdown.to_string(),
        updated_at: now,
    })
}

/// Forgets the edited page `slug` (its default text shows again); whether there was one.
pub async fn reset(db: &Db, slug: &str) -> Result<bool, DbError> {
    let done = sqlx::query("DELETE FROM store_pages WHERE slug = $1")
        .bind(slug)
        .execute(db)
        .await?;
    Ok(done.rows_affected() > 0)
}
