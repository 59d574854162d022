//! Files in and out of a backup: streamed copies that hash what they copy,
//! private directories and files (0700, 0600), and walking the storage's
//! buckets.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use anyhow::Context;
use sha2::{Digest, Sha256};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const CHUNK: usize = 64 * 1024;

/// Makes `dir` and its missing parents, the last one only this user's (0700).
pub fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)
}

/// Size and SHA-256 (hex) of what was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Digested {
    pub size: u64,
    pub sha256: String,
}

/// Copies `from` to a new file `to` (0600, parents made 0700) a chunk at a
/// time, hashing the bytes as they pass, and syncs it to disk.
pub async fn copy_hashed(from: &Path, to: &Path) -> std::io::Result<Digested> {
    let mut source = tokio::fs::File::open(from).await?;
    if let Some(parent) = to.parent() {
        create_private_dir(parent)?;
    }
    let mut options = tokio::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    options.mode(0o600);
    let mut target = options.open(to).await?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; CHUNK];
    let mut size = 0u64;
    loop {
        let n = source.read(&mut buf).await?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
        target.write_all(&buf[..n]).await?;
        size += n as u64;
    }
    target.flush().await?;
    target.sync_all().await?;
    Ok(Digested {
        size,
        sha256: hex::encode(hasher.finalize()),
    })
}

/// The size and SHA-256 of a file, read a chunk at a time.
pub async fn digest(path: &Path) -> std::io::Result<Digested> {
    let mut file = tokio::fs::File::open(path).await?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; CHUNK];
    let mut size = 0u64;
    loop {
        let n = file.read(&mut buf).await?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
        size += n as u64;
    }
    Ok(Digested {
        size,
        sha256: hex::encode(hasher.finalize()),
    })
}

/// A file found under a walked directory: its path relative to the root,
/// and its size and modification time (to see it change between passes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub relative: PathBuf,
    pub size: u64,
    pub modified: Option<SystemTime>,
}

/// Every regular file under `root` (none when it does not exist), sorted.
/// Symbolic links are left out: the storage never makes them.
pub fn walk(root: &Path) -> anyhow::Result<Vec<Found>> {
    let mut found = Vec::new();
    let mut dirs = vec![PathBuf::new()];
    while let Some(relative) = dirs.pop() {
        let entries = match std::fs::read_dir(root.join(&relative)) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => {
                return Err(e)
                    .with_context(|| format!("listing {}", root.join(&relative).display()));
            }
        };
        for entry in entries {
            let entry = entry?;
            let kind = entry.file_type()?;
            let path = relative.join(entry.file_name());
            if kind.is_dir() {
                dirs.push(path);
            } else if kind.is_file() {
                // A file deleted since the listing is simply not there.
                let Ok(meta) = entry.metadata() else { continue };
                found.push(Found {
                    relative: path,
                    size: meta.len(),
                    modified: meta.modified().ok(),
                });
            }
        }
    }
    found.sort_by(|a, b| a.relative.cmp(&b.relative));
    Ok(found)
}

/// A relative path as the manifest writes it: `/`-separated.
pub fn slashed(path: &Path) -> String {
    path.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// Whether a manifest's path stays inside the backup: plain names only.
pub fn is_plain_relative(path: &str) -> bool {
    !path.is_empty()
        && path
            .split('/')
            .all(|part| !part.is_empty() && part != "." && part != ".." && !part.contains('\\'))
}

/// Whether `dir` is missing or holds nothing.
pub fn is_empty_or_missing(dir: &Path) -> anyhow::Result<bool> {
    match std::fs::read_dir(dir) {
        Ok(mut entries) => Ok(entries.next().is_none()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(true),
        Err(e) => Err(e).with_context(|| format!("reading {}", dir.display())),
    }
}
