-- The random claim of the call that recorded an order's payment: the paying
-- script's later statements (cart, e-mail, stock) act only on the order its
-- own UPDATE claimed, so a verify and a webhook racing confirm it once
-- (`db::orders::pay`).
ALTER TABLE orders ADD COLUMN payment_claim TEXT;
