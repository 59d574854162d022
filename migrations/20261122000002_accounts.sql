-- Accounts: users, sessions (refresh-token families), one-time codes, the
-- message outbox and addresses.
CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    email         TEXT NOT NULL UNIQUE,          -- lower case
    phone         TEXT UNIQUE,                   -- 10 digits
    password_hash TEXT,                          -- argon2id PHC string; NULL for code-only accounts
    role          TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
    is_verified   BIGINT NOT NULL DEFAULT 0,
    preferences   TEXT NOT NULL DEFAULT '{}',
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL
);

-- Each refresh token is a row; a login starts a family, each refresh adds a
-- row to it and marks the old one used. Presenting a used token revokes the family.
CREATE TABLE sessions (
    id          TEXT PRIMARY KEY,
    family_id   TEXT NOT NULL,
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash  TEXT NOT NULL UNIQUE,            -- SHA-256 of the refresh token
    expires_at  BIGINT NOT NULL,
    used_at     BIGINT,
    revoked_at  BIGINT,
    created_at  BIGINT NOT NULL
);
CREATE INDEX sessions_family ON sessions (family_id);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE one_time_codes (
    id          TEXT PRIMARY KEY,
    channel     TEXT NOT NULL CHECK (channel IN ('email', 'phone')),
    address     TEXT NOT NULL,
    client      TEXT NOT NULL,                   -- who asked (IP), for rate limiting
    code_hash   TEXT NOT NULL,
    attempts    BIGINT NOT NULL DEFAULT 0,
    expires_at  BIGINT NOT NULL,
    consumed_at BIGINT,
    created_at  BIGINT NOT NULL
);
CREATE INDEX one_time_codes_address ON one_time_codes (channel, address, created_at);
CREATE INDEX one_time_codes_client ON one_time_codes (client, created_at);

-- Single-use tokens sent by e-mail: verify the address, reset the password.
CREATE TABLE email_tokens (
    token_hash  TEXT PRIMARY KEY,
    purpose     TEXT NOT NULL CHECK (purpose IN ('verify', 'reset')),
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at  BIGINT NOT NULL,
    consumed_at BIGINT,
    created_at  BIGINT NOT NULL
);

CREATE TABLE outbox (
    id         TEXT PRIMARY KEY,
    channel    TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
    recipient  TEXT NOT NULL,
    subject    TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX outbox_recipient ON outbox (recipient, created_at);

CREATE TABLE addresses (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    type        TEXT NOT NULL DEFAULT 'home' CHECK (type IN ('home', 'work', 'other')),
    street      TEXT NOT NULL,
    city        TEXT NOT NULL,
    state       TEXT NOT NULL,
    zip_code    TEXT NOT NULL,
    country     TEXT NOT NULL DEFAULT 'India',
    phone       TEXT NOT NULL DEFAULT '',
    is_default  BIGINT NOT NULL DEFAULT 0,
    created_at  BIGINT NOT NULL
);
CREATE INDEX addresses_user ON addresses (user_id);
