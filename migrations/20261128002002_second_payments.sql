-- A second payment for one order (a second capture of the same provider
-- order, by verify or webhook): the order keeps the payment that paid it,
-- and this one is given back in full at once (payments::refunds), through a
-- refund attempt like any refund, so a crash in between neither loses nor
-- repeats it. `status`: refunding (the attempt is under way), refunded
-- (`refund_id` is the provider's refund, also in `refunds`), failed (the
-- provider refused: an admin refunds it by hand; a later arrival of the same
-- payment tries again).
CREATE TABLE second_payments (
    payment_id TEXT PRIMARY KEY,
    order_id   TEXT NOT NULL REFERENCES orders (id),
    amount     BIGINT NOT NULL CHECK (amount > 0),
    status     TEXT NOT NULL CHECK (status IN ('refunding', 'refunded', 'failed')),
    refund_id  TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX second_payments_order ON second_payments (order_id);

-- 1 when the attempt gives back a second payment (above), not part of the
-- order's own: then the order's refunded amount and status are left alone.
ALTER TABLE refund_attempts ADD COLUMN second_payment BIGINT NOT NULL DEFAULT 0;
