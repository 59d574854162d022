-- Group orders: an organiser shares a link to a saved design; each member
-- adds their own row (a size, and a name and number where the design prints
-- them); closing turns the rows into one cart line, priced by the engine.
CREATE TABLE group_orders (
    id              TEXT PRIMARY KEY,
    token           TEXT NOT NULL UNIQUE,          -- 128 random bits in hex: the link /g/{token}
    organiser_id    TEXT NOT NULL REFERENCES users (id),
    product_id      TEXT NOT NULL REFERENCES products (id),
    design          TEXT NOT NULL,                 -- the design as the group opened: no quantities, no roster
    title           TEXT NOT NULL,
    deadline        BIGINT NOT NULL,               -- Unix ms: no row joins, changes or leaves after it
    payment         TEXT NOT NULL,                 -- organiser | members
    personalisation BIGINT NOT NULL DEFAULT 0,     -- 1: members add the name and number the design prints
    artwork_hash    TEXT NOT NULL,                 -- the design's artwork: the cart line and the order line carry it
    status          TEXT NOT NULL DEFAULT 'open',  -- open | closed (its line is in the organiser's cart) | placed | cancelled
    closed_at       BIGINT,
    order_id        TEXT REFERENCES orders (id),   -- the organiser's paid order holding the line (placed)
    minimum_mailed  BIGINT NOT NULL DEFAULT 0,     -- the organiser was told the minimum is reached
    deadline_mailed BIGINT NOT NULL DEFAULT 0,     -- the deadline's passing was dealt with (closed, or the organiser told)
    shipped_mailed  BIGINT NOT NULL DEFAULT 0,     -- everyone was told the order shipped
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL
);
CREATE INDEX group_orders_by_organiser ON group_orders (organiser_id, created_at);
CREATE INDEX group_orders_by_status ON group_orders (status, deadline);

-- One row per piece. A member holds one row; the organiser's top-up rows
-- (pieces nobody claimed) may be many.
CREATE TABLE group_order_rows (
    id         TEXT PRIMARY KEY,
    group_id   TEXT NOT NULL REFERENCES group_orders (id),
    user_id    TEXT NOT NULL REFERENCES users (id),
    top_up     BIGINT NOT NULL DEFAULT 0,
    size       TEXT NOT NULL,
    name       TEXT,
    number     TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX group_order_rows_one_per_member ON group_order_rows (group_id, user_id) WHERE top_up = 0;
CREATE INDEX group_order_rows_by_group ON group_order_rows (group_id, created_at);
