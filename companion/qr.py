"""QR codes, made in one place: the table's setup code, a phone's pairing link, a BG Stats play.

`qr_code` builds the code (its error correction chosen here, for every code the app shows);
`qr_png` draws it with `qrcode`'s Pillow image factory as a PNG in memory: nothing to fetch,
nothing written to disk.
"""

from __future__ import annotations

import io

import qrcode
from qrcode.constants import ERROR_CORRECT_L, ERROR_CORRECT_M
from qrcode.image.pil import PilImage

LONG = 120
"""Characters from which a code is drawn with low correction (the BG Stats link is ~400)."""
QUIET_ZONE = 4
"""Modules of white around the code, as the QR standard asks: less and scanners misread."""
BOX_SIZE = 8
"""Pixels per module: the screens scale the image to their own size."""


def correction_for(data: str) -> int:
    """Medium correction survives a glossy screen and a shaky hand, but a long link at medium
    correction is so dense that scanners find false barcodes inside it (zxing read a Codabar in
    one BG Stats code of 150); low correction keeps the modules large and the read unambiguous."""
    return ERROR_CORRECT_L if len(data) >= LONG else ERROR_CORRECT_M


def qr_code(data: str) -> qrcode.QRCode:
    """The code of `data`, as small as its correction allows."""
    code = qrcode.QRCode(error_correction=correction_for(data), box_size=BOX_SIZE,
                         border=QUIET_ZONE, image_factory=PilImage)
    code.add_data(data)
    code.make(fit=True)
    return code


def qr_png(data: str) -> bytes:
    """The code of `data` as a black-on-white PNG."""
    out = io.BytesIO()
    qr_code(data).make_image().save(out)
    return out.getvalue()
