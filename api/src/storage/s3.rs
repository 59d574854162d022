//! The S3 backend, through aws-sdk-s3: AWS or any S3-compatible server
//! (`S3_ENDPOINT`, `S3_FORCE_PATH_STYLE`). Region and credentials come from
//! the standard AWS variables and provider chain. Upload URLs are real
//! presigned URLs; multipart uploads are S3's own.

use std::time::Duration;

use anyhow::Context;
use aws_sdk_s3::Client;
use aws_sdk_s3::config::SharedHttpClient;
use aws_sdk_s3::error::{ProvideErrorMetadata, SdkError};
use aws_sdk_s3::presigning::PresigningConfig;
use aws_sdk_s3::primitives::ByteStream as S3Body;
use aws_sdk_s3::types::{CompletedMultipartUpload, CompletedPart};
use aws_smithy_http_client::tls;

use super::{
    Bucket, ByteStream, Key, Part, PendingUpload, Source, StorageError, StorageResult,
    UPLOAD_URL_TTL,
};
use crate::storage::config::S3Config;

pub struct S3Storage {
    client: Client,
    /// Bucket names in `Bucket::ALL` order: models, images, artwork.
    buckets: [String; 3],
}

/// S3's answer as a StorageError: a missing object or upload by its code, the rest as a backend failure.
fn storage_error<E, R>(e: SdkError<E, R>) -> StorageError
where
    E: ProvideErrorMetadata + std::error::Error + Send + Sync + 'static,
    R: std::fmt::Debug + Send + Sync + 'static,
{
    match e.code() {
        Some("NoSuchKey" | "NotFound") => StorageError::NotFound,
        Some("NoSuchUpload") => StorageError::NoSuchUpload,
        Some("InvalidPart" | "InvalidPartOrder" | "EntityTooSmall" | "MalformedXML") => {
            StorageError::BadParts
        }
        _ => StorageError::Backend(anyhow::anyhow!(
            "{}",
            aws_sdk_s3::error::DisplayErrorContext(&e)
        )),
    }
}

fn presigning() -> StorageResult<PresigningConfig> {
    PresigningConfig::expires_in(UPLOAD_URL_TTL).map_err(|e| StorageError::Backend(e.into()))
}

/// The SDK's HTTP client, on rustls with ring (api/Cargo.toml says why not the SDK's default).
pub fn http_client() -> SharedHttpClient {
    aws_smithy_http_client::Builder::new()
        .tls_provider(tls::Provider::Rustls(
            tls::rustls_provider::CryptoMode::Ring,
        ))
        .build_https()
}

impl S3Storage {
    pub async fn connect(config: &S3Config) -> anyhow::Result<S3Storage> {
        let shared = aws_config::defaults(aws_config::BehaviorVersion::latest())
            .http_client(http_client())
            .load()
            .await;
        let mut builder =
            aws_sdk_s3::config::Builder::from(&shared).force_path_style(config.force_path_style);
        if let Some(endpoint) = &config.endpoint {
            builder = builder.endpoint_url(endpoint);
        }
        anyhow::ensure!(
            shared.region().is_some(),
            "STORAGE=s3 needs a region (AWS_REGION, or the AWS config file)"
        );
        let client = Client::from_conf(builder.build());
        let storage = S3Storage {
            client,
            buckets: config.buckets.clone(),
        };
        // Fail at start-up, not at the first upload, when a bucket is missing or the keys are wrong.
        storage.reachable().await?;
        Ok(storage)
    }

    /// Every bucket answers to these keys (at start-up, and for readiness).
    pub async fn reachable(&self) -> anyhow::Result<()> {
        for bucket in Bucket::ALL {
            self.client
                .head_bucket()
                .bucket(self.name(bucket))
                .send()
                .await
                .map_err(storage_error)
                .with_context(|| format!("checking the S3 bucket {}", self.name(bucket)))?;
        }
        Ok(())
    }

    fn name(&self, bucket: Bucket) -> &str {
        match bucket {
            Bucket::Models => &self.buckets[0],
            Bucket::Images => &self.buckets[1],
            Bucket::Artwork => &self.buckets[2],
        }
    }

    pub async fn put(
        &self,
        bucket: Bucket,
        key: &Key,
        content_type: &str,
        source: Source,
    ) -> StorageResult<()> {
        let body = match source {
            Source::Bytes(bytes) => S3Body::from(bytes),
            // Streamed from the file, not read into memory.
            Source::File(path) => S3Body::from_path(&path)
                .await
                .map_err(|e| StorageError::Backend(e.into()))?,
        };
        self.client
            .put_object()
            .bucket(self.name(bucket))
            .key(key.as_str())
            .content_type(content_type)
            .body(body)
            .send()
            .await
            .map_err(storage_error)?;
        Ok(())
    }

    pub async fn get(&self, bucket: Bucket, key: &Key) -> StorageResult<(u64, ByteStream)> {
        let out = self
            .client
            .get_object()
            .bucket(self.name(bucket))
            .key(key.as_str())
            .send()
            .await
            .map_err(storage_error)?;
        let size = out.content_length().unwrap_or(0).max(0) as u64;
        let reader = out.body.into_async_read();
        Ok((
            size,
            Box::pin(tokio_util::io::ReaderStream::with_capacity(
                reader,
                64 * 1024,
            )),
        ))
    }

