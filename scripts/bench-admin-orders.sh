#!/usr/bin/env bash
# Admin orders list figures (`just bench-admin-orders`): requests per second
# and latency (p50, p99) of GET /api/orders/admin (page 1 and 50, by status,
# a 7-day window) and the overview, over 10,000 orders: one ordered and paid
# through the API, cloned in SQL (scripts/bench_admin_orders.py) with dates
# over the last 60 days and every status. wrk on loopback, as an admin.
# Usage: scripts/bench-admin-orders.sh [DATABASE_URL]
#   default: a fresh SQLite file; a postgres:// URL: a fresh database
#   bench_admin_<random> on that server, dropped at the end.
# Bounded: each run lasts DURATION (default 10s) and only targets 127.0.0.1.
# KEEP=1 keeps the temporary directory (and the PostgreSQL database) to look at.
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in wrk jq python3; do
  command -v "$tool" >/dev/null || { echo "$tool is needed: apt-get install -y $tool" >&2; exit 1; }
done
duration="${DURATION:-10s}"
orders="${ORDERS:-10000}"
port="${PORT:-18098}"
base="http://127.0.0.1:$port/api"
work="$(mktemp -d)"
server="" pg_server="" pg_db=""
cleanup() {
  status=$?
  [ -z "$server" ] || { kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; } || true
  if [ "$status" -ne 0 ] && [ -s "$work/server.log" ]; then
    echo "-- server log (last 20 lines)" >&2; tail -n 20 "$work/server.log" >&2
  fi
  if [ -n "${KEEP:-}" ]; then
    echo "kept $work${pg_db:+ and the database $pg_db}" >&2
  elif [ -n "$pg_db" ]; then
    psql "$pg_server" -X -q -c "DROP DATABASE IF EXISTS $pg_db" 2>/dev/null \
      || psql "$pg_server" -X -q -c "DROP DATABASE IF EXISTS $pg_db WITH (FORCE)" || true
  fi
  [ -n "${KEEP:-}" ] || rm -rf "$work"
}
trap cleanup EXIT

started=$SECONDS
cargo build -q --release -p api
built=$SECONDS

if [ -n "${1:-}" ]; then
  case "$1" in postgres://* | postgresql://*) ;; *) echo "give a postgres:// URL (default: a fresh SQLite file)" >&2; exit 2 ;; esac
  command -v psql >/dev/null || { echo "psql is needed: apt-get install -y postgresql-client" >&2; exit 1; }
  pg_server="$1"
  pg_db="bench_admin_$(date +%s)_$RANDOM"
  psql "$pg_server" -X -q -v ON_ERROR_STOP=1 -c "CREATE DATABASE $pg_db"
  db_url="$(python3 -c 'import sys, urllib.parse as u; p = u.urlsplit(sys.argv[1]); print(u.urlunsplit(p._replace(path="/" + sys.argv[2])))' "$1" "$pg_db")"
else
  db_url="sqlite://$work/store.db?mode=rwc"
fi
export DATA_DIR="$work" LISTEN_ADDR="127.0.0.1:$port" RUST_LOG=warn TEST_PROVIDERS=on DATABASE_URL="$db_url"
./target/release/api serve > "$work/server.log" 2>&1 &
server=$!
for _ in $(seq 50); do curl -sf "$base/health" >/dev/null && break; sleep 0.2; done
database="$(curl -sf "$base/health" | jq -r '.. | .database? // empty' | head -n 1)"

# JSON to the API: post PATH BODY [TOKEN]; get PATH [TOKEN]. Failures stop the script.
post() { curl -sSf -H 'content-type: application/json' ${3:+-H "Authorization: Bearer $3"} -d "$2" "$base$1"; }
get() { curl -sSf ${2:+-H "Authorization: Bearer $2"} "$base$1"; }

# 1. The admin, signed in with an e-mail code read from the dev outbox.
admin_email="admin@example.com"
./target/release/api create-admin --email "$admin_email" --name Admin >> "$work/server.log" 2>&1
post /auth/otp/email/send "{\"email\":\"$admin_email\"}" > /dev/null
code="$(get "/dev/outbox?to=$admin_email" | jq -r '.data[0].body' | grep -o '[0-9]\{6\}' | head -n 1)"
admin="$(post /auth/otp/email/verify "{\"email\":\"$admin_email\",\"code\":\"$code\"}" | jq -r '.data.accessToken')"

