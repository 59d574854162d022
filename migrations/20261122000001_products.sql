-- Products. One schema for SQLite and PostgreSQL: text ids (24 hex characters),
-- money in paise (BIGINT), times in Unix milliseconds, flags as 0/1 BIGINT (sqlx's
-- Any driver cannot read SQLite booleans), lists and maps as JSON text.
CREATE TABLE products (
    id             TEXT PRIMARY KEY,
    slug           TEXT,
    name           TEXT NOT NULL,
    description    TEXT NOT NULL DEFAULT '',
    price          BIGINT NOT NULL CHECK (price >= 0),
    category       TEXT NOT NULL,
    brand          TEXT NOT NULL DEFAULT '',
    is_featured    BIGINT NOT NULL DEFAULT 0 CHECK (is_featured IN (0, 1)),
    stock          BIGINT NOT NULL DEFAULT 0 CHECK (stock >= 0),
    colors         TEXT NOT NULL DEFAULT '[]',
    sizes          TEXT NOT NULL DEFAULT '[]',
    models         TEXT NOT NULL DEFAULT '{}',
    model_metadata TEXT NOT NULL DEFAULT '[]',
    color_images   TEXT NOT NULL DEFAULT '[]',
    images         TEXT NOT NULL DEFAULT '[]',
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);
CREATE INDEX products_category ON products (category);
CREATE INDEX products_featured ON products (is_featured);

CREATE TABLE newsletter_subscriptions (
    email      TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL
);
