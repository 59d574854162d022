#!/usr/bin/env bash
# Copies the clip-art library's chosen icons (catalogue-assets/clipart/selection.txt)
# from the @tabler/icons npm package (MIT) into catalogue-assets/clipart/tabler,
# with their tags and the licence. Then `cargo run -p catalogue-assets --bin clipart`
# writes assets/clipart/index.json. Run again only to change the selection.
set -euo pipefail
version=3.52.0
here=$(cd "$(dirname "$0")/.." && pwd)
out="$here/catalogue-assets/clipart/tabler"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack -q "@tabler/icons@$version" >/dev/null && tar xzf "tabler-icons-$version.tgz")
rm -rf "$out"
mkdir -p "$out/outline" "$out/filled"
python3 - "$tmp/package" "$out" "$here/catalogue-assets/clipart/selection.txt" "$version" <<'PY'
import json, shutil, sys
pkg, out, selection, version = sys.argv[1:]
meta = json.load(open(f"{pkg}/icons.json"))
tags = {}
for line in open(selection):
    if line.startswith("#") or not line.strip():
        continue
    for entry in line.split(":", 1)[1].split():
        name, _, style = entry.partition(":")
        style = style or "outline"
        shutil.copy(f"{pkg}/icons/{style}/{name}.svg", f"{out}/{style}/{name}.svg")
        tags[name] = meta[name]["tags"]
json.dump({"version": version, "tags": dict(sorted(tags.items()))}, open(f"{out}/tags.json", "w"), indent=1)
shutil.copy(f"{pkg}/LICENSE", f"{out}/LICENSE")
PY
echo "copied $(find "$out" -name '*.svg' | wc -l) icons of @tabler/icons $version into $out"
