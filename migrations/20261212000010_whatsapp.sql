-- WhatsApp updates (docs/whatsapp.md). A customer's consent names the number
-- it was given for and when; opting out (STOP, or the profile) clears it.
ALTER TABLE users ADD COLUMN whatsapp_phone TEXT;
ALTER TABLE users ADD COLUMN whatsapp_consent_at BIGINT;
ALTER TABLE users ADD COLUMN whatsapp_opted_out_at BIGINT;
CREATE INDEX users_whatsapp_phone ON users (whatsapp_phone);

-- One update per subject (an order, a group order, a claim) and event: the
-- UNIQUE key is claimed by the INSERT, so retries and other instances add
-- nothing. `state` moves: 'whatsapp' (to send) -> 'sms' (WhatsApp failed;
-- due 10 minutes later) -> 'email' (SMS failed or unavailable) -> 'done'
-- or 'dropped' (consent withdrawn). `due_at` also holds messages over the
-- quiet hours. `variables` are the template's values (never a secret: the
-- proof link's token is derived again when sent).
CREATE TABLE notifications (
    id            TEXT PRIMARY KEY,
    subject_id    TEXT NOT NULL,
    event         TEXT NOT NULL,
    user_id       TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    variables     TEXT NOT NULL,
    state         TEXT NOT NULL,
    due_at        BIGINT NOT NULL,
    claimed_until BIGINT,
    sent_via      TEXT,
    last_error    TEXT,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL,
    UNIQUE (subject_id, event)
);
CREATE INDEX notifications_due ON notifications (state, due_at);

-- Messages sent to a number per India day (the per-number daily cap).
CREATE TABLE notification_caps (
    phone TEXT NOT NULL,
    day   BIGINT NOT NULL,
    sent  BIGINT NOT NULL,
    PRIMARY KEY (phone, day)
);

-- A proof's link opened without signing in: only its SHA-256 is kept; single
-- use (used_at), valid until expires_at.
CREATE TABLE proof_links (
    id         TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    order_id   TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    version    BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at    BIGINT,
    created_at BIGINT NOT NULL
);

-- The dev outbox also keeps WhatsApp messages (channel 'whatsapp'): the
-- table is rebuilt with the wider CHECK (SQLite cannot alter a constraint).
CREATE TABLE outbox_new (
    id            TEXT PRIMARY KEY,
    channel       TEXT NOT NULL CHECK (channel IN ('email', 'sms', 'whatsapp')),
    recipient     TEXT NOT NULL,
    subject       TEXT NOT NULL,
    body          TEXT NOT NULL,
    created_at    BIGINT NOT NULL,
    delivered_at  BIGINT,
    claimed_until BIGINT,
    attachment    TEXT
);
INSERT INTO outbox_new (id, channel, recipient, subject, body, created_at, delivered_at, claimed_until, attachment)
    SELECT id, channel, recipient, subject, body, created_at, delivered_at, claimed_until, attachment FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_recipient ON outbox (recipient, created_at);
CREATE INDEX outbox_undelivered ON outbox (delivered_at, created_at);
