"""A real game night for the phone tests: the engine's events through a real `Session` and store.

The phones see only what the engine's `player_view` gives them, so their tests play the real
game: the table reveals, enters and resolves with the engine's own events (driven by its guide,
`step_at`), and the phones' requests become the engine's private events in the same Session
the table writes through.
"""

from __future__ import annotations

import contextlib
import json
import queue
import threading
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx2
import pytest
from starlette.testclient import TestClient

from companion.phones.hub import Hub
from companion.phones.routes import COOKIE, phone_app
from companion.phones.seats import SeatRegistry
from companion.rules import events as ev
from companion.rules import reveal_event
from companion.rules.guide import (
    EndRound,
    Enter,
    RevealBuildings,
    RevealCards,
    Supply,
    TakeActions,
    step_at,
)
from companion.rules.setup import DeckMode, SelectionMethod
from companion.rules.state import Phase
from companion.server.limits import ConnectionLimits, uvicorn_options
from companion.store.db import GameStore
from companion.store.session import Session
from support.engine_games import ALL_SPECIALS, setup_for
from support.harness import live_server, phone_paired
from support.own_store import Closes, OwnStore
from support.sessions import game_state, logged_events

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

START_RATS = 10
"""R-SETUP-1: everyone starts with 10 rats."""


class TableNight(OwnStore):
    """One game at the table with the real engine, store and Session (the single writer).

    The deck is the app's digital one, so the table never has to invent a legal row.
    """

    def __init__(self, data_dir: Path, players: int = 3, hospital: bool = False) -> None:
        """`hospital`: a set with the Hospital (every special in play), where a phone says
        that the table enters Hospital discards; otherwise the first-game set (R-SETUP-3),
        which has none."""
        manual = ALL_SPECIALS if hospital else None
        self.store = GameStore.open(data_dir)
        self.session = Session.start(self.store, ev.GameStarted(setup_for(
            players, deck=DeckMode.DIGITAL, manual=manual,
            method=SelectionMethod.CHOSEN if hospital else SelectionMethod.FIRST_GAME)))

    @property
    def game_id(self) -> str:
        return str(self.session.game_id)

    @property
    def state(self) -> Any:
        return game_state(self.session)

    @property
    def events(self) -> list[Any]:
        return logged_events(self.session)

    def _play(self, event: Any) -> None:
        self.session.submit(event)

    def finish_round(self) -> None:
        """Phase D b/c and E of a round under way: every building's actions, then its end."""
        while True:
            step = step_at(self.state)
            if isinstance(step, TakeActions):
                self._play(ev.BuildingResolved(step.building))
            elif isinstance(step, EndRound):
                self._play(ev.RoundEnded())
            else:
                return

    def reveal_rats(self, cards: Mapping[int, int]) -> list[Any]:
        """The next round up to its reveals (R-ROUND-D a): each player in `cards` enters the
        first building with that many cards, which turn out to be population cards of another
        estate, one rat each; the others enter with none. Returns the table's events."""
        self.finish_round()
        played: list[Any] = []
        while True:
            step = step_at(self.state)
            if isinstance(step, RevealBuildings):
                event: Any = reveal_event(self.state)
            elif isinstance(step, Supply):
                event = ev.SupplyDone()
            elif isinstance(step, Enter):
                event = ev.Entered(step.actor, 0, cards.get(step.actor, 0))
            elif isinstance(step, RevealCards):
                shown = cards.get(step.reveal.player, 0)
                event = ev.Revealed(step.reveal.player, step.reveal.building, 0, shown)
            else:
                return played
            self._play(event)
            played.append(event)

    def play_to_the_end(self) -> None:
        """Every round played out with nobody's rats changing, up to the end values."""
        while self.state.phase not in (Phase.END, Phase.FINISHED):
            self.reveal_rats({})
            self.finish_round()


def hub_for(night: TableNight, registry: SeatRegistry | None = None,
            base_url: str = "http://192.168.1.20:8550") -> Hub:
    return Hub(registry=registry or SeatRegistry(),
               open_session={night.game_id: night.session}.get, base_url=base_url)


