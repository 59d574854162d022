-- Paying in two parts (issue 52): an advance at checkout, the balance before
-- dispatch (`design_engine::payment_plan`).
--
-- `advance_amount`: what checkout charges on an order paid in two parts (the
-- engine's split of its total), 0 for an order paid in full. `balance_due`:
-- set by the paying UPDATE to `total_price - advance_amount` (0 for one paid
-- in full) and back to 0 by the balance's; so what the customer has paid is
-- `total_price - balance_due` once `is_paid`. The balance is collected
-- through its own provider order (`balance_provider_order_id`, which the
-- verify route and the webhook map back to the order), its payment recorded
-- once by a conditional UPDATE (`balance_payment_id`, `balance_paid_at`).
ALTER TABLE orders ADD COLUMN advance_amount BIGINT NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN balance_due BIGINT NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN balance_provider_order_id TEXT;
ALTER TABLE orders ADD COLUMN balance_payment_id TEXT;
ALTER TABLE orders ADD COLUMN balance_paid_at BIGINT;
CREATE UNIQUE INDEX orders_balance_provider_order ON orders (balance_provider_order_id);

-- Receipt vouchers (CGST Rule 50) for advances, when `RECEIPT_VOUCHERS=on`:
-- one per order paid in two parts, issued in the advance's transaction in
-- its own series (`RECEIPT_VOUCHER_PREFIX`, default RV), never changed
-- afterwards; `pdf` is drawn from the snapshot the first time it is asked for.
CREATE TABLE receipt_vouchers (
    order_id   TEXT PRIMARY KEY REFERENCES orders (id),
    series     TEXT NOT NULL,
    seq        BIGINT NOT NULL,
    amount     BIGINT NOT NULL CHECK (amount > 0),
    issued_at  BIGINT NOT NULL,
    snapshot   TEXT NOT NULL,
    pdf        BYTEA,
    UNIQUE (series, seq)
);
