-- When the session family was signed in to, kept by every token of the family
-- as it rotates: a session ends `SESSION_MAX_DAYS` after sign-in however often
-- it is refreshed. Families already open count from their first token.
ALTER TABLE sessions ADD COLUMN signed_in_at BIGINT NOT NULL DEFAULT 0;
UPDATE sessions SET signed_in_at = (
    SELECT MIN(f.created_at) FROM sessions f WHERE f.family_id = sessions.family_id
);
