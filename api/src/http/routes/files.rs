//! Product files as the store serves them, whichever backend holds them:
//! `GET /files/{models|images}/{colour}/{name}` streams a 3D model or a
//! colour image. And, with the local backend, the upload URLs the API signs
//! itself: `PUT /api/storage/{bucket}/{key}?expires&signature[&uploadId&partNumber]`,
//! which take the bytes as S3's presigned URLs would (ETag in the answer). A
//! single upload's URL works once: a second PUT, or one after the file was
//! checked or claimed by a product, is refused (403).

use poem::http::StatusCode;
use poem::web::{Data, Query};
use poem::{Body, IntoResponse, Request, Response, handler};
use poem_openapi::param::Path;
use poem_openapi::{ApiResponse, OpenApi};
use serde::Deserialize;

use super::Tag;
use crate::db::files;
use crate::http::envelope::{AnyFile, TypedBody};
use crate::http::error::ApiError;
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::state::AppState;
use crate::storage::local::WriteError;
use crate::storage::signing::{Refusal, Target};
use crate::storage::{Bucket, Key, Storage, StorageError};
use crate::storage::{FILE_TOO_LARGE, MAX_FILE_BYTES};

/// File keys never change content (each upload gets a new key).
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

#[derive(ApiResponse)]
pub enum ProductFile {
    /// A binary glTF model (`model/gltf-binary`) or a PNG picture (`image/png`).
    #[oai(status = 200)]
    Ok(TypedBody<AnyFile>, #[oai(header = "Cache-Control")] String),
}

pub struct FilesApi;

#[OpenApi(tag = "Tag::Products")]
impl FilesApi {
    /// A product's 3D model (`models`) or colour image (`images`), as its
    /// `modelMetadata` and `colorImages` URLs name it.
    #[oai(path = "/files/:bucket/:folder/:name", method = "get")]
    async fn get(
        &self,
        state: Data<&AppState>,
        bucket: Path<String>,
        folder: Path<String>,
        name: Path<String>,
    ) -> Result<ProductFile, Fails<{ ANY | NOT_FOUND }>> {
        let not_found = || ApiError::not_found("File not found");
        let bucket = Bucket::parse(&bucket.0)
            .filter(|b| *b != Bucket::Artwork)
            .ok_or_else(not_found)?;
        let key = Key::parse(&format!("{}/{}", folder.0, name.0)).map_err(|_| not_found())?;
        let (_, stream) = state.storage.get(bucket, &key).await.map_err(|e| match e {
            StorageError::NotFound => not_found(),
            other => ApiError::internal(other),
        })?;
        let mime = match key.extension() {
            Some("glb") => "model/gltf-binary",
            _ => "image/png",
        };
        Ok(ProductFile::Ok(
            TypedBody::new(Body::from_bytes_stream(stream), mime),
            IMMUTABLE.into(),
        ))
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SignedQuery {
    expires: i64,
    signature: String,
    upload_id: Option<String>,
    part_number: Option<u32>,
}

fn refuse(status: StatusCode, message: &str) -> Response {
    let body = serde_json::json!({ "success": false, "message": message });
    Response::builder()
        .status(status)
        .content_type("application/json")
        .body(body.to_string())
}

/// `PUT /api/storage/{bucket}/{folder}/{name}?...`: a local upload URL.
#[handler]
pub async fn put_signed(
    req: &Request,
    body: Body,
    query: Query<SignedQuery>,
    state: Data<&AppState>,
) -> Response {
    let Storage::Local(local) = state.storage.as_ref() else {
        return refuse(StatusCode::NOT_FOUND, "Not found");
    };
    let path = req.uri().path().trim_start_matches("/api/storage/");
    let Some((bucket, key)) = path.split_once('/') else {
        return refuse(StatusCode::NOT_FOUND, "Not found");
    };
    let (Some(bucket), Ok(key)) = (Bucket::parse(bucket), Key::parse(key)) else {
        return refuse(StatusCode::FORBIDDEN, "This upload URL is not valid");
    };
    let target = match (&query.upload_id, query.part_number) {
        (None, None) => Target::Whole,
        (Some(id), Some(number)) if (1..=10_000).contains(&number) => Target::Part {
            upload_id: id,
            number,
        },
        _ => return refuse(StatusCode::FORBIDDEN, "This upload URL is not valid"),
    };
    let now = crate::db::now_ms() / 1000;
    match local
        .signer()
        .verify(bucket, &key, target, query.expires, &query.signature, now)
    {
        Ok(()) => {}
        Err(Refusal::Expired) => {
            return refuse(StatusCode::FORBIDDEN, "This upload URL has expired");
        }
        Err(Refusal::BadSignature) => {
            return refuse(StatusCode::FORBIDDEN, "This upload URL is not valid");
        }
    }
    // A single upload's URL works once (the file's row says, for every process).
    let single = target == Target::Whole;
    if single {
        match files::take_put(&state.db, bucket.as_str(), key.as_str()).await {
            Ok(true) => {}
            Ok(false) => {
                return refuse(
                    StatusCode::FORBIDDEN,
                    "This upload URL has already been used",
                );
            }
            Err(e) => return ApiError::from(e).into_response(),
        }
    }
    let stream = body.into_bytes_stream();
    let written = local
        .write_upload(bucket, &key, target, stream, MAX_FILE_BYTES)
        .await;
    if single
        && written.is_err()
        && let Err(e) = files::give_back_put(&state.db, bucket.as_str(), key.as_str()).await
    {
        tracing::warn!(error = %e, "could not give an upload URL back");
    }
    match written {
        Ok(etag) => Response::builder()
            .status(StatusCode::OK)
            .header("ETag", format!("\"{etag}\""))
            .finish(),
        Err(WriteError::TooLarge) => refuse(StatusCode::PAYLOAD_TOO_LARGE, FILE_TOO_LARGE),
        Err(WriteError::Storage(StorageError::NoSuchUpload)) => {
            refuse(StatusCode::NOT_FOUND, "The upload was completed or aborted")
        }
        Err(WriteError::Storage(e)) => {
            // A body cut off mid-way (the client went away) lands here too.
            tracing::warn!(error = %e, "local upload failed");
            ApiError::internal(e).into_response()
        }
    }
}
