#!/usr/bin/env bash
# The API's load figures (`just bench-api`): wrk on loopback with 2 threads and
# CONNECTIONS (default 64) connections against a release build, on a fresh
# SQLite file and on a fresh PostgreSQL database, printed as one table:
#   - GET /api/products, and nginx serving the same bytes from a file;
#   - adding to the cart (USERS shoppers, default 6,000, registered JOBS at a time);
#   - create-order from each shopper's cart (a new receipt per request);
#   - verify, each pending order paid once, signed as the provider signs.
# Usage: scripts/bench-api.sh [POSTGRES_SERVER_URL]
#   default server: $TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test;
#   SKIP_POSTGRES=1 measures SQLite only. A database bench_api_<random> is
#   made on that server and dropped at the end.
# Bounded: each run lasts DURATION (default 10s) and only targets 127.0.0.1.
# KEEP=1 keeps the temporary directory (logs, wrk output) to look at.
# PROFILE=create-order (any part of a scenario's name) records the server's
# CPU profile with perf during that scenario, into the kept directory.
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in wrk nginx curl python3; do
  command -v "$tool" >/dev/null || { echo "$tool is needed: apt-get install -y ${tool/nginx/nginx-light}" >&2; exit 1; }
done
duration="${DURATION:-10s}"
connections="${CONNECTIONS:-64}"
users="${USERS:-6000}"
jobs="${JOBS:-4}"
port="${PORT:-18099}"
nginx_port="${NGINX_PORT:-18097}"
pg_server="${1:-${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}}"
work="$(mktemp -d)"
server="" nginx_pid="" pg_db=""
stop_server() {
  [ -z "$server" ] || { kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true; }
  server=""
}
cleanup() {
  status=$?
  stop_server
  [ -z "$nginx_pid" ] || kill "$nginx_pid" 2>/dev/null || true
  if [ "$status" -ne 0 ] && [ -s "$work/server.log" ]; then
    echo "-- server log (last 20 lines)" >&2; tail -n 20 "$work/server.log" >&2
  fi
  [ -z "$pg_db" ] || psql "$pg_server" -X -q -c "DROP DATABASE IF EXISTS $pg_db WITH (FORCE)" >/dev/null 2>&1 || true
  if [ -n "${KEEP:-}" ]; then echo "kept $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT

cargo build -q --release -p api
bin="${CARGO_TARGET_DIR:-target}/release/api"

# Every wrk run ends with one line: name, requests/s, p50 and p99 in ms, and
# the count of non-2xx/3xx answers and socket errors.
cat > "$work/report.lua" <<'LUA'
function done(summary, latency, requests)
  local errors = summary.errors.status + summary.errors.connect + summary.errors.read
    + summary.errors.write + summary.errors.timeout
  io.write(string.format("RESULT %.0f %.2f %.2f %d\n", summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, errors))
end
LUA
results="$work/results"
: > "$results"
# run NAME DATABASE SCRIPT URL [env...]: one wrk run, its figures added to the table.
run() {
  local name="$1" db="$2" script="$3" url="$4"
  shift 4
  local out="$work/wrk-$(echo "$name-$db" | tr -c 'a-zA-Z0-9' '-').txt"
  if [ -n "${PROFILE:-}" ] && [[ "$name" == *"$PROFILE"* ]] && [ -n "$server" ]; then
    perf record -q -F 499 -g -p "$server" -o "${out%.txt}.perf" -- sleep "${duration%s}" >/dev/null 2>&1 &
  fi
  env "$@" wrk -t2 -c"$connections" -d"$duration" --latency -s "$script" "$url" > "$out"
  local line
  line="$(grep '^RESULT' "$out")" || { cat "$out" >&2; return 1; }
  printf '%s\t%s\t%s\n' "$name" "$db" "${line#RESULT }" >> "$results"
  echo "  $name: $(echo "$line" | awk '{printf "%s req/s, p50 %s ms, p99 %s ms, %s errors", $2, $3, $4, $5}')" >&2
}

cat "$work/report.lua" > "$work/get.lua"
cat > "$work/add.lua" <<'LUA'
local tokens = {}
for line in io.lines(os.getenv("TOKENS_FILE")) do tokens[#tokens + 1] = line end
-- 25 of one size per add, the size chosen at random: the line's five sizes
-- fill up together.
local bodies = {}
for _, size in ipairs({ "s", "m", "l", "xl", "xxl" }) do
  bodies[#bodies + 1] = '{"productId":"64f1a2b3c4d5e6f708190a05","color":"white","quantity":{"' .. size .. '":25},"price":' ..
    os.getenv("TEE_PRICE") .. '}'
end
request = function()
  local t = tokens[math.random(#tokens)]
  return wrk.format("POST", "/api/cart/items", { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. t },
    bodies[math.random(#bodies)])
end
LUA
cat >> "$work/add.lua" < "$work/report.lua"
cat > "$work/order.lua" <<'LUA'
local carts = {}
for line in io.lines(os.getenv("CARTS_FILE")) do
  local token, total = line:match("(%S+) (%d+)")
  carts[#carts + 1] = { token = token, total = total }
end
-- wrk seeds every thread alike: number the threads so receipts never collide.
local threads = 0
function setup(thread) threads = threads + 1; thread:set("id", threads) end
-- The shoppers in turn, thread k of 2 from half-way along: each holds at most
-- 5 unpaid orders, and at random some would reach that long before the rest.
local i = 0
function init() math.randomseed(id * 7919 + os.time()); i = (id - 1) * math.floor(#carts / 2) end
local n = 0
local address = '{"email":"load@example.com","fullName":"Load Test","phone":"9876543210","addressLine1":"12 Janpath","city":"New Delhi","state":"Delhi","zipCode":"110001"}'
request = function()
  n = n + 1
  i = i % #carts + 1
  local c = carts[i]
  local body = '{"amount":' .. c.total .. ',"currency":"INR","receipt":"load_' .. id .. '_' .. math.random(1e9) .. '_' .. n ..
    '","shippingAddress":' .. address .. ',"sameAsShipping":true}'
  return wrk.format("POST", "/api/payments/create-order", { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. c.token }, body)
end
LUA
cat >> "$work/order.lua" < "$work/report.lua"
cat > "$work/verify.lua" <<'LUA'
local payments = {}
for line in io.lines(os.getenv("PAYMENTS_FILE")) do
  local token, body = line:match("(%S+)\t(.+)")
  payments[#payments + 1] = { token = token, body = body }
end
-- Thread k of 2 starts half-way along: each order is first verified once.
local threads = 0
function setup(thread) threads = threads + 1; thread:set("id", threads) end
local i = 0
function init() i = (id - 1) * math.floor(#payments / 2) end
request = function()
  i = i % #payments + 1
  local p = payments[i]
  return wrk.format("POST", "/api/payments/verify", { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. p.token }, p.body)
end
LUA
cat >> "$work/verify.lua" < "$work/report.lua"

# bench_database URL LABEL: the four API scenarios on one database.
bench_database() {
  local url="$1" db="$2" api="http://127.0.0.1:$port"
  local dir="$work/$db"
  mkdir -p "$dir"
  # A known key secret: this script signs payments as the provider would.
  # Registration is rate-limited per client address: the script stands behind
  # a trusted "proxy" (loopback) and names a different client for each shopper.
  DATA_DIR="$dir" LISTEN_ADDR="127.0.0.1:$port" RUST_LOG=warn TEST_PROVIDERS=on PAYMENT_PROVIDER=test \
    RAZORPAY_KEY_SECRET="load-test-key-secret-0123456789abcdef" TRUSTED_PROXIES=127.0.0.1 DATABASE_URL="$url" \
    "$bin" serve > "$work/server.log" 2>&1 &
  server=$!
  for _ in $(seq 100); do curl -sf "$api/api/health" >/dev/null && break; sleep 0.2; done
  echo "== $db" >&2
  run "GET /api/products" "$db" "$work/get.lua" "$api/api/products"
  curl -sf "$api/api/products" > "$work/products.json"

  # Shoppers, registered JOBS at a time (registration is argon2id). Each may
  # hold 5 unpaid orders (409 after that) and place 20 (429): create-order's
  # 10 s at about 3,000 requests/s needs some 6,000 of them to measure orders
  # rather than refusals. Each shopper's line grows by 25 of one size per add,
  # so none nears the 10,000-per-size bound.
  local run_id
  run_id="$(date +%s%N)"
  register() {
    local i="$1" email="load-$run_id-$1@example.com" token
    token="$(curl -sf -H 'content-type: application/json' -H "x-forwarded-for: 198.$((18 + i / 62500)).$((i / 250 % 250)).$((i % 250 + 1))" \
      -d "{\"name\":\"Load $i\",\"email\":\"$email\",\"password\":\"load test password\"}" \
      "$api/api/auth/register" | sed -n 's/.*"accessToken":"\([^"]*\)".*/\1/p')"
    if [ -n "$token" ]; then echo "$token $email"; fi
  }
  export -f register
  export api run_id
  seq "$users" | xargs -P "$jobs" -n 1 bash -c 'register "$1"' _ > "$dir/registered"
  cut -d' ' -f1 "$dir/registered" > "$dir/tokens"
  cut -d' ' -f2 "$dir/registered" > "$dir/emails"
  echo "  $(wc -l < "$dir/tokens") shoppers registered" >&2
  local tee_price
  tee_price="$(python3 -c 'import json, sys; print(next(p["price"] for p in json.load(open(sys.argv[1]))["data"] if p["_id"] == "64f1a2b3c4d5e6f708190a05"))' "$work/products.json")"
  run "POST /api/cart/items" "$db" "$work/add.lua" "$api" TOKENS_FILE="$dir/tokens" TEE_PRICE="$tee_price"

  # Checkout: each shopper's cart total (the amount create-order must be
  # given), then one new order per request.
  cart_total() {
    echo "$1 $(curl -sf -H "Authorization: Bearer $1" "$api/api/cart" | sed -n 's/.*"totalPrice":\([0-9]*\).*/\1/p')"
  }
  export -f cart_total
  xargs -P "$jobs" -n 1 bash -c 'cart_total "$1"' _ < "$dir/tokens" | awk '$2 > 0' > "$dir/carts"
  run "POST /api/payments/create-order" "$db" "$work/order.lua" "$api" CARTS_FILE="$dir/carts"

  # Verify: every pending order paid once, topped up to VERIFY_ORDERS (default
  # 40,000, more than 10 s of verifies) by copying the orders create-order made
  # (requests beyond them would be the idempotent "already paid" path).
  RAZORPAY_KEY_SECRET="load-test-key-secret-0123456789abcdef" \
    python3 scripts/load_payments.py "$url" "$dir" "${VERIFY_ORDERS:-40000}" > "$dir/payments"
  run "POST /api/payments/verify" "$db" "$work/verify.lua" "$api" PAYMENTS_FILE="$dir/payments"
  stop_server
}

bench_database "sqlite://$work/store.db?mode=rwc" SQLite
if [ -z "${SKIP_POSTGRES:-}" ]; then
  command -v psql >/dev/null || { echo "psql is needed for PostgreSQL (or SKIP_POSTGRES=1)" >&2; exit 1; }
  pg_db="bench_api_$(date +%s)_$RANDOM"
  psql "$pg_server" -X -q -v ON_ERROR_STOP=1 -c "CREATE DATABASE $pg_db"
  bench_database "$(python3 -c 'import sys, urllib.parse as u; p = u.urlsplit(sys.argv[1]); print(u.urlunsplit(p._replace(path="/" + sys.argv[2])))' "$pg_server" "$pg_db")" PostgreSQL
fi

# nginx serving the catalogue's exact bytes from a file: the yardstick.
mkdir -p "$work/nginx/root" "$work/nginx/tmp"
cp "$work/products.json" "$work/nginx/root/products.json"
# nginx's workers run as an unprivileged user: they must be able to read the file.
chmod 755 "$work" "$work/nginx" "$work/nginx/root" && chmod 644 "$work/nginx/root/products.json"
cat > "$work/nginx/nginx.conf" <<EOF
worker_processes 1;
daemon off;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $work/nginx/tmp;
  proxy_temp_path $work/nginx/tmp;
  fastcgi_temp_path $work/nginx/tmp;
  uwsgi_temp_path $work/nginx/tmp;
  scgi_temp_path $work/nginx/tmp;
  server {
    listen 127.0.0.1:$nginx_port;
    location / { root $work/nginx/root; default_type application/json; }
  }
}
EOF
nginx -c "$work/nginx/nginx.conf" -p "$work/nginx" &
nginx_pid=$!
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$nginx_port/products.json" >/dev/null && break; sleep 0.1; done
curl -sf "http://127.0.0.1:$nginx_port/products.json" | cmp -s - "$work/products.json" \
  || { echo "nginx does not serve the catalogue's bytes" >&2; exit 1; }
echo "== nginx" >&2
run "nginx, the same $(wc -c < "$work/products.json") bytes" "file" "$work/get.lua" "http://127.0.0.1:$nginx_port/products.json"

echo
echo "wrk, 2 threads, $connections connections, $duration each, on $(nproc) cores (server and wrk share them)"
echo
echo "| scenario | database | requests/s | p50 ms | p99 ms | errors |"
echo "|---|---|---:|---:|---:|---:|"
awk -F'\t' '{split($3, f, " "); printf "| %s | %s | %s | %s | %s | %s |\n", $1, $2, f[1], f[2], f[3], f[4]}' "$results"
