//! Restoring a backup into an empty `DATA_DIR` (and database): everything is
//! checked first (the manifest, every file's size and checksum, the schema
//! version, the targets), so a refused restore writes nothing.

use std::path::{Path, PathBuf};

use anyhow::Context;

use super::database::{self, PG_DUMP_FILE, SQLITE_FILE};
use super::files::{copy_hashed, create_private_dir, is_empty_or_missing};
use super::manifest::{FileEntry, Manifest};
use super::{FILES_DIR, SECRETS_DIR, Site};
use crate::env::secret_files;
use crate::storage::Bucket;

/// What a restore did.
#[derive(Debug)]
pub struct Restored {
    pub manifest: Manifest,
    pub data_dir: PathBuf,
    pub notes: Vec<String>,
}

/// Where one file of the backup goes.
enum Destination {
    /// The SQLite database or PostgreSQL's dump.
    Database,
    /// A file under `DATA_DIR`.
    Data(PathBuf),
}

/// Restores the backup in `from` into `site`; `force` lets it replace a
/// non-empty `DATA_DIR`'s files and secrets and a database that has tables.
pub async fn restore(site: &Site, from: &Path, force: bool) -> anyhow::Result<Restored> {
    let manifest = Manifest::read(from)?;
    let mut notes = Vec::new();
    check_schema(manifest.schema_version, &mut notes)?;
    let kind = database::kind(&site.database_url);
    anyhow::ensure!(
        manifest.database == kind,
        "this backup holds a {} database, and DATABASE_URL names a {kind} one",
        manifest.database
    );
    if let Some(file) = &manifest.database_file {
        anyhow::ensure!(
            manifest.files.iter().any(|f| &f.path == file),
            "the manifest names {file} as the database but lists no such file"
        );
    }
    let destinations = manifest
        .files
        .iter()
        .map(|f| destination(&manifest, f, &site.data_dir).map(|d| (f, d)))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let wrong = manifest.verify(from).await?;
    if !wrong.is_empty() {
        anyhow::bail!(
            "the backup in {} is damaged; nothing was restored:\n  {}",
            from.display(),
            wrong.join("\n  ")
        );
    }
    anyhow::ensure!(
        force || is_empty_or_missing(&site.data_dir)?,
        "DATA_DIR {} is not empty: restore into an empty one, or add --force to replace its files, \
         secrets and database with the backup's",
        site.data_dir.display()
    );

    let database = DatabaseRestore::plan(site, &manifest, from, force, &mut notes).await?;
    create_private_dir(&site.data_dir)
        .with_context(|| format!("making DATA_DIR {}", site.data_dir.display()))?;
    if force {
        clear_store_files(&site.data_dir)?;
    }
    database.run(site, from).await?;
    for (file, destination) in &destinations {
        if let Destination::Data(to) = destination {
            let copied = copy_hashed(&from.join(&file.path), to)
                .await
                .with_context(|| format!("restoring {}", file.path))?;
            anyhow::ensure!(
                copied.sha256 == file.sha256,
                "{} changed while it was restored",
                file.path
            );
        }
    }
    for name in [secret_files::JWT, secret_files::CODE] {
        if !site.data_dir.join(name).is_file() {
            notes.push(format!(
                "The backup holds no {name} file: the store it came from had its secret in the \
                 environment ({}); set the same value here, or sign-ins and links made before will not work.",
                name.to_ascii_uppercase().replace('-', "_")
            ));
        }
    }
    if manifest.storage == "s3" {
        notes.push(
            "The backup was made with STORAGE=s3: the files are in its buckets; \
             point S3_BUCKET_* at them."
                .to_string(),
        );
    } else if !site.local_storage() {
        notes.push(format!(
            "The backup's files were restored under {}/{FILES_DIR}, but this store's STORAGE is s3: \
             copy them into the buckets (one folder per bucket).",
            site.data_dir.display()
        ));
    }
    Ok(Restored {
        manifest,
        data_dir: site.data_dir.clone(),
        notes,
    })
}

/// Refuses a schema newer than this release's migrations or unknown to them.
fn check_schema(version: i64, notes: &mut Vec<String>) -> anyhow::Result<()> {
    let known: Vec<i64> = crate::db::MIGRATOR.iter().map(|m| m.version).collect();
    let latest = known.iter().copied().max().unwrap_or_default();
    anyhow::ensure!(
        version <= latest,
        "this backup's schema ({version}) is newer than this release's ({latest}): \
         restore it with the release that made it, or a newer one"
    );
    anyhow::ensure!(
        known.contains(&version),
        "this backup's schema ({version}) is not one of this release's migrations: \
         restore it with the release that made it"
    );
    if version < latest {
        notes.push(format!(
            "The backup's schema ({version}) is older than this release's ({latest}): \
             the store migrates it forward when it starts."
        ));
    }
    Ok(())
}

