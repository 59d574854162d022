-- One row, bumped in the same transaction as every write to products: each
-- server instance keeps the catalogue in memory and reads it again only when
-- this moves (its own writes, or another instance's).
CREATE TABLE catalogue_version (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    version BIGINT NOT NULL
);
INSERT INTO catalogue_version (id, version) VALUES (1, 0);
