-- Running orders: an admin may delete an order (it leaves every list, but its
-- row, payment events and refunds stay: nothing about money is lost), and
-- every status change is recorded.
ALTER TABLE orders ADD COLUMN deleted_at BIGINT;
CREATE INDEX orders_created ON orders (created_at);

CREATE TABLE order_status_changes (
    id          TEXT PRIMARY KEY,
    order_id    TEXT NOT NULL REFERENCES orders (id),
    from_status TEXT NOT NULL,
    to_status   TEXT NOT NULL,
    changed_by  TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);
CREATE INDEX order_status_changes_order ON order_status_changes (order_id, created_at);
