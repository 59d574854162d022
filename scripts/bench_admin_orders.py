#!/usr/bin/env python3
"""For `scripts/bench-admin-orders.sh`: clones one order and its lines
COUNT times in the database, in one transaction of SQL (SQLite through
Python's sqlite3 module, PostgreSQL through psql). The clones get new ids,
order numbers, receipts and provider ids, `created_at` spread over the last
60 days and the seven statuses in turn (paid, refunded, shipped... as the
status implies); every other column is copied as it is, so columns added
later are carried over too.
Usage: bench_admin_orders.py DATABASE_URL ORDER_ID COUNT"""

import re
import subprocess
import sys
import time

STATUSES = ["pending", "confirmed", "processing", "shipped", "delivered", "cancelled", "refunded"]
# Order numbers' alphabet (no 0/O, 1/I/L), as api/src/db/orders.rs draws them.
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
SIXTY_DAYS_MS = 60 * 24 * 60 * 60 * 1000
IST_MS = 330 * 60 * 1000


def order_sql(columns, src, now, count, sqlite):
    """WITH clones (i, ts, st) INSERT INTO orders ...; INSERT INTO order_items ..."""
    # The IST calendar day of the clone, for LT-YYYYMMDD-XXXXXX.
    day = ("strftime('%Y%m%d', (c.ts + {ist}) / 1000, 'unixepoch')" if sqlite
           else "to_char(to_timestamp((c.ts + {ist}) / 1000) AT TIME ZONE 'UTC', 'YYYYMMDD')").format(ist=IST_MS)
    # Six characters of the alphabet spelling i in base 31: unique per clone.
    tail = " || ".join(f"substr('{ALPHABET}', ((c.i / {31 ** k}) % 31) + 1, 1)" for k in reversed(range(6)))
    # A 24-hex id: the source's first 15 characters and 1000xxxxx (decimal digits are hex).
    new_id = "substr({t}.id, 1, 15) || CAST(100000000 + c.i AS TEXT)"
    paid = "c.st NOT IN ('pending', 'cancelled')"
    overrides = {
        "id": new_id.format(t="o"),
        "order_number": f"'LT-' || {day} || '-' || {tail}",
        "status": "c.st",
        "is_paid": f"CASE WHEN {paid} THEN 1 ELSE 0 END",
        "paid_at": f"CASE WHEN {paid} THEN c.ts + 120000 ELSE NULL END",
        "receipt": "'bench_' || CAST(c.i AS TEXT)",
        "provider_order_id": "'order_bench' || CAST(100000000 + c.i AS TEXT)",
        "payment_id": f"CASE WHEN {paid} THEN 'pay_bench' || CAST(100000000 + c.i AS TEXT) ELSE NULL END",
        "refunded_amount": "CASE WHEN c.st = 'refunded' THEN o.total_price ELSE 0 END",
        "cancel_reason": "CASE WHEN c.st = 'cancelled' THEN 'Cancelled by the customer' ELSE NULL END",
        "tracking_number": "CASE WHEN c.st IN ('shipped', 'delivered') THEN 'BENCH' || CAST(100000000 + c.i AS TEXT) ELSE NULL END",
        "created_at": "c.ts",
        "updated_at": "c.ts + 3600000",
        "deleted_at": "NULL",
    }
    item_overrides = {"id": new_id.format(t="it"), "order_id": new_id.format(t="o")}
    status = "CASE c0.i % 7 " + " ".join(f"WHEN {n} THEN '{s}'" for n, s in enumerate(STATUSES)) + " END"
    # A fixed scatter over the 60 days (Knuth's multiplicative hash): the same data every run.
    clones = (
        f"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {count}), "
        f"clones (i, ts, st) AS (SELECT c0.i, {now} - (c0.i * 2654435761) % {SIXTY_DAYS_MS}, {status} FROM n c0) "
    )
    order_cols = ", ".join(columns["orders"])
    order_exprs = ", ".join(overrides.get(c, f"o.{c}") for c in columns["orders"])
    item_cols = ", ".join(columns["order_items"])
    item_exprs = ", ".join(item_overrides.get(c, f"it.{c}") for c in columns["order_items"])
    return [
        f"{clones} INSERT INTO orders ({order_cols}) SELECT {order_exprs} "
        f"FROM orders o CROSS JOIN clones c WHERE o.id = '{src}'",
        f"{clones} INSERT INTO order_items ({item_cols}) SELECT {item_exprs} "
        f"FROM orders o CROSS JOIN clones c JOIN order_items it ON it.order_id = o.id WHERE o.id = '{src}'",
    ]


def psql(url, sql, *flags):
    out = subprocess.run(["psql", url, "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", *flags],
                         input=sql, check=True, capture_output=True, text=True)
    return out.stdout


def main() -> None:
    url, src, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    if not re.fullmatch(r"[0-9a-f]{24}", src):
        sys.exit(f"not an order id: {src!r}")
    now = int(time.time() * 1000)
    tables = ("orders", "order_items")
    if url.startswith("sqlite:"):
        import sqlite3

        path = url.split("://", 1)[1].split("?", 1)[0]
        db = sqlite3.connect(path, timeout=30, isolation_level=None)
        columns = {t: [r[1] for r in db.execute(f"PRAGMA table_info({t})")] for t in tables}
        db.execute("BEGIN IMMEDIATE")
        for statement in order_sql(columns, src, now, count, sqlite=True):
            db.execute(statement)
        db.execute("COMMIT")
        db.close()
    else:
        columns = {
            t: psql(url, "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() "
                         f"AND table_name = '{t}' ORDER BY ordinal_position").split()
            for t in tables
        }
        psql(url, ";\n".join(order_sql(columns, src, now, count, sqlite=False)) + ";\n", "-1")
        # Autovacuum would analyze the new rows within a minute or so: do it now, for steady plans.
        psql(url, "ANALYZE orders; ANALYZE order_items;")


if __name__ == "__main__":
    main()
