-- A product's garment as the merchant defines it, each JSON the engine checks
-- (design_engine::garment): its print areas (key, label, inches, side, box on
-- the picture), extra paise a piece for some sizes, and swatches of colours
-- the store does not know. NULL: the specification's two areas, no
-- surcharges, the built-in swatches.
ALTER TABLE products ADD COLUMN print_areas TEXT;
ALTER TABLE products ADD COLUMN size_prices TEXT;
ALTER TABLE products ADD COLUMN color_hex TEXT;
