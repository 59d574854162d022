-- A member's order in a group order whose members pay names its group, so
-- that what it makes can be checked against the rows it pays for after rows
-- leave, a receipt of another checkout is never taken for it, and its
-- delivery is shown without the organiser's street.
ALTER TABLE orders ADD COLUMN group_id TEXT;

-- The pictures of a group's design, held against the artwork sweeper while
-- the group can still make an order from them (open or closed).
CREATE TABLE group_order_artwork (
    group_id TEXT NOT NULL REFERENCES group_orders (id) ON DELETE CASCADE,
    sha256   TEXT NOT NULL REFERENCES artwork (sha256),
    PRIMARY KEY (group_id, sha256)
);
CREATE INDEX group_order_artwork_sha ON group_order_artwork (sha256);
