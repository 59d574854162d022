//! A design's pictures against the artwork the server holds: the cart takes
//! a design only with pictures its owner sent, and checkout only while the
//! server still holds them.

use design_engine::codec::decoding_cost;
use design_engine::render::Renderer;

use crate::cpu_queue::CpuQueue;
use crate::db::Db;
use crate::db::artwork::{get, is_holder};
use crate::error::Failure;
use crate::storage::{Bucket, Key, Storage};

/// Every picture of a design must be one the user sent and the server read:
/// same bytes, type and size. Otherwise 'Please upload the image again'.
pub async fn check_design(
    db: &Db,
    user_id: &str,
    design: &design_engine::design::Design,
) -> Result<(), Failure> {
    crate::core::library::clipart::check_known(design)?;
    for asset in design.image_assets() {
        let held = match get(db, &asset.sha256).await? {
            Some(stored) => stored.matches(asset) && is_holder(db, &asset.sha256, user_id).await?,
            None => false,
        };
        if !held {
            return Err(Failure::bad_request(crate::error::UPLOAD_AGAIN));
        }
    }
    Ok(())
}

/// At checkout: the server still holds every picture of a line (lines from
/// before artwork was uploaded, or whose artwork is gone, must be redone).
pub async fn check_kept(db: &Db, design: &design_engine::design::Design) -> Result<(), Failure> {
    for asset in design.image_assets() {
        if get(db, &asset.sha256).await?.is_none() {
            return Err(Failure::bad_request(crate::error::UPLOAD_AGAIN));
        }
    }
    Ok(())
}

/// The stored bytes and type of every picture of a design, to draw it on the
/// server. A picture the server no longer holds is an internal error here:
/// whatever uses the design keeps its pictures.
pub async fn pictures(
    db: &Db,
    storage: &Storage,
    design: &design_engine::design::Design,
) -> Result<Vec<(Vec<u8>, String)>, Failure> {
    let mut out = Vec::new();
    for asset in design.image_assets() {
        let stored = get(db, &asset.sha256)
            .await?
            .ok_or_else(|| Failure::internal("a design's artwork is gone"))?;
        let key = Key::artwork(&asset.sha256).map_err(Failure::internal)?;
        let (_, bytes) = storage
            .read_prefix(Bucket::Artwork, &key, usize::MAX)
            .await
            .map_err(Failure::internal)?;
        out.push((bytes, stored.mime));
    }
    Ok(out)
}

/// Saved designs' thumbnails are this many pixels square.
pub const THUMBNAIL_SIDE: u32 = 320;

/// A thumbnail's memory besides its pictures: fonts, sprites, the canvas.
const THUMBNAIL_BYTES: u64 = 16 << 20;

/// Draws a design's thumbnail with the engine from the stored artwork, in the
/// heavy-work queue: its pictures are kept at preview size only, so a large
/// one costs a few rows and a preview, not the print-ready picture.
pub async fn thumbnail(
    db: &Db,
    storage: &Storage,
    work: &CpuQueue,
    design: &design_engine::design::Design,
) -> Result<Vec<u8>, Failure> {
    let pictures = pictures(db, storage, design).await?;
    let cost = THUMBNAIL_BYTES
        + pictures
            .iter()
            .map(|(bytes, _)| decoding_cost(bytes, Renderer::PREVIEW_SIDE) * 2)
            .sum::<u64>();
    let design = design.clone();
    work.run_holding(cost, move || {
        let mut renderer = Renderer::with_bundled_fonts();
        renderer.keep_images_at(Renderer::PREVIEW_SIDE);
        for (bytes, mime) in &pictures {
            renderer.add_image(bytes, mime)?;
        }
        crate::core::library::clipart::provide(&mut renderer, &design)?;
        renderer.thumbnail_png(&design, THUMBNAIL_SIDE)
    })
    .await?
    .map_err(Failure::internal)
}
