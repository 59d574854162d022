-- Coupons (issue 52, part 1): a percentage or an amount off the lines they
-- apply to, before tax. A use is held when an order is opened with the coupon
-- (the order's INSERT and the held count's UPDATE in one script: the count's
-- CHECK refuses a use past `max_uses`, so parallel checkouts cannot exceed
-- it), kept when the order is paid, and given back when the order is
-- cancelled, expires unpaid or is refunded in full.
CREATE TABLE coupons (
    id                    TEXT PRIMARY KEY,
    code                  TEXT NOT NULL UNIQUE,         -- in capitals: codes are case-insensitive
    percent_off_bps       BIGINT CHECK (percent_off_bps BETWEEN 100 AND 10000),
    amount_off            BIGINT CHECK (amount_off > 0), -- paise
    min_pieces            BIGINT NOT NULL DEFAULT 0 CHECK (min_pieces >= 0),
    valid_from            BIGINT,                       -- Unix ms
    valid_until           BIGINT,
    max_uses              BIGINT CHECK (max_uses > 0),
    max_uses_per_customer BIGINT CHECK (max_uses_per_customer > 0),
    product_ids           TEXT NOT NULL DEFAULT '[]',   -- JSON list; with categories empty: every product
    categories            TEXT NOT NULL DEFAULT '[]',
    active                BIGINT NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    -- Uses held by open orders and kept by paid ones.
    uses                  BIGINT NOT NULL DEFAULT 0
                          CONSTRAINT coupon_uses_within CHECK (uses >= 0 AND (max_uses IS NULL OR uses <= max_uses)),
    created_at            BIGINT NOT NULL,
    updated_at            BIGINT NOT NULL,
    CHECK ((percent_off_bps IS NULL) <> (amount_off IS NULL)),
    CHECK (valid_from IS NULL OR valid_until IS NULL OR valid_from < valid_until)
);

-- One customer's uses of a coupon, held and counted like `coupons.uses`;
-- `cap` is the coupon's per-customer limit when the row was last written.
CREATE TABLE coupon_customers (
    coupon_id  TEXT NOT NULL REFERENCES coupons (id),
    user_id    TEXT NOT NULL REFERENCES users (id),
    uses       BIGINT NOT NULL DEFAULT 0,
    cap        BIGINT,
    CONSTRAINT coupon_customer_within CHECK (uses >= 0 AND (cap IS NULL OR uses <= cap)),
    PRIMARY KEY (coupon_id, user_id)
);

-- The coupon a shopper applied to their cart (a preview until checkout).
CREATE TABLE cart_coupons (
    user_id    TEXT PRIMARY KEY REFERENCES users (id),
    coupon_id  TEXT NOT NULL REFERENCES coupons (id),
    created_at BIGINT NOT NULL
);

-- The order's coupon, and whether it still holds a use of it (1 from
-- opening until it is cancelled or refunded in full).
ALTER TABLE orders ADD COLUMN coupon_id TEXT REFERENCES coupons (id);
ALTER TABLE orders ADD COLUMN coupon_code TEXT;
ALTER TABLE orders ADD COLUMN coupon_held BIGINT NOT NULL DEFAULT 0;
CREATE INDEX orders_coupon ON orders (coupon_id) WHERE coupon_id IS NOT NULL;

-- What the coupon took off the line (paise), before tax: `line_total` is
-- after it, so the line's gross is line_total + discount.
ALTER TABLE order_items ADD COLUMN discount BIGINT NOT NULL DEFAULT 0 CHECK (discount >= 0);
