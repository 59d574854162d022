#!/usr/bin/env python3
"""HarfBuzz's own shaping of the engine's test samples, for the engine to
match (design-engine/src/render/text/shape/tests.rs): glyph ids, clusters
(UTF-8 byte offsets), advances and offsets in font units, per sample.

Runs on uharfbuzz (pinned in scripts/harfbuzz/requirements.txt) in its own
virtualenv under ~/.cache, installed unattended when missing or stale.

Usage:
  scripts/harfbuzz-fixtures.py          writes design-engine/tests/fixtures/harfbuzz.json
  scripts/harfbuzz-fixtures.py --check  fails if the committed file differs from HarfBuzz's output
"""
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REQUIREMENTS = ROOT / "scripts/harfbuzz/requirements.txt"
VENV = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "store-harfbuzz/venv"
FIXTURE = ROOT / "design-engine/tests/fixtures/harfbuzz.json"
FONTS = ROOT / "design-engine/fonts"

# (font file, text): Hindi's conjuncts and pre-base matra, Tamil's pulli,
# Bengali's two-part vowel, Punjabi's tippi and bindi, Teko's Devanagari,
# and Latin with kerning and a ligature.
SAMPLES = [
    ("NotoSansDevanagari-Regular.ttf", "क्षत्रिय"),
    ("NotoSansDevanagari-Regular.ttf", "हिन्दी टीम"),
    ("NotoSerifDevanagari-Regular.ttf", "श्रद्धा"),
    ("NotoSansTamil-Regular.ttf", "தமிழ்"),
    ("NotoSansBengali-Regular.ttf", "বাংলা"),
    ("NotoSansGurmukhi-Regular.ttf", "ਪੰਜਾਬੀ"),
    ("Teko-Regular.ttf", "क्रिकेट"),
    ("LiberationSans-Regular.ttf", "AVATAR Team 10"),
    ("Gelasio-Regular.ttf", "office"),
]


def pinned():
    for line in REQUIREMENTS.read_text().splitlines():
        if line.startswith("uharfbuzz=="):
            return line.split("==", 1)[1].strip()
    sys.exit(f"no uharfbuzz==VERSION in {REQUIREMENTS}")


def ensure_venv():
    """Re-runs this script in the virtualenv with the pinned uharfbuzz."""
    python = VENV / "bin/python"
    if Path(sys.prefix).resolve() == VENV.resolve():
        return
    version = subprocess.run(
        [str(python), "-c", "import importlib.metadata as m; print(m.version('uharfbuzz'))"],
        capture_output=True, text=True,
    ).stdout.strip() if python.exists() else ""
    if version != pinned():
        print(f"Installing uharfbuzz {pinned()} into {VENV}", file=sys.stderr)
        if not python.exists():
            subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(VENV / "bin/pip"), "install", "-q", "--disable-pip-version-check",
                        "-r", str(REQUIREMENTS)], check=True)
    os.execv(str(python), [str(python), __file__, *sys.argv[1:]])


def shape(font_file, text):
    import uharfbuzz as hb
    face = hb.Face((FONTS / font_file).read_bytes())
    font = hb.Font(face)
    buf = hb.Buffer()
    buf.add_utf8(text.encode())  # clusters as UTF-8 byte offsets, as the engine keeps them
    buf.guess_segment_properties()
    hb.shape(font, buf)
    return [
        [i.codepoint, i.cluster, p.x_advance, p.x_offset, p.y_offset]
        for i, p in zip(buf.glyph_infos, buf.glyph_positions)
    ]


def fixture():
    """One case a line: diffs show which sample changed."""
    import uharfbuzz as hb
    dump = lambda v: json.dumps(v, ensure_ascii=False)
    cases = ",\n".join(
        f'  {{"font": {dump(f)}, "text": {dump(t)}, "glyphs": {dump(shape(f, t))}}}' for f, t in SAMPLES
    )
    return (f'{{"harfbuzz": {dump(hb.version_string())}, '
            f'"glyph": ["id", "cluster", "advance", "dx", "dy"],\n "cases": [\n{cases}\n ]}}\n')


def main():
    ensure_venv()
    out = fixture()
    if "--check" in sys.argv[1:]:
        if FIXTURE.read_text() != out:
            sys.exit(f"{FIXTURE.relative_to(ROOT)} differs from HarfBuzz's output: run scripts/harfbuzz-fixtures.py")
        return
    FIXTURE.write_text(out)


if __name__ == "__main__":
    main()
