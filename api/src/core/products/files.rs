//! The files of products: which bucket a file name goes to, checking an
//! upload before a product may use it, pointing a product's URLs at the
//! store's own file route, and removing files no product references any more.

use crate::db::files;
use crate::db::products::Product;
use crate::error::Failure;
use crate::state::AppState;
use crate::storage::FILE_TOO_LARGE;
use crate::storage::check;
use crate::storage::check::CheckError;
use crate::storage::{Bucket, Key};

/// The URL the store serves a product file at (`GET /api/files/...`), the
/// same with either backend.
pub fn file_url(bucket: Bucket, key: &Key) -> String {
    format!("/api/files/{bucket}/{key}")
}

/// The bucket, extension and content type a file name chooses.
pub fn kind_of(file_name: &str) -> Result<(Bucket, &'static str, &'static str), Failure> {
    let ext = file_name
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "glb" => Ok((Bucket::Models, "glb", "model/gltf-binary")),
        "png" => Ok((Bucket::Images, "png", "image/png")),
        _ => Err(Failure::bad_request(
            "Only .glb models and .png images can be uploaded",
        )),
    }
}

/// Checks an uploaded file; one that is not what it says, or too large, is
/// deleted (with its record) and refused (422, 413).
pub async fn check_upload(state: &AppState, bucket: Bucket, key: &Key) -> Result<u64, Failure> {
    let tmp = state.config.data_dir.join("tmp");
    match check::check(&state.storage, &state.work, bucket, key, &tmp).await {
        Ok(size) => {
            files::mark_checked(&state.db, bucket.as_str(), key.as_str(), size).await?;
            Ok(size)
        }
        Err(CheckError::Missing) => Err(Failure::bad_request(format!(
            "The file {key} was not uploaded"
        ))),
        Err(CheckError::Storage(e)) => Err(Failure::internal(e)),
        Err(CheckError::Queue(e)) => Err(e),
        Err(refused) => {
            state
                .storage
                .delete(bucket, key)
                .await
                .map_err(Failure::internal)?;
            files::forget(&state.db, bucket.as_str(), key.as_str()).await?;
            Err(match refused {
                CheckError::TooLarge => Failure::payload_too_large(FILE_TOO_LARGE),
                other => Failure::unprocessable(other.to_string()),
            })
        }
    }
}

/// A file key named by a product payload: one this server issued, in the
/// bucket its extension chooses, checked (now, if it came by a single PUT).
async fn issued(state: &AppState, s3_key: &str) -> Result<(Bucket, Key), Failure> {
    let unknown = || Failure::bad_request(format!("Unknown file {s3_key}: upload it first"));
    let key = Key::parse(s3_key.trim()).map_err(|_| unknown())?;
    let (bucket, _, _) = kind_of(key.as_str()).map_err(|_| unknown())?;
    let file = files::get(&state.db, bucket.as_str(), key.as_str())
        .await?
        .ok_or_else(unknown)?;
    if file.checked == 0 {
        check_upload(state, bucket, &key).await?;
    }
    Ok((bucket, key))
}

/// Points every uploaded file of the product (those with an `s3Key`) at the
/// store's URL for it, after checking it; returns the files it references.
pub async fn resolve(
    state: &AppState,
    product: &mut Product,
) -> Result<Vec<(String, String)>, Failure> {
    let mut refs = Vec::new();
    for meta in &mut product.model_metadata {
        if meta.s3_key.trim().is_empty() {
            continue;
        }
        let (bucket, key) = issued(state, &meta.s3_key).await?;
        if bucket != Bucket::Models {
            return Err(Failure::bad_request("A colour's model must be a .glb file"));
        }
        meta.s3_key = key.to_string();
        meta.s3_bucket = bucket.to_string();
        meta.s3_url = file_url(bucket, &key);
        product
            .models
            .insert(meta.color.clone(), meta.s3_url.clone());
        refs.push((bucket.to_string(), key.to_string()));
    }
    for colour in &mut product.color_images {
        for image in [&mut colour.front_image, &mut colour.back_image]
            .into_iter()
            .flatten()
        {
            let Some(s3_key) = image.s3_key.clone().filter(|k| !k.trim().is_empty()) else {
                continue;
            };
            let (bucket, key) = issued(state, &s3_key).await?;
            if bucket != Bucket::Images {
                return Err(Failure::bad_request("A colour image must be a .png file"));
            }
            image.s3_key = Some(key.to_string());
            image.bucket = Some(bucket.to_string());
            image.url = file_url(bucket, &key);
            refs.push((bucket.to_string(), key.to_string()));
        }
    }
    Ok(refs)
}

/// Records the product's files and removes those it no longer references.
pub async fn settle(
    state: &AppState,
    product_id: &str,
    refs: &[(String, String)],
) -> Result<(), Failure> {
    for (bucket, key) in files::claim(&state.db, product_id, refs).await? {
        if let (Some(bucket), Ok(key)) = (Bucket::parse(&bucket), Key::parse(&key))
            && let Err(e) = state.storage.delete(bucket, &key).await
        {
            tracing::warn!(error = %e, %key, "could not remove a replaced file");
        }
    }
    Ok(())
}
