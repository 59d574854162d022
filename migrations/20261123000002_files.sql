-- Files. Admin uploads (3D models, colour images) get a row when the server
-- issues their key; a product that references the file claims it, and a file
-- no product claims is removed a day after it was issued.
CREATE TABLE stored_files (
    bucket     TEXT NOT NULL,
    file_key   TEXT NOT NULL,
    product_id TEXT,
    -- 1 once the bytes were checked to be what the name says (GLB, PNG).
    checked    BIGINT NOT NULL DEFAULT 0 CHECK (checked IN (0, 1)),
    size       BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (bucket, file_key)
);
CREATE INDEX stored_files_product ON stored_files (product_id);
CREATE INDEX stored_files_unclaimed ON stored_files (created_at) WHERE product_id IS NULL;

-- Shoppers' artwork, content-addressed by the SHA-256 of its bytes, with what
-- the engine read from it. `touched_at` moves on every upload of the same bytes.
CREATE TABLE artwork (
    sha256     TEXT PRIMARY KEY,
    mime       TEXT NOT NULL,
    bytes      BIGINT NOT NULL,
    width      BIGINT NOT NULL,
    height     BIGINT NOT NULL,
    touched_at BIGINT NOT NULL
);
CREATE INDEX artwork_touched ON artwork (touched_at);

-- Who sent those bytes (and so may use and read them).
CREATE TABLE artwork_holders (
    sha256  TEXT NOT NULL REFERENCES artwork (sha256) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (sha256, user_id)
);

-- What keeps artwork: cart lines and order lines. No cascade from artwork, so
-- artwork an order uses cannot be removed while the order exists.
CREATE TABLE cart_item_artwork (
    cart_item_id TEXT NOT NULL REFERENCES cart_items (id) ON DELETE CASCADE,
    sha256       TEXT NOT NULL REFERENCES artwork (sha256),
    PRIMARY KEY (cart_item_id, sha256)
);
CREATE INDEX cart_item_artwork_sha ON cart_item_artwork (sha256);
CREATE TABLE order_item_artwork (
    order_item_id TEXT NOT NULL REFERENCES order_items (id) ON DELETE CASCADE,
    sha256        TEXT NOT NULL REFERENCES artwork (sha256),
    PRIMARY KEY (order_item_id, sha256)
);
CREATE INDEX order_item_artwork_sha ON order_item_artwork (sha256);
