"""The main file of a Piston job whose harness travels packed (``runner/piston.py``, ``packed``).

A trace's harness is larger than the request body a stock Piston server takes (100 KB): it comes
as ``harness.b64``, the zlib-compressed files in base64, which this writes beside itself before
the harness starts as it would have otherwise. Standard library only, built-in modules only.
"""

import binascii
import os
import sys
import zlib

PACKED = "harness.b64"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, PACKED), encoding="ascii") as handle:
        parts = zlib.decompress(binascii.a2b_base64(handle.read())).decode("utf-8").split("\0")
    for name, text in zip(parts[::2], parts[1::2]):
        with open(os.path.join(here, os.path.basename(name)), "w", encoding="utf-8") as out:
            out.write(text)
    sys.path.insert(0, here)
    import entry

    return entry.main()


if __name__ == "__main__":
    sys.exit(main())
