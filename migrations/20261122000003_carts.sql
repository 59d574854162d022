-- Carts: one per user; each line is one design (artwork) of one product in one
-- colour, priced by the engine on the server.
CREATE TABLE cart_items (
    id           TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id   TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    color        TEXT NOT NULL,
    artwork_hash TEXT NOT NULL,
    design       TEXT NOT NULL,                 -- the engine's design document (JSON)
    unit_price   BIGINT NOT NULL,
    quantity     BIGINT NOT NULL,
    design_fee   BIGINT NOT NULL,
    line_total   BIGINT NOT NULL,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL,
    UNIQUE (user_id, artwork_hash)
);
CREATE INDEX cart_items_user ON cart_items (user_id);
