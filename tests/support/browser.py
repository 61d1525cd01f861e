"""Shared helpers for browser tests: Debian's chromium through Playwright, and a live server.

Browser tests never download a browser (`playwright install` is not allowed here): they drive
the distribution's `/usr/bin/chromium` and skip cleanly when it is missing. The live server runs
any ASGI app (the phone routes alone, or the composed Flet + phones app) with uvicorn in a
background thread, because Playwright needs a real socket, not an in-process transport.

Usage in a test module (the `tests` directory is on `sys.path` under pytest's default import
mode, so the package is importable as `support`):

    from support.browser import chromium_browser, live_server, requires_chromium

    pytestmark = [pytest.mark.browser, requires_chromium]

    def test_story():
        with live_server(app) as base_url, chromium_browser() as browser:
            page = browser.new_context().new_page()
            page.goto(f"{base_url}/phone/...")
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser

CHROMIUM_PATH = Path("/usr/bin/chromium")
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)

requires_chromium = pytest.mark.skipif(
    not CHROMIUM_PATH.exists(), reason="Debian's chromium (/usr/bin/chromium) is not installed"
)


@contextlib.contextmanager
def chromium_browser(**launch_options: Any) -> Iterator[Browser]:
    """One chromium for the whole `with` block; every player gets `browser.new_context()`."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM_PATH), args=list(CHROMIUM_ARGS), **launch_options
        )
        try:
            yield browser
        finally:
            browser.close()


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def live_server(app: Any, host: str = "127.0.0.1", port: int | None = None,
                startup_timeout: float = 20.0) -> Iterator[str]:
    """Serve an ASGI app on a real port for the `with` block; yields its base URL.

    `timeout_graceful_shutdown` is short because open live-update streams (SSE, WebSocket)
    would otherwise keep the server waiting for the browser to hang up.
    """
    import uvicorn

    port = port or free_port(host)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning",
                            timeout_graceful_shutdown=1, lifespan="auto")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name=f"live-server-{port}", daemon=True)
    thread.start()
    deadline = time.monotonic() + startup_timeout
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError(f"the live server on port {port} did not start")
        time.sleep(0.05)
    try:
        yield f"http://{host}:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
