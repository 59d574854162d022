#!/usr/bin/env bash
# Schema fuzzing of the API (`just fuzz-api`): schemathesis generates requests
# for every operation in the committed openapi.json and checks the real server's
# answers against it (no 5xx, documented status codes, content types and bodies).
# Passes: signed in as a shopper and as an admin (scripts/schemathesis/ signs
# them in and keeps their sessions alive), and POST /auth/logout on its own.
# Usage: scripts/fuzz-api.sh   (env: MAX_EXAMPLES, SEED, WORKERS, FUZZ_REPORT_DIR,
#   API_BIN: a server binary to fuzz instead of building target/debug/api,
#   FUZZ_ARGS: more schemathesis options, e.g. "--report har" to see every exchange)
# Bounded: MAX_EXAMPLES cases per operation and phase, only against 127.0.0.1.
# Exits non-zero when schemathesis reports any failure or error.
set -euo pipefail
cd "$(dirname "$0")/.."
here="scripts/schemathesis"
max_examples="${MAX_EXAMPLES:-50}"
seed="${SEED:-20250101}"
workers="${WORKERS:-2}"
reports="${FUZZ_REPORT_DIR:-target/fuzz-api}"

. scripts/dev-server.sh
# schemathesis in its own virtualenv, (re)installed only when the pinned version changes.
pinned_venv schemathesis "$here/requirements.txt"

passes=(logout user admin)
# Only this script's own files: FUZZ_REPORT_DIR may be any directory.
for role in "${passes[@]}"; do rm -rf "${reports:?}/$role"; done
rm -f "$reports/server.log" && mkdir -p "$reports"

# A fresh SQLite database in a temp dir, in dev mode: the dev outbox (the
# admin's sign-in code) and the test payment provider; long-lived tokens so a
# cached token never expires mid-run. Its log is kept beside the reports (5xx details).
export ACCESS_TOKEN_MINUTES=120
start_dev_server "$reports/server.log"
admin_email="admin@example.com"
"$api_bin" create-admin --email "$admin_email" --name Admin >/dev/null
export STORE_API_URL="$api" ADMIN_EMAIL="$admin_email" SCHEMATHESIS_HOOKS="$here/hooks.py"
# Both roles sign in before any fuzzing: the fuzzer's own calls to the sign-in
# routes soon exhaust their rate limits for 127.0.0.1 (the admin's code: minutes).
"$venv/bin/python" "$here/session.py" signin user "$work/user.json"
"$venv/bin/python" "$here/session.py" signin admin "$work/admin.json"

# Passes: POST /auth/logout alone, each case with a new session (first, while
# sign-ins still have their budget); then every other operation as a shopper
# and as an admin, each on one session that the fuzzer cannot end. Checks: no
# 5xx, and status code, content type and body as documented (429 included).
# --continue-on-failure: an operation's first failure (often a 415 for a
# missing Content-Type) must not hide its others. Nothing is written to the
# work tree (no example database; schemathesis.toml turns the crash cache off).
# timeout: a hang guard only (a pass takes 3-4 minutes alone, 7 beside CI's browser tests and compile, and
# more than 10 on a machine busy with other builds); --foreground so that
# Ctrl-C reaches schemathesis.
status=0
for role in "${passes[@]}"; do
  if [ "$role" = logout ]; then select=(--include-path /auth/logout); else select=(--exclude-path /auth/logout); fi
  echo "== schemathesis: ${select[*]}, signed in as $role"
  mkdir -p "$reports/$role"
  FUZZ_ROLE="$role" FUZZ_SESSION="$work/$role.json" \
  timeout --foreground -k 10 1500 "$venv/bin/schemathesis" --no-color --config-file "$here/schemathesis.toml" \
    run openapi.json --url "$api" "${select[@]}" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
    --max-examples "$max_examples" --seed "$seed" --workers "$workers" \
    --continue-on-failure --generation-database none --suppress-health-check all \
    --report-junit-path "$reports/$role/junit.xml" --report-json-path "$reports/$role/report.json" \
    --report-dir "$reports/$role" ${FUZZ_ARGS:-} \
    2>&1 | tee "$reports/$role/output.txt" || status=1
  # A server that died is a finding of its own, and the next pass would only see refused connections.
  kill -0 "$server" 2>/dev/null || { echo "the server exited during the $role pass:" >&2; tail -20 "$work/server.log" >&2; exit 1; }
done

# Figures from each pass's JSON report, and its failures from the JUnit report
# grouped by check and status; a missing report counts as a failure.
python3 - "$reports" "${passes[@]}" <<'PY' || status=1
import collections, json, re, sys
import xml.etree.ElementTree as ET
ok, total = True, collections.Counter()
for role in sys.argv[2:]:
    d = f"{sys.argv[1]}/{role}"
    try:
        r = json.load(open(f"{d}/report.json"))
        cases = ET.parse(f"{d}/junit.xml").getroot().iter("testcase")
    except (OSError, ValueError, ET.ParseError):
        print(f"{role:>6}: no report"); ok = False; continue
    ops = r["operations"] or {}
    failures = sum(f["count"] for f in r["failures"])
    errors = sum(e["count"] for e in r["errors"])
    ok = ok and r["exit_code"] == 0
    total.update(cases=r["test_cases"]["generated"], failures=failures, errors=errors)
    print(f"{role:>6}: {ops.get('tested', 0)}/{ops.get('total', 0)} operations, "
          f"{r['test_cases']['generated']} test cases, {failures} failures, {errors} errors "
          f"({r['running_time'] or 0:.0f}s)")
    groups = collections.defaultdict(set)
    for case in cases:
        for f in case.findall("failure") + case.findall("error"):
            for chunk in re.split(r"\d+\. Test Case ID: ", f.text or f.get("message", "")):
                status = re.search(r"^\[(\d{3})\]", chunk, re.M)
                for check in re.findall(r"^- (.+)$", chunk, re.M) or ([f.get("message")] if chunk.strip() else []):
                    groups[(check, status.group(1) if status else "-")].add(case.get("name"))
    for (check, status), names in sorted(groups.items()):
        names = sorted(names)
        more = f", and {len(names) - 4} more" if len(names) > 4 else ""
        print(f"        {check} (HTTP {status}) on {len(names)}: {', '.join(names[:4])}{more}")
print(f"fuzz-api: {total['cases']} test cases, {total['failures']} failures, {total['errors']} errors")
sys.exit(0 if ok else 1)
PY
echo "Reports: $reports (JUnit, JSON, output, server.log)"
exit "$status"
