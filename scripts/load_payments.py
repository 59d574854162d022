#!/usr/bin/env python3
"""For `scripts/bench-api.sh`: one signed payment per pending order, as the
provider's checkout would hand it to the browser. Prints `token<TAB>body`
lines. Usage: load_payments.py DATABASE_URL WORK_DIR (with RAZORPAY_KEY_SECRET set)."""

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


def main() -> None:
    url, work = sys.argv[1], sys.argv[2]
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
