//! The server's own backups (`BACKUP_DIR`, `BACKUP_EVERY_HOURS`,
//! `BACKUP_KEEP`): time is cut into periods of `BACKUP_EVERY_HOURS` from
//! the Unix epoch; every minute each instance looks whether the current
//! period has its backup, and the first to claim the period in the database
//! takes it (several instances on one PostgreSQL take it once). Then the
//! oldest beyond `BACKUP_KEEP` go. A failure is logged and e-mailed to the
//! admins, once until a backup succeeds again.

use std::path::PathBuf;
use std::time::{Duration, SystemTime};

use crate::backup::config::BackupSchedule;
use crate::backup::{self, Site, rotation};
use crate::core::messages::backups as messages;
use crate::db::{self, backup_runs, tickets};
use crate::state::AppState;

/// How often an instance looks.
const LOOK_EVERY: Duration = Duration::from_secs(60);

pub async fn run(state: AppState) {
    let Some(schedule) = state.config.backups.clone() else {
        return;
    };
    let every = schedule.every.as_millis() as i64;
    loop {
        tokio::time::sleep(LOOK_EVERY).await;
        let slot_start = db::now_ms() / every * every;
        if let Err(e) = take_in_slot(&state, &schedule, slot_start).await {
            tracing::warn!(error = ?e, "could not claim or record a scheduled backup");
        }
    }
}

/// What became of a period's backup.
#[derive(Debug, PartialEq, Eq)]
pub enum Scheduled {
    /// Another instance, or an earlier look, claimed the period.
    Skipped,
    /// Taken into this directory.
    Taken(PathBuf),
    /// It failed; whether the admins were e-mailed (once until a success).
    Failed { error: String, told_admins: bool },
}

/// Takes the backup of the period starting at `slot_start` (Unix ms) into a
/// new directory under the schedule's, unless the period is claimed already.
pub async fn take_in_slot(
    state: &AppState,
    schedule: &BackupSchedule,
    slot_start: i64,
) -> anyhow::Result<Scheduled> {
    if !backup_runs::claim(&state.db, slot_start, db::now_ms()).await? {
        return Ok(Scheduled::Skipped);
    }
    let site = Site {
        data_dir: state.config.data_dir.clone(),
        database_url: state.config.database_url.clone(),
        storage: state.config.storage.clone(),
    };
    let dir = schedule.dir.join(rotation::dir_name(SystemTime::now()));
    match backup::take(&state.db, &site, &dir).await {
        Ok(summary) => {
            let directory = dir.display().to_string();
            backup_runs::succeeded(&state.db, slot_start, &directory, db::now_ms()).await?;
            tracing::info!(
                dir = %directory,
                files = summary.manifest.files.len(),
                bytes = summary.manifest.bytes(),
                took_ms = summary.took.as_millis() as u64,
                "backup taken"
            );
            for note in &summary.notes {
                tracing::info!(dir = %directory, "{note}");
            }
            match rotation::prune(&schedule.dir, schedule.keep) {
                Ok(removed) if !removed.is_empty() => {
                    tracing::info!(
                        removed = removed.len(),
                        keep = schedule.keep,
                        "old backups deleted"
                    );
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(error = ?e, "could not delete old backups"),
            }
            Ok(Scheduled::Taken(dir))
        }
        Err(e) => {
            let error = format!("{e:#}");
            tracing::error!(dir = %dir.display(), error = %error, "backup failed");
            let letter = messages::backup_failed(&schedule.dir.display().to_string(), &error);
            let letters = tickets::admin_emails(&state.db)
                .await?
                .into_iter()
                .map(|admin| letter.clone().email_to(admin))
                .collect();
            let told_admins =
                backup_runs::failed(&state.db, slot_start, &error, db::now_ms(), letters).await?;
            Ok(Scheduled::Failed { error, told_admins })
        }
    }
}
