-- Rate limits and failure budgets kept in the database, so that several API
-- processes on one PostgreSQL database enforce one budget (SQLite runs one
-- process and keeps them in memory; the table stays empty there). One row per
-- door and key: the key is a SHA-256 (no address or e-mail at rest), `tat` is
-- the GCRA's theoretical arrival time in milliseconds since the epoch.
CREATE TABLE rate_limits (
    door TEXT NOT NULL,
    key TEXT NOT NULL,
    tat BIGINT NOT NULL,
    PRIMARY KEY (door, key)
);
CREATE INDEX rate_limits_tat ON rate_limits (tat);
