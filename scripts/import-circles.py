#!/usr/bin/env python3
"""Import circles in a Rust crate: between files, and between top-level modules.

    scripts/import-circles.py CRATE_SRC... [--map]

An edge A -> B is a `use` or a path (`crate::x`, `super::x`, a child module's
name) in file A that names an item of file B. Two kinds of reference are not
imports and make no edge: a module file's `mod` lines, and its `pub use` of its
own descendants (the facade that publishes a folder's parts). Test code
(`#[cfg(test)]` modules, inline or in their own file) is left out: tests may
reach back into what they test. Exits 1 when any circle is found, listing each.
`--map` prints the top-level modules and the modules each one imports.
"""

import os
import re
import sys
from collections import defaultdict

COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
STRING = re.compile(r'\br(#*)"(?:.|\n)*?"\1|"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])\'', re.S)
TEST_MOD = re.compile(r"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*([;{])")
MOD_DECL = re.compile(r"^\s*((?:#\[[^\]]*\]\s*)*)(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", re.M)
PATH_ATTR = re.compile(r'#\[path\s*=\s*"([^"]+)"\]')
USE = re.compile(r"\b(pub(?:\([^)]*\))?\s+)?use\s+([^;]+);")
PATH = re.compile(r"\b(crate|super|self)((?:\s*::\s*\w+)+)")


def strip(text):
    text = COMMENT.sub(" ", text)
    return STRING.sub('""', text)


def drop_inline_tests(text):
    """Removes `#[cfg(test)] mod x { ... }` bodies; returns (text, test module names with their own file)."""
    own_files = set()
    out, pos = [], 0
    for m in TEST_MOD.finditer(text):
        if m.start() < pos:
            continue
        if m.group(2) == ";":
            own_files.add(m.group(1))
            continue
        depth, i = 0, m.end() - 1
        while i < len(text):
            if text[i] == "{":
                depth += 1
            elif text[i] == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        out.append(text[pos:m.start()])
        pos = i + 1
    out.append(text[pos:])
    return "".join(out), own_files


def expand(tree):
    """`a::{b, c::{d, e as f}}` -> [[a, b], [a, c, d], [a, c, e]]"""
    tree = re.sub(r"\s+as\s+\w+", "", tree)
    tree = re.sub(r"\s+", "", tree).lstrip(":")

    def split_top(s):
        parts, depth, cur = [], 0, ""
        for ch in s:
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            if ch == "," and depth == 0:
                parts.append(cur)
                cur = ""
            else:
                cur += ch
        if cur:
            parts.append(cur)
        return parts

    def rec(s):
        if "{" not in s:
            return [[seg for seg in s.split("::") if seg]]
        head, _, rest = s.partition("{")
        inner = rest[: rest.rfind("}")]
        prefix = [seg for seg in head.split("::") if seg]
        paths = []
        for part in split_top(inner):
            for p in rec(part):
                paths.append(prefix + p)
        return paths

    paths = []
    for p in rec(tree):
        if p and p[-1] == "self":
            p = p[:-1]
        paths.append(p)
    return paths


class Crate:
    def __init__(self, src):
        self.src = os.path.normpath(src)
        self.files = {}  # module path (tuple) -> file
        self.children = defaultdict(set)  # module path -> child module names
        self.test_files = set()
        root = next(f for f in ("lib.rs", "main.rs") if os.path.exists(os.path.join(self.src, f)))
        self.walk((), os.path.join(self.src, root))

    def walk(self, module, path):
        self.files[module] = path
        # Comments out, strings kept: a `#[path]` names its file in one.
        text = COMMENT.sub(" ", open(path, encoding="utf-8").read())
        _, test_mods = drop_inline_tests(text)
        base = os.path.dirname(path) if os.path.basename(path) in ("lib.rs", "main.rs", "mod.rs") \
            else os.path.splitext(path)[0]
        for attrs, name in MOD_DECL.findall(text):
            # `#[path]` on a module declared in a file is relative to that file's folder.
            explicit = PATH_ATTR.search(attrs)
            candidates = [os.path.join(os.path.dirname(path), explicit.group(1))] if explicit else [
                os.path.join(base, name + ".rs"), os.path.join(base, name, "mod.rs")]
            for candidate in candidates:
                if os.path.exists(candidate):
                    key = module + (name,)
                    if key in self.files:  # another file for the same module (cfg alternatives)
                        key = module + (name + "@" + os.path.basename(candidate),)
                    self.children[module].add(name)
                    if name in test_mods or key in self.test_files:
                        self.test_files.add(key)
                    self.walk(key, candidate)
                    break

    def is_test(self, module):
        return any(module[:i] in self.test_files for i in range(1, len(module) + 1))

    def resolve(self, module, segs):
        """Absolute module path of the file that defines what `segs` names, from `module`; None if outside."""
        if not segs:
            return None
        if segs[0] == "crate":
            base, rest = (), segs[1:]
        elif segs[0] in ("super", "self"):
            base, rest = module, list(segs)
            while rest and rest[0] in ("super", "self"):
                if rest[0] == "super":
                    base = base[:-1]
                rest = rest[1:]
        elif segs[0] in self.children[module]:
            base, rest = module, segs
        else:
            return None
        while rest and rest[0] in self.children[base]:
            base, rest = base + (rest[0],), rest[1:]
        return base

    def edges(self):
        graph = defaultdict(set)
        for module, path in self.files.items():
            if self.is_test(module):
                continue
            text, _ = drop_inline_tests(strip(open(path, encoding="utf-8").read()))
            text = MOD_DECL.sub(" ", text)
            targets = set()
            for m in USE.finditer(text):
                public = bool(m.group(1))
                for segs in expand(m.group(2)):
                    target = self.resolve(module, segs)
                    if target is None:
                        continue
                    if public and target[: len(module)] == module:
                        continue  # a facade publishing its own parts
                    targets.add(target)
            body = USE.sub(" ", text)
            for m in PATH.finditer(body):
                segs = [m.group(1)] + [s for s in re.split(r"\s*::\s*", m.group(2)) if s]
                target = self.resolve(module, segs)
                if target is not None:
                    targets.add(target)
            for target in targets:
                if target != module and not self.is_test(target):
                    graph[module].add(target)
        return graph


def circles(graph, nodes):
    """Strongly connected components of more than one node (Tarjan, iterative)."""
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]
    for start in nodes:
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on.add(start)
        while work:
            node, it = work[-1]
            advanced = False
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]
                    counter[0] += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                    advanced = True
                    break
                if nxt in on:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    top = stack.pop()
                    on.discard(top)
                    comp.append(top)
                    if top == node:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def name(module):
    return "::".join(module) or "crate"


def main(argv):
    show_map = "--map" in argv
    found = 0
    for src in [a for a in argv if not a.startswith("--")]:
        crate = Crate(src)
        graph = crate.edges()
        files = [m for m in crate.files if not crate.is_test(m)]
        for comp in circles(graph, files):
            found += 1
            print(f"{src}: files in a circle: " + ", ".join(crate.files[m] for m in comp))
        top = defaultdict(set)
        for a, targets in graph.items():
            for b in targets:
                if a and b and a[0] != b[0]:
                    top[a[0]].add(b[0])
        tops = sorted({m[0] for m in files if m})
        for comp in circles(top, tops):
            found += 1
            print(f"{src}: top-level modules in a circle ({len(comp)}): " + ", ".join(comp))
        if show_map:
            for t in tops:
                print(f"  {t} -> {', '.join(sorted(top[t])) or '(nothing)'}")
    if found:
        print(f"{found} import circle(s)")
        return 1
    print("no import circles")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
