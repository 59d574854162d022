-- The accountant's export reconciles the tax documents of a date range with
-- the money recorded in it: the orders paid and the refunds made in the
-- range, read from these indexes alone.
CREATE INDEX IF NOT EXISTS orders_paid ON orders (paid_at, total_price) WHERE paid_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS refunds_created ON refunds (created_at, order_id, payment_id, amount);
