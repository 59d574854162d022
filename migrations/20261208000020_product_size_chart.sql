-- A product's size chart (JSON: unit, measurements, a row per size), checked
-- by the engine against the sizes it is sold in. NULL: none.
ALTER TABLE products ADD COLUMN size_chart TEXT;
