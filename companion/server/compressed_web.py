"""Flet's web client, gzip-compressed for the tablet and kept in the browser's cache.

A cold load of the table is about 14 MB (the Flutter client and its renderer in WebAssembly,
the icon font, DejaVu Sans), served by Flet as plain files: over a home Wi-Fi that is seconds
before the first frame. Compressed, it is about 40% of that. Compressing on every request
would cost each cold load a second or more of CPU on a modest laptop, so each file is
compressed once into the data directory, and served from there from then on. Even the very
first load after an install or an upgrade of Flet goes out compressed: the first request of a
file is compressed as it is sent, in a worker thread, and what is sent is the copy being
written.

Both encodings share the file's ETag and say `Cache-Control: no-cache`, so a browser keeps
the files across visits and only asks whether they changed (a 304 of a few bytes). Flet's
file names carry no version, so a cache that never asks would keep an old client after an
upgrade.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import mimetypes
import os
import threading
import zlib
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
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

_PACKING = ThreadPoolExecutor(max_workers=1, thread_name_prefix="gzip")
"""One thread compresses, one file after another: a tablet's first load asks for about ten at
once, and each worker thread of a pool would keep the megabytes it passed through in a heap
of its own. zlib compresses far faster than a home Wi-Fi sends, and
each file is still sent piece by piece as it is compressed, the files taking turns."""


def cache_control(url_path: str) -> str:
    return LASTING_CACHE_CONTROL if url_path.startswith(LASTING) else CACHE_CONTROL


class CompressedWeb:
    """ASGI middleware in front of the Flet app: serves a compressed copy of a static file
    when the browser accepts gzip (compressed as it is sent, the first time); everything
    else passes through."""

    def __init__(self, app: Any, roots: Sequence[Path], cache_dir: Path) -> None:
        self.app = app
        self.roots = [Path(r).resolve() for r in roots]
        """Where the Flet app looks for files, in its order (our assets, then Flet's client)."""
        self.cache_dir = Path(cache_dir)
        self._pending: set[Path] = set()
        self._lock = threading.Lock()

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
        common = [(b"etag", etag.encode()), (b"cache-control", caching.encode()),
                  (b"vary", b"Accept-Encoding")]
        if etag in headers.get("if-none-match", ""):
            await send({"type": "http.response.start", "status": 304, "headers": common})
            await send({"type": "http.response.body", "body": b""})
            return
        copy, making = self._compressed(source, etag)
        media_type = mimetypes.guess_type(source.name)[0] or "application/octet-stream"
        if copy is None:
            await self._send_compressing(source, making, media_type, common, receive, send)
            return
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

    def _compressed(self, source: Path, etag: str) -> tuple[Path | None, Path | None]:
        """The ready compressed copy, or (None, the copy this request is to write while it
        sends it; None if another request is writing it already)."""
        name = hashlib.sha256(f"{source}|{etag}".encode()).hexdigest()[:32] + ".gz"
        copy = self.cache_dir / name
        if copy.is_file():
            return copy, None
        with self._lock:
            if copy in self._pending:
                return None, None
            self._pending.add(copy)
        return None, copy

    async def _send_compressing(self, source: Path, making: Path | None, media_type: str,
                                common: list[tuple[bytes, bytes]], receive: Any, send: Any
                                ) -> None:
        """`source` gzip-compressed as it is read, in a worker thread (zlib lets the other
        threads run meanwhile); written to `making` as well, renamed into place once whole.
        A browser that goes away mid-way (or a server that stops and cuts it off) ends the
        compressing at the next piece and leaves no partial copy: the rest would be
        compressed for nobody while a stopping server waited for it."""
        await send({"type": "http.response.start", "status": 200, "headers": [
            (b"content-type", media_type.encode()), (b"content-encoding", b"gzip"), *common]})
        packer = zlib.compressobj(LEVEL, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
        partial = None if making is None else making.with_suffix(f".{os.getpid()}.part")
        out = None
        gone = asyncio.ensure_future(_disconnect(receive))
        try:
            if partial is not None:
                try:
                    self.cache_dir.mkdir(parents=True, exist_ok=True)
                    out = partial.open("wb")
                except OSError as exc:
                    log.warning("could not compress %s for the browser: %s", source, exc)
            with source.open("rb") as raw:
                while True:
                    if gone.done():
                        log.debug("%s: the browser went away before the end", source.name)
                        return
                    chunk = await asyncio.get_running_loop().run_in_executor(
                        _PACKING, _pack, raw, packer)
                    if out is not None:
                        out.write(chunk.data)
                    if chunk.data or chunk.last:
                        await send({"type": "http.response.body", "body": chunk.data,
                                    "more_body": not chunk.last})
                    if chunk.last:
                        break
            if out is not None and partial is not None and making is not None:
                out.close()
                out = None
                os.replace(partial, making)
        finally:
            gone.cancel()
            if out is not None:
                out.close()
            if partial is not None:
                partial.unlink(missing_ok=True)
            if making is not None:
                with self._lock:
                    self._pending.discard(making)


async def _disconnect(receive: Any) -> None:
    """Returns once the browser is gone (or the answer is complete): a GET's request is
    read whole at once, so the next message says so; a receive that fails says so too."""
    with contextlib.suppress(Exception):
        while (await receive())["type"] != "http.disconnect":
            pass


READ_SIZE = 1 << 18


@dataclass(frozen=True)
class _Packed:
    data: bytes
    last: bool


def _pack(raw: Any, packer: Any) -> _Packed:
    """The next piece of the file, compressed; the last one ends the gzip stream."""
    read = raw.read(READ_SIZE)
    if not read:
        return _Packed(packer.flush(), True)
    return _Packed(packer.compress(read), False)


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
