-- A product's quantity tiers as the admin set them: a JSON array of
-- {"minPieces", "discountBps"}, checked by the engine (design_engine::tiers);
-- NULL means the engine's default tiers.
ALTER TABLE products ADD COLUMN price_tiers TEXT;

-- An order line's tier, as it was priced: the product's price per piece
-- before the tier (NULL on lines placed before tiers) and the discount in
-- basis points, so the invoice can show it.
ALTER TABLE order_items ADD COLUMN base_unit_price BIGINT;
ALTER TABLE order_items ADD COLUMN tier_discount_bps BIGINT NOT NULL DEFAULT 0;
