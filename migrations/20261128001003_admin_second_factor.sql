-- Admins' second factor (`auth::second_factor`): a TOTP secret (RFC 6238) per
-- admin, one-time recovery codes, and the short-lived challenge a sign-in
-- hands out instead of a session until the second factor is passed.
CREATE TABLE totp_factors (
    user_id      TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    -- AES-256-GCM under a key derived from CODE_SECRET: hex of nonce and ciphertext.
    secret       TEXT NOT NULL,
    -- NULL while the enrolment waits for its first code.
    confirmed_at BIGINT,
    -- The newest time step accepted: each code works once (RFC 6238, 5.2).
    last_step    BIGINT NOT NULL DEFAULT 0,
    created_at   BIGINT NOT NULL
);

CREATE TABLE recovery_codes (
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- HMAC-SHA256 under CODE_SECRET.
    code_hash  TEXT NOT NULL,
    used_at    BIGINT,
    PRIMARY KEY (user_id, code_hash)
);

CREATE TABLE second_factor_challenges (
    -- SHA-256 of the challenge handed to the client.
    token_hash  TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at  BIGINT NOT NULL,
    consumed_at BIGINT,
    created_at  BIGINT NOT NULL
);
CREATE INDEX second_factor_challenges_user ON second_factor_challenges (user_id);

-- Whether the session family passed a second factor: an admin's session
-- without one is refused at refresh while second factors are required.
ALTER TABLE sessions ADD COLUMN second_factor BIGINT NOT NULL DEFAULT 0;
