-- Saved designs: a shopper's own designs, kept until they delete them (or the
-- product is withdrawn), each with the thumbnail the engine drew from it and
-- an optional read-only share link.
CREATE TABLE saved_designs (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id  TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    -- The engine's design document (JSON), checked by the engine when stored.
    design      TEXT NOT NULL,
    -- Goes up by one with every change: a client's stale copy cannot overwrite a newer one.
    version     BIGINT NOT NULL DEFAULT 1,
    -- PNG. BYTEA is PostgreSQL's bytes; SQLite keeps a blob as it is under any type name.
    thumbnail   BYTEA NOT NULL,
    -- 128 random bits, hex; NULL when the design is not shared.
    share_token TEXT UNIQUE,
    -- While a move to the cart is under way (Unix ms it ends by): a second
    -- move of the same design waits it out instead of adding it twice.
    moving_until BIGINT,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);
CREATE INDEX saved_designs_user_created ON saved_designs (user_id, created_at, id);

-- A saved design keeps its pictures, as cart and order lines do.
CREATE TABLE saved_design_artwork (
    design_id TEXT NOT NULL REFERENCES saved_designs (id) ON DELETE CASCADE,
    sha256    TEXT NOT NULL REFERENCES artwork (sha256),
    PRIMARY KEY (design_id, sha256)
);
CREATE INDEX saved_design_artwork_sha ON saved_design_artwork (sha256);
