"""What one tap's redraw costs the table, counted rather than timed on a wall clock.

The real `TableApp` runs on a real Flet page (`flet.messaging.session.Session`) whose
connection packs each message as Flet's socket server does and keeps its size instead of
sending it, so a tap goes through Flet's own event dispatch, auto-update, diff and
serialisation. Per tap of phase C and D (4 and 5 players, a laptop's screen): the messages
sent, those that change the page, their bytes, the controls sent whole (new to the client),
and the server's CPU time in building the screen (`Screens.build`) and in Flet's diff and
serialisation (`Session.patch_control`): CPU time and counts hardly depend on what else the
machine runs. With `--browser`, the same taps in chromium on a real server: the time from the
click to the next step's frame, and the server's and chromium's CPU time.

    PYTHONPATH=tests .venv/bin/python -m support.redraw_cost [--browser]
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import flet as ft
import msgpack  # type: ignore[import-untyped]
from flet.controls.base_control import BaseControl
from flet.messaging import session as flet_session
from flet.messaging.connection import Connection
from flet.messaging.protocol import (
    Message,
    MessageAction,
    configure_encode_object_for_msgpack,
)
from flet.pubsub.pubsub_hub import PubSubHub

from companion.rules.engine import apply
from companion.rules.guide import Enter, RevealCards, Step, step_at
from companion.rules.setup import DeckMode
from companion.server.config import TableConfig
from companion.server.games import OpenGames
from companion.store.db import GameStore
from companion.ui.routes import SCREENS, table_app
from companion.ui.shell import TableApp
from support.fake_page import walk
from support.simulate import random_game


@dataclass
class Cost:
    """What one tap cost the server."""

    messages: int = 0
    patches: int = 0
    """Messages that change the page's controls (each one a frame of the client's)."""
    bytes: int = 0
    controls: int = 0
    """Controls sent whole (new to the client), not those only updated."""
    tags: list[str] = field(default_factory=list)
    """The semantics identifiers of the tagged controls among them."""
    build_cpu: float = 0.0
    patch_cpu: float = 0.0
    total_cpu: float = 0.0


@dataclass
class Wire(Connection):
    """A connection that packs every message as Flet's socket server does and counts it."""

    cost: Cost = field(default_factory=Cost)

    def __post_init__(self) -> None:
        Connection.__init__(self)

    def send_message(self, message: Message) -> None:
        encode = configure_encode_object_for_msgpack(BaseControl)

        def counting(obj: Any) -> Any:
            if isinstance(obj, BaseControl):
                self.cost.controls += 1
            if isinstance(obj, ft.Semantics) and obj.identifier:
                self.cost.tags.append(obj.identifier)
            return encode(obj)

        body = msgpack.packb([message.action, message.body], default=counting)
        self.cost.messages += 1
        self.cost.patches += message.action is MessageAction.PATCH_CONTROL
        self.cost.bytes += len(body) + 5  # the frame's length and type


@contextmanager
def counted(wire: Wire) -> Iterator[None]:
    """Time the screen's build and Flet's patch (diff, serialisation and packing) while the
    block runs."""
    patch_control = flet_session.Session.patch_control
    build = SCREENS.build

    def timed(add: Callable[[float], None], call: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any, **kwargs: Any) -> Any:
            start = time.thread_time()
            try:
                return call(*args, **kwargs)
            finally:
                add(time.thread_time() - start)
        return run

    def add_build(s: float) -> None:
        wire.cost.build_cpu += s

    def add_patch(s: float) -> None:
        wire.cost.patch_cpu += s

    flet_session.Session.patch_control = timed(add_patch, patch_control)  # type: ignore[method-assign]
    SCREENS.build = timed(add_build, build)  # type: ignore[method-assign]
    try:
        yield
    finally:
        flet_session.Session.patch_control = patch_control  # type: ignore[method-assign]
        del SCREENS.build


class LiveTable:
    """The table's app on a real Flet page over `wire`, showing `route`."""

    def __init__(self, loop: asyncio.AbstractEventLoop, games: OpenGames, route: str,
                 width: int) -> None:
        self.wire = Wire()
        self.wire.loop = loop
        self.wire.pubsubhub = PubSubHub(loop)
        self.session = flet_session.Session(self.wire)
        page = self.session.page
        page.route = route
        page.width = width
        self.app: TableApp = table_app(page, TableConfig(data_dir=Path("."), host_key="k" * 32,
                                                         lang="en"), games)
        self.app.authorized = True
        # the page as a client registering gets it: serialised whole, which also gives each
        # control the snapshot Flet diffs its next update against
        msgpack.packb(self.session.get_page_patch(),
                      default=configure_encode_object_for_msgpack(BaseControl))
        self.app.render()

    def control(self, identifier: str) -> Any:
        """The first control with an `on_click` under the node tagged `identifier`."""
        for tagged in walk(self.session.page.views[-1]):
            if isinstance(tagged, ft.Semantics) and tagged.identifier == identifier:
                return next(c for c in walk(tagged) if getattr(c, "on_click", None))
        raise AssertionError(f"{identifier} is not on the screen")

    async def tap(self, identifier: str) -> Cost:
        """Tap as the browser does (an event for the control's id), let the redraws it asks for
        run, and return what it cost."""
        target = self.control(identifier)
        self.wire.cost = Cost()
        start = time.thread_time()
        with counted(self.wire):
            await self.session.dispatch_event(target._i, "click", None)
            for _ in range(20):
                await asyncio.sleep(0)
        self.wire.cost.total_cpu = time.thread_time() - start
        return self.wire.cost


