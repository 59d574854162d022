//! What the server's own backups tell the admins: a failure, once until a
//! backup succeeds again.

use super::Letter;

/// To the admins when a scheduled backup failed: where, why, and what to do.
pub fn backup_failed(backup_dir: &str, error: &str) -> Letter {
    Letter {
        subject: "The store's backup failed".to_string(),
        body: format!(
            "The scheduled backup into {backup_dir} (BACKUP_DIR) failed:\n\n{error}\n\n\
             The store keeps serving, and tries again at the next period (BACKUP_EVERY_HOURS). \
             Until a backup succeeds, the last complete one is the newest: check the disk's free \
             space and permissions, or take one by hand with `api backup --to DIR`. Look for \
             'backup failed' in the log. You are told once until a backup succeeds again."
        ),
    }
}
