"""Sessions for the fuzzer (scripts/fuzz-api.sh): sign in, renew, keep them in a file.

    python session.py signin user|admin FILE   sign in now, write the session to FILE

A session file holds {role, email, password, accessToken, refreshToken}; the
refresh token comes only as the `refresh_token` cookie, never in a JSON body.
The script signs both roles in before any fuzzing: the fuzzer's own calls to
the sign-in routes then use up their rate limits (per client address), and a
sign-in during the run could wait for minutes. Renewing (POST /auth/refresh)
is not rate limited; a full sign-in again is only the fallback.
"""

import json
import os
import re
import sys
import time
import uuid

import requests

API = os.environ["STORE_API_URL"].rstrip("/")
ADMIN_EMAIL = os.environ.get("ADMIN_EMAIL", "admin@example.com")
# Waiting out 429s (Retry-After) is bounded, so a run never hangs on a sign-in.
MAX_WAIT_SECONDS = 45


def post(path, body, max_wait=MAX_WAIT_SECONDS):
    """POST JSON; on 429 wait Retry-After and try again, for at most max_wait seconds."""
    deadline = time.monotonic() + max_wait
    while True:
        r = requests.post(f"{API}{path}", json=body, timeout=30)
        wait = float(r.headers.get("Retry-After") or 1)
        if r.status_code != 429 or time.monotonic() + wait > deadline:
            return r
        time.sleep(wait)


def refresh_token(r):
    """The refresh token an answer set as its cookie ("" when none)."""
    return r.cookies.get("refresh_token", "")


def data(r, what):
    if r.status_code >= 300:
        raise RuntimeError(f"{what}: HTTP {r.status_code}: {r.text[:200]}")
    return r.json()["data"]


def register_user(max_wait=MAX_WAIT_SECONDS):
    """A new shopper account, signed in."""
    email, password = f"fuzz-{uuid.uuid4().hex[:12]}@example.com", "fuzz test password"
    body = {"name": "Fuzz Shopper", "email": email, "password": password}
    r = post("/auth/register", body, max_wait)
    d = data(r, "register")
    s = {"role": "user", "email": email, "password": password}
    if d.get("accessToken"):
        return {**s, "accessToken": d["accessToken"], "refreshToken": refresh_token(r)}
    return sign_in(s, max_wait)  # a registration that does not sign in: sign in by password


def sign_in(s, max_wait=MAX_WAIT_SECONDS):
    """A new session for the session's account (the shopper by password, the admin by e-mail code)."""
    if s["role"] == "admin":
        data(post("/auth/otp/email/send", {"email": s["email"]}, max_wait), "otp send")
        # The dev outbox (TEST_PROVIDERS=on) lists the newest message first.
        r = requests.get(f"{API}/dev/outbox", params={"to": s["email"]}, timeout=30)
        messages = data(r, "dev outbox")
        code = re.search(r"\b(\d{6})\b", messages[0]["body"]) if messages else None
        if not code:
            raise RuntimeError(f"no sign-in code in the dev outbox for {s['email']}")
        r = post("/auth/otp/email/verify", {"email": s["email"], "code": code.group(1)}, max_wait)
    else:
        r = post("/auth/login", {"email": s["email"], "password": s["password"]}, max_wait)
    d = data(r, "sign-in")
    return {**s, "accessToken": d["accessToken"], "refreshToken": refresh_token(r)}


def renew(s):
    """Fresh tokens for the same session (refresh rotates both); a full sign-in when it has ended."""
    if s.get("refreshToken"):
        r = requests.post(f"{API}/auth/refresh", json={"refreshToken": s["refreshToken"]}, timeout=30)
        if r.status_code == 200:
            return {**s, "accessToken": r.json()["data"]["accessToken"], "refreshToken": refresh_token(r)}
    return sign_in(s)


def load(path):
    with open(path) as f:
        return json.load(f)


def save(path, s):
    with open(path, "w") as f:
        json.dump(s, f)


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] != "signin" or sys.argv[2] not in ("user", "admin"):
        sys.exit(__doc__)
    role, path = sys.argv[2], sys.argv[3]
    if role == "admin":
        session = sign_in({"role": "admin", "email": ADMIN_EMAIL, "password": ""})
    else:
        session = register_user()
    save(path, session)
    print(f"signed in as {role} ({session['email']})")
