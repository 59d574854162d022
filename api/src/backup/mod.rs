//! Backups of a running store and their restore (`api backup`, `api
//! restore`, and the server's own with `BACKUP_DIR`): the database (SQLite's
//! consistent copy, PostgreSQL's `pg_dump`), the local storage's files, the
//! generated secrets, and a manifest of them all with their checksums.
//!
//! A backup's directory (0700, every file 0600):
//! `manifest.json`, `store.db` or `store.pgdump`, `files/{bucket}/{key}`,
//! `secrets/{name}`.

pub mod config;
mod database;
mod files;
pub mod manifest;
mod restore;
pub mod rotation;
mod take;

pub use restore::{Restored, restore};
pub use take::take;

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::storage::config::StorageConfig;

/// The storage's files under DATA_DIR, and in a backup.
const FILES_DIR: &str = "files";
/// The generated secrets, in a backup.
const SECRETS_DIR: &str = "secrets";

/// A store as its settings place it: the same `DATA_DIR`, `DATABASE_URL`
/// and `STORAGE` that `serve` reads.
#[derive(Debug, Clone)]
pub struct Site {
    pub data_dir: PathBuf,
    pub database_url: String,
    pub storage: StorageConfig,
}

impl Site {
    fn local_storage(&self) -> bool {
        matches!(self.storage, StorageConfig::Local)
    }
}

/// What a backup holds and how long it took.
#[derive(Debug)]
pub struct Summary {
    pub dir: PathBuf,
    pub manifest: manifest::Manifest,
    /// What the operator must do besides (the dump by hand, the buckets).
    pub notes: Vec<String>,
    pub took: Duration,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = &self.manifest;
        writeln!(
            f,
            "Backed up into {} in {:.1} s: {} files, {}",
            self.dir.display(),
            self.took.as_secs_f64(),
            m.files.len(),
            human_bytes(m.bytes())
        )?;
        describe(f, m)?;
        notes(f, &self.notes)
    }
}

impl fmt::Display for Restored {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = &self.manifest;
        writeln!(
            f,
            "Restored the backup of {} into {}: {} files, {}",
            m.created_at,
            self.data_dir.display(),
            m.files.len(),
            human_bytes(m.bytes())
        )?;
        describe(f, m)?;
        notes(f, &self.notes)
    }
}

/// The database, schema, counts and series of a manifest, a line each.
fn describe(f: &mut fmt::Formatter<'_>, m: &manifest::Manifest) -> fmt::Result {
    writeln!(
        f,
        "Database: {} (schema {}){}; files: {}",
        m.database,
        m.schema_version,
        m.database_file
            .as_deref()
            .map(|d| format!(" in {d}"))
            .unwrap_or_else(|| ", not in the backup".into()),
        m.storage
    )?;
    let counts: Vec<String> = m.counts.iter().map(|(k, v)| format!("{k} {v}")).collect();
    writeln!(f, "Counts: {}", counts.join(", "))?;
    if !m.series.is_empty() {
        let series: Vec<String> = m
            .series
            .iter()
            .map(|(k, v)| format!("{k} up to {v}"))
            .collect();
        writeln!(f, "Numbering: {}", series.join(", "))?;
    }
    Ok(())
}

fn notes(f: &mut fmt::Formatter<'_>, notes: &[String]) -> fmt::Result {
    notes.iter().try_for_each(|n| writeln!(f, "Note: {n}"))
}

fn human_bytes(n: u64) -> String {
    match n {
        n if n >= 1 << 30 => format!("{:.1} GB", n as f64 / (1u64 << 30) as f64),
        n if n >= 1 << 20 => format!("{:.1} MB", n as f64 / (1u64 << 20) as f64),
        n if n >= 1 << 10 => format!("{:.1} kB", n as f64 / 1024.0),
        n => format!("{n} bytes"),
    }
}

/// Whether `dir` holds a complete backup (its manifest is written last).
pub fn is_complete(dir: &Path) -> bool {
    dir.join(manifest::FILE_NAME).is_file()
}
