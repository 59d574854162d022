-- Tax invoices and credit notes (CGST Rule 46, CGST Act s.34), issued by the
-- server and never changed afterwards.
--
-- Numbers come from a series per document kind and financial year
-- (`series`, e.g. 'INV/26-27'): the paying (or refunding) transaction bumps
-- the series' counter with an upsert, which takes the row's lock until it
-- commits, so concurrent payments get consecutive numbers, and a transaction
-- that fails gives its number back (no gaps, no duplicates).
CREATE TABLE document_series (
    series      TEXT PRIMARY KEY,
    last_number BIGINT NOT NULL
);

-- One tax invoice per paid order. `snapshot` is the whole document as JSON
-- (seller, buyer, addresses, lines with HSN, rates and tax, totals) written
-- when it was issued: later edits to products, prices, addresses or the
-- seller's details never reach it. `pdf` is drawn from the snapshot the first
-- time it is asked for and kept.
CREATE TABLE tax_invoices (
    order_id   TEXT PRIMARY KEY REFERENCES orders (id),
    series     TEXT NOT NULL,
    seq        BIGINT NOT NULL,
    issued_at  BIGINT NOT NULL,
    snapshot   TEXT NOT NULL,
    pdf        BYTEA,
    UNIQUE (series, seq)
);
CREATE INDEX tax_invoices_issued ON tax_invoices (issued_at);

-- A credit note for money given back on an invoiced order, one per refund
-- (`refund_attempt_id`), naming the invoice it adjusts.
CREATE TABLE credit_notes (
    id                TEXT PRIMARY KEY,
    order_id          TEXT NOT NULL REFERENCES tax_invoices (order_id),
    refund_attempt_id TEXT NOT NULL UNIQUE,
    series            TEXT NOT NULL,
    seq               BIGINT NOT NULL,
    amount            BIGINT NOT NULL CHECK (amount > 0),
    issued_at         BIGINT NOT NULL,
    snapshot          TEXT NOT NULL,
    pdf               BYTEA,
    UNIQUE (series, seq)
);
CREATE INDEX credit_notes_order ON credit_notes (order_id);
CREATE INDEX credit_notes_issued ON credit_notes (issued_at);

-- What an outbox e-mail carries beside its text, drawn when it is sent:
-- 'tax-invoice:{order id}' attaches that order's tax invoice PDF.
ALTER TABLE outbox ADD COLUMN attachment TEXT;
