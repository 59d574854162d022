#!/usr/bin/env python3
"""For `scripts/bench-gstr1.sh`: clones one paid, invoiced order COUNT times
in a SQLite database, each clone paid and invoiced in the last 28 days (a
month of documents) with the next numbers of the invoice's series, in one
transaction. Every other column is copied as it is. One in ten clones is a
B2B sale (the snapshot's buyer gets a GSTIN), one in twenty ships within the
seller's state, so the summary groups all its tables.
Usage: bench_gstr1.py SQLITE_PATH ORDER_ID COUNT"""

import json
import sqlite3
import sys
import time

DAYS_MS = 28 * 24 * 60 * 60 * 1000


def main() -> None:
    path, src, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    now = int(time.time() * 1000)
    db = sqlite3.connect(path, timeout=30, isolation_level=None)
    cols = {t: [r[1] for r in db.execute(f"PRAGMA table_info({t})")] for t in ("orders", "order_items")}
    order = dict(zip(cols["orders"], db.execute("SELECT * FROM orders WHERE id = ?", (src,)).fetchone()))
    items = [dict(zip(cols["order_items"], r)) for r in db.execute("SELECT * FROM order_items WHERE order_id = ?", (src,))]
    series, seq, snapshot = db.execute("SELECT series, seq, snapshot FROM tax_invoices WHERE order_id = ?", (src,)).fetchone()
    doc = json.loads(snapshot)
    db.execute("BEGIN IMMEDIATE")
    for i in range(1, count + 1):
        oid = src[:15] + str(100000000 + i)
        ts = now - (i * 2654435761) % DAYS_MS
        o = dict(order, id=oid, order_number=f"LT-BENCH-{i:06d}", receipt=f"bench_{i}",
                 provider_order_id=f"order_bench{i}", payment_id=f"pay_bench{i}",
                 created_at=ts - 60000, updated_at=ts, paid_at=ts, open_slot=None)
        db.execute(f"INSERT INTO orders ({','.join(o)}) VALUES ({','.join('?' * len(o))})", list(o.values()))
        for n, it in enumerate(items):
            it = dict(it, id=src[:14] + str(1000000000 + i * 10 + n), order_id=oid)
            db.execute(f"INSERT INTO order_items ({','.join(it)}) VALUES ({','.join('?' * len(it))})", list(it.values()))
        d = dict(doc, orderId=oid, orderNumber=o["order_number"], issuedAt=ts)
        d["buyer"] = dict(doc["buyer"])
        if i % 10 == 0:
            d["buyer"]["gstin"] = "27AAPFU0939F1ZV"
        if i % 20 == 1:
            d["placeOfSupply"] = dict(code=doc["seller"]["state"]["code"], name=doc["seller"]["state"]["name"])
        db.execute("INSERT INTO tax_invoices (order_id, series, seq, issued_at, snapshot) VALUES (?, ?, ?, ?, ?)",
                   (oid, series, seq + i, ts, json.dumps(d)))
    db.execute("UPDATE document_series SET last_number = ? WHERE series = ?", (seq + count, series))
    db.execute("COMMIT")


if __name__ == "__main__":
    main()
