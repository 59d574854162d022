-- A deleted order is never paid quietly: an admin's delete now cancels an
-- unpaid pending order as it removes it from the lists (db::order_admin), so a
-- payment that still arrives finds it cancelled and is refunded. Orders
-- deleted before this rule are cancelled the same way here.
UPDATE orders SET status = 'cancelled', cancel_reason = 'Deleted by an admin'
WHERE deleted_at IS NOT NULL AND status = 'pending' AND is_paid = 0;
