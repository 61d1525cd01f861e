"""Pairing URLs (their QR is `companion.qr.qr_png`'s, like every code the app shows).

The token goes into the URL's path, not its query: some QR apps drop queries when they open
the browser. Opening the URL has no side effect by itself (the page claims the seat with a
POST from script), so link previews and prefetchers cannot use a code up.
"""

from __future__ import annotations

JOIN_PATH = "/phone/join/"


def pairing_url(base: str, token: str) -> str:
    return f"{base.rstrip('/')}{JOIN_PATH}{token}"
