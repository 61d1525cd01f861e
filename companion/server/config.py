"""What one running table server is configured with, and the key that makes a browser the table.

The table's screen controls the game, so it must not be opened by any device that happens to
be on the Wi-Fi: the URL printed at start carries a host key, and a browser that opened it once
remembers the key. The key is kept in the data directory so that a restart (a crashed laptop,
a closed terminal) does not lock the table's own browser out of the game it was playing.
"""

from __future__ import annotations

import hmac
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from companion.ui.shared.ports import KEY_PARAM

HOST_KEY_FILE = "table-key"


def load_or_create_host_key(data_dir: Path) -> str:
    path = data_dir / HOST_KEY_FILE
    try:
        key = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        key = ""
    if len(key) >= 16:
        return key
    key = secrets.token_urlsafe(24)
    data_dir.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as handle:
        handle.write(key + "\n")
    return key


@dataclass(frozen=True)
class TableConfig:
    data_dir: Path
    host_key: str
    lang: str | None = None
    """Forced language of the table (`--lang`); None follows the browser."""
    base_url: str = "http://127.0.0.1:8550"
    """Where other devices reach this server (for QR codes)."""
    open_table: bool = False
    """Every browser is the table: a packaged app running on the table's own device."""

    def is_host_key(self, candidate: str | None) -> bool:
        if candidate is None or not candidate:
            return False
        return hmac.compare_digest(candidate.encode(), self.host_key.encode())

    @property
    def table_url(self) -> str:
        return f"{self.base_url}/?{KEY_PARAM}={self.host_key}"
