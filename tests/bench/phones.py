"""The phones: joining on a mid-range phone, and how fast a table action reaches them.

Joining is measured by `bench.phone_join` (the phones' own benchmark); this module
turns its runs into a table row. "Action to phones" runs the real phone routes, engine and
store in this process with five phone pages paired in Chromium, plays a random 5-player game
through the session the way the table's screens do, and times every event that changes
some player's rats from `Session.submit` until each phone whose view changed has rendered it.
"""

from __future__ import annotations

import contextlib
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from support.harness import chromium_browser

from bench import browser as chromium
from bench.figures import Figure, median, ms, not_measured, p95, verdict
from bench.servers import serving_in_thread

LIVE_BUDGET = 0.150
PHONES = 5
RENDER_TIMEOUT = 10.0

_WATCH_RENDERS = """
window.__renders = [];
document.addEventListener('DOMContentLoaded', () => {
  new MutationObserver(() => window.__renders.push(performance.timeOrigin + performance.now()))
    .observe(document.getElementById('ledger'), {subtree: true, childList: true,
                                                 characterData: true});
});
"""
"""Each phone notes the wall-clock time of every change to its ledger on screen; the page
redraws the ledger whenever the live stream brings it a new state."""


def join_figures(runs: int = 3) -> list[Figure]:
    from bench import phone_join as join

    budget = f"< {join.BUDGET_SECONDS:.0f} s, < {join.BUDGET_BYTES // 1024} KB"
    why = chromium.missing()
    if why:
        return [not_measured("phone join", budget, why)]
    runs_ = join.measure_join(runs)
    seconds = median([max(r.seconds_to_interactive, getattr(r, "seconds_to_live", 0.0))
                      for r in runs_])
    size = median([r.bytes_transferred for r in runs_])
    ok = seconds < join.BUDGET_SECONDS and size < join.BUDGET_BYTES
    return [Figure("phone join", f"{ms(seconds)}, {size / 1024:.1f} KB", budget, verdict(ok),
                   f"median of {len(runs_)} cold joins, {join.DOWNLOAD_BITS_PER_SECOND // 10**6}"
                   f" Mbit/s, {join.LATENCY_MS} ms, CPU x{join.CPU_SLOWDOWN}")]


def live_figures(max_actions: int = 40, seed: int = 5) -> list[Figure]:
    budget = f"p95 < {ms(LIVE_BUDGET)}"
    what = f"action to {PHONES} phones (p95)"
    why = chromium.missing()
    if why:
        return [not_measured(what, budget, why)]
    latencies = measure_live(max_actions, seed)
    if not latencies:
        return [not_measured(what, budget, "the game had no table action that changes rats")]
    return [Figure(what, ms(p95(latencies)), budget, verdict(p95(latencies) < LIVE_BUDGET),
                   f"{len(latencies)} rat-changing table events, median {ms(median(latencies))}")]


def measure_live(max_actions: int, seed: int) -> list[float]:
    """Seconds from submit to the last affected phone's redraw, per rat-changing event."""
    from support.simulate import random_game

    from companion.phones.hub import Hub
    from companion.phones.ledger import engine_rules
    from companion.phones.qr import pairing_url
    from companion.phones.routes import phone_app
    from companion.phones.seats import SeatRegistry
    from companion.store.db import GameStore
    from companion.store.session import Session

    view = engine_rules().player_json
    events = [e for e in random_game(seed, PHONES, private=False)]
    latencies: list[float] = []
    with contextlib.ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-")))
        store = stack.enter_context(GameStore.open(folder))
        session = Session.start(store, events[0])
        hub = Hub(registry=SeatRegistry(), open_session={session.game_id: session}.get,
                  base_url="")
        hub.base_url = stack.enter_context(serving_in_thread(phone_app(hub)))
        browser = stack.enter_context(chromium_browser())
        pages = []
        for seat in range(PHONES):
            context = browser.new_context(viewport={"width": 390, "height": 800})
            stack.callback(context.close)
            context.add_init_script(_WATCH_RENDERS)
            page = context.new_page()
            page.goto(pairing_url(hub.base_url, hub.registry.issue_token(session.game_id, seat)))
            # Drawn, not only connected: the pill turns live as the stream opens, before its
            # first event (the seat) is drawn, which would then count as the next event's.
            page.locator("#ledger").wait_for(timeout=30_000)
            pages.append(page)
        for event in events[1:]:
            before = [view(session.player_view(seat)) for seat in range(PHONES)]
            rats_before = [v.get("rats") for v in before]
            seen = [page.evaluate("window.__renders.length") for page in pages]
            started = time.time()
            session.submit(event)
            after = [view(session.player_view(seat)) for seat in range(PHONES)]
            changed = [seat for seat in range(PHONES) if after[seat] != before[seat]]
            shown = _wait_for_renders([pages[s] for s in changed], [seen[s] for s in changed])
            if [v.get("rats") for v in after] != rats_before:
                latencies.append(max(shown) / 1000 - started)
                if len(latencies) >= max_actions:
                    break
    return latencies


def _wait_for_renders(pages: Sequence[Any], seen: Sequence[int]) -> list[float]:
    """The wall-clock time (ms) of each page's first redraw after its `seen`-th."""
    times: list[float | None] = [None] * len(pages)
    deadline = time.monotonic() + RENDER_TIMEOUT
    while any(t is None for t in times):
        for i, page in enumerate(pages):
            if times[i] is None:
                times[i] = page.evaluate(f"window.__renders[{seen[i]}] ?? null")
        if time.monotonic() > deadline:
            raise RuntimeError("a phone did not show a change within "
                               f"{RENDER_TIMEOUT:.0f} s")
        time.sleep(0.01)
    return [t for t in times if t is not None]
