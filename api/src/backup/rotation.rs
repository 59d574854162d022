//! The server's own backups in `BACKUP_DIR`: one directory each, named after
//! its UTC start time, and only the newest `BACKUP_KEEP` complete ones kept.
//! Only directories named that way are ever deleted: anything else an
//! operator keeps there is left alone.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use anyhow::Context;

/// `2026-12-10T083000.123Z`: sorts by time; no `:`, which some file systems refuse.
const NAME_FORMAT: &str = "%Y-%m-%dT%H%M%S%.3fZ";

/// The name of a backup started at `at`.
pub fn dir_name(at: SystemTime) -> String {
    chrono::DateTime::<chrono::Utc>::from(at)
        .format(NAME_FORMAT)
        .to_string()
}

/// Whether a directory's name is one [`dir_name`] makes.
fn is_scheduled(name: &str) -> bool {
    chrono::NaiveDateTime::parse_from_str(name, NAME_FORMAT).is_ok()
}

/// Deletes the scheduled backups in `dir` beyond the newest `keep` complete
/// ones, and the incomplete ones older than the newest complete one (a crash
/// or a failure left them; a newer one may still be being written). Returns
/// what it deleted.
pub fn prune(dir: &Path, keep: usize) -> anyhow::Result<Vec<PathBuf>> {
    let mut ours: Vec<(String, bool)> = Vec::new();
    for entry in std::fs::read_dir(dir).with_context(|| format!("listing {}", dir.display()))? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.file_type()?.is_dir() && is_scheduled(&name) {
            ours.push((name, super::is_complete(&entry.path())));
        }
    }
    // Newest first: the names sort by time.
    ours.sort_by(|a, b| b.0.cmp(&a.0));
    let newest_complete = ours
        .iter()
        .find(|(_, complete)| *complete)
        .map(|(n, _)| n.clone());
    let mut complete_seen = 0;
    let mut removed = Vec::new();
    for (name, complete) in ours {
        let doomed = if complete {
            complete_seen += 1;
            complete_seen > keep
        } else {
            newest_complete
                .as_ref()
                .is_some_and(|newest| &name < newest)
        };
        if doomed {
            let path = dir.join(&name);
            std::fs::remove_dir_all(&path)
                .with_context(|| format!("deleting the old backup {}", path.display()))?;
            removed.push(path);
        }
    }
    Ok(removed)
}
