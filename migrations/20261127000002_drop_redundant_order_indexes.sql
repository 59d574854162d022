-- Two indexes that no query needs, dropped: each is one more B-tree entry on
-- every order placed and every payment (a paid order's new status makes
-- PostgreSQL add an entry to every index of the row), and one more page of
-- write-ahead log on SQLite (`just bench-api`: 19 pages per order).
-- `orders_figures (created_at, ...)` serves every query `orders_created
-- (created_at)` did; a customer's order list finds their orders through
-- `(user_id, receipt)` and sorts a handful of rows without `orders_user`.
DROP INDEX IF EXISTS orders_created;
DROP INDEX IF EXISTS orders_user;
