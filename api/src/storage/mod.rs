//! The store's files: 3D models, colour images and shoppers' artwork, in three
//! buckets, behind one interface with two backends chosen by `STORAGE`:
//! `local` (default: a directory under DATA_DIR, with upload URLs the API signs
//! and serves itself) and `s3` (AWS or any S3-compatible server, presigned
//! URLs and real multipart uploads). Callers cannot tell them apart.
//!
//! Keys are always made by the server ([`Key::generate`], [`Key::artwork`]);
//! [`Key::parse`] refuses anything that could leave its bucket, so a key read
//! back from a client or the database is checked again before use.

pub mod check;
pub mod config;
pub mod keys;
pub mod local;
pub mod s3;
pub mod signing;

use std::path::PathBuf;
use std::pin::Pin;
use std::time::Duration;

use crate::env::Secret;
use bytes::Bytes;
use config::StorageConfig;
use futures_util::Stream;

/// Files (models, pictures) sent by PUT to an upload URL: at most 100 MB
/// each, streamed to storage, never held in memory.
pub const MAX_FILE_BYTES: u64 = 100 * 1024 * 1024;
/// The specification's message for a file over the limit.
pub const FILE_TOO_LARGE: &str =
    "File too large. Please reduce file size and try again. Maximum file size is 100MB.";

pub use keys::{Bucket, Key};

/// How long an upload URL stays valid.
pub const UPLOAD_URL_TTL: Duration = Duration::from_secs(60 * 60);
/// An unfinished multipart upload older than this is aborted and removed.
pub const STALE_UPLOAD_AGE: Duration = Duration::from_secs(24 * 60 * 60);

/// A file's bytes as they arrive, never all in memory at once.
pub type ByteStream = Pin<Box<dyn Stream<Item = std::io::Result<Bytes>> + Send>>;

#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("no such file")]
    NotFound,
    #[error("invalid file key")]
    InvalidKey,
    #[error("no such upload")]
    NoSuchUpload,
    #[error("the listed parts do not match the uploaded ones")]
    BadParts,
    #[error("storage backend: {0:#}")]
    Backend(#[from] anyhow::Error),
}

impl From<std::io::Error> for StorageError {
    fn from(e: std::io::Error) -> StorageError {
        if e.kind() == std::io::ErrorKind::NotFound {
            StorageError::NotFound
        } else {
            StorageError::Backend(e.into())
        }
    }
}

pub type StorageResult<T> = Result<T, StorageError>;

/// What to store: bytes already in memory (artwork, at most 5 MB) or a file
/// the server spooled to disk (a form upload), streamed from there.
pub enum Source {
    Bytes(Bytes),
    File(PathBuf),
}

/// One part of a multipart upload as the client lists it on complete.
#[derive(Debug, Clone)]
pub struct Part {
    pub number: u32,
    pub etag: String,
}

/// A multipart upload that was started and never completed or aborted.
#[derive(Debug, Clone)]
pub struct PendingUpload {
    pub bucket: Bucket,
    pub key: Key,
    pub upload_id: String,
}

/// The configured backend.
pub enum Storage {
    Local(local::LocalStorage),
    S3(s3::S3Storage),
}

macro_rules! dispatch {
    ($self:ident, $s:ident => $call:expr) => {
        match $self {
            Storage::Local($s) => $call,
            Storage::S3($s) => $call,
        }
    };
}

impl Storage {
    /// The backend `STORAGE` names: local files under DATA_DIR/files (upload
    /// URLs signed with a key derived from JWT_SECRET), or S3 (buckets checked now).
    pub async fn open(
        config: &StorageConfig,
        data_dir: &std::path::Path,
        signing_key: &Secret,
    ) -> anyhow::Result<Storage> {
        Ok(match config {
            StorageConfig::Local => Storage::Local(
                local::LocalStorage::open(data_dir.join("files"), signing_key.expose().as_bytes())
                    .await?,
            ),
            StorageConfig::S3(s3) => Storage::S3(s3::S3Storage::connect(s3).await?),
        })
    }