def events_of(response: httpx2.Response) -> Iterator[tuple[str, Any]]:
    """The server-sent events of a phone's live stream as they come: each event's name and
    its data."""
    kind, data = "message", ""
    for line in response.iter_lines():
        if line.startswith("event: "):
            kind = line[7:]
        elif line.startswith("data: "):
            data = line[6:]
        elif line == "" and data:
            yield kind, json.loads(data)
            kind, data = "message", ""


class Stream(Closes):
    """One phone's event stream, read in a thread so a missing event fails instead of hanging;
    `with` it, and leaving the block closes it as a phone closing its page does.

    The stream's beats (`companion.phones.liveness`) are left out: the events are the game's,
    in the order it made them, whenever a beat falls between them (tests/test_phone_silence
    reads the beats)."""

    def __init__(self, base_url: str, secret: str) -> None:
        self.events: queue.Queue[tuple[str, Any]] = queue.Queue()
        self._client = httpx2.Client(base_url=base_url, cookies={COOKIE: secret}, timeout=30)
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        try:
            with self._client.stream("GET", "/phone/api/events") as response:
                if response.status_code != 200:
                    self.events.put(("refused", response.status_code))
                    return
                for kind, data in events_of(response):
                    if kind != "beat":
                        self.events.put((kind, data))
            self.events.put(("closed", None))
        except httpx2.HTTPError:
            self.events.put(("closed", None))

    def next(self, timeout: float = 10) -> tuple[str, Any]:
        return self.events.get(timeout=timeout)

    def close(self) -> None:
        self._client.close()


@contextlib.contextmanager
def served_like_the_table(app: Any, limits: ConnectionLimits | None = None) -> Iterator[str]:
    """`app` on a loopback port with the table server's own uvicorn settings
    (`companion.server.limits.uvicorn_options`); yields the base URL."""
    with live_server(app, **uvicorn_options(limits)) as base_url:
        yield base_url


def paired(app: Any, hub: Hub, game: str, seat: int, language: str = "en") -> TestClient:
    """A phone (a test client of the phone routes `app`) that joined `seat` of `game` with a
    code the table issued, speaking `language`."""
    client = TestClient(app, base_url="http://table.local:8550",
                        headers={"Accept-Language": language})
    answer = client.post("/phone/api/join", json={"token": hub.registry.issue_token(game, seat)})
    assert answer.status_code == 200, answer.text
    return client


def state_of(phone: TestClient) -> Any:
    """What `phone` is shown: the answer to its request for the state."""
    return phone.get("/phone/api/state").json()


def enter(phone: TestClient, building: int | None, cards: int = 0,
          step: dict[str, int] | None = None) -> Any:
    """`phone`'s entry (R-ROUND-C) for the turn its screen shows, or for `step`; the answer."""
    return phone.post("/phone/api/entry", json={
        "step": step or state_of(phone)["view"]["turn"]["step"], "building": building,
        "cards": cards})


def entries(night: TableNight) -> list[tuple[int, int | None, int]]:
    """The entries stored so far: each player, building and count of cards."""
    return [(t.player, t.building, t.cards) for t in night.state.record.turns]


@contextlib.contextmanager
def phones_served(night: TableNight) -> Iterator[Hub]:
    """The phone routes of `night` on a real socket (a browser's phones need one) for the
    `with` block; the hub knows its address for the pairing links."""
    hub = hub_for(night)
    with live_server(phone_app(hub)) as base_url:
        hub.base_url = base_url
        yield hub


def phone_of(browser: Browser, hub: Hub, night: TableNight, seat: int) -> Page:
    """A 390x844 phone paired with `seat` by a code the table issued."""
    return phone_paired(browser, hub.base_url, hub.registry.issue_token(night.game_id, seat))


def night_of(players: int, hospital: bool = False) -> Any:
    """The `night` fixture of a phone test module: a stored game of `players` seats (with
    every special in play where `hospital`), closed after the test (`night = night_of(3)`)."""
    return stored_night(lambda data_dir: TableNight(data_dir, players=players,
                                                    hospital=hospital))


def stored_night(make: Callable[[Path], OwnStore]) -> Any:
    """A fixture of the game night `make(tmp_path)` opens, closed after the test
    (`night = stored_night(Night)`; the fixture takes the name it is given in the module)."""

    @pytest.fixture
    def night(tmp_path: Path) -> Iterator[Any]:
        with make(tmp_path) as table:
            yield table

    return night
