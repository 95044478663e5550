"""Packs an .iconset folder (the layout `iconutil` reads) into an .icns file, so the macOS icon can
be made on any system; on a Mac, `iconutil -c icns codementor.iconset` gives the same result.

    python3 packaging/macos/make_icns.py ICONSET OUT.icns

An .icns is the tag "icns" and its total length, then one entry per size: a four-letter type, the
entry's length (header included) and a PNG. Standard library only.
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

# iconset file name -> the .icns type that holds a PNG of that size (Apple's table).
TYPES = {
    "icon_16x16.png": b"icp4",
    "icon_16x16@2x.png": b"ic11",
    "icon_32x32.png": b"icp5",
    "icon_32x32@2x.png": b"ic12",
    "icon_128x128.png": b"ic07",
    "icon_128x128@2x.png": b"ic13",
    "icon_256x256.png": b"ic08",
    "icon_256x256@2x.png": b"ic14",
    "icon_512x512.png": b"ic09",
    "icon_512x512@2x.png": b"ic10",
}


def pack(iconset: Path) -> bytes:
    entries = b""
    for name, kind in TYPES.items():
        png = (iconset / name).read_bytes()
        if not png.startswith(b"\x89PNG"):
            raise ValueError(f"{name} is not a PNG")
        entries += kind + struct.pack(">I", len(png) + 8) + png
    return b"icns" + struct.pack(">I", len(entries) + 8) + entries


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    Path(argv[1]).write_bytes(pack(Path(argv[0])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
