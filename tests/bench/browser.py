"""Debian's chromium, driven by Playwright, for the benchmarks that need a real browser.

Never `playwright install`: the benchmarks use `/usr/bin/chromium` with the same switches as
the browser tests (`tests/support/harness.py`), and report "not measured" where it is missing.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from support.harness import CHROMIUM_PATH as CHROMIUM

FIRST_FRAME_MARK = "bench-first-frame"
CONTENT_MARK = "bench-content"
FRAME_TIMEOUT = 60.0
BOOT_WORD = "Working..."
"""The word under the Flet client's boot spinner, a text in the semantics tree before the
app has said anything. The table blanks it (`companion.server.boot_screen`); the bare app
shows it, 70 ms before its "Hello, world!", so a frame with that word alone is no content."""

_MARKS = f"""
(() => {{
  const mark = name => {{
    if (!performance.getEntriesByName(name).length) performance.mark(name);
  }};
  window.addEventListener('flutter-first-frame', () => mark('{FIRST_FRAME_MARK}'), {{once: true}});
  let asked = false;
  const watch = new MutationObserver(() => {{
    const placeholder = document.querySelector('flt-semantics-placeholder');
    if (placeholder && !asked) {{ asked = true; placeholder.click(); }}
    const host = document.querySelector('flt-semantics-host');
    const said = host ? host.textContent.trim() : '';
    if (said && said !== '{BOOT_WORD}') {{ mark('{CONTENT_MARK}'); watch.disconnect(); }}
  }});
  watch.observe(document, {{subtree: true, childList: true, characterData: true}});
}})();
"""
"""Two moments, as performance marks counted from the start of the navigation: Flutter's
`flutter-first-frame` (an empty frame: Flet's page then drops its `#loading` cover), and the
first frame with the app's own content, seen as the first text in the semantics tree other
than the client's boot word (the script switches the tree on as soon as Flutter offers it, as
a screen reader would)."""


@dataclass(frozen=True)
class PageTimes:
    first_frame: float
    """Seconds from navigation start to Flutter's first (empty) frame."""
    content: float
    """Seconds from navigation start to the first frame showing the app's own view."""
    bytes_transferred: int
    """Over the wire (compressed bodies and headers) until then, as Chromium counted it."""


def missing() -> str | None:
    """Why the browser benchmarks cannot run here, or None."""
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is not installed"
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "playwright is not installed"
    return None


def open_flutter_page(browser: Any, url: str, viewport: dict[str, int] | None = None,
                      prepare: Callable[[Any, Any], None] | None = None
                      ) -> tuple[Any, PageTimes]:
    """Open `url` in a fresh context (empty cache) and wait for the app's view; returns the
    context (the caller closes it) and when the page got there. `prepare(context, page)` runs
    before the navigation (a simulated device's network and CPU)."""
    context = browser.new_context(viewport=viewport or {"width": 1280, "height": 800})
    marks = f"[{FIRST_FRAME_MARK!r}, {CONTENT_MARK!r}]" \
            ".map(n => (performance.getEntriesByName(n)[0] || {}).startTime ?? null)"
    try:
        context.add_init_script(_MARKS)
        page = context.new_page()
        if prepare is not None:
            prepare(context, page)
        received: dict[str, int] = {}
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.on("Network.dataReceived", lambda e: received.__setitem__(
            e["requestId"], received.get(e["requestId"], 0) + int(e.get("encodedDataLength", 0))))
        cdp.on("Network.loadingFinished", lambda e: received.__setitem__(
            e["requestId"], int(e["encodedDataLength"])))
        page.goto(url, wait_until="commit")
        deadline = time.monotonic() + FRAME_TIMEOUT
        while True:
            first, content = page.evaluate(marks)
            if first is not None and content is not None:
                return context, PageTimes(float(first) / 1000, float(content) / 1000,
                                          sum(received.values()))
            if time.monotonic() > deadline:
                raise RuntimeError(f"no Flutter frame from {url} within {FRAME_TIMEOUT:.0f} s")
            time.sleep(0.05)
    except BaseException:
        context.close()
        raise
