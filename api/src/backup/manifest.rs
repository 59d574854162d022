//! `manifest.json`: what a backup holds, written last (a directory without
//! one is not a backup), and checked before anything is restored.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Context;
use serde::{Deserialize, Serialize};

use super::files::{self, Digested};

/// The manifest's format; a restore refuses any other.
pub const FORMAT: u32 = 1;
pub const FILE_NAME: &str = "manifest.json";

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Manifest {
    pub format: u32,
    /// When the database was copied: UTC, RFC 3339.
    pub created_at: String,
    /// The release of `api` that made it.
    pub app_version: String,
    /// `sqlite` or `postgres`.
    pub database: String,
    /// The newest migration applied to the copied database.
    pub schema_version: i64,
    /// The database's copy among `files` (`store.db`, `store.pgdump`); none
    /// when PostgreSQL's `pg_dump` was not at hand.
    pub database_file: Option<String>,
    /// `local` (the files are here) or `s3` (the buckets hold them).
    pub storage: String,
    /// Rows of the main tables, as copied.
    pub counts: BTreeMap<String, i64>,
    /// The last number of each numbering series (invoices, credit notes, tickets).
    pub series: BTreeMap<String, i64>,
    pub files: Vec<FileEntry>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct FileEntry {
    /// Relative to the backup, `/`-separated.
    pub path: String,
    pub size: u64,
    pub sha256: String,
}

impl FileEntry {
    pub fn new(path: String, digested: Digested) -> FileEntry {
        FileEntry {
            path,
            size: digested.size,
            sha256: digested.sha256,
        }
    }
}

impl Manifest {
    pub fn bytes(&self) -> u64 {
        self.files.iter().map(|f| f.size).sum()
    }

    /// Writes the manifest into `dir` (0600) through a temporary file
    /// renamed into place: it appears whole or not at all.
    pub async fn write(&self, dir: &Path) -> anyhow::Result<()> {
        let temp = dir.join(".manifest.json.tmp");
        let mut options = tokio::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        options.mode(0o600);
        let mut file = options.open(&temp).await?;
        let json = serde_json::to_vec_pretty(self)?;
        tokio::io::AsyncWriteExt::write_all(&mut file, &json).await?;
        file.sync_all().await?;
        tokio::fs::rename(&temp, dir.join(FILE_NAME)).await?;
        // The rename itself reaches the disk with the directory.
        tokio::fs::File::open(dir).await?.sync_all().await?;
        Ok(())
    }

    /// The manifest of the backup in `dir`, of a format this release reads.
    pub fn read(dir: &Path) -> anyhow::Result<Manifest> {
        let path = dir.join(FILE_NAME);
        let text = match std::fs::read(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => anyhow::bail!(
                "{} is not a complete backup: it has no {FILE_NAME} (a backup writes it last)",
                dir.display()
            ),
            Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
        };
        let manifest: Manifest = serde_json::from_slice(&text)
            .with_context(|| format!("{} is not a backup's manifest", path.display()))?;
        anyhow::ensure!(
            manifest.format == FORMAT,
            "{} is of format {}; this release reads format {FORMAT}",
            path.display(),
            manifest.format
        );
        Ok(manifest)
    }

    /// Every file's size and checksum against the manifest: the list of
    /// what differs, empty when the backup is whole.
    pub async fn verify(&self, dir: &Path) -> anyhow::Result<Vec<String>> {
        let mut wrong = Vec::new();
        for file in &self.files {
            anyhow::ensure!(
                files::is_plain_relative(&file.path),
                "the manifest names a file outside the backup: {:?}",
                file.path
            );
            let path = dir.join(&file.path);
            match files::digest(&path).await {
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    wrong.push(format!("{}: missing", file.path));
                }
                Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
                Ok(d) if d.size != file.size => wrong.push(format!(
                    "{}: {} bytes, the manifest says {}",
                    file.path, d.size, file.size
                )),
                Ok(d) if d.sha256 != file.sha256 => {
                    wrong.push(format!("{}: its checksum differs", file.path));
                }
                Ok(_) => {}
            }
        }
        Ok(wrong)
    }
}
