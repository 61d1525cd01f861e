"""The WebAssembly build's two big files, named in the table page's own response headers.

A tablet's browser reads a `Link: rel=preload` header as soon as the page's headers arrive;
the page's preload script (`companion/web/index.html`) can ask for the same files only once
the page has been parsed up to it: on the simulated tablet (CPU slowed 4x) the headers came
at 0.06 s and the script's requests at 0.34 s, and the two files (4.2 MB gzipped) are what
the first frame waits for longest (issue 24). The script picks the build by testing the
browser's features; a header must be chosen before the page runs, so it goes only to
browsers that name themselves Chromium-based at a version that takes Flutter's WebAssembly
build (WasmGC, Chrome 119), never to iOS, where every browser is WebKit and takes the
JavaScript build. Any other browser gets the page as before, and the script's preloads.
The header and the script ask with the same attributes, so the browser fetches each file
once.
"""

from __future__ import annotations

import re
from typing import Any

from starlette.types import Scope

WASM_GC_CHROME = 119
"""The first Chrome that runs WasmGC without a flag, which Flutter's loader requires."""
BUILD_FILES = ("/main.dart.wasm", "/canvaskit/skwasm.wasm")
"""The build Flutter's loader picks in such a browser (skwasm: its image codecs and text
segmenter are there), as the page's script picks it."""
LINK = ", ".join(f"<{path}>; rel=preload; as=fetch; crossorigin" for path in BUILD_FILES)
_CHROME = re.compile(r"Chrom(?:e|ium)/(\d+)")
_IOS = ("iPhone", "iPad", "iPod", "CriOS", "EdgiOS")


def takes_wasm_build(user_agent: str) -> bool:
    """Whether the browser that sent `user_agent` takes Flutter's WebAssembly build."""
    if any(mark in user_agent for mark in _IOS):
        return False
    found = _CHROME.search(user_agent)
    return found is not None and int(found.group(1)) >= WASM_GC_CHROME


class PreloadHints:
    """ASGI middleware: adds the `Link` header to the table page (HTML) for such browsers."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["method"] != "GET" \
                or scope["path"].startswith("/phone"):
            await self.app(scope, receive, send)
            return
        agent = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"user-agent"),
                     "")
        if not takes_wasm_build(agent):
            await self.app(scope, receive, send)
            return

        async def sending(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start" and message["status"] == 200:
                headers = list(message.get("headers", []))
                kind = next((v for k, v in headers if k.lower() == b"content-type"), b"")
                if kind.startswith(b"text/html"):
                    message = {**message, "headers": headers + [(b"link", LINK.encode())]}
            await send(message)

        await self.app(scope, receive, sending)
