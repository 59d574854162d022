#!/usr/bin/env bash
# The QR decoder the API tests read print files with: zxing-cpp's Python
# wheel (pinned in scripts/qr/requirements.txt), in its own virtualenv under
# ~/.cache, (re)installed unattended only when the pinned versions change.
# Usage:
#   scripts/qr-decoder.sh install              installs when needed; prints the virtualenv's python
#   scripts/qr-decoder.sh decode FILE [COLOUR] prints the QR codes' texts of a PNG laid on COLOUR
set -euo pipefail
cd "$(dirname "$0")/.."
requirements="scripts/qr/requirements.txt"
venv="${XDG_CACHE_HOME:-$HOME/.cache}/store-qr/venv"

install() {
  if ! cmp -s "$requirements" "$venv/requirements.txt" 2>/dev/null; then
    echo "Installing $(tr '\n' ' ' < "$requirements")into $venv" >&2
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check -r "$requirements" >&2
    cp "$requirements" "$venv/requirements.txt"
  fi
  echo "$venv/bin/python"
}

case "${1:-}" in
  install) install ;;
  decode) shift; python="$(install)"; exec "$python" scripts/qr/decode.py "$@" ;;
  *) echo "usage: $0 install | decode FILE [COLOUR]" >&2; exit 2 ;;
esac
