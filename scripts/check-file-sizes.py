#!/usr/bin/env python3
"""No hand-written source file over 600 lines: a long file is split by what it does.

Checks every tracked source file (Rust, TypeScript, JavaScript, Python, shell,
CSS, HTML). Generated files and test-only files (an integration test folder, a
`tests.rs` or `*.test.*` file, the browser tests) are left out. Exits 1 listing
the files over the limit.
"""

import re
import subprocess
import sys

LIMIT = 600
SOURCE = re.compile(r"\.(rs|ts|tsx|js|mjs|py|sh|css|html)$")
EXEMPT = [
    re.compile(p)
    for p in (
        r"^web/src/lib/schema\.d\.ts$",  # openapi-typescript's output
        r"\.gen\.ts$",  # `just gen`'s output
        r"(^|/)tests?/",  # integration tests and their helpers
        r"(^|/)tests\.rs$",  # a module's tests in their own file
        r"\.test\.(ts|tsx|mjs|js)$",
        r"^web/e2e/",  # the browser tests and their harness
        r"^design-engine/js-tests/",
    )
]


def main():
    files = subprocess.run(["git", "ls-files"], capture_output=True, text=True, check=True).stdout.split()
    over = []
    for path in files:
        if not SOURCE.search(path) or any(p.search(path) for p in EXEMPT):
            continue
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = sum(1 for _ in f)
        if lines > LIMIT:
            over.append((lines, path))
    for lines, path in sorted(over, reverse=True):
        print(f"{path}: {lines} lines (at most {LIMIT}): split it by what it does")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
