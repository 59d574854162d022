-- Quotes with a negotiated price (issue 52): the store prices a large order
-- for a customer (an e-mail address) before they buy. A quote is numbered in
-- its own series per financial year (`QT/26-27/000001`), counted like the
-- complaints desk's tickets: the creating transaction bumps its counter.
CREATE TABLE quote_series (
    series      TEXT PRIMARY KEY,
    last_number BIGINT NOT NULL
);

-- A quote: for whom (`customer_email`, lower case: the quote belongs to the
-- address, so an account that signs up with it later sees it), what
-- (`product_id`, `color`, `quantities` as the engine's JSON map, `design` the
-- engine's document or NULL for plain garments), at what (`unit_price` the
-- held price per piece, at or below `list_unit_price`, the engine's tier price
-- when it was made; `line` the engine's priced line then, JSON), until when
-- (`valid_until`, Unix ms), with the admin's `note`. `accepted_at` is set
-- once, by a conditional UPDATE, when the customer takes it into their cart.
CREATE TABLE quotes (
    id              TEXT PRIMARY KEY,
    series          TEXT NOT NULL,
    seq             BIGINT NOT NULL,
    customer_email  TEXT NOT NULL,
    product_id      TEXT NOT NULL REFERENCES products (id),
    product_name    TEXT NOT NULL,
    color           TEXT NOT NULL,
    quantities      TEXT NOT NULL,
    design          TEXT,
    unit_price      BIGINT NOT NULL,
    list_unit_price BIGINT NOT NULL,
    line            TEXT NOT NULL,
    valid_until     BIGINT NOT NULL,
    note            TEXT NOT NULL,
    created_by      TEXT REFERENCES users (id),
    created_at      BIGINT NOT NULL,
    accepted_at     BIGINT,
    accepted_by     TEXT REFERENCES users (id),
    UNIQUE (series, seq)
);
CREATE INDEX quotes_email ON quotes (customer_email, created_at);
CREATE INDEX quotes_created ON quotes (created_at);

-- A cart line taken from a quote holds its price for that line only.
ALTER TABLE cart_items ADD COLUMN quote_id TEXT REFERENCES quotes (id);
ALTER TABLE cart_items ADD COLUMN held_unit_price BIGINT;
-- An order line placed from a quote records it.
ALTER TABLE order_items ADD COLUMN quote_id TEXT REFERENCES quotes (id);
