"""How fast a phone joins: from opening the pairing link to a usable ledger, on a mid-range phone.

The budget: interactive within 1 s and under 100 KB transferred, measured in
Chromium with the network throttled to 20 Mbit/s and 40 ms latency and the CPU slowed 4x.
"Interactive" here means the page has claimed its seat, rendered the player's own ledger
from the server and opened its live stream, i.e. the player can tap and log a rat.

Runs a real server (phone routes, real engine, real store in a temporary folder) on loopback
and Debian's chromium via Playwright. Before measuring, one phone (a plain HTTP client) joins and
leaves: by the time players scan, the table's server has long been running, so the one-time
imports of its first streamed answer are not a joining phone's cost. Each join is followed by
the bare-page yardstick in the same browser, to judge it against the machine's load of the
moment. Prints figures; it never asserts a time.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from support.harness import chromium_browser

from bench.servers import serving_in_thread

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


async def _bare(_request: Any) -> Any:
    from starlette.responses import Response

    return Response(_BARE_PAGE, media_type="text/html")


def _bare_app() -> Any:
    from starlette.applications import Starlette
    from starlette.routing import Route

    return Starlette(routes=[Route("/", _bare)])


@contextlib.contextmanager
def _phone_server() -> Iterator[tuple[Any, str, str]]:
    """The phone routes over a real engine game and store: (hub, game id, base URL)."""
    from companion.phones.hub import Hub
    from companion.phones.routes import phone_app
    from companion.phones.seats import SeatRegistry

    with tempfile.TemporaryDirectory() as folder:
        session, store = _game(Path(folder))
        hub = Hub(registry=SeatRegistry.in_data_dir(Path(folder)),
                  open_session={session.game_id: session}.get,
                  base_url="")
        try:
            with serving_in_thread(phone_app(hub)) as base:
                hub.base_url = base
                _warm_up(hub, session.game_id)
                yield hub, session.game_id, base
        finally:
            hub.registry.close()
            store.close()


def _warm_up(hub: Any, game: str, seat: int = 3) -> None:
    """One join by a plain HTTP client, read up to its first state, then the seat released."""
    import httpx

    link = _pairing_link(hub, game, seat)
    with httpx.Client(timeout=30) as phone:
        phone.get(link).raise_for_status()
        with phone.stream("POST", f"{hub.base_url}/phone/api/join",
                          json={"token": link.rsplit("/", 1)[1]},
                          headers={"accept": "text/event-stream"}) as answer:
            answer.raise_for_status()
            for line in answer.iter_lines():
                if line.startswith("data:"):
                    break
    hub.registry.release(game, seat)


def _pairing_link(hub: Any, game: str, seat: int = 0) -> str:
    from companion.phones.qr import pairing_url

    hub.registry.release(game, seat)
    return pairing_url(hub.base_url, hub.registry.issue_token(game, seat))


def measure_join(runs: int = 3) -> list[JoinFigures]:
    """Open a fresh pairing link `runs` times, each in a fresh (cold-cache) browser context."""
    with _phone_server() as (hub, game, _), chromium_browser() as browser:
        return [_one_join(browser, _pairing_link(hub, game)) for _ in range(runs)]


@dataclass(frozen=True)
class JoinRun:
    join: JoinFigures
    returning: JoinFigures
    """The same phone reopening its ledger at `/phone/` later (a reload after the browser
    dropped the tab): its cookie kept; the page is new at that address the first time and
    revalidated (304) after that."""
    bare: JoinFigures
    """The bare one-response page, loaded right after in the same browser: what this moment's
    load on the machine costs by itself."""


def measure_runs(runs: int = 3) -> list[JoinRun]:
    """Cold joins, each followed by a returning visit and by the bare-page yardstick, so that
    every join is judged against the machine's load of the same moment."""
    results = []
    with _phone_server() as (hub, game, base), \
            serving_in_thread(_bare_app()) as bare_base, chromium_browser() as browser:
        for _ in range(runs):
            with _phone(browser) as phone:
                join = phone.load(_pairing_link(hub, game))
                returning = phone.load(f"{base}/phone/")
            with _phone(browser) as phone:
                bare = phone.load(f"{bare_base}/")
            results.append(JoinRun(join, returning, bare))
    return results


