"""The table app against a bare Flet hello-world: start time, first frame, memory.

Each figure is a ratio with both sides measured in the same run, alternating bare and ours
in every repetition so that whatever else the shared machine is doing hits both alike.
"""

from __future__ import annotations

import compileall
import contextlib
import json
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from support.harness import chromium_browser

import companion
from bench import browser as chromium
from bench.figures import Figure, median, not_measured, ratio
from bench.servers import Kind, Server, running

START_LIMIT = 1.3
FRAME_LIMIT = 1.2
MEMORY_LIMIT = 1.5
"""The table against a bare Flet app, what a user would otherwise run: within what a player
does not feel, without working around Flet or the libraries to shave a figure."""
PHONES = 5
SETTLE_SECONDS = 2.0
"""Time for the server to finish what a new page or phone set off before reading memory."""


def bytecode_as_installed() -> None:
    """pip compiles a package's bytecode when it installs it, so Flet starts from bytecode; a
    checkout run with PYTHONDONTWRITEBYTECODE (as CI shells often are) would compile ours from
    source at every start instead, a third of our start time. Measure both as installed."""
    compileall.compile_dir(Path(companion.__file__).parent, quiet=1)


def _interleaved(repetitions: int, measure: Callable[[Kind], float]
                 ) -> dict[Kind, list[float]]:
    """One warm-up of each kind (discarded: it fills the file cache), then bare and ours in
    turn, starting with the other one each round."""
    bytecode_as_installed()
    samples: dict[Kind, list[float]] = {Kind.BARE: [], Kind.OURS: []}
    measure(Kind.BARE)
    measure(Kind.OURS)
    for round_ in range(repetitions):
        order = (Kind.BARE, Kind.OURS) if round_ % 2 == 0 else (Kind.OURS, Kind.BARE)
        for kind in order:
            samples[kind].append(measure(kind))
    return samples


def start_figures(repetitions: int = 5) -> list[Figure]:
    cpu: dict[Kind, list[float]] = {Kind.BARE: [], Kind.OURS: []}

    def measure(kind: Kind) -> float:
        with running(kind) as server:
            cpu[kind].append(server.cpu_seconds_to_serve)
            return server.seconds_to_serve

    samples = _interleaved(repetitions, measure)
    figure = ratio("table app start", samples[Kind.OURS], samples[Kind.BARE], START_LIMIT,
                   f"<= {START_LIMIT}x bare Flet")
    ours_cpu, bare_cpu = median(cpu[Kind.OURS]), median(cpu[Kind.BARE])
    return [Figure(figure.what, figure.figure, figure.budget, figure.verdict,
                   f"{figure.note}, until the page answers 200; CPU {ours_cpu:.2f} s vs "
                   f"{bare_cpu:.2f} s ({ours_cpu / bare_cpu:.2f}x)")]


def first_frame_figures(repetitions: int = 5) -> list[Figure]:
    budget = f"<= {FRAME_LIMIT}x bare Flet"
    why = chromium.missing()
    if why:
        return [not_measured("table first frame", budget, why)]
    with running(Kind.BARE) as bare, running(Kind.OURS) as ours, chromium_browser() as browser:
        servers = {Kind.BARE: bare, Kind.OURS: ours}

        empty: dict[Kind, list[float]] = {Kind.BARE: [], Kind.OURS: []}
        size: dict[Kind, list[float]] = {Kind.BARE: [], Kind.OURS: []}

        def measure(kind: Kind) -> float:
            context, times = chromium.open_flutter_page(browser, servers[kind].page_url)
            context.close()
            empty[kind].append(times.first_frame)
            size[kind].append(times.bytes_transferred)
            return times.content

        samples = _interleaved(repetitions, measure)
    figure = ratio("table first frame", samples[Kind.OURS], samples[Kind.BARE], FRAME_LIMIT,
                   budget)
    blank = median(empty[Kind.OURS]) / median(empty[Kind.BARE])
    return [Figure(figure.what, figure.figure, figure.budget, figure.verdict,
                   figure.note + ", fresh browser cache each; first frame with the view's "
                   f"content (Flutter's empty first frame: {blank:.2f}x); "
                   f"{median(size[Kind.OURS]) / 2**20:.1f} MB vs "
                   f"{median(size[Kind.BARE]) / 2**20:.1f} MB over the wire")]


def memory_figures(repetitions: int = 2) -> list[Figure]:
    """Our server with the table page and five paired phones open, against the bare server
    with its one page open."""
    budget = f"<= {MEMORY_LIMIT}x bare Flet, 1 page"
    why = chromium.missing()
    if why:
        return [not_measured("memory", budget, why)]
    samples: dict[Kind, list[float]] = {Kind.BARE: [], Kind.OURS: []}
    with chromium_browser() as browser:
        for _ in range(repetitions):
            for kind in (Kind.BARE, Kind.OURS):
                samples[kind].append(_loaded_rss(browser, kind))
    figure = ratio("memory: server RSS", samples[Kind.OURS], samples[Kind.BARE], MEMORY_LIMIT,
                   budget, unit="bytes")
    return [Figure(figure.what, figure.figure, figure.budget, figure.verdict,
                   figure.note + f"; ours with the table and {PHONES} phones")]


def _loaded_rss(browser: Any, kind: Kind) -> float:
    with contextlib.ExitStack() as stack:
        data_dir = None
        game_id = None
        if kind is Kind.OURS:
            data_dir = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-")))
            game_id = stored_game(data_dir, PHONES)
        server = stack.enter_context(running(kind, data_dir))
        context, _ = chromium.open_flutter_page(browser, server.page_url)
        stack.callback(context.close)
        if game_id is not None:
            for seat in range(PHONES):
                phone = browser.new_context(viewport={"width": 390, "height": 800})
                stack.callback(phone.close)
                open_phone(phone.new_page(), server, game_id, seat)
        time.sleep(SETTLE_SECONDS)
        return float(server.rss_bytes())


def stored_game(data_dir: Path, players: int, seed: int = 3) -> str:
    """A game for `players`, a few rounds in, stored where the server will find it."""
    from support.simulate import random_game

    from companion.store.db import GameStore
    from companion.store.session import Session

    events = random_game(seed, players)
    with GameStore.open(data_dir) as store:
        session = Session.start(store, events[0])
        for event in events[1: len(events) // 2]:
            session.submit(event)
        return session.game_id


def open_phone(page: Any, server: Server, game_id: str, seat: int) -> None:
    """Pair `page` with `seat` the way a phone does: the host asks for the seat's code, the
    phone opens the link; returns once its live stream is open."""
    assert server.data_dir is not None
    from companion.phones.routes import HOST_KEY_HEADER
    from companion.server.config import HOST_KEY_FILE

    key = (server.data_dir / HOST_KEY_FILE).read_text(encoding="ascii").strip()
    request = urllib.request.Request(f"{server.base_url}/phone/host/{game_id}/seats/{seat}/code",
                                     method="POST", headers={HOST_KEY_HEADER: key})
    with urllib.request.urlopen(request, timeout=10) as response:
        link = json.loads(response.read())["url"]
    path = "/phone/" + link.split("/phone/", 1)[1]
    page.goto(server.base_url + path)
    page.locator("#link:not(.off)").wait_for(state="attached", timeout=30_000)
