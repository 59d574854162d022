#!/usr/bin/env python3
"""Prints a Rust crate's module tree, one line per module: its path, its lines,
and what it owns (the first sentence of its `//!` comment).

    scripts/module-map.py CRATE_SRC [--depth N]
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
circles = __import__("import-circles")


def owns(path):
    text = open(path, encoding="utf-8").read()
    doc = " ".join(re.sub(r"^//!\s?", "", l) for l in text.splitlines() if l.startswith("//!"))
    doc = re.sub(r"\s+", " ", doc).strip()
    m = re.match(r"(.+?\.)(\s|$)", doc)
    return (m.group(1) if m else doc)[:110]


def main(argv):
    src = argv[0]
    depth = int(argv[argv.index("--depth") + 1]) if "--depth" in argv else 99
    crate = circles.Crate(src)
    for module in sorted(crate.files):
        if not module or crate.is_test(module) or len(module) > depth:
            continue
        path = crate.files[module]
        lines = sum(1 for _ in open(path, encoding="utf-8"))
        name = "  " * (len(module) - 1) + module[-1]
        print(f"{name:<34} {lines:>5}  {owns(path)}")


if __name__ == "__main__":
    main(sys.argv[1:])
