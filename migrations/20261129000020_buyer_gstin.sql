-- A business buyer's GSTIN, given at checkout (checked by the engine:
-- format, check character, and registered in the billing state); NULL for
-- a consumer. Tax invoices print it and count the sale as B2B.
ALTER TABLE orders ADD COLUMN buyer_gstin TEXT;
