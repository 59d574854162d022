#!/usr/bin/env python3
"""Fails when `cargo build -p api` would compile a crate with other features than the workspace's tests do.

Cargo turns on a dependency's features per build: the tests' dependencies (criterion, proptest, lopdf, reqwest's
test features) add features to crates the server shares with them, and each such crate, with everything built on
it (poem, sqlx, the S3 SDK, the API itself), is then compiled twice on a fresh machine. The server's manifest turns
the same features on (api/Cargo.toml, "Feature alignment"); this check says when a dependency change breaks that.
"""
import subprocess
import sys


def features(*args: str) -> dict[str, str]:
    out = subprocess.run(
        ["cargo", "tree", "-q", "--prefix", "none", "-f", "{p}|{f}", *args],
        check=True, stdout=subprocess.PIPE, text=True,
    ).stdout
    found: dict[str, set[str]] = {}
    for line in out.splitlines():
        if "|" not in line:
            continue
        package, feats = line.removesuffix(" (*)").split("|", 1)
        # A package built for the host (proc macros, build scripts) and for the target is listed once per build.
        found.setdefault(package.strip(), set()).add(feats.strip())
    return {p: " / ".join(sorted(f)) for p, f in found.items()}


server = features("-p", "api", "-e", "normal,build")
tests = features("--workspace", "-e", "normal,build,dev")
differ = sorted(p for p in server if p in tests and server[p] != tests[p])
for p in differ:
    print(f"{p}\n  server: {server[p]}\n  tests:  {tests[p]}")
if differ:
    print("These crates would be compiled twice: turn the tests' features on in api/Cargo.toml (Feature alignment).")
    sys.exit(1)
print(f"features aligned: {len(server)} crates the server shares with the tests")
