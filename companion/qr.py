"""QR codes as PNG bytes, drawn in memory: nothing to fetch, nothing written to disk.

`qrcode` is imported when the first code is drawn, so modules that only build URLs load
without it; and the PNG is written here, from the code's modules, not by Pillow: the only
image the app draws is black squares on white, and Pillow held about 3 MB of the server's
memory for good once a phone's code or a game's BG Stats code was first shown (issue 24's
memory row).
"""

from __future__ import annotations

import struct
import sys
import zlib
from typing import Any, Literal

Correction = Literal["L", "M", "Q", "H"]
LONG = 120
"""Characters from which a code is drawn with low correction (the BG Stats link is ~400)."""
QUIET_ZONE = 4
"""Modules of white around the code, as the QR standard asks: less and scanners misread."""
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def correction_for(data: str) -> Correction:
    """Medium correction survives a glossy screen and a shaky hand, but a long link at medium
    correction is so dense that scanners find false barcodes inside it (zxing read a Codabar in
    one BG Stats code of 150); low correction keeps the modules large and the read unambiguous."""
    return "L" if len(data) >= LONG else "M"


def qr_png(data: str, box_size: int = 8, correction: Correction | None = None) -> bytes:
    qrcode = qrcode_without_pillow()
    level = getattr(qrcode.constants, f"ERROR_CORRECT_{correction or correction_for(data)}")
    code = qrcode.QRCode(error_correction=level, box_size=box_size, border=QUIET_ZONE)
    code.add_data(data)
    code.make(fit=True)
    return black_on_white_png(code.get_matrix(), box_size)


def black_on_white_png(modules: list[list[bool]], box_size: int) -> bytes:
    """A 1-bit greyscale PNG with each module a `box_size` square (True: black), the same
    image Pillow wrote for `qrcode` before."""
    rows = []
    for line in modules:
        bits = "".join("0" * box_size if dark else "1" * box_size for dark in line)
        bits += "1" * (-len(bits) % 8)
        row = b"\x00" + int(bits, 2).to_bytes(len(bits) // 8, "big")
        rows.extend([row] * box_size)
    side = len(modules) * box_size
    header = struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0)
    return (PNG_SIGNATURE + _chunk(b"IHDR", header)
            + _chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + _chunk(b"IEND", b""))


def _chunk(kind: bytes, body: bytes) -> bytes:
    return (struct.pack(">I", len(body)) + kind + body
            + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))


def qrcode_without_pillow() -> Any:
    """`qrcode`, imported without the Pillow it loads only for its own drawing styles, which
    the app never uses (see the module's docstring)."""
    if "qrcode" in sys.modules or "PIL" in sys.modules:
        # measured (importtime, RSS): see the module's docstring
        import qrcode

        return qrcode
    sys.modules["PIL"] = None  # type: ignore[assignment]  # `import PIL` raises ImportError
    try:
        # measured (importtime, RSS): see the module's docstring
        import qrcode
    finally:
        del sys.modules["PIL"]
    return qrcode
