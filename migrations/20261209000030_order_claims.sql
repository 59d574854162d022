-- Misprint and damage claims (issue 49): a customer reports pieces of a
-- delivered order with photos; an admin reprints them (a linked order at ₹0),
-- refunds their share (a refund owed with a credit note for exactly those
-- pieces) or rejects the claim with a note. Every claim is also a support
-- ticket (its number is the one the customer quotes).

-- A reprint is an order at ₹0, which `total_price`'s CHECK (> 0) refuses.
-- Neither database changes a CHECK in place the way the other does, so the
-- two money columns are replaced by equal ones that allow 0, as both
-- databases do it alike (SQLite drops a column whose own CHECK is its only
-- use, once the indexes naming it are gone; `refunded_amount`'s CHECK names
-- `total_price`, so it goes first).
DROP INDEX IF EXISTS orders_figures;
DROP INDEX IF EXISTS orders_paid;
ALTER TABLE orders ADD COLUMN total_paise BIGINT NOT NULL DEFAULT 0 CHECK (total_paise >= 0);
ALTER TABLE orders ADD COLUMN refunded_paise BIGINT NOT NULL DEFAULT 0
    CHECK (refunded_paise >= 0 AND refunded_paise <= total_paise);
UPDATE orders SET total_paise = total_price, refunded_paise = refunded_amount;
ALTER TABLE orders DROP COLUMN refunded_amount;
ALTER TABLE orders DROP COLUMN total_price;
ALTER TABLE orders RENAME COLUMN total_paise TO total_price;
ALTER TABLE orders RENAME COLUMN refunded_paise TO refunded_amount;
CREATE INDEX orders_figures ON orders (created_at, is_paid, total_price, refunded_amount);
CREATE INDEX orders_paid ON orders (paid_at, total_price) WHERE paid_at IS NOT NULL;

CREATE TABLE order_claims (
    id               TEXT PRIMARY KEY,
    order_id         TEXT NOT NULL REFERENCES orders (id),
    -- The order line the pieces are from.
    order_item_id    TEXT NOT NULL REFERENCES order_items (id),
    user_id          TEXT NOT NULL REFERENCES users (id),
    ticket_id        TEXT NOT NULL REFERENCES support_tickets (id),
    ticket_number    TEXT NOT NULL,                  -- as the customer quotes it (GRV/26-27/000042)
    pieces           TEXT NOT NULL,                  -- {size key: count} (JSON)
    piece_count      BIGINT NOT NULL CHECK (piece_count > 0),
    reason           TEXT NOT NULL CHECK (reason IN ('misprint', 'damaged', 'wrong_item', 'missing')),
    message          TEXT NOT NULL,
    status           TEXT NOT NULL DEFAULT 'open'
                     CHECK (status IN ('open', 'reprinted', 'refunded', 'rejected')),
    decision_note    TEXT,
    decided_by       TEXT,
    decided_at       BIGINT,
    reprint_order_id TEXT REFERENCES orders (id),
    refund_owed_id   TEXT REFERENCES refunds_owed (id),
    refund_amount    BIGINT,                         -- paise
    created_at       BIGINT NOT NULL
);
CREATE INDEX order_claims_order ON order_claims (order_id, created_at);
CREATE INDEX order_claims_status ON order_claims (status, created_at);

-- The photos of a claim: artwork its customer uploaded, kept while the claim is.
CREATE TABLE order_claim_photos (
    claim_id TEXT NOT NULL REFERENCES order_claims (id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    sha256   TEXT NOT NULL REFERENCES artwork (sha256),
    PRIMARY KEY (claim_id, position)
);
CREATE INDEX order_claim_photos_sha ON order_claim_photos (sha256);

-- A refund owed for certain pieces (a claim's): its credit note lists just
-- them ([{line, quantity, amount}] JSON, `line` the invoice's from 0); none
-- for a refund shared over the whole invoice.
ALTER TABLE refunds_owed ADD COLUMN pieces TEXT;
