# Sourced by the scripts that check the API from Python against a real server
# (fuzz-api.sh, python-client.sh): their pinned tool's virtualenv, and a
# dev-mode server on a fresh SQLite database.

# pinned_venv NAME REQUIREMENTS: a virtualenv under ~/.cache/store-NAME/venv
# holding what REQUIREMENTS pins, (re)installed only when the version of its
# first `package==version` line changes. Sets `venv` to its path.
pinned_venv() {
  local requirements="$2" package pinned installed
  venv="${XDG_CACHE_HOME:-$HOME/.cache}/store-$1/venv"
  package="$(sed -n 's/^\([A-Za-z0-9_.-]*\)==.*/\1/p' "$requirements" | head -n 1)"
  pinned="$(sed -n "s/^$package==//p" "$requirements")"
  [ -n "$pinned" ] || { echo "no package==VERSION in $requirements" >&2; return 1; }
  installed="$("$venv/bin/python" -c "import importlib.metadata as m; print(m.version('$package'))" 2>/dev/null || true)"
  if [ "$installed" != "$pinned" ]; then
    echo "Installing $package $pinned into $venv"
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check -r "$requirements"
  fi
}

# start_dev_server LOG: the API in dev mode (TEST_PROVIDERS=on: the dev outbox
# and the test payment provider) on a free loopback port, with a fresh SQLite
# database and files in a temp dir; the binary is API_BIN, else target/debug/api
# built now. The settings are exported, so that `$api_bin create-admin` reaches
# the same database. Sets `api_bin`, `work` (the temp dir, room for the
# caller's files too), `server` (the pid) and `api` (the base URL) once it
# answers /api/health. When the script exits, the server stops, its log is
# copied to LOG and the temp dir removed.
start_dev_server() {
  local port
  dev_server_log="$1"
  api_bin="${API_BIN:-}"
  [ -n "$api_bin" ] || { cargo build -q -p api; api_bin="${CARGO_TARGET_DIR:-target}/debug/api"; }
  work="$(mktemp -d)"
  server=""
  trap stop_dev_server EXIT
  trap 'exit 130' INT TERM  # so that Ctrl-C or a CI timeout still stops it
  port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  export DATA_DIR="$work" DATABASE_URL="" LISTEN_ADDR="127.0.0.1:$port" TEST_PROVIDERS=on RUST_LOG=warn
  api="http://127.0.0.1:$port/api"
  "$api_bin" serve > "$work/server.log" 2>&1 &
  server=$!
  for _ in $(seq 300); do
    curl -sf "$api/health" >/dev/null && return 0
    kill -0 "$server" 2>/dev/null || { echo "the server exited:" >&2; cat "$work/server.log" >&2; return 1; }
    sleep 0.2
  done
  echo "the server did not answer /api/health" >&2
  return 1
}

stop_dev_server() {
  [ -z "$server" ] || { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }
  [ ! -f "$work/server.log" ] || cp "$work/server.log" "$dev_server_log" 2>/dev/null || true
  rm -rf "$work"
}
