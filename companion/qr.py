"""QR codes as PNG bytes, drawn in memory: nothing to fetch, nothing written to disk.

`qrcode` (and Pillow behind it) is imported when the first code is drawn, so modules that only
build URLs load without an image library.
"""

from __future__ import annotations

import io
from typing import Literal

Correction = Literal["L", "M", "Q", "H"]


def qr_png(data: str, box_size: int = 8, correction: Correction = "M") -> bytes:
    """Medium correction survives a glossy screen and a shaky hand; a long link is better served
    by low correction, which keeps its modules large enough to scan from a screen."""
    import qrcode
    from qrcode import constants

    level = getattr(constants, f"ERROR_CORRECT_{correction}")
    code = qrcode.QRCode(error_correction=level, box_size=box_size, border=4)
    code.add_data(data)
    code.make(fit=True)
    buffer = io.BytesIO()
    code.make_image(fill_color="black", back_color="white").save(buffer, format="PNG")
    return buffer.getvalue()
