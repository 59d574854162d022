-- Group orders whose members pay for their own piece: each member's payment
-- is an order of its own (one line, their piece at the engine's share),
-- shipped with the group to the organiser's address.
ALTER TABLE group_orders ADD COLUMN ship_to TEXT;                           -- members: the address every member's order ships to (JSON)
ALTER TABLE group_order_rows ADD COLUMN order_id TEXT REFERENCES orders (id); -- members: the order paying for this row

-- Refunds the store owes, written in the transaction that decided them (a
-- paid row withdrawn or removed, a cancelled group's paid rows), so a server
-- that stops right after still makes them. A refund is claimed in the same
-- transaction that sets its money aside (refund_attempts), so it is made once
-- however many instances work through the list.
CREATE TABLE refunds_owed (
    id         TEXT PRIMARY KEY,
    order_id   TEXT NOT NULL REFERENCES orders (id),
    amount     BIGINT,                 -- paise; none: all the order has left to refund
    reason     TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    attempt_id TEXT,                   -- the refund attempt that claimed it
    done_at    BIGINT                  -- claimed, or nothing was left to refund
);
CREATE INDEX refunds_owed_due ON refunds_owed (done_at, created_at);
