-- A product's HSN code for tax invoices, when the admin set one; NULL means
-- the engine's default for its category (design_engine::tax::default_hsn).
ALTER TABLE products ADD COLUMN hsn TEXT;
