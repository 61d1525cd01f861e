"""Driving the table app in Debian's chromium: a real server in a subprocess, a real browser.

Flutter draws on a canvas, so a test waits for the client to start (`#loading` detaches),
switches on the semantics tree, and then finds controls by their semantics identifiers
(`tagged(...)` in `companion.ui.shared.widgets`) or by their text. Tapping, typing and
scrolling are `companion.bench.flutter`'s, shared with the benchmark's scripted game: each waits
for what the screen shows, never for a fixed time.
"""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from support.browser import free_port

from companion.bench.flutter import (  # noqa: F401  (the browser tests' toolbox)
    bring_into_view,
    by_id,
    enable_semantics,
    next_frame,
    open_table,
    tap,
    tap_and_redraw,
    type_into,
    wait_for_said,
    wait_for_text,
)

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page, Route

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"
KEY_LINE = re.compile(r"(https?://\S+[?&]key=\S+)")
"""The table's address in the start-up banner, found by its form in any language."""
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")


@dataclass
class TableServer:
    process: subprocess.Popen[str]
    base_url: str
    table_url: str
    data_dir: Path
    output: list[str] = field(default_factory=list)

    @property
    def key(self) -> str:
        return self.table_url.split("key=", 1)[1]

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)


@contextlib.contextmanager
def table_server(data_dir: Path, lang: str | None = None, port: int | None = None
                 ) -> Iterator[TableServer]:
    """`rattus-companion --no-browser` on a free port, until the `with` block ends."""
    port = port or free_port()
    args = [sys.executable, "-m", "companion", "--no-browser", "--host", "127.0.0.1",
            "--port", str(port), "--data-dir", str(data_dir)]
    if lang:
        args += ["--lang", lang]
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env=env)
    assert process.stdout is not None
    lines: list[str] = []
    table_url = None
    deadline = time.monotonic() + 30
    while table_url is None and time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line)
        found = KEY_LINE.search(line)
        if found:
            table_url = found.group(1)
    if table_url is None:
        process.kill()
        raise RuntimeError("the table server did not start:\n" + "".join(lines))
    base = f"http://127.0.0.1:{port}"
    table_url = f"{base}/?key={table_url.split('key=', 1)[1]}"
    server = TableServer(process, base, table_url, data_dir, lines)
    threading.Thread(target=_keep_reading, args=(process, lines), daemon=True).start()
    _wait_until_serving(base, deadline)
    try:
        yield server
    finally:
        server.stop()


def _keep_reading(process: subprocess.Popen[str], lines: list[str]) -> None:
    """Keep the server's output flowing into `lines`: a pipe nobody reads fills up (64 KiB) and
    then stops the server at its next log line, which a test would see as a lost tap."""
    assert process.stdout is not None
    for line in process.stdout:
        lines.append(line)


def _wait_until_serving(base: str, deadline: float) -> None:
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(base + "/manifest.json", timeout=2):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{base} did not answer")


class Offline:
    """Routes every request of a browser context: anything not to this machine fails the test."""

    def __init__(self) -> None:
        self.outside: list[str] = []
        self.missing: list[str] = []

    def install(self, context: BrowserContext) -> None:
        context.route("**/*", self._route)

    def _route(self, route: Route) -> None:
        url = route.request.url
        host = url.split("//", 1)[-1].split("/", 1)[0].rsplit(":", 1)[0]
        if url.startswith(("data:", "blob:")) or host in LOCAL_HOSTS:
            route.continue_()
        else:
            self.outside.append(url)
            route.abort()

    def watch(self, page: Page) -> None:
        page.on("response", lambda r: self.missing.append(r.url) if r.status == 404 else None)


def screenshot(page: Page, name: str) -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.wait_for_timeout(1200)  # headless chromium paints the canvas a moment after the tree
    page.screenshot(path=str(path))
    return path


def shooter(prefix: str) -> Callable[[Page, str], None]:
    """Screenshots for a scripted table (`companion.bench.story`), named `<prefix>-<step>`."""
    def shoot(page: Page, name: str) -> None:
        screenshot(page, f"{prefix}-{name}")
    return shoot