    /// Short name for logs and health: `local` or `s3`.
    pub fn kind(&self) -> &'static str {
        match self {
            Storage::Local(_) => "local",
            Storage::S3(_) => "s3",
        }
    }

    /// Local files can be written, or S3's buckets answer (readiness).
    pub async fn ready(&self) -> anyhow::Result<()> {
        match self {
            Storage::Local(s) => s.writable().await,
            Storage::S3(s) => s.reachable().await,
        }
    }

    /// Stores a whole file under `key` (replacing any file there).
    pub async fn put(
        &self,
        bucket: Bucket,
        key: &Key,
        content_type: &str,
        source: Source,
    ) -> StorageResult<()> {
        dispatch!(self, s => s.put(bucket, key, content_type, source).await)
    }

    /// The file's size and its bytes as a stream.
    pub async fn get(&self, bucket: Bucket, key: &Key) -> StorageResult<(u64, ByteStream)> {
        dispatch!(self, s => s.get(bucket, key).await)
    }

    /// The first `max` bytes of a file (for checking a header), and its size.
    pub async fn read_prefix(
        &self,
        bucket: Bucket,
        key: &Key,
        max: usize,
    ) -> StorageResult<(u64, Vec<u8>)> {
        use futures_util::StreamExt;
        let (size, mut stream) = self.get(bucket, key).await?;
        let mut out = Vec::with_capacity(max.min(size as usize));
        while out.len() < max {
            match stream.next().await {
                Some(chunk) => {
                    let chunk = chunk.map_err(|e| StorageError::Backend(e.into()))?;
                    let take = (max - out.len()).min(chunk.len());
                    out.extend_from_slice(&chunk[..take]);
                }
                None => break,
            }
        }
        Ok((size, out))
    }

    /// The file's size, or None when there is no such file.
    pub async fn size(&self, bucket: Bucket, key: &Key) -> StorageResult<Option<u64>> {
        dispatch!(self, s => s.size(bucket, key).await)
    }

    /// Removes the file; removing a missing file is not an error.
    pub async fn delete(&self, bucket: Bucket, key: &Key) -> StorageResult<()> {
        dispatch!(self, s => s.delete(bucket, key).await)
    }

    /// A URL that accepts one `PUT` of the file's bytes with `content_type`.
    pub async fn presign_put(
        &self,
        bucket: Bucket,
        key: &Key,
        content_type: &str,
    ) -> StorageResult<String> {
        dispatch!(self, s => s.presign_put(bucket, key, content_type).await)
    }

    /// Starts a multipart upload; returns its id.
    pub async fn create_multipart(
        &self,
        bucket: Bucket,
        key: &Key,
        content_type: &str,
    ) -> StorageResult<String> {
        dispatch!(self, s => s.create_multipart(bucket, key, content_type).await)
    }

    /// A URL that accepts one `PUT` of part `number` (1..=10000); its answer carries an `ETag`.
    pub async fn presign_part(
        &self,
        bucket: Bucket,
        key: &Key,
        upload_id: &str,
        number: u32,
    ) -> StorageResult<String> {
        dispatch!(self, s => s.presign_part(bucket, key, upload_id, number).await)
    }

    /// Joins the listed parts, in order, into the file.
    pub async fn complete_multipart(
        &self,
        bucket: Bucket,
        key: &Key,
        upload_id: &str,
        parts: &[Part],
    ) -> StorageResult<()> {
        dispatch!(self, s => s.complete_multipart(bucket, key, upload_id, parts).await)
    }

    /// Drops an unfinished upload and its parts.
    pub async fn abort_multipart(
        &self,
        bucket: Bucket,
        key: &Key,
        upload_id: &str,
    ) -> StorageResult<()> {
        dispatch!(self, s => s.abort_multipart(bucket, key, upload_id).await)
    }

    /// Multipart uploads started more than `older_than` ago and still open.
    pub async fn stale_uploads(&self, older_than: Duration) -> StorageResult<Vec<PendingUpload>> {
        dispatch!(self, s => s.stale_uploads(older_than).await)
    }
}
