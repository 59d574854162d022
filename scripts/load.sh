#!/usr/bin/env bash
# Load figures for the API (`just load`): requests per second and latency for
# GET /api/products, adding a cart item, creating an order from the cart and
# verifying its payment, with wrk on loopback.
# Usage: scripts/load.sh [DATABASE_URL]   (default: a fresh SQLite file)
# Bounded: each run lasts DURATION (default 10s) and only targets 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { echo "wrk is needed: apt-get install -y wrk" >&2; exit 1; }
duration="${DURATION:-10s}"
users="${USERS:-200}"
port="${PORT:-18099}"
work="$(mktemp -d)"
trap 'kill "$server" 2>/dev/null || true; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT

cargo build -q --release -p api
# A known key secret: this script signs payments as the provider would.
# Registration is rate-limited per client address: the script stands behind a
# trusted "proxy" (loopback) and names a different client for each shopper.
export DATA_DIR="$work" LISTEN_ADDR="127.0.0.1:$port" RUST_LOG=warn TEST_PROVIDERS=on PAYMENT_PROVIDER=test \
  RAZORPAY_KEY_SECRET="load-test-key-secret-0123456789abcdef" TRUSTED_PROXIES=127.0.0.1
export DATABASE_URL="${1:-sqlite://$work/store.db?mode=rwc}"
./target/release/api serve > "$work/server.log" 2>&1 &
server=$!
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 0.2; done

# Shoppers to add to carts as (registration is argon2id: some seconds for 200).
# Each shopper's line grows by 25 per add, so 200 shoppers stay under the
# 10,000-per-size bound for about 80,000 adds.
run_id="$(date +%s%N)"
for i in $(seq "$users"); do
  # The response has no final newline: print each token on its own line.
  token="$(curl -sf -H 'content-type: application/json' -H "x-forwarded-for: 198.51.$((100 + i / 250)).$((i % 250 + 1))" \
    -d "{\"name\":\"Load $i\",\"email\":\"load-$run_id-$i@example.com\",\"password\":\"load test password\"}" \
    "http://127.0.0.1:$port/api/auth/register" | sed -n 's/.*"accessToken":"\([^"]*\)".*/\1/p')"
  [ -n "$token" ] && echo "$token" && echo "load-$run_id-$i@example.com" >> "$work/emails"
done > "$work/tokens"
echo "$(wc -l < "$work/tokens") shoppers registered"

cat > "$work/add.lua" <<'LUA'
local tokens = {}
for line in io.lines(os.getenv("TOKENS_FILE")) do tokens[#tokens + 1] = line end
local body = '{"productId":"64f1a2b3c4d5e6f708190a05","color":"white","quantity":{"m":25},"price":2500}'
request = function()
  local t = tokens[math.random(#tokens)]
  return wrk.format("POST", "/api/cart/items", { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. t }, body)
end
LUA

echo "== GET /api/products ($(curl -sf "http://127.0.0.1:$port/api/health" | sed -n 's/.*"database":"\([a-z]*\)".*/\1/p'))"
wrk -t2 -c32 -d"$duration" --latency "http://127.0.0.1:$port/api/products"
echo "== POST /api/cart/items ($users shoppers)"
TOKENS_FILE="$work/tokens" wrk -t2 -c32 -d"$duration" --latency -s "$work/add.lua" "http://127.0.0.1:$port"

# Checkout: each shopper's cart total (the amount create-order must be given),
# then one new order per request (a fresh receipt each time).
while read -r token; do
  total="$(curl -sf -H "Authorization: Bearer $token" "http://127.0.0.1:$port/api/cart" | sed -n 's/.*"totalPrice":\([0-9]*\).*/\1/p')"
  echo "$token $total"
done < "$work/tokens" > "$work/carts"
cat > "$work/order.lua" <<'LUA'
local carts = {}
for line in io.lines(os.getenv("CARTS_FILE")) do
  local token, total = line:match("(%S+) (%d+)")
  carts[#carts + 1] = { token = token, total = total }
end
-- wrk seeds every thread alike: number the threads so receipts never collide.
local threads = 0
function setup(thread) threads = threads + 1; thread:set("id", threads) end
function init() math.randomseed(id * 7919 + os.time()) end
local n = 0
local address = '{"email":"load@example.com","fullName":"Load Test","phone":"9876543210","addressLine1":"12 Janpath","city":"New Delhi","state":"Delhi","zipCode":"110001"}'
request = function()
  n = n + 1
  local c = carts[math.random(#carts)]
  local body = '{"amount":' .. c.total .. ',"currency":"INR","receipt":"load_' .. id .. '_' .. math.random(1e9) .. '_' .. n ..
    '","shippingAddress":' .. address .. ',"sameAsShipping":true}'
  return wrk.format("POST", "/api/payments/create-order", { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. c.token }, body)
end
LUA
echo "== POST /api/payments/create-order ($users shoppers)"
CARTS_FILE="$work/carts" wrk -t2 -c32 -d"$duration" --latency -s "$work/order.lua" "http://127.0.0.1:$port"

# Verify: every pending order paid once, signed as the provider signs it
# (requests beyond the orders made are the idempotent "already paid" path).
python3 scripts/load_payments.py "$DATABASE_URL" "$work" > "$work/payments"
echo "== POST /api/payments/verify ($(wc -l < "$work/payments") pending orders)"
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
PAYMENTS_FILE="$work/payments" wrk -t2 -c32 -d"$duration" --latency -s "$work/verify.lua" "http://127.0.0.1:$port"
