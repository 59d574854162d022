//! A design's pictures against the artwork the server holds: the cart takes
//! a design only with pictures its owner sent, and checkout only while the
//! server still holds them.

use crate::db::Db;
use crate::db::artwork::{get, is_holder};
use crate::envelope::ApiError;

/// Every picture of a design must be one the user sent and the server read:
/// same bytes, type and size. Otherwise 'Please upload the image again'.
pub async fn check_design(
    db: &Db,
    user_id: &str,
    design: &design_engine::design::Design,
) -> Result<(), ApiError> {
    for asset in design.image_assets() {
        let held = match get(db, &asset.sha256).await? {
            Some(stored) => stored.matches(asset) && is_holder(db, &asset.sha256, user_id).await?,
            None => false,
        };
        if !held {
            return Err(ApiError::bad_request(crate::db::cart::UPLOAD_AGAIN));
        }
    }
    Ok(())
}

/// At checkout: the server still holds every picture of a line (lines from
/// before artwork was uploaded, or whose artwork is gone, must be redone).
pub async fn check_kept(db: &Db, design: &design_engine::design::Design) -> Result<(), ApiError> {
    for asset in design.image_assets() {
        if get(db, &asset.sha256).await?.is_none() {
            return Err(ApiError::bad_request(crate::db::cart::UPLOAD_AGAIN));
        }
    }
    Ok(())
}
