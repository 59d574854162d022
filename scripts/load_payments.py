#!/usr/bin/env python3
"""For `scripts/bench-api.sh`: one signed payment per pending order, as the
provider's checkout would hand it to the browser. Prints `token<TAB>body`
lines. Usage: load_payments.py DATABASE_URL WORK_DIR [ORDERS] (with
RAZORPAY_KEY_SECRET set).

With ORDERS, the pending orders are first topped up to that many by copying
the ones create-order made (new ids, numbers, receipts and provider orders;
the same lines, shopper and addresses): each shopper may hold only a few open
orders, and verify must pay a new order with every request to measure paying
(the confirmation, the cart, the stock, the tax invoice), not the "already
paid" path."""

import hashlib
import hmac
import json
import os
import sqlite3
import subprocess
import sys

QUERY = (
    "SELECT u.email, o.id, o.provider_order_id FROM orders o JOIN users u ON u.id = o.user_id "
    "WHERE o.status = 'pending' AND o.provider_order_id IS NOT NULL ORDER BY o.created_at"
)


def pending_orders(url: str):
    if url.startswith("sqlite:"):
        path = url.split("://", 1)[1].split("?", 1)[0]
        with sqlite3.connect(path) as db:
            return db.execute(QUERY).fetchall()
    out = subprocess.run(["psql", url, "-At", "-F", "\t", "-c", QUERY], check=True, capture_output=True, text=True)
    return [tuple(line.split("\t")) for line in out.stdout.splitlines() if line]


# The copies' values, by column; every other column is the source order's.
# {k} is the copy's number, spelled in each database's SQL.
COPIED = {
    "id": "{hex24}",
    "order_number": "'LOAD-' || {k}",
    "receipt": "'load_copy_' || {k}",
    "provider_order_id": "'order_load_' || {k}",
    "open_slot": "NULL",
}
ITEM_ID = "{hex24i}"


def run_sql(url: str, sql: str):
    if url.startswith("sqlite:"):
        path = url.split("://", 1)[1].split("?", 1)[0]
        with sqlite3.connect(path) as db:
            return db.execute(sql).fetchall()
    # On standard input: the top-up's statements name every pending order, too long for one argument.
    out = subprocess.run(["psql", url, "-X", "-q", "-At", "-F", "\t", "-v", "ON_ERROR_STOP=1"],
                         input=sql, check=True, capture_output=True, text=True)
    return [tuple(line.split("\t")) for line in out.stdout.splitlines() if line]


def columns(url: str, table: str) -> list:
    if url.startswith("sqlite:"):
        return [row[1] for row in run_sql(url, f"PRAGMA table_info({table})")]
    return [row[0] for row in run_sql(url, "SELECT column_name FROM information_schema.columns "
                                           f"WHERE table_name = '{table}' ORDER BY ordinal_position")]


def top_up(url: str, wanted: int) -> None:
    pending = pending_orders(url)
    missing = wanted - len(pending)
    if missing <= 0 or not pending:
        return
    sqlite = url.startswith("sqlite:")
    # Copy k (1..missing) copies pending order k mod n, all in one statement per table.
    if sqlite:
        numbers = f"WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < {missing})"
        hex24 = "printf('%024x', 1000000000 + k)"
        hex24i = "printf('%024x', 2000000000000 + k * 100 + i.position)"
    else:
        numbers = f"WITH n(k) AS (SELECT generate_series(1, {missing}))"
        hex24 = "lpad(to_hex(1000000000 + k), 24, '0')"
        hex24i = "lpad(to_hex(2000000000000 + k * 100 + i.position), 24, '0')"
    ids = ", ".join(f"'{order_id}'" for _, order_id, _ in pending)
    source = (f"src AS (SELECT id AS src_id, ROW_NUMBER() OVER (ORDER BY id) - 1 AS r FROM orders "
              f"WHERE id IN ({ids}))")
    pick = f"src.r = (n.k % {len(pending)})"
    cols = columns(url, "orders")
    values = [COPIED.get(c, "o." + c).format(k="n.k", hex24=hex24) for c in cols]
    run_sql(url, f"{numbers}, {source} INSERT INTO orders ({', '.join(cols)}) SELECT {', '.join(values)} "
                 f"FROM n JOIN src ON {pick} JOIN orders o ON o.id = src.src_id")
    item_cols = columns(url, "order_items")
    item_values = []
    for c in item_cols:
        if c == "id":
            item_values.append(hex24i)
        elif c == "order_id":
            item_values.append(hex24.replace("k", "n.k"))
        else:
            item_values.append("i." + c)
    run_sql(url, f"{numbers}, {source} INSERT INTO order_items ({', '.join(item_cols)}) SELECT {', '.join(item_values)} "
                 f"FROM n JOIN src ON {pick} JOIN order_items i ON i.order_id = src.src_id")


def main() -> None:
    url, work = sys.argv[1], sys.argv[2]
    if len(sys.argv) > 3:
        top_up(url, int(sys.argv[3]))
    secret = os.environ["RAZORPAY_KEY_SECRET"].encode()
    with open(f"{work}/emails") as e, open(f"{work}/tokens") as t:
        token_of = {email.strip(): token.strip() for email, token in zip(e, t)}
    for n, (email, order_id, provider_order) in enumerate(pending_orders(url)):
        payment = f"pay_load{n:010d}"
        signature = hmac.new(secret, f"{provider_order}|{payment}".encode(), hashlib.sha256).hexdigest()
        body = {"razorpayOrderId": provider_order, "razorpayPaymentId": payment,
                "razorpaySignature": signature, "orderId": order_id}
        print(f"{token_of[email]}\t{json.dumps(body, separators=(',', ':'))}")


if __name__ == "__main__":
    main()
