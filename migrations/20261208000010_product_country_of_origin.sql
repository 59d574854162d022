-- A product's country of origin, shown on its listing (the e-commerce rules
-- require it for imported goods). NULL: the default, India.
ALTER TABLE products ADD COLUMN country_of_origin TEXT;