class _Phone:
    """One throttled browser tab: a mid-range phone on the table's Wi-Fi."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Network.enable")
        self.cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": LATENCY_MS,
            "downloadThroughput": DOWNLOAD_BITS_PER_SECOND / 8,
            "uploadThroughput": DOWNLOAD_BITS_PER_SECOND / 8,
        })
        self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        self.encoded: dict[str, int] = {}
        self.finished: dict[str, int] = {}
        self.cdp.on("Network.dataReceived", self._received)
        self.cdp.on("Network.loadingFinished",
                    lambda e: self.finished.__setitem__(e["requestId"],
                                                        int(e["encodedDataLength"])))

    def _received(self, event: dict[str, Any]) -> None:
        key = event["requestId"]
        self.encoded[key] = self.encoded.get(key, 0) + int(event.get("encodedDataLength", 0))

    def load(self, url: str) -> JoinFigures:
        self.encoded.clear()
        self.finished.clear()
        self.page.goto(url, wait_until="commit")
        # The page marks both moments itself. Waiting goes through bare CDP evaluations:
        # Playwright's own injected helpers are big, and compiling them on a 4x slower CPU
        # would be counted against the page.
        marks = "['ledger-shown', 'live'].map(n => performance.getEntriesByName(n)[0])"
        deadline = time.monotonic() + 30
        while True:
            found = self.cdp.send("Runtime.evaluate", {
                "expression": f"JSON.stringify({marks}.map(m => m ? m.startTime : null))",
                "returnByValue": True})
            shown, live = json.loads(found["result"].get("value", "[null, null]"))
            if shown is not None and live is not None:
                break
            if time.monotonic() > deadline:
                raise RuntimeError("the phone page did not become interactive within 30 s")
            time.sleep(0.1)
        # The live stream never finishes loading: count what it has delivered so far.
        total = (sum(self.finished.values())
                 + sum(v for k, v in self.encoded.items() if k not in self.finished))
        return JoinFigures(shown / 1000, live / 1000, total,
                           len(set(self.encoded) | set(self.finished)))


@contextlib.contextmanager
def _phone(browser: Any) -> Iterator[_Phone]:
    context = browser.new_context(viewport={"width": 390, "height": 800})
    try:
        yield _Phone(context.new_page())
    finally:
        context.close()


def _one_join(browser: Any, url: str) -> JoinFigures:
    with _phone(browser) as phone:
        return phone.load(url)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:5.0f} ms"


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"phone join: {DOWNLOAD_BITS_PER_SECOND // 1_000_000} Mbit/s, {LATENCY_MS} ms, "
          f"CPU x{CPU_SLOWDOWN}; budget < {BUDGET_SECONDS:.1f} s, < {BUDGET_BYTES // 1024} KB")
    runs = measure_runs(args.runs)
    for number, run in enumerate(runs, 1):
        join = run.join
        print(f"  run {number}: interactive after {_ms(join.seconds_to_interactive)}, "
              f"live after {_ms(join.seconds_to_live)}, "
              f"{join.bytes_transferred / 1024:5.1f} KB in {join.requests} responses"
              f"  {'ok' if join.within_budget else 'OVER BUDGET'}"
              f"  | returning {_ms(run.returning.seconds_to_live)}"
              f" ({run.returning.bytes_transferred / 1024:.1f} KB)"
              f" | bare page {_ms(run.bare.seconds_to_interactive)}")

    def ready(figures: JoinFigures) -> float:
        return max(figures.seconds_to_interactive, figures.seconds_to_live)

    print(f"  median: join {_ms(_median([ready(r.join) for r in runs]))}, "
          f"returning {_ms(_median([ready(r.returning) for r in runs]))}, "
          f"bare page {_ms(_median([ready(r.bare) for r in runs]))} "
          f"(join minus bare page, per run: "
          f"{_ms(_median([ready(r.join) - ready(r.bare) for r in runs]))})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
