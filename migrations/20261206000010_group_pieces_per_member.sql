-- The organiser may let each member add more than one piece (a parent
-- ordering for two children, say). The one-row rule moves from a unique
-- index to the join's transaction, which holds the group (`lock_open`).
ALTER TABLE group_orders ADD COLUMN pieces_per_member BIGINT NOT NULL DEFAULT 1;
DROP INDEX group_order_rows_one_per_member;
CREATE INDEX group_order_rows_by_member ON group_order_rows (group_id, user_id);
