-- The store's policy pages as an admin edited them (about, contact, terms,
-- privacy, refunds, shipping, cookies). A page without a row shows the
-- default text written for the store (core::pages), filled with the seller's
-- details; deleting the row goes back to it. Only the Markdown is kept: the
-- HTML is rendered on every read, so a fix to the renderer reaches every page.
CREATE TABLE store_pages (
    slug       TEXT PRIMARY KEY,
    title      TEXT NOT NULL,
    markdown   TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    updated_by TEXT REFERENCES users (id) ON DELETE SET NULL
);
