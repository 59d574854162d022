-- Orders, their lines and payment events. Same conventions as the other
-- migrations: text ids, paise in BIGINT, Unix-millisecond times, 0/1 flags,
-- JSON as text.
CREATE TABLE orders (
    id                TEXT PRIMARY KEY,
    user_id           TEXT NOT NULL REFERENCES users (id),
    order_number      TEXT NOT NULL UNIQUE,          -- LT-YYYYMMDD-XXXXXX, quoted by customers
    status            TEXT NOT NULL DEFAULT 'pending' CHECK (status IN
                      ('pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded')),
    is_paid           BIGINT NOT NULL DEFAULT 0 CHECK (is_paid IN (0, 1)),
    paid_at           BIGINT,
    receipt           TEXT NOT NULL,                 -- the client's idempotency key
    provider          TEXT NOT NULL,                 -- test or razorpay
    provider_order_id TEXT UNIQUE,                   -- set after the provider's order exists
    payment_id        TEXT,
    payment_method    TEXT NOT NULL DEFAULT 'card',
    currency          TEXT NOT NULL DEFAULT 'INR',
    items_count       BIGINT NOT NULL,
    items_price       BIGINT NOT NULL,               -- the engine's subtotal
    shipping_price    BIGINT NOT NULL DEFAULT 0,
    tax_price         BIGINT NOT NULL,               -- the 2.5% payment gateway charge
    discount_amount   BIGINT NOT NULL DEFAULT 0,
    total_price       BIGINT NOT NULL CHECK (total_price > 0),
    refunded_amount   BIGINT NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0 AND refunded_amount <= total_price),
    shipping_address  TEXT NOT NULL,                 -- JSON
    billing_address   TEXT NOT NULL,                 -- JSON
    notes             TEXT NOT NULL DEFAULT '{}',    -- JSON, as the client sent them
    cancel_reason     TEXT,
    tracking_number   TEXT,
    created_at        BIGINT NOT NULL,
    updated_at        BIGINT NOT NULL,
    UNIQUE (user_id, receipt)
);
CREATE INDEX orders_user ON orders (user_id, created_at);
CREATE INDEX orders_status ON orders (status, created_at);

-- A snapshot of each cart line at checkout: the design and its price stay as
-- ordered whatever happens to the product later (so no foreign key to it).
CREATE TABLE order_items (
    id           TEXT PRIMARY KEY,
    order_id     TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    position     BIGINT NOT NULL,
    product_id   TEXT NOT NULL,
    name         TEXT NOT NULL,
    color        TEXT NOT NULL,
    artwork_hash TEXT NOT NULL,
    design       TEXT NOT NULL,                      -- the engine's design document (JSON)
    sizes        TEXT NOT NULL,                      -- {s, m, l, xl, xxl} (JSON)
    unit_price   BIGINT NOT NULL,
    quantity     BIGINT NOT NULL,
    elements     BIGINT NOT NULL,
    design_fee   BIGINT NOT NULL,
    line_total   BIGINT NOT NULL
);
CREATE INDEX order_items_order ON order_items (order_id, position);

-- Webhook events already handled: a replayed event id is ignored.
CREATE TABLE payment_events (
    id                TEXT PRIMARY KEY,              -- the provider's event id
    event             TEXT NOT NULL,
    provider_order_id TEXT,
    payment_id        TEXT,
    created_at        BIGINT NOT NULL
);

CREATE TABLE refunds (
    id         TEXT PRIMARY KEY,                     -- the provider's refund id
    order_id   TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    payment_id TEXT NOT NULL,
    amount     BIGINT NOT NULL CHECK (amount > 0),
    reason     TEXT NOT NULL DEFAULT '',
    created_by TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX refunds_order ON refunds (order_id);
