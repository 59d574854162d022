-- Production stages inside 'processing': each move is a row; an order's
-- current stage is its highest seq. (order_id, seq) is unique, so of two
-- admins moving the same order from the same stage at once, one wins and the
-- other is told to reload.
CREATE TABLE order_stage_changes (
    id         TEXT PRIMARY KEY,
    order_id   TEXT NOT NULL REFERENCES orders (id),
    seq        BIGINT NOT NULL,
    from_stage TEXT,
    to_stage   TEXT NOT NULL,
    changed_by TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (order_id, seq)
);
