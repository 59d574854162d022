//! The local backend: files under `DATA_DIR/files/{bucket}/{key}`. Upload
//! URLs point back at the API (`/api/storage/...`, signed by [`UrlSigner`]);
//! multipart parts wait in `DATA_DIR/files/.uploads/{upload id}/` until the
//! upload is completed (joined in order) or aborted. Every write goes to a
//! temporary file first and is renamed into place, so a reader never sees
//! half a file and a crash leaves none.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context;
use bytes::Bytes;
use futures_util::{Stream, StreamExt};
use rand::Rng;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use tokio::io::AsyncWriteExt;

use super::signing::{Target, UrlSigner};
use super::{
    Bucket, ByteStream, Key, Part, PendingUpload, Source, StorageError, StorageResult,
    UPLOAD_URL_TTL,
};
use crate::db::now_ms;

const UPLOADS_DIR: &str = ".uploads";
const TMP_DIR: &str = ".tmp";

pub struct LocalStorage {
    root: PathBuf,
    signer: UrlSigner,
}

/// What a multipart upload is for, kept beside its parts.
#[derive(Serialize, Deserialize)]
struct UploadMeta {
    bucket: String,
    key: String,
    created_ms: i64,
}

/// Why a body could not be stored.
#[derive(Debug)]
pub enum WriteError {
    /// More than the limit arrived; nothing was kept.
    TooLarge,
    Storage(StorageError),
}

impl From<StorageError> for WriteError {
    fn from(e: StorageError) -> WriteError {
        WriteError::Storage(e)
    }
}

impl From<std::io::Error> for WriteError {
    fn from(e: std::io::Error) -> WriteError {
        WriteError::Storage(e.into())
    }
}

fn now_secs() -> i64 {
    now_ms() / 1000
}

