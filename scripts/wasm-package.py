#!/usr/bin/env python3
"""Writes design-engine/pkg/package.json for the WebAssembly package (`just
wasm`), from the crate's own Cargo.toml, as wasm-pack did: the web app installs
the package from that directory (web/package.json, "file:../design-engine/pkg").
Then checks the package's TypeScript surface: no `any` in what it declares."""
import json
import pathlib
import re
import sys
import tomllib

root = pathlib.Path(__file__).resolve().parent.parent
crate = tomllib.loads((root / "design-engine/Cargo.toml").read_text())["package"]
workspace = tomllib.loads((root / "Cargo.toml").read_text()).get("workspace", {}).get("package", {})


def field(name):
    value = crate.get(name)
    return workspace.get(name) if isinstance(value, dict) and value.get("workspace") else value


name = "design_engine"
modules = (name, "design_text")  # the core and the text module it asks to shape texts (`useTextEngine`)
package = {
    "name": crate["name"],
    "type": "module",
    "description": field("description"),
    "version": field("version"),
    "license": field("license"),
    "files": [f"{module}{part}" for module in modules for part in ("_bg.wasm", ".js", "_bg.js", ".d.ts")],
    "main": f"{name}.js",
    "types": f"{name}.d.ts",
    "sideEffects": [f"./{name}.js", "./design_text.js", "./snippets/*"],
}
(root / "design-engine/pkg/package.json").write_text(json.dumps(package, indent=2) + "\n")


# Comments and string literals, blanked (lines kept) before looking for the type `any`.
NOT_CODE = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'', re.S)


def any_types(declarations):
    """(line number, line) of each `any` in TypeScript declarations."""
    code = NOT_CODE.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), declarations)
    lines = declarations.splitlines()
    return [(n, lines[n - 1].strip()) for n, line in enumerate(code.splitlines(), 1) if re.search(r"\bany\b", line)]


# Each module's declarations: a value that crosses as `any` needs its type named
# (tsify on the Rust type, or `unchecked_return_type`/`unchecked_param_type`).
# The `_bg.wasm.d.ts` files are the raw wasm ABI (externref is `any`), not the surface.
found = [
    f"design-engine/pkg/{module}.d.ts:{n}: {line}"
    for module in modules
    for n, line in any_types((root / f"design-engine/pkg/{module}.d.ts").read_text())
]
if found:
    sys.exit("The WebAssembly package declares `any`; give it a type:\n" + "\n".join(found))
