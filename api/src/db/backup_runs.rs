//! The server's own backups, one row per period (`backup_runs`): claimed by
//! one instance, finished with its outcome, and the admins told of a failure
//! once until a backup succeeds again.

use super::{Db, DbError, begin_write, outbox};

/// Claims the period starting at `slot_start` (Unix ms); false when another
/// instance, or an earlier pass, has it.
pub async fn claim(db: &Db, slot_start: i64, now: i64) -> Result<bool, DbError> {
    let claimed = sqlx::query(
        "INSERT INTO backup_runs (slot_start, started_at) VALUES ($1, $2) \
         ON CONFLICT (slot_start) DO NOTHING",
    )
    .bind(slot_start)
    .bind(now)
    .execute(db)
    .await?;
    Ok(claimed.rows_affected() == 1)
}

/// Records the period's backup as taken into `directory`.
pub async fn succeeded(db: &Db, slot_start: i64, directory: &str, now: i64) -> Result<(), DbError> {
    sqlx::query("UPDATE backup_runs SET finished_at = $2, directory = $3 WHERE slot_start = $1")
        .bind(slot_start)
        .bind(now)
        .bind(directory)
        .execute(db)
        .await?;
    Ok(())
}

/// Records the period's backup as failed with `error`, and queues `letters`
/// (to the admins) unless they were told of a failure since the last backup
/// that succeeded; whether they were queued.
pub async fn failed(
    db: &Db,
    slot_start: i64,
    error: &str,
    now: i64,
    letters: Vec<outbox::Outgoing>,
) -> Result<bool, DbError> {
    let mut tx = begin_write(db).await?;
    let told_since_success: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM backup_runs WHERE told_admins = 1 AND slot_start > \
         COALESCE((SELECT MAX(slot_start) FROM backup_runs \
                   WHERE finished_at IS NOT NULL AND error IS NULL), -1)",
    )
    .fetch_one(&mut *tx)
    .await?;
    let tell = told_since_success == 0;
    sqlx::query(
        "UPDATE backup_runs SET finished_at = $2, error = $3, told_admins = $4 WHERE slot_start = $1",
    )
    .bind(slot_start)
    .bind(now)
    .bind(error)
    .bind(i64::from(tell))
    .execute(&mut *tx)
    .await?;
    if tell {
        for m in &letters {
            outbox::put(&mut tx, m.channel, &m.to, &m.subject, &m.body).await?;
        }
    }
    tx.commit().await?;
    Ok(tell)
}
