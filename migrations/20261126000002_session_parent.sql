-- The token a refresh token was issued in exchange for: a refresh whose answer
-- was lost is told from a stolen copy by whether that exchange's result was
-- ever used (`db::sessions::rotate`).
ALTER TABLE sessions ADD COLUMN parent_id TEXT;
CREATE INDEX sessions_parent ON sessions (parent_id);