    pub async fn size(&self, bucket: Bucket, key: &Key) -> StorageResult<Option<u64>> {
        match self
            .client
            .head_object()
            .bucket(self.name(bucket))
            .key(key.as_str())
            .send()
            .await
        {
            Ok(out) => Ok(Some(out.content_length().unwrap_or(0).max(0) as u64)),
            Err(e) => match storage_error(e) {
                StorageError::NotFound => Ok(None),
                other => Err(other),
            },
        }
    }

    pub async fn delete(&self, bucket: Bucket, key: &Key) -> StorageResult<()> {
        self.client
            .delete_object()
            .bucket(self.name(bucket))
            .key(key.as_str())
            .send()
            .await
            .map_err(storage_error)?;
        Ok(())
    }

    pub async fn presign_put(
        &self,
        bucket: Bucket,
        key: &Key,
        content_type: &str,
    ) -> StorageResult<String> {
        let request = self
            .client
            .put_object()
            .bucket(self.name(bucket))
            .key(key.as_str())
            .content_type(content_type)
            .presigned(presigning()?)
            .await
            .map_err(storage_error)?;
        Ok(request.uri().to_string())
    }

    pub async fn create_multipart(
        &self,
        bucket: Bucket,
        key: &Key,
        content_type: &str,
    ) -> StorageResult<String> {
        let out = self
            .client
            .create_multipart_upload()
            .bucket(self.name(bucket))
            .key(key.as_str())
            .content_type(content_type)
            .send()
            .await
            .map_err(storage_error)?;
        out.upload_id()
            .map(str::to_string)
            .ok_or_else(|| StorageError::Backend(anyhow::anyhow!("S3 gave no upload id")))
    }

    pub async fn presign_part(
        &self,
        bucket: Bucket,
        key: &Key,
        upload_id: &str,
        number: u32,
    ) -> StorageResult<String> {
        if !self.is_open(bucket, key, upload_id).await? {
            return Err(StorageError::NoSuchUpload);
        }
        let request = self
            .client
            .upload_part()
            .bucket(self.name(bucket))
            .key(key.as_str())
            .upload_id(upload_id)
            .part_number(number as i32)
            .presigned(presigning()?)
            .await
            .map_err(storage_error)?;
        Ok(request.uri().to_string())
    }

    /// Whether the upload was started for this key and is still open (S3 would
    /// presign a URL for any id; the local backend answers NoSuchUpload).
    async fn is_open(&self, bucket: Bucket, key: &Key, upload_id: &str) -> StorageResult<bool> {
        let listed = self
            .client
            .list_multipart_uploads()
            .bucket(self.name(bucket))
            .prefix(key.as_str())
            .send()
            .await
            .map_err(storage_error)?;
        Ok(listed
            .uploads()
            .iter()
            .any(|u| u.key() == Some(key.as_str()) && u.upload_id() == Some(upload_id)))
    }

    pub async fn complete_multipart(
        &self,
        bucket: Bucket,
        key: &Key,
        upload_id: &str,
        parts: &[Part],
    ) -> StorageResult<()> {
        if parts.is_empty() {
            return Err(StorageError::BadParts);
        }
        let parts = parts
            .iter()
            .map(|p| {
                CompletedPart::builder()
                    .part_number(p.number as i32)
                    .e_tag(format!("\"{}\"", p.etag.trim_matches('"')))
                    .build()
            })
            .collect();
        self.client
            .complete_multipart_upload()
            .bucket(self.name(bucket))
            .key(key.as_str())
            .upload_id(upload_id)
            .multipart_upload(
                CompletedMultipartUpload::builder()
                    .set_parts(Some(parts))
                    .build(),
            )
            .send()
            .await
            .map_err(storage_error)?;
        Ok(())
    }

    pub async fn abort_multipart(
        &self,
        bucket: Bucket,
        key: &Key,
        upload_id: &str,
    ) -> StorageResult<()> {
        self.client
            .abort_multipart_upload()
            .bucket(self.name(bucket))
            .key(key.as_str())
            .upload_id(upload_id)
            .send()
            .await
            .map_err(storage_error)?;
        Ok(())
    }

    pub async fn stale_uploads(&self, older_than: Duration) -> StorageResult<Vec<PendingUpload>> {
        let cutoff = std::time::SystemTime::now() - older_than;
        let mut out = Vec::new();
        for bucket in [Bucket::Models, Bucket::Images] {
            // One page holds at most 1000 uploads: follow the markers.
            let (mut key_marker, mut id_marker) = (None::<String>, None::<String>);
            loop {
                let listed = self
                    .client
                    .list_multipart_uploads()
                    .bucket(self.name(bucket))
                    .set_key_marker(key_marker.take())
                    .set_upload_id_marker(id_marker.take())
                    .send()
                    .await
                    .map_err(storage_error)?;
                for upload in listed.uploads() {
                    let started = upload
                        .initiated()
                        .and_then(|t| std::time::SystemTime::try_from(*t).ok());
                    let (Some(key), Some(id), Some(started)) =
                        (upload.key(), upload.upload_id(), started)
                    else {
                        continue;
                    };
                    if started < cutoff
                        && let Ok(key) = Key::parse(key)
                    {
                        out.push(PendingUpload {
                            bucket,
                            key,
                            upload_id: id.to_string(),
                        });
                    }
                }
                if !listed.is_truncated().unwrap_or(false) {
                    break;
                }
                key_marker = listed.next_key_marker().map(str::to_string);
                id_marker = listed.next_upload_id_marker().map(str::to_string);
                if key_marker.is_none() && id_marker.is_none() {
                    break;
                }
            }
        }
        Ok(out)
    }
}