def game_at(games: OpenGames, players: int, pick: Callable[[Step], str | None]
            ) -> tuple[str, str]:
    """A game of `players` (the players' own deck, the engine's random choices) stored up to
    the first step after round 1 that `pick` has a tap for: the game's id and that tap."""
    for seed in range(1, 200):
        script = random_game(seed, players, deck_mode=DeckMode.PHYSICAL, private=False)
        state = None
        for at, event in enumerate(script):
            if state is not None and step_at(state).round > 1:
                identifier = pick(step_at(state))
                if identifier is not None:
                    session = games.start(script[0])
                    session.submit_all(script[1:at])
                    return session.game_id, identifier
            state = apply(state, event)
    raise AssertionError("no game reached that step")


def phase_c_tap(step: Step) -> str | None:
    """An entry of 1 card in the row's first building."""
    return f"enter-{step.options[0].building}-1" if isinstance(step, Enter) else None


def phase_d_tap(step: Step) -> str | None:
    """The tap that records a reveal of all cards of another estate (at most 3 cards)."""
    if isinstance(step, RevealCards) and 1 <= step.reveal.declared <= 3:
        return f"reveal-other-{step.reveal.declared}"
    return None


PICKS = {"C": phase_c_tap, "D": phase_d_tap}


async def measure(players: int, phase: str, width: int = 1366) -> tuple[str, Cost]:
    """A tap of `phase` in a game of `players` on a laptop's screen: the tap, what it cost."""
    with tempfile.TemporaryDirectory() as tmp, GameStore.open(Path(tmp)) as store:
        games = OpenGames(store)
        game_id, identifier = game_at(games, players, PICKS[phase])
        table = LiveTable(asyncio.get_running_loop(), games, f"/game/{game_id}/play", width)
        return identifier, await table.tap(identifier)


def main() -> None:
    print(f"{'tap':32} {'msgs':>4} {'patches':>7} {'bytes':>7} {'controls':>8} "
          f"{'build ms':>8} {'patch ms':>8} {'total ms':>8}")
    for players in (4, 5):
        for phase in ("C", "D"):
            identifier, c = asyncio.run(measure(players, phase))
            print(f"{players}p {phase} {identifier:27} {c.messages:4} {c.patches:7} {c.bytes:7} "
                  f"{c.controls:8} {c.build_cpu * 1000:8.1f} {c.patch_cpu * 1000:8.1f} "
                  f"{c.total_cpu * 1000:8.1f}")
    if "--browser" in sys.argv:
        print(f"{'tap in chromium':32} {'click to frame ms':>17} {'server cpu ms':>13} "
              f"{'chromium cpu ms':>15}")
        for players in (4, 5):
            for phase in ("C", "D"):
                identifier, ms, cpu, client = in_browser(players, phase)
                print(f"{players}p {phase} {identifier:27} {ms:17.0f} {cpu:13.0f} "
                      f"{client:15.0f}")


_TAP_AND_WAIT = """async id => {
    const marker = () => document.querySelector("[flt-semantics-identifier^='step-']")
        ?.getAttribute('flt-semantics-identifier');
    const before = marker();
    const el = document.querySelector(`[flt-semantics-identifier='${id}']`);
    const target = el.hasAttribute('flt-tappable') ? el : el.querySelector('[flt-tappable]');
    const start = performance.now();
    target.click();
    while (marker() === before) await new Promise(r => requestAnimationFrame(() => r()));
    return performance.now() - start;
}"""
"""Tap the control and wait, frame by frame, until the step marker says the screen is the
next step's: the milliseconds from the click to that frame."""


def server_cpu(pid: int) -> float:
    """The server process's CPU seconds so far (user and system, every thread)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def in_browser(players: int, phase: str) -> tuple[str, float, float, float]:
    """The same tap in chromium on a real server: (tap, ms from the click to the next step's
    frame, the server's and chromium's CPU ms from the click to half a second after it)."""
    from support.flutter import by_id, open_table
    from support.harness import chromium_browser, table_server

    with tempfile.TemporaryDirectory() as tmp:
        with GameStore.open(Path(tmp)) as store:
            game_id, identifier = game_at(OpenGames(store), players, PICKS[phase])
        with table_server(Path(tmp)) as server, chromium_browser() as browser:
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            open_table(page, f"{server.base_url}/game/{game_id}/play?key={server.key}")
            by_id(page, identifier).wait_for()
            time.sleep(1)
            cdp = browser.new_browser_cdp_session()

            def chromium_cpu() -> float:
                info = cdp.send("SystemInfo.getProcessInfo")
                return sum(p["cpuTime"] for p in info["processInfo"])

            cpu, client = server_cpu(server.process.pid), chromium_cpu()
            ms = page.evaluate(_TAP_AND_WAIT, identifier)
            time.sleep(0.5)  # what either side still does after the frame
            return (identifier, ms, (server_cpu(server.process.pid) - cpu) * 1000,
                    (chromium_cpu() - client) * 1000)


if __name__ == "__main__":
    main()
