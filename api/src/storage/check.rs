//! Is an uploaded file what its name says? A `.glb` must be binary glTF 2.0
//! (header, a JSON chunk that parses with `asset.version` 2.x, an optional
//! BIN chunk, lengths that add up to the file's size); a `.png` must decode
//! whole, row by row (never all pixels in memory), within a pixel limit.

use std::io::BufReader;
use std::path::Path;

use futures_util::StreamExt;
use tokio::io::AsyncWriteExt;

use super::MAX_FILE_BYTES;
use super::{Bucket, Key, Storage, StorageError};
use crate::cpu_queue::CpuQueue;

/// A colour image of at most 64 megapixels (8000 × 8000).
pub const MAX_PNG_PIXELS: u64 = 64_000_000;
/// glTF JSON larger than this is not a garment model.
const MAX_GLTF_JSON: u64 = 32 << 20;

#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    #[error("no such file")]
    Missing,
    #[error("too large")]
    TooLarge,
    /// The file is not what it says; the message says why, for the admin.
    #[error("{0}")]
    Invalid(String),
    #[error(transparent)]
    Storage(#[from] StorageError),
    /// The heavy-work queue is full (503 with Retry-After) or failed: the
    /// file was not judged, and stays.
    #[error("the heavy-work queue: {0:?}")]
    Queue(crate::error::Failure),
}

impl From<std::io::Error> for CheckError {
    fn from(e: std::io::Error) -> CheckError {
        CheckError::Storage(e.into())
    }
}

/// Checks a stored file by its extension; returns its size.
pub async fn check(
    storage: &Storage,
    work: &CpuQueue,
    bucket: Bucket,
    key: &Key,
    tmp_dir: &Path,
) -> Result<u64, CheckError> {
    let size = storage
        .size(bucket, key)
        .await?
        .ok_or(CheckError::Missing)?;
    if size > MAX_FILE_BYTES {
        return Err(CheckError::TooLarge);
    }
    match key.extension() {
        Some("glb") => check_glb(storage, bucket, key, size).await?,
        Some("png") => check_png(storage, work, bucket, key, tmp_dir).await?,
        _ => {
            return Err(CheckError::Invalid(
                "Only .glb models and .png images can be uploaded".into(),
            ));
        }
    }
    Ok(size)
}

fn invalid_glb(why: &str) -> CheckError {
    CheckError::Invalid(format!(
        "The file is not a valid GLB model (binary glTF 2.0): {why}"
    ))
}

fn u32_at(b: &[u8], at: usize) -> u64 {
    u64::from(u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]]))
}

async fn check_glb(
    storage: &Storage,
    bucket: Bucket,
    key: &Key,
    size: u64,
) -> Result<(), CheckError> {
    let (_, head) = storage.read_prefix(bucket, key, 20).await?;
    if head.len() < 20 || &head[0..4] != b"glTF" {
        return Err(invalid_glb("it does not start with the glTF header"));
    }
    if u32_at(&head, 4) != 2 {
        return Err(invalid_glb("only glTF version 2 is supported"));
    }
    if u32_at(&head, 8) != size {
        return Err(invalid_glb(
            "its length field does not match the file's size",
        ));
    }
    let json_len = u32_at(&head, 12);
    if &head[16..20] != b"JSON" || json_len > MAX_GLTF_JSON || 20 + json_len > size {
        return Err(invalid_glb("the first chunk must be its JSON"));
    }
    // The JSON chunk and, when more follows, the next chunk's header.
    let want = (20 + json_len + 8).min(size) as usize;
    let (_, bytes) = storage.read_prefix(bucket, key, want).await?;
    let json = &bytes[20..20 + json_len as usize];
    let doc: serde_json::Value =
        serde_json::from_slice(json).map_err(|_| invalid_glb("its JSON chunk does not parse"))?;
    let version = doc
        .pointer("/asset/version")
        .and_then(|v| v.as_str())
        .unwrap_or("");
    if !version.starts_with("2.") {
        return Err(invalid_glb("its asset.version is not 2.x"));
    }
    let rest = size - 20 - json_len;
    if rest > 0 {
        if rest < 8 || bytes.len() < want || &bytes[want - 4..want] != b"BIN\0" {
            return Err(invalid_glb(
                "what follows the JSON chunk is not a BIN chunk",
            ));
        }
        if 8 + u32_at(&bytes, want - 8) != rest {
            return Err(invalid_glb(
                "its BIN chunk's length does not match the file's size",
            ));
        }
    }
    Ok(())
}

async fn check_png(
    storage: &Storage,
    work: &CpuQueue,
    bucket: Bucket,
    key: &Key,
    tmp_dir: &Path,
) -> Result<(), CheckError> {
    // The decoder needs a seekable file: copy the stream to a temporary one.
    tokio::fs::create_dir_all(tmp_dir).await?;
    let path = tmp_dir.join(format!("check-{:032x}.png", rand::random::<u128>()));
    let copied = async {
        let (_, mut stream) = storage.get(bucket, key).await?;
        let mut file = tokio::fs::File::create(&path).await?;
        while let Some(chunk) = stream.next().await {
            file.write_all(&chunk?).await?;
        }
        file.flush().await?;
        Ok::<_, CheckError>(())
    }
    .await;
    let decoded = match copied {
        Ok(()) => {
            let p = path.clone();
            // Decoding is CPU work: it waits its turn with the rest (rows
            // only, within the png crate's 64 MiB limit).
            work.run_holding(PNG_DECODE_BYTES, move || decode_png(&p))
                .await
                .map_err(CheckError::Queue)?
        }
        Err(e) => Err(e),
    };
    let _ = tokio::fs::remove_file(&path).await;
    decoded
}

/// The most a PNG check holds: the decoder's limit.
const PNG_DECODE_BYTES: u64 = 64 << 20;

fn decode_png(path: &Path) -> Result<(), CheckError> {
    let invalid =
        |why: &str| CheckError::Invalid(format!("The file is not a valid PNG image: {why}"));
    let file = std::fs::File::open(path)?;
    // Per-row buffers and metadata, not the whole image.
    let limits = png::Limits {
        bytes: PNG_DECODE_BYTES as usize,
    };
    let decoder = png::Decoder::new_with_limits(BufReader::new(file), limits);
    let mut reader = decoder
        .read_info()
        .map_err(|_| invalid("its header does not decode"))?;
    let (w, h) = (reader.info().width, reader.info().height);
    if u64::from(w) * u64::from(h) > MAX_PNG_PIXELS {
        return Err(invalid(&format!(
            "{w} × {h} pixels is more than {MAX_PNG_PIXELS}"
        )));
    }
    while reader
        .next_row()
        .map_err(|_| invalid("its pixel data does not decode"))?
        .is_some()
    {}
    Ok(())
}
