#!/usr/bin/env bash
# A real S3-compatible server for the S3 storage tests: moto's standalone
# server (pinned in scripts/s3/requirements.txt), in its own virtualenv under
# ~/.cache, (re)installed only when the pinned version changes.
# Usage:
#   scripts/s3-test-server.sh install       installs when needed; prints the path of moto_server
#                                           (what `just test` exports as S3_TEST_SERVER)
#   scripts/s3-test-server.sh serve [PORT]  installs when needed, then serves on 127.0.0.1:PORT (5000)
# The API tests (api/tests/all/helpers/s3.rs) start their own server from S3_TEST_SERVER.
set -euo pipefail
cd "$(dirname "$0")/.."
requirements="scripts/s3/requirements.txt"
venv="${XDG_CACHE_HOME:-$HOME/.cache}/store-moto/venv"

install() {
  local pinned installed
  pinned="$(sed -n 's/^moto\(\[[a-z,]*\]\)\{0,1\}==//p' "$requirements")"
  [ -n "$pinned" ] || { echo "no moto==VERSION in $requirements" >&2; exit 1; }
  installed="$("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("moto"))' 2>/dev/null || true)"
  # The server extra (flask) too: a moto without it has no working moto_server.
  if [ "$installed" != "$pinned" ] || ! "$venv/bin/python" -c 'import flask, flask_cors' 2>/dev/null \
    || [ ! -x "$venv/bin/moto_server" ]; then
    echo "Installing moto $pinned into $venv" >&2
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check -r "$requirements" >&2
  fi
  echo "$venv/bin/moto_server"
}

case "${1:-}" in
  install)
    install
    ;;
  serve)
    server="$(install)"
    exec "$server" -H 127.0.0.1 -p "${2:-5000}"
    ;;
  *)
    echo "usage: $0 install | serve [PORT]" >&2
    exit 2
    ;;
esac
