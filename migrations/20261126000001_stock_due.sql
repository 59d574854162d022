-- Paid orders whose stock is still to be taken. The paying transaction adds
-- its order here instead of updating the product's row (which every payment
-- for that product would otherwise queue for); the stock keeper takes the
-- stock of all of them in one transaction and removes them
-- (`db::stock::take_due`). `taking` is 1 while a keeper's transaction holds them.
CREATE TABLE stock_due (
    order_id TEXT PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
    taking   BIGINT NOT NULL DEFAULT 0
);
