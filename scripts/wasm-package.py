#!/usr/bin/env python3
"""Writes design-engine/pkg/package.json for the WebAssembly package (`just
wasm`), from the crate's own Cargo.toml, as wasm-pack did: the web app installs
the package from that directory (web/package.json, "file:../design-engine/pkg")."""
import json
import pathlib
import tomllib

root = pathlib.Path(__file__).resolve().parent.parent
crate = tomllib.loads((root / "design-engine/Cargo.toml").read_text())["package"]
workspace = tomllib.loads((root / "Cargo.toml").read_text()).get("workspace", {}).get("package", {})


def field(name):
    value = crate.get(name)
    return workspace.get(name) if isinstance(value, dict) and value.get("workspace") else value


name = "design_engine"
package = {
    "name": crate["name"],
    "type": "module",
    "description": field("description"),
    "version": field("version"),
    "license": field("license"),
    # The core and the text module it asks to shape texts (`useTextEngine`).
    "files": [f"{module}{part}" for module in (name, "design_text") for part in ("_bg.wasm", ".js", "_bg.js", ".d.ts")],
    "main": f"{name}.js",
    "types": f"{name}.d.ts",
    "sideEffects": [f"./{name}.js", "./design_text.js", "./snippets/*"],
}
(root / "design-engine/pkg/package.json").write_text(json.dumps(package, indent=2) + "\n")
