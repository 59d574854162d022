-- Local storage's single-upload URLs work once: the first PUT stamps the
-- file's row (`put_at`) before it writes, and a PUT to a file already put,
-- checked or claimed by a product is refused (403). The row is the one every
-- API process shares. A PUT that stored nothing clears its stamp again.
ALTER TABLE stored_files ADD COLUMN put_at BIGINT;
