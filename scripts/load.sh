#!/usr/bin/env bash
# Load figures for the API (`just load`): requests per second and latency for
# GET /api/products and for adding a cart item, with wrk on loopback.
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
export DATA_DIR="$work" LISTEN_ADDR="127.0.0.1:$port" RUST_LOG=warn
[ -n "${1:-}" ] && export DATABASE_URL="$1"
./target/release/api serve > "$work/server.log" 2>&1 &
server=$!
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 0.2; done

# Shoppers to add to carts as (registration is argon2id: some seconds for 200).
# Each shopper's line grows by 25 per add, so 200 shoppers stay under the
# 10,000-per-size bound for about 80,000 adds.
run_id="$(date +%s%N)"
for i in $(seq "$users"); do
  # The response has no final newline: print each token on its own line.
  token="$(curl -sf -H 'content-type: application/json' \
    -d "{\"name\":\"Load $i\",\"email\":\"load-$run_id-$i@example.com\",\"password\":\"load test password\"}" \
    "http://127.0.0.1:$port/api/auth/register" | sed -n 's/.*"accessToken":"\([^"]*\)".*/\1/p')"
  [ -n "$token" ] && echo "$token"
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
