-- An order waiting for payment holds one of its customer's numbered slots
-- (1 to 5, db::caps): unique per customer, taken by the INSERT that places
-- the order (the lowest free one; none left, no order) and released by every
-- change that ends its wait (paid, cancelled, deleted, a status an admin
-- sets). Two orders placed at the same instant cannot take one slot, so the
-- cap holds on PostgreSQL too, and placing an order stays one statement.
ALTER TABLE orders ADD COLUMN open_slot BIGINT;

-- The orders waiting now take slots in the order they were placed (a
-- customer's sixth and later ones take none: they count against nothing).
UPDATE orders SET open_slot = (
    SELECT COUNT(*) FROM orders o
    WHERE o.user_id = orders.user_id AND o.status = 'pending' AND o.is_paid = 0 AND o.deleted_at IS NULL
      AND (o.created_at < orders.created_at OR (o.created_at = orders.created_at AND o.id <= orders.id))
)
WHERE status = 'pending' AND is_paid = 0 AND deleted_at IS NULL;
UPDATE orders SET open_slot = NULL WHERE open_slot > 5;

CREATE UNIQUE INDEX orders_open_slot ON orders (user_id, open_slot);
