"""Reads openapi-python-client's output on stdin (scripts/python-client.sh).

Passes when every warning is the skipped response of a binary download (PNG,
PDF, zip, GLB, TTF: the generator types JSON only, and docs/api.md says how to fetch
those); fails on any other, above all "Endpoint will not be generated" and
"Unable to process schema": an operation or a schema the client lost.
"""

import itertools
import re
import sys

HEADER = re.compile(r"^(WARNING parsing (\S+ \S+) within|Unable to process schema )", re.MULTILINE)
BINARY = re.compile(r"Unsupported content_type (image/\S+|application/pdf|application/zip|model/gltf-binary|font/ttf|\*/\*)\)")

text = sys.stdin.read()
starts = [m.start() for m in HEADER.finditer(text)] + [len(text)]
warnings = [text[a:b].strip() for a, b in itertools.pairwise(starts)]
binary, other = [], []
for warning in warnings:
    header = HEADER.match(warning)
    skipped = BINARY.search(warning)
    if skipped:
        binary.append(f"{header.group(2)} ({skipped.group(1)})")
    else:
        other.append(warning)
print(f"python-client: {len(warnings)} generator warnings, {len(binary)} of them a binary download's response: "
      + ", ".join(binary))
if other:
    lost = "\n".join(f"  {w.splitlines()[0]}" for w in other)
    print(f"{len(other)} other warnings: the client lost what follows\n{lost}\n", file=sys.stderr)
    print("\n\n".join(other), file=sys.stderr)
    sys.exit(1)
