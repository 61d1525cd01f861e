"""How fast a phone joins: from opening the pairing link to a usable ledger, on a mid-range phone.

The budget (issue 6): interactive within 1 s and under 100 KB transferred, measured in
Chromium with the network throttled to 20 Mbit/s and 40 ms latency and the CPU slowed 4x.
"Interactive" here means the page has claimed its seat, rendered the player's own ledger
from the server and opened its live stream, i.e. the player can tap and log a rat.

Runs a real server (phone routes, real engine, real store in a temporary folder) on loopback
and Debian's chromium via Playwright. Prints figures; it never asserts a time.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
DOWNLOAD_BITS_PER_SECOND = 20_000_000
LATENCY_MS = 40
CPU_SLOWDOWN = 4
BUDGET_SECONDS = 1.0
BUDGET_BYTES = 100 * 1024


@dataclass(frozen=True)
class JoinFigures:
    seconds_to_interactive: float
    """From navigation start to the player's own ledger on screen with its buttons working."""
    seconds_to_live: float
    """From navigation start to the live stream open (table changes arrive from then on)."""
    bytes_transferred: int
    """Bytes over the wire (compressed bodies and headers) for every response of the load."""
    requests: int

    @property
    def within_budget(self) -> bool:
        return (max(self.seconds_to_interactive, self.seconds_to_live) < BUDGET_SECONDS
                and self.bytes_transferred < BUDGET_BYTES)


@contextlib.contextmanager
def _server(app: Any) -> Iterator[str]:
    import uvicorn

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning", timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        if not thread.is_alive():
            raise RuntimeError("the benchmark server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def _game(data_dir: Path) -> tuple[Any, Any]:
    """A stored 4-player game, its session and store, as the table would have it open."""
    from companion.rules.catalog import PlayerColour
    from companion.rules.events import GameStarted
    from companion.rules.setup import SelectionMethod, make_setup
    from companion.store.db import GameStore
    from companion.store.session import Session

    setup = make_setup([("Anna", PlayerColour.RED), ("Ben", PlayerColour.BLUE),
                        ("Carla", PlayerColour.GREEN), ("Dieter", PlayerColour.YELLOW)],
                       SelectionMethod.FIRST_GAME, seed=1234)
    store = GameStore.open(data_dir)
    return Session.start(store, GameStarted(setup)), store


_BARE_PAGE = (b"<!doctype html><html><head><link rel=icon href='data:,'></head><body><p>0</p>"
              b"<script>performance.mark('ledger-shown');performance.mark('live')</script>"
              b"</body></html>")
"""The least a page can be: one response, no request after it. Loaded in the same throttled
browser it shows what the machine itself costs, to judge the phone page's figures against
(a busy machine slows both alike)."""


def measure_bare_page(runs: int = 3) -> list[JoinFigures]:
    from playwright.sync_api import sync_playwright
    from starlette.applications import Starlette
    from starlette.responses import Response
    from starlette.routing import Route

    async def bare(_request: Any) -> Response:
        return Response(_BARE_PAGE, media_type="text/html")

    with _server(Starlette(routes=[Route("/", bare)])) as base, \
            sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            return [_one_join(browser, f"{base}/") for _ in range(runs)]
        finally:
            browser.close()


def measure_join(runs: int = 3) -> list[JoinFigures]:
    """Open a fresh pairing link `runs` times, each in a fresh (cold-cache) browser context."""
    from playwright.sync_api import sync_playwright

    from companion.phones.hub import Hub
    from companion.phones.qr import pairing_url
    from companion.phones.routes import phone_app
    from companion.phones.seats import SeatRegistry

    figures = []
    with tempfile.TemporaryDirectory() as folder:
        session, store = _game(Path(folder))
        hub = Hub(registry=SeatRegistry.in_data_dir(Path(folder)),
                  open_session={session.game_id: session}.get,
                  base_url="")
        try:
            with _server(phone_app(hub)) as base, sync_playwright() as playwright:
                hub.base_url = base
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    for run in range(runs):
                        hub.registry.release(session.game_id, 0)
                        url = pairing_url(base, hub.registry.issue_token(session.game_id, 0))
                        figures.append(_one_join(browser, url))
                finally:
                    browser.close()
        finally:
            hub.registry.close()
            store.close()
    return figures


def _one_join(browser: Any, url: str) -> JoinFigures:
    context = browser.new_context(viewport={"width": 390, "height": 800})
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": LATENCY_MS,
            "downloadThroughput": DOWNLOAD_BITS_PER_SECOND / 8,
            "uploadThroughput": DOWNLOAD_BITS_PER_SECOND / 8,
        })
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        encoded: dict[str, int] = {}
        cdp.on("Network.dataReceived",
               lambda e: encoded.__setitem__(e["requestId"],
                                             encoded.get(e["requestId"], 0)
                                             + int(e.get("encodedDataLength", 0))))
        finished: dict[str, int] = {}
        cdp.on("Network.loadingFinished",
               lambda e: finished.__setitem__(e["requestId"], int(e["encodedDataLength"])))
        page.goto(url, wait_until="commit")
        # The page marks both moments itself. Waiting goes through bare CDP evaluations:
        # Playwright's own injected helpers are big, and compiling them on a 4x slower CPU
        # would be counted against the page.
        marks = "['ledger-shown', 'live'].map(n => performance.getEntriesByName(n)[0])"
        deadline = time.monotonic() + 30
        while True:
            found = cdp.send("Runtime.evaluate", {
                "expression": f"JSON.stringify({marks}.map(m => m ? m.startTime : null))",
                "returnByValue": True})
            shown, live = json.loads(found["result"].get("value", "[null, null]"))
            if shown is not None and live is not None:
                break
            if time.monotonic() > deadline:
                raise RuntimeError("the phone page did not become interactive within 30 s")
            time.sleep(0.1)
        # The live stream never finishes loading: count what it has delivered so far.
        total = sum(finished.values()) + sum(v for k, v in encoded.items() if k not in finished)
        return JoinFigures(shown / 1000, live / 1000, total, len(set(encoded) | set(finished)))
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"phone join: {DOWNLOAD_BITS_PER_SECOND // 1_000_000} Mbit/s, {LATENCY_MS} ms, "
          f"CPU x{CPU_SLOWDOWN}; budget < {BUDGET_SECONDS:.1f} s, < {BUDGET_BYTES // 1024} KB")
    for run, figures in enumerate(measure_join(args.runs), 1):
        print(f"  run {run}: interactive after {figures.seconds_to_interactive * 1000:6.0f} ms, "
              f"live after {figures.seconds_to_live * 1000:6.0f} ms, "
              f"{figures.bytes_transferred / 1024:5.1f} KB in {figures.requests} responses"
              f"  {'ok' if figures.within_budget else 'OVER BUDGET'}")
    bare = sorted(f.seconds_to_interactive for f in measure_bare_page(args.runs))
    print(f"  yardstick, a bare one-response page on this machine: median "
          f"{bare[len(bare) // 2] * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
