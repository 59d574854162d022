-- The complaints desk (Consumer Protection (E-Commerce) Rules, 2020): every
-- complaint is a ticket with a number the consumer tracks, acknowledged
-- within 48 hours and resolved within a month (`core::support`).
--
-- Numbers come from a series per financial year (`series`, e.g. 'GRV/26-27'),
-- counted as tax documents count theirs (`document_series`): the filing
-- transaction bumps the series' counter with an upsert, which holds the row's
-- lock until it commits, so concurrent filings get consecutive numbers and a
-- filing that fails gives its number back. A table of its own, so that no
-- document prefix setting can ever share a counter with it.
CREATE TABLE ticket_series (
    series      TEXT PRIMARY KEY,
    last_number BIGINT NOT NULL
);

-- A ticket: who filed it (`user_id` when signed in), about what, and where it
-- stands. `email` is lower case. `acknowledge_by` and `resolve_by` are the
-- promised deadlines, fixed at filing (48 hours, 30 days). `claim_id` is set
-- when a misprint or damage claim made the ticket (the claims' migration
-- refers to this table). `assignee_id` is the admin handling it.
CREATE TABLE support_tickets (
    id              TEXT PRIMARY KEY,
    series          TEXT NOT NULL,
    seq             BIGINT NOT NULL,
    user_id         TEXT REFERENCES users (id),
    name            TEXT NOT NULL,
    email           TEXT NOT NULL,
    phone           TEXT,
    category        TEXT NOT NULL CHECK (category IN
                    ('order', 'delivery', 'payment', 'product', 'account', 'other')),
    subject         TEXT NOT NULL,
    order_id        TEXT REFERENCES orders (id),
    claim_id        TEXT,
    status          TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'acknowledged', 'resolved')),
    created_at      BIGINT NOT NULL,
    acknowledge_by  BIGINT NOT NULL,
    resolve_by      BIGINT NOT NULL,
    acknowledged_at BIGINT,
    resolved_at     BIGINT,
    resolution      TEXT,
    assignee_id     TEXT REFERENCES users (id),
    UNIQUE (series, seq)
);
CREATE INDEX support_tickets_created ON support_tickets (created_at);
CREATE INDEX support_tickets_status ON support_tickets (status, created_at);
CREATE INDEX support_tickets_user ON support_tickets (user_id);
CREATE INDEX support_tickets_email ON support_tickets (email);

-- A ticket's thread: the complaint itself first, then replies from the
-- customer ('customer') and the store ('staff', `author_id` the admin).
CREATE TABLE support_ticket_messages (
    id          TEXT PRIMARY KEY,
    ticket_id   TEXT NOT NULL REFERENCES support_tickets (id),
    author      TEXT NOT NULL CHECK (author IN ('customer', 'staff')),
    author_id   TEXT REFERENCES users (id),
    author_name TEXT NOT NULL,
    body        TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);
CREATE INDEX support_ticket_messages_ticket ON support_ticket_messages (ticket_id, created_at);

-- The grievance officer's daily list of overdue tickets: one row per India
-- calendar day (days since 1970-01-01 in UTC+05:30) on which it was sent,
-- claimed by the instance that sends it, so several instances send it once.
CREATE TABLE support_digest_days (
    day     BIGINT PRIMARY KEY,
    sent_at BIGINT NOT NULL,
    tickets BIGINT NOT NULL
);
