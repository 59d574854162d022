-- A refund under way: written with the reservation of its amount (one
-- transaction) before the provider is asked, removed when the provider's
-- answer is recorded or the reservation given back. Its id is the provider's
-- idempotency key, so a start after a crash asks again with the same key and
-- records the one refund the provider made.
CREATE TABLE refund_attempts (
    id         TEXT PRIMARY KEY,
    order_id   TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    payment_id TEXT NOT NULL,
    amount     BIGINT NOT NULL CHECK (amount > 0),
    reason     TEXT NOT NULL,
    -- The notes sent to the provider (JSON): a retry must send the same body.
    notes      TEXT NOT NULL,
    created_by TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
