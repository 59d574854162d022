-- Proof approval before production.
--
-- `orders.proof_state`: NULL until the order is paid; the paying script sets
-- 'waiting' (or 'approved' with PROOF_REQUIRED=off, recorded as the system's
-- approval in order_events); the customer's approval of the latest proof
-- sets 'approved'. The admin's status change reads it to keep an order out
-- of production until then.
ALTER TABLE orders ADD COLUMN proof_state TEXT;
-- Orders paid before proofs existed were accepted as they were: approved.
UPDATE orders SET proof_state = 'approved' WHERE is_paid = 1;

-- Each version of an order's proof, numbered from 1. `pdf` is the drawn (or
-- uploaded) document as sent; `state` is 'sent', 'approved' or
-- 'changes_requested' (with the customer's `comment`). A newer version
-- supersedes the older ones: only the latest can be approved.
CREATE TABLE order_proofs (
    id          TEXT PRIMARY KEY,
    order_id    TEXT NOT NULL REFERENCES orders (id),
    version     BIGINT NOT NULL,
    source      TEXT NOT NULL,
    state       TEXT NOT NULL,
    note        TEXT,
    comment     TEXT,
    created_by  TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    decided_at  BIGINT,
    pdf         BYTEA NOT NULL,
    UNIQUE (order_id, version)
);

-- What happened to an order besides its status changes (order_status_changes):
-- proofs sent, approved or sent back, and production overrides, with who,
-- when, which proof version and the note or reason.
CREATE TABLE order_events (
    id          TEXT PRIMARY KEY,
    order_id    TEXT NOT NULL REFERENCES orders (id),
    kind        TEXT NOT NULL,
    version     BIGINT,
    actor       TEXT NOT NULL,
    note        TEXT,
    created_at  BIGINT NOT NULL
);
CREATE INDEX order_events_order ON order_events (order_id, created_at);
