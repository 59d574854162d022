//! The server's own backups: `BACKUP_DIR`, `BACKUP_EVERY_HOURS`, `BACKUP_KEEP`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context;

use super::files::create_private_dir;
use crate::env::env_or;

/// Where and how often the server backs itself up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackupSchedule {
    /// `BACKUP_DIR`: each backup goes into a new `<UTC time>/` directory here.
    pub dir: PathBuf,
    /// `BACKUP_EVERY_HOURS` (1 to 720): one backup per this many hours,
    /// whichever instance claims the period first.
    pub every: Duration,
    /// `BACKUP_KEEP` (default 7, 1 to 1000): complete backups kept; older ones
    /// this feature made are deleted after each new one.
    pub keep: usize,
}

impl BackupSchedule {
    /// None unless both `BACKUP_DIR` and `BACKUP_EVERY_HOURS` are set; the
    /// directory is made (0700) now, so an unwritable one stops the start,
    /// as does PostgreSQL without `pg_dump`.
    pub fn from_env(data_dir: &Path, database_url: &str) -> anyhow::Result<Option<BackupSchedule>> {
        let dir = env_or("BACKUP_DIR", "");
        let hours = env_or("BACKUP_EVERY_HOURS", "");
        let keep = env_or("BACKUP_KEEP", "7");
        match (dir.is_empty(), hours.is_empty()) {
            (true, true) => return Ok(None),
            (false, true) => anyhow::bail!(
                "BACKUP_DIR is set but BACKUP_EVERY_HOURS is not: set both to turn scheduled backups on"
            ),
            (true, false) => anyhow::bail!(
                "BACKUP_EVERY_HOURS is set but BACKUP_DIR is not: set both to turn scheduled backups on"
            ),
            (false, false) => {}
        }
        let hours: u64 = match hours.parse() {
            Ok(h) if (1..=720).contains(&h) => h,
            _ => anyhow::bail!(
                "BACKUP_EVERY_HOURS must be a whole number of hours from 1 to 720, not {hours:?}"
            ),
        };
        let keep: usize = match keep.parse() {
            Ok(k) if (1..=1000).contains(&k) => k,
            _ => anyhow::bail!("BACKUP_KEEP must be a whole number from 1 to 1000, not {keep:?}"),
        };
        let dir = PathBuf::from(dir);
        // A restore empties what it restores into: backups must live elsewhere.
        anyhow::ensure!(
            !same_or_inside(&dir, data_dir),
            "BACKUP_DIR ({}) must be outside DATA_DIR ({}), ideally on another disk",
            dir.display(),
            data_dir.display()
        );
        // A backup without its database would be no backup at all.
        anyhow::ensure!(
            crate::db::is_sqlite(database_url) || super::database::on_path("pg_dump"),
            "BACKUP_DIR with PostgreSQL needs pg_dump on the PATH (PostgreSQL's client tools, \
             of the server's major version or newer)"
        );
        create_private_dir(&dir).with_context(|| format!("making BACKUP_DIR {}", dir.display()))?;
        Ok(Some(BackupSchedule {
            dir,
            every: Duration::from_secs(hours * 3600),
            keep,
        }))
    }
}

/// Whether `dir` is `root` or lies under it (compared as absolute paths).
fn same_or_inside(dir: &Path, root: &Path) -> bool {
    let absolute = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    absolute(dir).starts_with(absolute(root))
}
