//! Taking a backup while the store serves.
//!
//! Files are copied first, then the database is snapshotted, then the files
//! are walked again for what appeared (or changed) in between: everything
//! the snapshot refers to is then in the copy, since files are written before
//! the rows that name them and the sweeper deletes only files unused for a
//! day. The manifest goes last, so a half-made backup is never taken for one.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime};

use anyhow::Context;

use super::database::{self, Contents, PG_DUMP_FILE, SQLITE_FILE};
use super::files::{self, Found, copy_hashed, create_private_dir, is_empty_or_missing, slashed};
use super::manifest::{FORMAT, FileEntry, Manifest};
use super::{FILES_DIR, SECRETS_DIR, Site, Summary};
use crate::db::Db;
use crate::env::secret_files;
use crate::storage::Bucket;

/// Backs the store of `site` (served through `db`) up into `to`, which must
/// be empty or missing. A failure removes what it wrote.
pub async fn take(db: &Db, site: &Site, to: &Path) -> anyhow::Result<Summary> {
    anyhow::ensure!(
        is_empty_or_missing(to)?,
        "{} is not empty: a backup goes into a new or empty directory",
        to.display()
    );
    let made = !to.exists();
    create_private_dir(to).with_context(|| format!("making {}", to.display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(to, std::fs::Permissions::from_mode(0o700))?;
    }
    let started = Instant::now();
    match write(db, site, to).await {
        Ok((manifest, notes)) => Ok(Summary {
            dir: to.to_path_buf(),
            manifest,
            notes,
            took: started.elapsed(),
        }),
        Err(e) => {
            let cleaned = if made {
                std::fs::remove_dir_all(to)
            } else {
                clear(to)
            };
            if let Err(c) = cleaned {
                tracing::warn!(error = %c, dir = %to.display(), "could not remove a failed backup");
            }
            Err(e)
        }
    }
}

async fn write(db: &Db, site: &Site, to: &Path) -> anyhow::Result<(Manifest, Vec<String>)> {
    let mut notes = Vec::new();
    let mut copied = Copied::default();
    if site.local_storage() {
        copied.pass(&site.data_dir, to).await?;
    } else {
        notes.push(
            "Files: STORAGE=s3, the buckets hold the store's files (not copied here): \
             keep them versioned or replicated."
                .to_string(),
        );
    }
    let sqlite = crate::db::is_sqlite(&site.database_url);
    let (contents, database_file) = if sqlite {
        let file = to.join(SQLITE_FILE);
        database::sqlite_snapshot(db, &file).await?;
        let mut copy = database::open_copy(&file).await?;
        let contents = database::contents(&mut copy, true).await;
        sqlx::Connection::close(copy).await?;
        (contents?, Some(SQLITE_FILE))
    } else {
        postgres(db, site, to, &mut notes).await?
    };
    let copied_at = SystemTime::now();
    if site.local_storage() {
        copied.pass(&site.data_dir, to).await?;
    }
    let mut entries = copied.entries;
    if let Some(name) = database_file {
        let digested = files::digest(&to.join(name)).await?;
        entries.push(FileEntry::new(name.to_string(), digested));
    }
    for name in secret_files::ALL {
        let from = site.data_dir.join(name);
        if from.is_file() {
            let digested = copy_hashed(&from, &to.join(SECRETS_DIR).join(name)).await?;
            entries.push(FileEntry::new(format!("{SECRETS_DIR}/{name}"), digested));
        }
    }
    entries.sort_by(|a, b| a.path.cmp(&b.path));
    let manifest = Manifest {
        format: FORMAT,
        created_at: chrono::DateTime::<chrono::Utc>::from(copied_at)
            .to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        app_version: env!("CARGO_PKG_VERSION").to_string(),
        database: database::kind(&site.database_url).to_string(),
        schema_version: contents.schema_version,
        database_file: database_file.map(str::to_string),
        storage: if site.local_storage() { "local" } else { "s3" }.to_string(),
        counts: contents.counts,
        series: contents.series,
        files: entries,
    };
    manifest.write(to).await?;
    Ok((manifest, notes))
}

/// PostgreSQL: `pg_dump` of a snapshot exported from a repeatable-read
/// transaction, and the counts read in that same snapshot; without `pg_dump`
/// the counts of the live database and how to take the dump.
async fn postgres(
    db: &Db,
    site: &Site,
    to: &Path,
    notes: &mut Vec<String>,
) -> anyhow::Result<(Contents, Option<&'static str>)> {
    let mut tx = db.begin().await?;
    sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        .execute(&mut *tx)
        .await?;
    let dumped = if database::on_path("pg_dump") {
        let snapshot: String = sqlx::query_scalar("SELECT pg_export_snapshot()")
            .fetch_one(&mut *tx)
            .await?;
        database::pg_dump(&site.database_url, &snapshot, &to.join(PG_DUMP_FILE)).await?;
        Some(PG_DUMP_FILE)
    } else {
        notes.push(database::pg_dump_hint(to));
        None
    };
    let contents = database::contents(&mut tx, false).await?;
    tx.commit().await?;
    Ok((contents, dumped))
}

/// The storage's files copied so far, by path in the backup.
#[derive(Default)]
struct Copied {
    seen: HashMap<String, Found>,
    entries: Vec<FileEntry>,
}

impl Copied {
    /// Copies every file of the buckets not yet copied as it is now (new, or
    /// changed since the last pass). Multipart parts and temporary files are
    /// not the store's files: they stay behind.
    async fn pass(&mut self, data_dir: &Path, to: &Path) -> anyhow::Result<()> {
        for bucket in Bucket::ALL {
            let root: PathBuf = data_dir.join(FILES_DIR).join(bucket.as_str());
            for found in files::walk(&root)? {
                let path = format!("{FILES_DIR}/{bucket}/{}", slashed(&found.relative));
                if self.seen.get(&path) == Some(&found) {
                    continue;
                }
                let target = to.join(&path);
                if self.seen.remove(&path).is_some() {
                    // Replaced under its key since the first pass: the newer one.
                    self.entries.retain(|e| e.path != path);
                    std::fs::remove_file(&target)?;
                }
                match copy_hashed(&root.join(&found.relative), &target).await {
                    Ok(digested) => self.entries.push(FileEntry::new(path.clone(), digested)),
                    // Deleted since the listing (the sweeper): not the store's any more.
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                    Err(e) => return Err(e).with_context(|| format!("copying {path}")),
                }
                self.seen.insert(path, found);
            }
        }
        Ok(())
    }
}

/// Removes everything in `dir`, keeping it.
fn clear(dir: &Path) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        if entry.file_type()?.is_dir() {
            std::fs::remove_dir_all(entry.path())?;
        } else {
            std::fs::remove_file(entry.path())?;
        }
    }
    Ok(())
}
