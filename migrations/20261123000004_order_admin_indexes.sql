-- The admin's order lists and overview (measured on 10,000 orders with
-- scripts/bench-admin-orders.sh): live orders by date, by status and date,
-- and the revenue figures read from the index alone. Partial indexes work on
-- both SQLite and PostgreSQL.
CREATE INDEX IF NOT EXISTS orders_live_created ON orders (created_at, id, status) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS orders_live_status ON orders (status, created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS orders_figures ON orders (created_at, is_paid, total_price, refunded_amount);
