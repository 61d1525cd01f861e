"""The one browser harness of the tests: Debian's chromium through Playwright, a live server.

Browser tests never download a browser (`playwright install` is not allowed here): they drive
the distribution's `/usr/bin/chromium` and skip cleanly when it is missing. One chromium runs
per test module (the `browser` fixture of tests/browser/conftest.py); each test gets a fresh
context (`table_context`, with every request off this machine refused by `Offline`), or,
where it needs no fresh browser, shares the module's one tab (`one_table_page`), starting on
its home screen (`back_home`) at its own size (`drawn_for`). Two kinds of server:

- `table_server`: `rattus-companion --no-browser` in a subprocess, on a free port, as a table
  runs it; its banner gives the table's address with its key.
- `live_server`: any ASGI app (the phone routes alone, or the composed app) with uvicorn in a
  background thread, because Playwright needs a real socket; `uvicorn_options(limits)` gives it
  the table server's own connection settings.

Flutter draws on a canvas, so a table test waits for the client to start (`#loading`
detaches), switches on the semantics tree, and then finds controls by their semantics
identifiers (`tagged(...)` in `companion.ui.shared.widgets`) or by their text. Tapping, typing
and scrolling are `support.flutter`'s, shared with the benchmark's scripted game, and
whole games are played by `support.story.Table`: each waits for what the screen shows,
never for a fixed time.
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, FloatRect, Page, Route, ViewportSize

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


@contextlib.contextmanager
def own_contexts(browser: Browser) -> Iterator[Browser]:
    """`browser` for the `with` block; every context opened in it is closed when it ends, its
    pages (and their live streams to a server the block may stop next) with it."""
    before = set(browser.contexts)
    try:
        yield browser
    finally:
        for context in browser.contexts:
            if context not in before:
                context.close()


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def live_server(app: Any, host: str = "127.0.0.1", port: int | None = None,
                startup_timeout: float = 20.0, **options: Any) -> Iterator[str]:
    """Serve an ASGI app on a real port for the `with` block; yields its base URL.

    `timeout_graceful_shutdown` is short because open live-update streams (SSE, WebSocket)
    would otherwise keep the server waiting for the browser to hang up. `options` go to
    `uvicorn.Config` (the table's own: `companion.server.limits.uvicorn_options`).
    """
    import uvicorn

    port = port or free_port(host)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning",
                            timeout_graceful_shutdown=1, lifespan="auto", **options)
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
    reader: threading.Thread | None = None

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
        self.all_output()

    def all_output(self) -> str:
        """Everything the server wrote, once it has stopped: its last lines (a traceback as it
        stops) may still be in the pipe when the process has ended, until the reader has them."""
        if self.process.poll() is None:
            raise RuntimeError("the server is still running: its output is not complete")
        if self.reader is not None:
            self.reader.join(timeout=30)
            if self.reader.is_alive():
                raise RuntimeError("the server's output did not end")
        return "".join(self.output)


START_DEADLINE_S = 90
"""How long a table server may take to start and answer before a test gives up on it: there to
catch a server that hangs, not to time one (`python -m bench` does). A start is about
a second on a quiet machine, and took 10 to 19 s with two suites running on this machine's two
cores (load 20), almost all of it loading modules."""


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
    deadline = time.monotonic() + START_DEADLINE_S
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
    reader = threading.Thread(target=_keep_reading, args=(process, lines), daemon=True)
    server = TableServer(process, base, table_url, data_dir, lines, reader)
    reader.start()
    wait_until_serving(base, deadline)
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


def wait_until_serving(base: str, deadline: float) -> None:
    """Until the server at `base` answers: it prints its address (with the key) before it
    listens, and a page opened at once is refused on a loaded machine."""
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


PICTURES_WANTED = os.environ.get("RATTUS_SCREENSHOTS", "") not in ("", "0")
"""`RATTUS_SCREENSHOTS=1`: the suite leaves a picture of every screen it looks at in
`screenshots/`, for a person to look at the devices and languages. Each costs about 1.5 s
(the canvas is painted a moment after the tree), about 200 of them five minutes of the
suite, and no test reads them; so they are taken only when asked for."""


def picture(page: Page, name: str) -> None:
    """A picture for a person (see `PICTURES_WANTED`); `screenshot` is for one a test reads,
    or one of a failure."""
    if PICTURES_WANTED:
        screenshot(page, name)


PAINTED = """() => document.fonts.ready.then(() => new Promise(
    done => requestAnimationFrame(() => requestAnimationFrame(() => done(true)))))"""
"""Fonts loaded and two frames painted since."""


def still_shot(page: Page, clip: FloatRect | None = None) -> bytes:
    """A picture of the screen (or of `clip` of it) once it is painted and still: Flutter paints
    the canvas a moment after the semantics tree, so it is taken when two pictures in a row are
    the same, not after a fixed pause that a loaded machine can outlast."""
    page.evaluate(PAINTED)
    shot = page.screenshot(clip=clip)
    for _ in range(20):
        page.evaluate(PAINTED)
        again = page.screenshot(clip=clip)
        if again == shot:
            break
        shot = again
    return shot


def screenshot_path(name: str) -> Path:
    """`screenshots/<name>.png`, its folder made if missing."""
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS / f"{name}.png"


def screenshot(page: Page, name: str) -> Path:
    """The screen once it is painted and still (`still_shot`), written to
    `screenshots/<name>.png`."""
    path = screenshot_path(name)
    path.write_bytes(still_shot(page))
    return path


def shooter(prefix: str) -> Callable[[Page, str], None]:
    """Pictures of a scripted table (`support.story`), named `<prefix>-<step>`, when
    they are asked for (`PICTURES_WANTED`)."""
    def shoot(page: Page, name: str) -> None:
        picture(page, f"{prefix}-{name}")
    return shoot


def resize_table(page: Page, size: dict[str, int]) -> bool:
    """Turn or change the table's device. The server redraws a narrow page on every resize
    and a wide one when it turns narrow (`frame.follow_resizes`); that redraw is waited for
    (the screen drawn for this size is tagged `frame-<w>x<h>`), since a tap on the screen
    before it would land on a control about to go. True when a redraw came: a wide page that
    stays wide is not drawn anew, and nothing says when the server has its new size."""
    from companion.ui.shared.theme import WIDE_LAYOUT

    old = page.viewport_size
    if old == size:
        return False
    redraw = size["width"] < WIDE_LAYOUT or (old is not None and old["width"] < WIDE_LAYOUT)
    page.set_viewport_size({"width": size["width"], "height": size["height"]})
    if redraw:
        page.locator(f"[flt-semantics-identifier='frame-{size['width']}x{size['height']}']"
                     ).first.wait_for(state="attached", timeout=30_000)
    return redraw


TABLE_MOTION = "reduce"
"""The table's browser asks for reduced motion (`prefers-reduced-motion`, a setting of the
device that Flutter's web engine reads as "disable animations"): each tap's screen comes
without the frames of its transitions, and the screens at rest, which the checks read, are
the same; what that saves is in docs/decisions.md, "The test suite". The story of the table
and three phones keeps the transitions (`reduced_motion="no-preference"`), as most tables
have them."""


def table_context(browser: Browser, offline: Offline | None = None, locale: str = "en-GB",
                  viewport: dict[str, int] | None = None, **options: Any) -> BrowserContext:
    """A fresh context of `browser` (its own cookies and storage: a new tab on a new device),
    with `offline` routing its requests when given, asking for `TABLE_MOTION`. `options` go to
    `new_context`."""
    if viewport is not None:
        options["viewport"] = viewport
    options.setdefault("reduced_motion", TABLE_MOTION)
    context = browser.new_context(locale=locale, **options)
    if offline is not None:
        offline.install(context)
    return context


def offline_page(context: BrowserContext, offline: Offline) -> Page:
    """A new page of `context` whose missing files (404) `offline` notes."""
    page = context.new_page()
    offline.watch(page)
    return page


PHONE: ViewportSize = {"width": 390, "height": 844}
"""The phone the tests hold: a 390x844 screen, touch."""


def phone_paired(browser: Browser, base_url: str, token: str, locale: str = "en-GB") -> Page:
    """A new phone (a context of its own, 390x844, touch) that opened the pairing link of
    `token` and shows its seat's ledger."""
    from companion.phones.qr import pairing_url

    context = browser.new_context(locale=locale, viewport=PHONE, has_touch=True,
                                  is_mobile=True)
    page = context.new_page()
    page.goto(pairing_url(base_url, token))
    return phone_shown(page)


def phone_shown(page: Page) -> Page:
    """`page` once the paired phone shows its seat's ledger.

    The page's load is not its content: the script claims the seat and receives the seat's view
    over the live stream after the page has loaded, so a test reading `#who` at load reads ''
    (seen in CI), and a second scan of the same code can win the seat the first has not claimed
    yet."""
    page.wait_for_url("**/phone/")
    page.locator("#ledger").wait_for(timeout=30_000)
    return page


_IDENTIFIERS = """() => Array.from(document.querySelectorAll('[flt-semantics-identifier]'),
    e => e.getAttribute('flt-semantics-identifier'))"""


def arrived(page: Page, identifier: str, name: str, server: TableServer | None = None) -> None:
    """Wait for the control tagged `identifier`; if it never comes, fail with what was there
    instead: a picture (`screenshots/failed-<name>.png`), the page's address, the identifiers on
    the screen and the server's last lines. A wait that timed out once in eleven CI runs under
    load (the history's VP chart, 2026-12-05) said only that it timed out, which left a tap that
    was lost and a screen that was drawn without its chart impossible to tell apart."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.locator(f"[flt-semantics-identifier='{identifier}']").first.wait_for()
    except PlaywrightTimeout:
        picture_path = screenshot(page, f"failed-{name}")
        shown = page.evaluate(_IDENTIFIERS)
        said = "".join(server.output[-40:]) if server is not None else ""
        raise AssertionError(
            f"{identifier!r} never appeared at {page.url}; picture {picture_path}; "
            f"identifiers on the screen: {shown}; the server's last lines:\n{said}") from None


TURNED = {"width": 800, "height": 1280}
"""A narrow size the table's window passes through when it goes from one wide size to
another: a wide page that stays wide is not drawn anew (see `resize_table`)."""


def drawn_for(page: Page, size: dict[str, int]) -> None:
    """The table's window at `size`, with the screen on it drawn by the server for that size
    (its frame is tagged `frame-<w>x<h>`). From one wide size to another the server draws
    nothing and the screen keeps the old size's widths until the next draw, which could come
    before the server has heard of the new size: so the window turns through `TURNED`, and
    each turn is drawn anew."""
    frame = f"[flt-semantics-identifier='frame-{size['width']}x{size['height']}']"
    if page.viewport_size == size:
        page.locator(frame).first.wait_for(state="attached", timeout=30_000)
        return
    if not resize_table(page, size):
        resize_table(page, TURNED)
        resize_table(page, size)


HOME = "new-game"
"""The home screen's own control (the title's `home` tag is also the end screen's button)."""

_ONE_WAY_HOME = """() => {
    const count = id => document.querySelectorAll(`[flt-semantics-identifier='${id}']`).length;
    return count('""" + HOME + """') > 0 || count('back') === 1;
}"""
"""The home screen, or one back arrow: a screen on its way out (its transition slowed down by a
loaded machine) is still in the tree with its own arrow beside the new screen's for a moment,
and a tap on an identifier two controls share is refused."""


def back_home(page: Page, table_url: str) -> None:
    """A page shared by a module's tests back on the home screen, as a player gets there: the
    back arrow, screen after screen. A page a test left with a dialog open (no back arrow in
    the tree) or broken is loaded afresh. Each test of such a module starts here, so none
    depends on where the test before it ended, or on whether it passed. A reload draws the
    screen the tab was on first, before the semantics tree is on, which changes how the tab
    takes typing from then on (`support.flutter._OWN_FIELD`); so a back arrow is tapped only
    while it is the one on the page."""
    from playwright.sync_api import Error as PlaywrightError

    from support.flutter import by_id, open_table, tap_and_redraw

    try:
        for _ in range(8):
            page.wait_for_function(_ONE_WAY_HOME, timeout=10_000, polling=100)
            if by_id(page, HOME).count():
                return
            tap_and_redraw(page, "back")
    except PlaywrightError:
        pass
    open_table(page, table_url)
    by_id(page, HOME).first.wait_for()


@contextlib.contextmanager
def one_table_page(browser: Browser, table_url: str, offline: Offline | None = None,
                   locale: str = "en-GB", viewport: dict[str, int] | None = None
                   ) -> Iterator[Page]:
    """One tab of the table for a whole module, its client started once (the start is the
    dearest part of a browser test: 5 to 10 s under load). Each test brings it
    `back_home` and to its own size (`drawn_for`) and language (`support.flutter`'s
    `switch_language`) first."""
    from support.flutter import by_id, open_table

    context = table_context(browser, offline, locale, viewport)
    try:
        page = context.new_page()
        if offline is not None:
            offline.watch(page)
        open_table(page, table_url)
        by_id(page, HOME).first.wait_for()
        yield page
    finally:
        context.close()
