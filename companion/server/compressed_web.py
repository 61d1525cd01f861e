"""Flet's web client, gzip-compressed for the tablet and kept in the browser's cache.

A cold load of the table is about 14 MB (the Flutter client and its renderer in WebAssembly,
the icon font, DejaVu Sans), served by Flet as plain files: over a home Wi-Fi that is seconds
before the first frame. Compressed, it is about 40% of that. Compressing on every request
would cost each cold load a second or more of CPU on a modest laptop, so each file is
compressed once, in the background, into the data directory, and served from there from then
on; the very first load after an install or an upgrade of Flet goes out uncompressed.

Both encodings share the file's ETag and say `Cache-Control: no-cache`, so a browser keeps
the files across visits and only asks whether they changed (a 304 of a few bytes). Flet's
file names carry no version, so a cache that never asks would keep an old client after an
upgrade.
"""

from __future__ import annotations

import gzip
import hashlib
import logging
import mimetypes
import os
import shutil
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from starlette.responses import FileResponse
from starlette.types import Scope

log = logging.getLogger(__name__)

COMPRESSED_TYPES = (".wasm", ".js", ".mjs", ".otf", ".ttf", ".css", ".svg")
"""What gzip shrinks (images and woff2 fonts are compressed already; the JSON files are
small and Flet patches them at start)."""
MIN_SIZE = 8 * 1024
LEVEL = 6
CACHE_CONTROL = "no-cache"
LASTING = ("/favicon.png", "/icons/", "/fonts/", "/assets/fonts/", "/canvaskit/")
"""Files that never change between upgrades (the icon, the fonts, the renderer): kept for a
week without asking, where one game night fetched the icon 46 times."""
LASTING_CACHE_CONTROL = "public, max-age=604800"


def cache_control(url_path: str) -> str:
    return LASTING_CACHE_CONTROL if url_path.startswith(LASTING) else CACHE_CONTROL


class CompressedWeb:
    """ASGI middleware in front of the Flet app: serves a compressed copy of a static file
    when the browser accepts gzip and the copy is ready; everything else passes through."""

    def __init__(self, app: Any, roots: Sequence[Path], cache_dir: Path) -> None:
        self.app = app
        self.roots = [Path(r).resolve() for r in roots]
        """Where the Flet app looks for files, in its order (our assets, then Flet's client)."""
        self.cache_dir = Path(cache_dir)
        self._pending: set[Path] = set()
        self._lock = threading.Lock()
        self._workers = ThreadPoolExecutor(max_workers=1, thread_name_prefix="compress-web")

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["method"] != "GET":
            await self.app(scope, receive, send)
            return
        caching = cache_control(scope["path"])
        source = self._source(scope["path"])
        headers = _headers(scope)
        if source is None or "range" in headers:
            if caching != CACHE_CONTROL:
                send = _with_cache_headers(send, caching)
            await self.app(scope, receive, send)
            return
        stat = source.stat()
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
        if "gzip" not in headers.get("accept-encoding", ""):
            await self.app(scope, receive, _with_cache_headers(send, caching))
            return
        copy = self._compressed(source, etag)
        if copy is None:
            await self.app(scope, receive, _with_cache_headers(send, caching))
            return
        common = [(b"etag", etag.encode()), (b"cache-control", caching.encode()),
                  (b"vary", b"Accept-Encoding")]
        if etag in headers.get("if-none-match", ""):
            await send({"type": "http.response.start", "status": 304, "headers": common})
            await send({"type": "http.response.body", "body": b""})
            return

        media_type = mimetypes.guess_type(source.name)[0] or "application/octet-stream"
        response = FileResponse(copy, media_type=media_type, headers={
            "content-encoding": "gzip", "etag": etag, "cache-control": caching,
            "vary": "Accept-Encoding"})
        await response(scope, receive, send)

    def _source(self, url_path: str) -> Path | None:
        """The file the Flet app would serve for `url_path`, if it is worth compressing."""
        if not url_path.endswith(COMPRESSED_TYPES) or ".." in url_path:
            return None
        relative = url_path.lstrip("/")
        for root in self.roots:
            candidate = root / relative
            if candidate.is_file():
                return candidate if candidate.stat().st_size >= MIN_SIZE else None
        return None

    def _compressed(self, source: Path, etag: str) -> Path | None:
        """The ready compressed copy, or None (and its making is queued)."""
        name = hashlib.sha256(f"{source}|{etag}".encode()).hexdigest()[:32] + ".gz"
        copy = self.cache_dir / name
        if copy.is_file():
            return copy
        with self._lock:
            if copy not in self._pending:
                self._pending.add(copy)
                self._workers.submit(self._compress, source, copy)
        return None

    def _compress(self, source: Path, copy: Path) -> None:
        partial = copy.with_suffix(f".{os.getpid()}.part")
        try:
            self.cache_dir.mkdir(parents=True, exist_ok=True)
            with source.open("rb") as raw, gzip.GzipFile(partial, "wb", LEVEL, mtime=0) as out:
                shutil.copyfileobj(raw, out, 1 << 20)
            os.replace(partial, copy)
        except OSError as exc:
            log.warning("could not compress %s for the browser: %s", source, exc)
            partial.unlink(missing_ok=True)
        finally:
            with self._lock:
                self._pending.discard(copy)


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}


def _with_cache_headers(send: Any, caching: str = CACHE_CONTROL) -> Any:
    """The uncompressed answer also says how long to keep it, rather than let a browser
    guess."""
    async def sending(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start" and message["status"] == 200:
            headers = [(k, v) for k, v in message.get("headers", [])
                       if k.lower() not in (b"cache-control", b"vary")]
            message = {**message, "headers": headers + [
                (b"cache-control", caching.encode()), (b"vary", b"Accept-Encoding")]}
        await send(message)

    return sending
