-- An order line's names and numbers, as they were priced: the charge per
-- piece for a name and for a number (0 where the design prints none, and on
-- every line placed before names and numbers). The engine prices the line's
-- personalisation again from these and the stored design's roster.
ALTER TABLE order_items ADD COLUMN name_charge BIGINT NOT NULL DEFAULT 0;
ALTER TABLE order_items ADD COLUMN number_charge BIGINT NOT NULL DEFAULT 0;