/// A local upload id: 32 lowercase hex digits (checked before it names a directory).
fn valid_upload_id(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

impl LocalStorage {
    pub async fn open(root: PathBuf, signing_secret: &[u8]) -> anyhow::Result<LocalStorage> {
        for dir in Bucket::ALL
            .iter()
            .map(|b| b.as_str())
            .chain([UPLOADS_DIR, TMP_DIR])
        {
            tokio::fs::create_dir_all(root.join(dir))
                .await
                .with_context(|| format!("creating {}", root.join(dir).display()))?;
        }
        Ok(LocalStorage {
            root,
            signer: UrlSigner::new(signing_secret),
        })
    }

    /// A file can be written and removed where uploads land (readiness: a
    /// full or read-only disk is found before a shopper's upload fails).
    pub async fn writable(&self) -> anyhow::Result<()> {
        let probe = self.temp_path();
        tokio::fs::write(&probe, b"ready")
            .await
            .with_context(|| format!("writing {}", probe.display()))?;
        tokio::fs::remove_file(&probe)
            .await
            .with_context(|| format!("removing {}", probe.display()))
    }

    pub fn signer(&self) -> &UrlSigner {
        &self.signer
    }

    fn path(&self, bucket: Bucket, key: &Key) -> PathBuf {
        // Key::parse guarantees plain relative segments: the join stays inside.
        self.root.join(bucket.as_str()).join(key.as_str())
    }

    fn upload_dir(&self, upload_id: &str) -> StorageResult<PathBuf> {
        if valid_upload_id(upload_id) {
            Ok(self.root.join(UPLOADS_DIR).join(upload_id))
        } else {
            Err(StorageError::NoSuchUpload)
        }
    }

    fn temp_path(&self) -> PathBuf {
        let n: u128 = rand::rng().random();
        self.root.join(TMP_DIR).join(format!("{n:032x}"))
    }

    async fn install(&self, temp: &Path, bucket: Bucket, key: &Key) -> StorageResult<()> {
        let dest = self.path(bucket, key);
        if let Some(parent) = dest.parent() {
            tokio::fs::create_dir_all(parent).await?;
        }
        tokio::fs::rename(temp, &dest).await?;
        Ok(())
    }

    pub async fn put(
        &self,
        bucket: Bucket,
        key: &Key,
        _content_type: &str,
        source: Source,
    ) -> StorageResult<()> {
        let temp = self.temp_path();
        let written = match source {
            Source::Bytes(bytes) => tokio::fs::write(&temp, &bytes).await,
            Source::File(path) => tokio::fs::copy(&path, &temp).await.map(|_| ()),
        };
        if let Err(e) = written {
            let _ = tokio::fs::remove_file(&temp).await;
            return Err(StorageError::Backend(e.into()));
        }
        self.install(&temp, bucket, key).await
    }

    pub async fn get(&self, bucket: Bucket, key: &Key) -> StorageResult<(u64, ByteStream)> {
        let file = tokio::fs::File::open(self.path(bucket, key)).await?;
        let size = file.metadata().await?.len();
        Ok((
            size,
            Box::pin(tokio_util::io::ReaderStream::with_capacity(file, 64 * 1024)),
        ))
    }

    pub async fn size(&self, bucket: Bucket, key: &Key) -> StorageResult<Option<u64>> {
        match tokio::fs::metadata(self.path(bucket, key)).await {
            Ok(m) if m.is_file() => Ok(Some(m.len())),
            Ok(_) => Ok(None),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(StorageError::Backend(e.into())),
        }
    }

    pub async fn delete(&self, bucket: Bucket, key: &Key) -> StorageResult<()> {
        match tokio::fs::remove_file(self.path(bucket, key)).await {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                Err(StorageError::Backend(e.into()))
            }
            _ => Ok(()),
        }
    }

    pub async fn presign_put(
        &self,
        bucket: Bucket,
        key: &Key,
        _content_type: &str,
    ) -> StorageResult<String> {
        let expires = now_secs() + UPLOAD_URL_TTL.as_secs() as i64;
        Ok(self.signer.url(bucket, key, Target::Whole, expires))
    }

    pub async fn create_multipart(
        &self,
        bucket: Bucket,
        key: &Key,
        _content_type: &str,
    ) -> StorageResult<String> {
        let id = format!("{:032x}", rand::rng().random::<u128>());
        let dir = self.upload_dir(&id)?;
        tokio::fs::create_dir_all(&dir).await?;
        let meta = UploadMeta {
            bucket: bucket.as_str().into(),
            key: key.as_str().into(),
            created_ms: now_ms(),
        };
        // Written aside and renamed in: an upload directory always has its meta.
        let temp = self.temp_path();
        tokio::fs::write(
            &temp,
            serde_json::to_vec(&meta).map_err(anyhow::Error::from)?,
        )
        .await?;
        tokio::fs::rename(&temp, dir.join("meta.json")).await?;
        Ok(id)
    }

    /// The upload's directory, when it exists and is for this bucket and key.
    async fn open_upload(
        &self,
        bucket: Bucket,
        key: &Key,
        upload_id: &str,
    ) -> StorageResult<PathBuf> {
        let dir = self.upload_dir(upload_id)?;
        let meta: UploadMeta = match tokio::fs::read(dir.join("meta.json")).await {
            Ok(bytes) => serde_json::from_slice(&bytes).map_err(anyhow::Error::from)?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(StorageError::NoSuchUpload);
            }
            Err(e) => return Err(StorageError::Backend(e.into())),
        };
        if meta.bucket != bucket.as_str() || meta.key != key.as_str() {
            return Err(StorageError::NoSuchUpload);
        }
        Ok(dir)
    }

    pub async fn presign_part(
        &self,
        bucket: Bucket,
        key: &Key,
        upload_id: &str,
        number: u32,
    ) -> StorageResult<String> {
        self.open_upload(bucket, key, upload_id).await?;
        let expires = now_secs() + UPLOAD_URL_TTL.as_secs() as i64;
        Ok(self
            .signer
            .url(bucket, key, Target::Part { upload_id, number }, expires))
    }

    /// Stores the body of a signed PUT (the URL already verified): the whole
    /// file, or one part. Streams to disk, refusing more than `max_bytes`.
    /// Returns the ETag: the first 32 hex digits of the bytes' SHA-256.
    pub async fn write_upload<S>(
        &self,
        bucket: Bucket,
        key: &Key,
        target: Target<'_>,
        body: S,
        max_bytes: u64,
    ) -> Result<String, WriteError>
    where
        S: Stream<Item = std::io::Result<Bytes>> + Send,
    {
        let part_dir = match target {
            Target::Whole => None,
            Target::Part { upload_id, .. } => Some(self.open_upload(bucket, key, upload_id).await?),
        };
        let temp = self.temp_path();
        let etag = match spool(body, &temp, max_bytes).await {
            Ok(etag) => etag,
            Err(e) => {
                let _ = tokio::fs::remove_file(&temp).await;
                return Err(e);
            }
        };
        match (target, part_dir) {
            (Target::Part { number, .. }, Some(dir)) => {
                tokio::fs::rename(&temp, dir.join(format!("part-{number:05}-{etag}"))).await?;
                // A part sent again replaces the earlier one.
                let mut entries = tokio::fs::read_dir(&dir).await?;
                while let Some(e) = entries.next_entry().await? {
                    let name = e.file_name().to_string_lossy().into_owned();
                    if name.starts_with(&format!("part-{number:05}-")) && !name.ends_with(&etag) {
                        let _ = tokio::fs::remove_file(e.path()).await;
                    }
                }
            }
            _ => self.install(&temp, bucket, key).await?,
        }
        Ok(etag)
    }

    pub async fn complete_multipart(
        &self,
        bucket: Bucket,
        key: &Key,
        upload_id: &str,
        parts: &[Part],
    ) -> StorageResult<()> {
        let dir = self.open_upload(bucket, key, upload_id).await?;
        let ascending = parts.windows(2).all(|w| w[0].number < w[1].number);
        if parts.is_empty() || !ascending {
            return Err(StorageError::BadParts);
        }
        let temp = self.temp_path();
        let joined = async {
            let mut out = tokio::fs::File::create(&temp).await?;
            for part in parts {
                let etag = part.etag.trim_matches('"');
                if etag.len() != 32 || !etag.bytes().all(|b| b.is_ascii_hexdigit()) {
                    return Err(StorageError::BadParts);
                }
                let path = dir.join(format!(
                    "part-{:05}-{}",
                    part.number,
                    etag.to_ascii_lowercase()
                ));
                let mut file = match tokio::fs::File::open(&path).await {
                    Ok(f) => f,
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                        return Err(StorageError::BadParts);
                    }
                    Err(e) => return Err(StorageError::Backend(e.into())),
                };
                tokio::io::copy(&mut file, &mut out).await?;
            }
            out.sync_all().await?;
            Ok(())
        }
        .await;
        if let Err(e) = joined {
            let _ = tokio::fs::remove_file(&temp).await;
            return Err(e);
        }
        self.install(&temp, bucket, key).await?;
        tokio::fs::remove_dir_all(&dir).await?;
        Ok(())
    }

    pub async fn abort_multipart(
        &self,
        bucket: Bucket,
        key: &Key,
        upload_id: &str,
    ) -> StorageResult<()> {
        let dir = self.open_upload(bucket, key, upload_id).await?;
        tokio::fs::remove_dir_all(&dir).await?;
        Ok(())
    }

    pub async fn stale_uploads(&self, older_than: Duration) -> StorageResult<Vec<PendingUpload>> {
        let cutoff = now_ms() - older_than.as_millis() as i64;
        let mut out = Vec::new();
        let mut entries = tokio::fs::read_dir(self.root.join(UPLOADS_DIR)).await?;
        while let Some(entry) = entries.next_entry().await? {
            let upload_id = entry.file_name().to_string_lossy().into_owned();
            let Ok(bytes) = tokio::fs::read(entry.path().join("meta.json")).await else {
                continue;
            };
            let Ok(meta) = serde_json::from_slice::<UploadMeta>(&bytes) else {
                continue;
            };
            if meta.created_ms > cutoff {
                continue;
            }
            if let (Some(bucket), Ok(key)) = (Bucket::parse(&meta.bucket), Key::parse(&meta.key)) {
                out.push(PendingUpload {
                    bucket,
                    key,
                    upload_id,
                });
            }
        }
        Ok(out)
    }
}

/// Writes a body to `path`, at most `max_bytes` of it; returns the ETag.
async fn spool<S>(body: S, path: &Path, max_bytes: u64) -> Result<String, WriteError>
where
    S: Stream<Item = std::io::Result<Bytes>> + Send,
{
    let mut body = std::pin::pin!(body);
    let mut file =
        tokio::io::BufWriter::with_capacity(256 * 1024, tokio::fs::File::create(path).await?);
    let mut hasher = Sha256::new();
    let mut total = 0u64;
    while let Some(chunk) = body.next().await {
        let chunk = chunk?;
        total += chunk.len() as u64;
        if total > max_bytes {
            return Err(WriteError::TooLarge);
        }
        hasher.update(&chunk);
        file.write_all(&chunk).await?;
    }
    file.flush().await?;
    Ok(hex::encode(&hasher.finalize()[..16]))
}
