"""Schemathesis hooks for scripts/fuzz-api.sh: the fuzzer's Authorization header.

Environment (the script sets it):
  STORE_API_URL  the API's base URL, e.g. http://127.0.0.1:18123/api
  FUZZ_ROLE      user | admin: the session signed in up front, in FUZZ_SESSION
                 logout: a new shopper session for every case (POST /auth/logout only)

Only operations that declare BearerAuth get a token. On a 401 schemathesis
asks `get` again (retry_on) and replays the request once, so an ended or
expired session does not turn the rest of the run into 401s.
"""

import os
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import schemathesis  # noqa: E402
import session as store  # noqa: E402

# CPython 3.11 keeps one AST-construction depth counter per interpreter (see
# gh-106905): two worker threads in ast.parse at once (hypothesis describes
# filter lambdas with it) can fail with "SystemError: AST constructor recursion
# depth mismatch", which aborted a CI run. One parse at a time.
import ast  # noqa: E402

_ast_parse, _ast_lock = ast.parse, threading.Lock()


def _parse_one_at_a_time(*args, **kwargs):
    with _ast_lock:
        return _ast_parse(*args, **kwargs)


ast.parse = _parse_one_at_a_time

ROLE = os.environ.get("FUZZ_ROLE", "user")


def _secured(ctx):
    return bool(ctx.operation.definition.raw.get("security"))


def _bearer(case, token):
    case.headers = case.headers or {}
    case.headers["Authorization"] = f"Bearer {token}"


if ROLE == "logout":
    # Each logout ends the session it is given, so each case gets a new one
    # (refresh_interval=None: no caching). When sign-ins are rate limited the
    # last, ended session is sent: 401 is a documented answer.
    @schemathesis.auth(refresh_interval=None).apply_to(_secured)
    class FreshSessionAuth:
        def __init__(self):
            self.lock = threading.Lock()
            self.session = None

        def get(self, case, context):
            with self.lock:
                if self.session is None:
                    self.session = store.register_user()
                    return self.session["accessToken"]
                try:
                    self.session = store.sign_in(self.session, max_wait=0)
                except RuntimeError:
                    try:  # a new account has its own sign-in budget
                        self.session = store.register_user(max_wait=0)
                    except RuntimeError:
                        pass  # rate limited: send the ended session (401 is documented)
                return self.session["accessToken"]

        def set(self, case, data, context):
            _bearer(case, data)

else:
    # Cached for an hour (the script sets ACCESS_TOKEN_MINUTES=120); on 401 renewed.
    @schemathesis.auth(refresh_interval=3600, retry_on=[401]).apply_to(_secured)
    class SessionAuth:
        def __init__(self):
            self.path = os.environ["FUZZ_SESSION"]
            self.session = None

        def get(self, case, context):
            # schemathesis serialises calls to get. First: the session signed in
            # up front; later (a 401, or an hour gone): renewed.
            if self.session is None:
                self.session = store.load(self.path)
            else:
                self.session = store.renew(self.session)
                store.save(self.path, self.session)
            return self.session["accessToken"]

        def set(self, case, data, context):
            _bearer(case, data)
