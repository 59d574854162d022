//! Where the store's files live: `STORAGE`, and S3's settings.

use anyhow::Context;

use crate::env::{env_or, flag};

/// Where the store's files live.
#[derive(Clone, Debug)]
pub enum StorageConfig {
    /// `STORAGE=local` (default): under `DATA_DIR/files`, served by the API.
    Local,
    /// `STORAGE=s3`.
    S3(S3Config),
}

#[derive(Clone, Debug)]
pub struct S3Config {
    /// `S3_ENDPOINT`: an S3-compatible server's URL; AWS when unset.
    pub endpoint: Option<String>,
    /// `S3_FORCE_PATH_STYLE` (default off): `endpoint/bucket/key` URLs, which most S3-compatible servers need.
    pub force_path_style: bool,
    /// `S3_BUCKET_MODELS`, `S3_BUCKET_IMAGES`, `S3_BUCKET_ARTWORK`.
    pub buckets: [String; 3],
}

impl StorageConfig {
    pub fn from_env() -> anyhow::Result<StorageConfig> {
        match env_or("STORAGE", "local").to_ascii_lowercase().as_str() {
            "local" => Ok(StorageConfig::Local),
            "s3" => {
                let bucket = |name: &str| -> anyhow::Result<String> {
                    std::env::var(name)
                        .ok()
                        .map(|s| s.trim().to_string())
                        .filter(|s| !s.is_empty())
                        .with_context(|| format!("STORAGE=s3 needs {name}"))
                };
                Ok(StorageConfig::S3(S3Config {
                    endpoint: Some(env_or("S3_ENDPOINT", ""))
                        .filter(|e| !e.is_empty())
                        .map(|e| e.trim_end_matches('/').to_string()),
                    force_path_style: flag("S3_FORCE_PATH_STYLE", false)?,
                    buckets: [
                        bucket("S3_BUCKET_MODELS")?,
                        bucket("S3_BUCKET_IMAGES")?,
                        bucket("S3_BUCKET_ARTWORK")?,
                    ],
                }))
            }
            other => anyhow::bail!("STORAGE must be local or s3, not {other}"),
        }
    }
}
