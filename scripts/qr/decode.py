"""Prints the text of every QR code in a print file (a transparent PNG),
laid on the garment's colour first: `decode.py FILE.png [#rrggbb]`."""
import sys

import zxingcpp
from PIL import Image

path = sys.argv[1]
ground = sys.argv[2] if len(sys.argv) > 2 else "#ffffff"
art = Image.open(path).convert("RGBA")
garment = Image.new("RGBA", art.size, ground)
garment.alpha_composite(art)
# A 300 DPI Back is large: scanners work on what a camera would see.
garment.thumbnail((1200, 1200))
found = zxingcpp.read_barcodes(garment.convert("RGB"), formats=zxingcpp.BarcodeFormat.QRCode)
for code in found:
    print(code.text)
sys.exit(0 if found else 1)
