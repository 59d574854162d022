-- The server's own backups (`BACKUP_DIR`, `core::backups`): one row per
-- period of `BACKUP_EVERY_HOURS`, keyed by the period's start (Unix ms),
-- claimed by the instance that takes that period's backup, so several
-- instances on one database take it once. `error` is set when it failed;
-- `told_admins` (0/1) marks the failure the admins were e-mailed about, so
-- they hear once until a backup succeeds again.
CREATE TABLE backup_runs (
    slot_start  BIGINT PRIMARY KEY,
    started_at  BIGINT NOT NULL,
    finished_at BIGINT,
    directory   TEXT,
    error       TEXT,
    told_admins BIGINT NOT NULL DEFAULT 0
);