/// Where a manifest's file goes, refusing any path a backup does not make.
fn destination(
    manifest: &Manifest,
    file: &FileEntry,
    data_dir: &Path,
) -> anyhow::Result<Destination> {
    let path = file.path.as_str();
    if manifest.database_file.as_deref() == Some(path) {
        return Ok(Destination::Database);
    }
    if let Some(name) = path.strip_prefix(&format!("{SECRETS_DIR}/"))
        && secret_files::ALL.contains(&name)
    {
        return Ok(Destination::Data(data_dir.join(name)));
    }
    if let Some(rest) = path.strip_prefix(&format!("{FILES_DIR}/"))
        && let Some((bucket, key)) = rest.split_once('/')
        && Bucket::parse(bucket).is_some()
        && super::files::is_plain_relative(key)
    {
        return Ok(Destination::Data(
            data_dir.join(FILES_DIR).join(bucket).join(key),
        ));
    }
    anyhow::bail!("the manifest names {path:?}, which no backup makes: is this a store's backup?")
}

/// With `--force`: the buckets' files and the secret files go before the
/// backup's are written (others in DATA_DIR are left alone).
fn clear_store_files(data_dir: &Path) -> anyhow::Result<()> {
    let ignore_missing = |r: std::io::Result<()>| match r {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    };
    for bucket in Bucket::ALL {
        ignore_missing(std::fs::remove_dir_all(
            data_dir.join(FILES_DIR).join(bucket.as_str()),
        ))?;
    }
    for name in secret_files::ALL {
        ignore_missing(std::fs::remove_file(data_dir.join(name)))?;
    }
    Ok(())
}

/// What restoring the database will do, decided (and refused) before
/// anything is written.
enum DatabaseRestore {
    /// Copy `store.db` over this file.
    Sqlite(PathBuf),
    /// `pg_restore` the dump, dropping what it holds first when `clean`.
    Postgres { clean: bool },
    /// Nothing to restore here (a note says what to do).
    Skip,
}

impl DatabaseRestore {
    async fn plan(
        site: &Site,
        manifest: &Manifest,
        from: &Path,
        force: bool,
        notes: &mut Vec<String>,
    ) -> anyhow::Result<DatabaseRestore> {
        match manifest.database_file.as_deref() {
            Some(SQLITE_FILE) => {
                let target = database::sqlite_file(&site.database_url)?;
                let used = std::fs::metadata(&target).is_ok_and(|m| m.len() > 0);
                anyhow::ensure!(
                    force || !used,
                    "the database file {} exists: restore into a new one, or add --force to replace it",
                    target.display()
                );
                Ok(DatabaseRestore::Sqlite(target))
            }
            Some(PG_DUMP_FILE) if database::on_path("pg_restore") => {
                let db = crate::db::connect(&site.database_url, Some(1)).await?;
                let tables = database::pg_tables(&db).await;
                db.close().await;
                let tables = tables?;
                anyhow::ensure!(
                    force || tables == 0,
                    "the database of DATABASE_URL ({}) has {tables} tables: restore into a new, empty \
                     database, or add --force to replace what the backup holds",
                    crate::db::redact(&site.database_url)
                );
                Ok(DatabaseRestore::Postgres { clean: tables > 0 })
            }
            Some(PG_DUMP_FILE) => {
                notes.push(database::pg_restore_hint(&from.join(PG_DUMP_FILE)));
                Ok(DatabaseRestore::Skip)
            }
            Some(other) => {
                anyhow::bail!("the manifest's database file {other:?} is not one a backup makes")
            }
            None => {
                notes.push(
                    "This backup holds no database (pg_dump was not at hand when it was taken): \
                     restore the dump taken beside it with pg_restore."
                        .to_string(),
                );
                Ok(DatabaseRestore::Skip)
            }
        }
    }

    async fn run(self, site: &Site, from: &Path) -> anyhow::Result<()> {
        match self {
            DatabaseRestore::Sqlite(target) => {
                if let Some(parent) = target.parent().filter(|p| !p.as_os_str().is_empty()) {
                    create_private_dir(parent)?;
                }
                let mut temp = target.clone().into_os_string();
                temp.push(".restoring");
                let temp = PathBuf::from(temp);
                let _ = std::fs::remove_file(&temp);
                copy_hashed(&from.join(SQLITE_FILE), &temp).await?;
                // A log left beside the old file would be replayed into the new one.
                for suffix in ["-wal", "-shm", "-journal"] {
                    let mut side = target.clone().into_os_string();
                    side.push(suffix);
                    match std::fs::remove_file(PathBuf::from(side)) {
                        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e.into()),
                        _ => {}
                    }
                }
                std::fs::rename(&temp, &target)
                    .with_context(|| format!("moving the database to {}", target.display()))?;
                Ok(())
            }
            DatabaseRestore::Postgres { clean } => {
                database::pg_restore(&site.database_url, &from.join(PG_DUMP_FILE), clean).await
            }
            DatabaseRestore::Skip => Ok(()),
        }
    }
}
