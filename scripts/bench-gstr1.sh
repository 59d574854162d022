#!/usr/bin/env bash
# The accountant's export over a month of invoices (`just bench-gstr1`): one
# order paid through the API (its tax invoice issued), cloned in SQLite with
# invoices numbered after it (scripts/bench_gstr1.py) over the last 28 days,
# then the time of GET /api/admin/tax-documents/gstr1 and gstr1.csv for the
# 28 days (RUNS times each, default 3) and of a page of the list. Release
# build, loopback only. KEEP=1 keeps the temporary directory.
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in jq python3 curl; do
  command -v "$tool" >/dev/null || { echo "$tool is needed: apt-get install -y $tool" >&2; exit 1; }
done
count="${INVOICES:-10000}"
runs="${RUNS:-3}"
port="${PORT:-18099}"
base="http://127.0.0.1:$port/api"
target="${CARGO_TARGET_DIR:-target}"
work="$(mktemp -d)"
server=""
cleanup() {
  [ -z "$server" ] || { kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; } || true
  [ -n "${KEEP:-}" ] && echo "kept $work" >&2 || rm -rf "$work"
}
trap cleanup EXIT

# SKIP_BUILD=1: time the release binary already built.
[ -n "${SKIP_BUILD:-}" ] || cargo build -q --release -p api
export DATA_DIR="$work" LISTEN_ADDR="127.0.0.1:$port" RUST_LOG=warn TEST_PROVIDERS=on DATABASE_URL="sqlite://$work/store.db?mode=rwc"
"$target/release/api" serve > "$work/server.log" 2>&1 &
server=$!
for _ in $(seq 50); do curl -sf "$base/health" >/dev/null && break; sleep 0.2; done

post() { curl -sSf -H 'content-type: application/json' ${3:+-H "Authorization: Bearer $3"} -d "$2" "$base$1"; }
get() { curl -sSf ${2:+-H "Authorization: Bearer $2"} "$base$1"; }

admin_email="admin@example.com"
"$target/release/api" create-admin --email "$admin_email" --name Admin >> "$work/server.log" 2>&1
post /auth/otp/email/send "{\"email\":\"$admin_email\"}" > /dev/null
code="$(get "/dev/outbox?to=$admin_email" | jq -r '.data[0].body' | grep -o '[0-9]\{6\}' | head -n 1)"
admin="$(post /auth/otp/email/verify "{\"email\":\"$admin_email\",\"code\":\"$code\"}" | jq -r '.data.accessToken')"

shopper_email="shopper-$(date +%s)@example.com"
shopper="$(post /auth/register "{\"name\":\"Bench Shopper\",\"email\":\"$shopper_email\",\"password\":\"bench the gstr1 export\"}" | jq -r '.data.accessToken')"
product="$(get /products | jq -r '[.. | objects | select(.name? == "T-Shirt Normal") | (._id // .id)][0]')"
post /cart/items "{\"productId\":\"$product\",\"color\":\"white\",\"quantity\":{\"m\":25}}" "$shopper" > /dev/null
amount="$(get /cart "$shopper" | jq -r '.data.totalPrice')"
address="{\"email\":\"$shopper_email\",\"fullName\":\"Bench Shopper\",\"phone\":\"9876543210\",\"addressLine1\":\"12 Janpath\",\"city\":\"New Delhi\",\"state\":\"Delhi\",\"zipCode\":\"110001\"}"
created="$(post /payments/create-order "{\"amount\":$amount,\"receipt\":\"bench_gstr1\",\"shippingAddress\":$address,\"sameAsShipping\":true}" "$shopper")"
order_id="$(jq -r '.data.order._id' <<< "$created")"
paid="$(post /payments/test/complete "{\"orderId\":\"$(jq -r '.data.orderId' <<< "$created")\"}" "$shopper")"
post /payments/verify "$(jq -c --arg id "$order_id" '.data + {orderId: $id}' <<< "$paid")" "$shopper" > /dev/null

python3 scripts/bench_gstr1.py "$work/store.db" "$order_id" "$count"
ist_day() { date -u -d "@$(( $(date +%s) + 19800 - $1 * 86400 ))" +%F; }
range="from=$(ist_day 28)&to=$(ist_day 0)"
summary="$(get "/admin/tax-documents/gstr1?$range" "$admin")"
echo "$(jq '.data.totals.invoices.count' <<< "$summary") invoices; reconciled: $(jq '.data.reconciliation.reconciled' <<< "$summary")"
for path in "/admin/tax-documents/gstr1?$range" "/admin/tax-documents/gstr1.csv?$range" "/admin/tax-documents?$range&page=100&limit=50"; do
  for _ in $(seq "$runs"); do
    curl -sSf -o "$work/out" -w "%{time_total}s %{size_download} bytes  GET /api${path%%\?*}\n" \
      -H "Authorization: Bearer $admin" "$base$path"
  done
done