# 2. One real order: a shopper's cart of 25 white T-shirts (M) with a text on
# both print areas, ordered and paid (test provider).
shopper_email="shopper-$(date +%s)@example.com"
shopper="$(post /auth/register "{\"name\":\"Bench Shopper\",\"email\":\"$shopper_email\",\"password\":\"bench admin orders\"}" | jq -r '.data.accessToken')"
product="$(get /products | jq -r '[.. | objects | select(.name? == "T-Shirt Normal") | (._id // .id)][0]')"
text() { echo "{\"text\":\"$1\",\"font\":\"Georgia\",\"size\":$2,\"color\":\"#f97316\",\"position\":{\"x\":50,\"y\":50}}"; }
design="{\"version\":1,\"productId\":\"$product\",\"color\":\"white\",\"areas\":{\"leftChest\":{\"text\":$(text LT 20)},\"back\":{\"text\":$(text 'Team Legacy' 32)}},\"quantities\":{\"m\":25}}"
post /cart/items "{\"design\":$design}" "$shopper" > /dev/null
amount="$(get /cart "$shopper" | jq -r '.data.totalPrice')"
address="{\"email\":\"$shopper_email\",\"fullName\":\"Bench Shopper\",\"phone\":\"9876543210\",\"addressLine1\":\"12 Janpath\",\"street\":\"12 Janpath\",\"city\":\"New Delhi\",\"state\":\"Delhi\",\"zipCode\":\"110001\",\"country\":\"India\"}"
created="$(post /payments/create-order "{\"amount\":$amount,\"receipt\":\"bench_real\",\"shippingAddress\":$address}" "$shopper")"
order_id="$(jq -r '.data.order._id' <<< "$created")"
paid="$(post /payments/test/complete "{\"orderId\":\"$(jq -r '.data.orderId' <<< "$created")\"}" "$shopper")"
post /payments/verify "$(jq -c --arg id "$order_id" '.data + {orderId: $id}' <<< "$paid")" "$shopper" > /dev/null
echo "$database: order $order_id paid ($amount paise)"

# 3. The other orders, cloned in SQL; the API must count them all.
python3 scripts/bench_admin_orders.py "$db_url" "$order_id" "$((orders - 1))"
total="$(get "/orders/admin?limit=1" "$admin" | jq -r '.pagination.total')"
[ "$total" = "$orders" ] || { echo "the API counts $total orders, not $orders" >&2; exit 1; }
echo "$total orders ($((SECONDS - built))s to set up)"

# 4. wrk on each scenario, as the admin; a 7-day window (IST days) 20 to 14 days ago.
ist_day() { date -u -d "@$(( $(date +%s) + 19800 - $1 * 86400 ))" +%F; }
window="dateFrom=$(ist_day 20)&dateTo=$(ist_day 14)"
scenarios=(
  "page 1|/orders/admin?page=1&limit=100"
  "page 50|/orders/admin?page=50&limit=100"
  "status=shipped|/orders/admin?status=shipped&page=1&limit=100"
  "7-day window|/orders/admin?$window&page=1&limit=100"
  "stats overview|/orders/stats/overview"
  "print files|/orders/$order_id/print-files"
)
printf '%-16s %7s %10s %10s %10s %7s\n' scenario matched "req/s" p50 p99 errors > "$work/table"
for s in "${scenarios[@]}"; do
  name="${s%%|*}" path="${s#*|}"
  # The print files are a zip of the real order's two 300 DPI areas (rendered per request).
  case "$path" in *print-files) matched="2 areas" ;; *) matched="$(get "$path" "$admin" | jq -r '.pagination.total // .data.totalOrders')" ;; esac
  echo "== $name: GET /api$path"
  wrk -t2 -c8 -d"$duration" --latency -H "Authorization: Bearer $admin" "$base$path" > "$work/wrk.txt"
  awk -v name="$name" -v matched="$matched" '
    $1 == "50%" { p50 = $2 } $1 == "99%" { p99 = $2 } /^Requests\/sec/ { rps = $2 }
    /Non-2xx/ { errors += $NF } /Socket errors/ { gsub(/,/, ""); errors += $4 + $6 + $8 + $10 }
    END { printf "%-16s %7s %10.1f %10s %10s %7d\n", name, matched, rps, p50, p99, errors }' "$work/wrk.txt" >> "$work/table"
done
echo
echo "Admin orders ($database, $orders orders; wrk -t2 -c8 -d$duration)"
cat "$work/table"
echo "took $((SECONDS - started))s ($((built - started))s building)"
