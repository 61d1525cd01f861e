"""Pairing URLs and their QR images.

The token goes into the URL's path, not its query: some QR apps drop queries when they open
the browser. Opening the URL has no side effect by itself (the page claims the seat with a
POST from script), so link previews and prefetchers cannot use a code up.

`qrcode` is imported when the first QR is drawn, not with this module (and never Pillow,
see `companion.qr`): the table app imports `pairing_url` on start.
"""

from __future__ import annotations

JOIN_PATH = "/phone/join/"


def pairing_url(base: str, token: str) -> str:
    return f"{base.rstrip('/')}{JOIN_PATH}{token}"


def qr_png(url: str, box_size: int = 8) -> bytes:
    """A PNG of the QR; medium error correction survives a glossy screen and a shaky hand."""
    from companion.qr import qr_png as draw

    return draw(url, box_size, "M")
