//! What a share link shows, to anyone with it: the design, its thumbnail and
//! its pictures (only those the design uses), nothing of its owner.

use design_engine::Design;

use crate::db::artwork;
use crate::db::designs;
use crate::db::designs::SavedRow;
use crate::error::Failure;
use crate::state::AppState;
use crate::storage::{Bucket, ByteStream, Key, StorageError};

fn link_not_found() -> Failure {
    Failure::not_found("This design link is not valid or was turned off")
}

/// Share tokens are 128 random bits in hex.
fn is_token(s: &str) -> bool {
    s.len() == 32 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The design shared under `token`.
pub async fn by_token(state: &AppState, token: &str) -> Result<SavedRow, Failure> {
    if !is_token(token) {
        return Err(link_not_found());
    }
    designs::by_share_token(&state.db, token)
        .await?
        .ok_or_else(link_not_found)
}

/// The thumbnail (PNG) of the design shared under `token`.
pub async fn thumbnail_png(state: &AppState, token: &str) -> Result<Vec<u8>, Failure> {
    if !is_token(token) {
        return Err(link_not_found());
    }
    designs::thumbnail_by_share_token(&state.db, token)
        .await?
        .ok_or_else(link_not_found)
}

/// A picture `design` uses, for someone who may see the design but did not
/// upload it (a share link, a group order's link): only its own pictures.
/// Answers its type and its bytes.
pub async fn picture(
    state: &AppState,
    design: &Design,
    sha256: &str,
) -> Result<(String, ByteStream), Failure> {
    let missing = || Failure::not_found("Artwork not found");
    if !design.image_assets().any(|a| a.sha256 == sha256) {
        return Err(missing());
    }
    let key = Key::artwork(sha256).map_err(|_| missing())?;
    let stored = artwork::get(&state.db, key.as_str())
        .await?
        .ok_or_else(missing)?;
    let (_, stream) = state
        .storage
        .get(Bucket::Artwork, &key)
        .await
        .map_err(|e| match e {
            StorageError::NotFound => missing(),
            other => Failure::internal(other),
        })?;
    Ok((stored.mime, stream))
}
