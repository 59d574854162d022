#!/usr/bin/env bash
# The API through a client generated from the committed openapi.json
# (`just python-client`, part of `just test`), as a new API user would make one:
# openapi-python-client, pinned in scripts/python-client/requirements.txt, in a
# virtualenv under ~/.cache. Fails when the generator drops anything but a
# binary download's response (scripts/python-client/generator-warnings.py),
# then when the client's typed models cannot carry a shopper from registration
# to a created order on a fresh dev-mode server (scripts/python-client/flow.py).
# The client is left in target/python-client/store_client, the logs beside it.
# Usage: scripts/python-client.sh   (env: API_BIN: a server binary to use instead of building target/debug/api)
set -euo pipefail
cd "$(dirname "$0")/.."
here="scripts/python-client"
out="target/python-client"

. scripts/dev-server.sh
pinned_venv python-client "$here/requirements.txt"

mkdir -p "$out"
# The commands of docs/api.md's "Generating a client"; ruff, installed with the
# generator, formats the client when it is on PATH (as in an activated virtualenv).
PATH="$venv/bin:$PATH" openapi-python-client generate --path openapi.json --meta none \
  --output-path "$out/store_client" --overwrite > "$out/generate.log" 2>&1 \
  || { cat "$out/generate.log" >&2; exit 1; }
python3 "$here/generator-warnings.py" < "$out/generate.log"

start_dev_server "$out/server.log"
# A hang guard only: the flow takes a second or two.
STORE_API_URL="$api" PYTHONPATH="$out" timeout -k 5 120 "$venv/bin/python" "$here/flow.py"
