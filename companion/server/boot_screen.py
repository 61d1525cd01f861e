"""Flet's web client starts under a spinner with the English word "Working..." beneath it.

The word is compiled into the client (`main.dart.js`, `main.dart.wasm`) as the built-in boot
screen's default, with no setting for a hosted app, and it shows on every table whatever its
language. The table serves copies of those two files in which the word is blanked
with as many spaces: the spinner alone says "starting" in any language, and a same-length
change leaves the WebAssembly module's layout untouched. The copies are made once per Flet
version into the data directory; a client build without exactly one such word is served as
it is (and logged), never half-patched.

The copies are made after the server listens (`prepare_copies`), so making them never
delays its first answer, into a folder named after the client build: a copy that is there is
complete and of this very build, and until it is there the client goes out as Flet ships it.
"""

from __future__ import annotations

import hashlib
import logging
import mimetypes
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from starlette.responses import FileResponse
from starlette.types import Scope

log = logging.getLogger(__name__)

WORD = b"Working..."
BLANK = b" " * len(WORD)
CLIENT_FILES = ("main.dart.js", "main.dart.wasm")


CHUNK = 1 << 20
"""Read and written a mebibyte at a time: the server never holds the two files whole, nor their
patched copies, and so keeps no memory for them once the copies are made."""


def _blanked(source: Path) -> Iterator[tuple[bytes, int]]:
    """The file's bytes with the word blanked, piece by piece, each with how many words it
    held. A word cut by a piece's end is found whole in the next piece (the last bytes are
    carried over, too few to hold a whole word)."""
    keep = len(WORD) - 1
    carried = b""
    with source.open("rb") as raw:
        while chunk := raw.read(CHUNK):
            window = carried + chunk
            found = window.count(WORD)
            window = window.replace(WORD, BLANK)
            carried = window[-keep:]
            yield window[:-keep], found
    yield carried, 0


def _same(target: Path, pieces: Iterator[tuple[bytes, int]]) -> bool:
    with target.open("rb") as have:
        for piece, _ in pieces:
            if have.read(len(piece)) != piece:
                return False
        return have.read(1) == b""


def blank_boot_word(web_dir: Path, into: Path) -> Path:
    """Copies of the client's files without the boot screen's word, in `into` (returned)."""
    into.mkdir(parents=True, exist_ok=True)
    for name in CLIENT_FILES:
        source, target = web_dir / name, into / name
        try:
            words = sum(found for _, found in _blanked(source))
        except OSError:
            continue
        if words != 1:
            log.warning("%s: the boot screen's word is not there once; served unchanged", source)
            target.unlink(missing_ok=True)
            continue
        if target.is_file() and target.stat().st_size == source.stat().st_size \
                and _same(target, _blanked(source)):
            continue
        partial = target.with_suffix(f".{os.getpid()}.part")
        with partial.open("wb") as out:
            for piece, _ in _blanked(source):
                out.write(piece)
        os.replace(partial, target)
    return into


def client_copies(web_dir: Path, root: Path) -> Path:
    """The folder, under `root`, for this client build's copies: named after the files' sizes
    and modification times, so copies made for another Flet version are never served."""
    build = hashlib.sha256()
    for name in CLIENT_FILES:
        try:
            found = (web_dir / name).stat()
        except OSError:
            continue
        build.update(f"{name}:{found.st_size}:{found.st_mtime_ns};".encode())
    return root / build.hexdigest()[:16]


def prepare_copies(web_dir: Path, root: Path) -> Path:
    """This build's copies (see `client_copies`), and nothing of other builds: an upgrade of
    Flet leaves no 18 MB behind."""
    into = blank_boot_word(web_dir, client_copies(web_dir, root))
    for old in root.iterdir():
        if old == into:
            continue
        if old.is_dir():
            shutil.rmtree(old, ignore_errors=True)
        else:
            old.unlink(missing_ok=True)
    return into


class BlankBootScreen:
    """ASGI middleware: the client's two files from the blanked copies, when there are any."""

    def __init__(self, app: Any, directory: Path) -> None:
        self.app = app
        self.directory = Path(directory)

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        name = scope.get("path", "").lstrip("/") if scope["type"] == "http" else ""
        copy = self.directory / name
        if name in CLIENT_FILES and scope["method"] in ("GET", "HEAD") and copy.is_file():
            media_type = mimetypes.guess_type(name)[0] or "application/octet-stream"
            if name.endswith(".wasm"):
                media_type = "application/wasm"
            await FileResponse(copy, media_type=media_type)(scope, receive, send)
            return
        await self.app(scope, receive, send)
