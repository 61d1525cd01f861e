"""QR codes as PNG bytes, drawn in memory: nothing to fetch, nothing written to disk.

`qrcode` (and Pillow behind it) is imported when the first code is drawn, so modules that only
build URLs load without an image library.
"""

from __future__ import annotations

import io
from typing import Literal

Correction = Literal["L", "M", "Q", "H"]
LONG = 120
"""Characters from which a code is drawn with low correction (the BG Stats link is ~400)."""
QUIET_ZONE = 4
"""Modules of white around the code, as the QR standard asks: less and scanners misread."""


def correction_for(data: str) -> Correction:
    """Medium correction survives a glossy screen and a shaky hand, but a long link at medium
    correction is so dense that scanners find false barcodes inside it (zxing read a Codabar in
    one BG Stats code of 150); low correction keeps the modules large and the read unambiguous."""
    return "L" if len(data) >= LONG else "M"


def qr_png(data: str, box_size: int = 8, correction: Correction | None = None) -> bytes:
    import qrcode
    from qrcode import constants

    level = getattr(constants, f"ERROR_CORRECT_{correction or correction_for(data)}")
    code = qrcode.QRCode(error_correction=level, box_size=box_size, border=QUIET_ZONE)
    code.add_data(data)
    code.make(fit=True)
    buffer = io.BytesIO()
    code.make_image(fill_color="black", back_color="white").save(buffer, format="PNG")
    return buffer.getvalue()
