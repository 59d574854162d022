#!/usr/bin/env python3
"""Checks the documentation's relative links, and that the README stays a front door.

Every Markdown link in README.md and docs/*.md ([text](path), [text](path#anchor), [text](#anchor), images and
reference definitions `[name]: path`) must resolve: the file or directory exists (relative to the page), and an
anchor into a Markdown page matches one of its headings as GitHub names them (lowercase, punctuation removed,
spaces to '-', a repeated heading gets -1, -2, ...). Links with a scheme (http:, https:, mailto:) are not checked;
neither is anything inside code (fenced blocks or `inline code`).
README.md may hold at most 300 lines. Exits 1 listing every broken link (page:line), else 0.

Usage: python3 scripts/check-links.py [ROOT]   (ROOT defaults to the repository this script is in)
"""

import re
import sys
from pathlib import Path

README_MAX_LINES = 300

FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
# [text](target) or ![alt](target); the target may be <...> and may carry a "title".
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_DEF = re.compile(r"^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def prose_lines(text):
    """(line number, line) for every line outside fenced code, with inline code blanked out."""
    in_fence = None
    for number, line in enumerate(text.split("\n"), start=1):
        fence = FENCE.match(line)
        if fence:
            if in_fence is None:
                in_fence = fence.group(1)
            elif fence.group(1) == in_fence:
                in_fence = None
            continue
        if in_fence is None:
            yield number, INLINE_CODE.sub(lambda m: " " * len(m.group(0)), line)


def slug(heading):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link keeps its text
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML
    text = text.replace("`", "").lower()
    text = re.sub(r"[^\w\- ]", "", text)  # punctuation goes; letters, digits, '_', '-' and spaces stay
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        seen = {}
        names = set()
        in_fence = None
        for line in path.read_text(encoding="utf-8").split("\n"):
            fence = FENCE.match(line)
            if fence:
                if in_fence is None:
                    in_fence = fence.group(1)
                elif fence.group(1) == in_fence:
                    in_fence = None
                continue
            match = HEADING.match(line) if in_fence is None else None
            if match:
                base = slug(match.group(2))
                count = seen.get(base, 0)
                seen[base] = count + 1
                names.add(base if count == 0 else f"{base}-{count}")
        cache[path] = names
    return cache[path]


def check_page(page, root):
    broken = []
    for number, line in prose_lines(page.read_text(encoding="utf-8")):
        targets = [m.group(1) for m in INLINE_LINK.finditer(line)]
        definition = REFERENCE_DEF.match(line)
        if definition:
            targets.append(definition.group(1))
        for target in targets:
            target = target.strip("<>")
            if not target or SCHEME.match(target):
                continue
            path_part, _, anchor = target.partition("#")
            path_part = path_part.split("?", 1)[0]
            destination = page if not path_part else (page.parent / path_part).resolve()
            where = f"{page.relative_to(root)}:{number}: {target}"
            if not destination.exists():
                broken.append(f"{where} (no such file)")
            elif anchor and destination.is_file() and destination.suffix.lower() == ".md":
                if anchor not in anchors(destination):
                    broken.append(f"{where} (no heading #{anchor} in {destination.relative_to(root)})")
    return broken


def main():
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent).resolve()
    readme = root / "README.md"
    pages = [readme] + sorted((root / "docs").glob("*.md"))
    problems = []
    for page in pages:
        if page.exists():
            problems += check_page(page, root)
    lines = len(readme.read_text(encoding="utf-8").splitlines()) if readme.exists() else 0
    if lines > README_MAX_LINES:
        problems.append(f"README.md has {lines} lines, more than {README_MAX_LINES}: move detail to docs/")
    if problems:
        print(f"check-links: {len(problems)} problem(s):")
        for problem in problems:
            print(f"  {problem}")
        return 1
    print(f"check-links: {len(pages)} pages, every relative link resolves; README.md {lines} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
