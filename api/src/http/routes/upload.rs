//! The admin panel's uploads of 3D models (`.glb`) and colour images
//! (`.png`): a presigned URL for one PUT, or a multipart upload in parts. The
//! server makes every key; the browser sends the bytes straight to storage
//! (S3, or the API's own signed URLs with the local backend) and never
//! through a JSON body. A completed upload is checked to be what its name
//! says before any product can use it.

use poem::web::Data;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::Tag;
use crate::core::products::files::{check_upload, file_url, kind_of};
use crate::db::files;
use crate::http::auth::BearerAuth;
use crate::http::envelope::Envelope;
use crate::http::error::ApiError;
use crate::http::fails::Fails;
use crate::http::fails::status::*;
use crate::state::AppState;
use crate::storage::{Bucket, Key, Part, StorageError};

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct PresignedUpload {
    /// PUT the file's bytes here, with its Content-Type.
    pub upload_url: String,
    /// The file's key (give it to the product as `s3Key`).
    pub s3_key: String,
    /// `models` or `images`.
    pub bucket: String,
    /// Where the store serves the file once uploaded.
    pub file_url: String,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct MultipartStart {
    /// The file name (its extension chooses the kind: .glb or .png).
    pub file_name: String,
    /// The colour the file is for.
    pub color: String,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct MultipartStarted {
    pub upload_id: String,
    pub s3_key: String,
    pub bucket: String,
    pub file_url: String,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct PartUrlRequest {
    pub s3_key: String,
    pub upload_id: String,
    /// 1 to 10000.
    pub part_number: u32,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct PartUrl {
    /// PUT the part's bytes here; the answer's ETag header names the part.
    pub upload_url: String,
}

/// A part as the storage named it.
#[derive(Object, Debug)]
pub struct CompletedPartInput {
    #[oai(rename = "ETag")]
    pub etag: String,
    #[oai(rename = "PartNumber")]
    pub part_number: u32,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct CompleteRequest {
    pub s3_key: String,
    pub upload_id: String,
    /// In ascending part order.
    #[oai(validator(min_items = 1, max_items = 10000))]
    pub parts: Vec<CompletedPartInput>,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct AbortRequest {
    pub s3_key: String,
    pub upload_id: String,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct UploadedFile {
    pub s3_key: String,
    pub bucket: String,
    pub file_url: String,
    /// Bytes.
    pub size: i64,
}

/// A key from the client: well-formed, and one this server issued.
async fn issued_key(state: &AppState, s3_key: &str) -> Result<(Bucket, Key), ApiError> {
    let not_found = || ApiError::not_found("Upload not found");
    let key = Key::parse(s3_key.trim()).map_err(|_| not_found())?;
    let (bucket, _, _) = kind_of(key.as_str()).map_err(|_| not_found())?;
    files::get(&state.db, bucket.as_str(), key.as_str())
        .await?
        .ok_or_else(not_found)?;
    Ok((bucket, key))
}

fn storage_error(e: StorageError) -> ApiError {
    match e {
        StorageError::NoSuchUpload => ApiError::not_found("Upload not found"),
        StorageError::BadParts => ApiError::bad_request("The parts do not match the uploaded ones"),
        StorageError::NotFound => ApiError::not_found("File not found"),
        other => ApiError::internal(other),
    }
}

pub struct UploadApi;

#[OpenApi(tag = "Tag::Upload")]
impl UploadApi {
    /// A URL for uploading one file (admin): PUT its bytes there with its
    /// Content-Type (at most 100 MB). `.glb` goes to the models bucket,
    /// `.png` to the colour images bucket.
    #[oai(path = "/upload/presigned-url", method = "get")]
    async fn presigned_url(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        #[oai(name = "fileName")] file_name: Query<String>,
        color: Query<Option<String>>,
    ) -> Result<
        Json<Envelope<PresignedUpload>>,
        Fails<{ ADMIN | TOO_LARGE | UNPROCESSABLE | UNAVAILABLE }>,
    > {
        auth.0.require_admin()?;
        let (bucket, ext, content_type) = kind_of(&file_name.0)?;
        let key = Key::generate(color.0.as_deref().unwrap_or(""), ext);
        files::issue(&state.db, bucket.as_str(), key.as_str()).await?;
        let upload_url = state
            .storage
            .presign_put(bucket, &key, content_type)
            .await
            .map_err(storage_error)?;
        Ok(Envelope::ok(
            "Upload URL created",
            PresignedUpload {
                upload_url,
                file_url: file_url(bucket, &key),
                s3_key: key.to_string(),
                bucket: bucket.to_string(),
            },
        ))
    }

    /// Start a multipart upload (admin), for files over 5 MB.
    #[oai(path = "/upload/multipart/initiate", method = "post")]
    async fn initiate(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: Json<MultipartStart>,
    ) -> Result<
        Json<Envelope<MultipartStarted>>,
        Fails<{ ADMIN | BODY | UNPROCESSABLE | UNAVAILABLE }>,
    > {
        auth.0.require_admin()?;
        let (bucket, ext, content_type) = kind_of(&body.file_name)?;
        let key = Key::generate(&body.color, ext);
        files::issue(&state.db, bucket.as_str(), key.as_str()).await?;
        let upload_id = state
            .storage
            .create_multipart(bucket, &key, content_type)
            .await
            .map_err(storage_error)?;
        Ok(Envelope::ok(
            "Multipart upload started",
            MultipartStarted {
                upload_id,
                file_url: file_url(bucket, &key),
                s3_key: key.to_string(),
                bucket: bucket.to_string(),
            },
        ))
    }

    /// A URL for one part of a multipart upload (admin).
    #[oai(path = "/upload/multipart/part-url", method = "post")]
    async fn part_url(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: Json<PartUrlRequest>,
    ) -> Result<Json<Envelope<PartUrl>>, Fails<{ ADMIN | BODY | NOT_FOUND | UNAVAILABLE }>> {
        auth.0.require_admin()?;
        if !(1..=10_000).contains(&body.part_number) {
            return Err(ApiError::bad_request("partNumber must be between 1 and 10000").into());
        }
        let (bucket, key) = issued_key(&state, &body.s3_key).await?;
        let upload_url = state
            .storage
            .presign_part(bucket, &key, body.upload_id.trim(), body.part_number)
            .await
            .map_err(storage_error)?;
        Ok(Envelope::ok(
            "Part upload URL created",
            PartUrl { upload_url },
        ))
    }

    /// Join the uploaded parts into the file (admin). The file is then
    /// checked: a GLB must be binary glTF 2.0, a PNG must decode; otherwise
    /// it is deleted and the answer is 422 (413 when over 100 MB).
    #[oai(path = "/upload/multipart/complete", method = "post")]
    async fn complete(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: Json<CompleteRequest>,
    ) -> Result<
        Json<Envelope<UploadedFile>>,
        Fails<{ ADMIN | BODY | NOT_FOUND | UNPROCESSABLE | UNAVAILABLE }>,
    > {
        auth.0.require_admin()?;
        let (bucket, key) = issued_key(&state, &body.s3_key).await?;
        let parts: Vec<Part> = body
            .parts
            .iter()
            .map(|p| Part {
                number: p.part_number,
                etag: p.etag.trim().trim_matches('"').to_string(),
            })
            .collect();
        state
            .storage
            .complete_multipart(bucket, &key, body.upload_id.trim(), &parts)
            .await
            .map_err(storage_error)?;
        let size = check_upload(&state, bucket, &key).await?;
        Ok(Envelope::ok(
            "Upload complete",
            UploadedFile {
                file_url: file_url(bucket, &key),
                s3_key: key.to_string(),
                bucket: bucket.to_string(),
                size: size as i64,
            },
        ))
    }

    /// Drop an unfinished multipart upload (admin).
    #[oai(path = "/upload/multipart/abort", method = "post")]
    async fn abort(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: Json<AbortRequest>,
    ) -> Result<Json<Envelope<bool>>, Fails<{ ADMIN | BODY | NOT_FOUND | UNAVAILABLE }>> {
        auth.0.require_admin()?;
        let (bucket, key) = issued_key(&state, &body.s3_key).await?;
        state
            .storage
            .abort_multipart(bucket, &key, body.upload_id.trim())
            .await
            .map_err(storage_error)?;
        files::forget(&state.db, bucket.as_str(), key.as_str()).await?;
        Ok(Envelope::ok("Upload aborted", true))
    }
}
