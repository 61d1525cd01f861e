"""A whole game played from the players' own phones, through the phones' routes.

Each player holds a phone paired for their seat (a `TestClient` on the real phone app, over a
real `Session` and store) and does what their phone shows: their entry when it is their turn
(R-ROUND-C), their reveal at the building under way (R-ROUND-D a), their choice at a tie or a
Hospital (R-SPECIAL-1/2, R-ROUND-D b), their end values after the last round (R-SCORE-2 to 5).
Every choice comes from a seeded `random.Random`, so a seed is one game. Nobody touches the
table: when no phone has anything to do, the game waits for the table, and `PhoneGame.stuck`
says at which step (the table's `StepId`). The table's plague check (the nun row counted,
R-SCORE-6) is the one input the game takes from the table, after the end values.

The requests that record something are counted (`recorded`), the benchmark's phone taps: an
entry, a reveal, a choice, a player's end values, each one request of one player. Every call
that changes the game (`Session.submit`, `decide`, `choose`, ...) made outside a phone's
request, on the test's own thread (the phones' requests are served on the server's), is
counted too (`table`): the table's inputs.
"""

from __future__ import annotations

import random
import threading
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from companion.phones.hub import Hub
from companion.phones.routes import phone_app
from companion.phones.seats import SeatRegistry
from companion.rules import events as ev
from companion.rules.setup import Setup
from companion.rules.state import Phase
from companion.store.db import GameStore
from companion.store.session import Session

CHANGES = ("submit", "submit_all", "decide", "choose", "reveal_ahead", "undo_step",
           "redo_step", "undo_private", "redo_private")
"""The session's methods that change the game."""


class PhoneGame:
    """One game at a table of phones: the real store, Session and phone routes."""

    def __init__(self, data_dir: Path, setup: Setup, rng: random.Random,
                 before: Sequence[ev.Event] = (), paired: bool = True) -> None:
        """`before`: what the table played before the phones take over (none: the phones
        play from the first entry of round 1); `paired`: pair a test client per seat
        (`phones`), or leave the seats to real phone pages (`hub`)."""
        self.rng = rng
        self.registry = SeatRegistry()
        self.store = GameStore.open(data_dir)
        self.session = Session.start(self.store, ev.GameStarted(setup))
        for event in before:
            self.session.submit(event)
        self._table_thread = threading.get_ident()
        self._calls = threading.local()
        """The session's changing methods under way on a thread: one input counts once,
        however many of them it calls."""
        self.table: Counter[str] = Counter()
        """The calls that changed the game outside a phone's request, by method: the
        table's inputs."""
        for name in CHANGES:
            setattr(self.session, name, self._counted(name, getattr(self.session, name)))
        self.hub = Hub(registry=self.registry, open_session=self.open_session,
                       base_url="http://192.168.1.20:8550")
        self.app = phone_app(self.hub)
        self.phones = [self.pair(seat) for seat in range(len(setup.names))] if paired else []
        self.recorded: Counter[str] = Counter()
        """The phones' requests that recorded something, by kind."""
        self.stuck: Any = None
        """The table's step the game waited at, with nothing to do on any phone; None while
        the phones play on."""

    def _counted(self, name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            depth = getattr(self._calls, "depth", 0)
            if not depth and threading.get_ident() == self._table_thread:
                self.table[name] += 1
            self._calls.depth = depth + 1
            try:
                return method(*args, **kwargs)
            finally:
                self._calls.depth = depth
        return counted

    def open_session(self, game_id: str) -> Session | None:
        return self.session if game_id == self.session.game_id else None

    def pair(self, seat: int) -> TestClient:
        phone = TestClient(self.app, base_url="http://table.local:8550")
        token = self.registry.issue_token(self.session.game_id, seat)
        assert phone.post("/phone/api/join", json={"token": token}).status_code == 200
        return phone

    def close(self) -> None:
        self.store.close()

    @property
    def phase(self) -> Phase:
        return self.session.table_view().phase

    @property
    def round(self) -> int:
        return self.session.table_view().round

    # -- the phones ------------------------------------------------------------------------

    def play_to_the_end_values(self, limit: int = 2000) -> None:
        """Every phone does what it shows until all end values are in (the plague check,
        R-SCORE-6) or no phone has anything to do (`stuck`)."""
        for _ in range(limit):
            if self.session.table_view().at_plague_check:
                return
            if not self.one_tap():
                self.stuck = self.session.decision_view().view.step_id
                return
        raise AssertionError("the game did not end")

    def one_tap(self) -> bool:
        """One phone (the first, in seat order, with something to do) does it; False when
        none has anything to do."""
        seats = list(range(len(self.phones)))
        self.rng.shuffle(seats)  # the reveals at a building come in any order
        for seat in seats:
            shown = self.phones[seat].get("/phone/api/state").json()
            if self.act(seat, shown):
                return True
        return False

    def act(self, seat: int, shown: dict[str, Any]) -> bool:
        view = shown["view"]
        turn, reveal, choice, end = view["turn"], view["reveal"], view["choice"], shown["end"]
        if turn is not None and turn["yours"]:
            return self.send(seat, "entry", self.entry(turn))
        if choice is not None and choice["yours"]:
            option = self.rng.choice(choice["options"])
            return self.send(seat, "choice", {"step": choice["step"], "option": option})
        if reveal is not None and reveal["yours"]:
            return self.send(seat, "reveal", self.reveal(reveal))
        if end is not None and end["entered"] is None:
            values = {key: self.rng.randint(0, min(12, most))
                      for key, most in end["most"].items()}
            return self.send(seat, "end", {"seen": None, "values": values})
        return False

    def send(self, seat: int, kind: str, body: dict[str, Any]) -> bool:
        answer = self.phones[seat].post(f"/phone/api/{kind}", json=body)
        assert answer.status_code == 200, (kind, body, answer.text)
        self.recorded[kind] += 1
        return True

    def entry(self, turn: dict[str, Any]) -> dict[str, Any]:
        if turn["can_pass"] and self.rng.random() < 0.15:
            return {"step": turn["step"], "building": None}
        building = self.rng.randrange(len(turn["row"]))
        return {"step": turn["step"], "building": building,
                "cards": self.rng.choice([0, 1, 1, 2, 2, 3, 3, 4, 5])}

    def reveal(self, reveal: dict[str, Any]) -> dict[str, Any]:
        """The declared cards split at random among the kinds the game has."""
        kinds = ["matching", "other", "jokers", *(f"{s}s" for s in reveal["specials"])]
        cards = Counter(self.rng.choice(kinds) for _ in range(reveal["declared"]))
        return {"step": reveal["step"], **cards}

    # -- the table ---------------------------------------------------------------------------

    def count_the_nuns(self) -> None:
        """The plague check (R-SCORE-6): the nun row is turned over at the table and counted,
        the game's one input from the table."""
        self.session.decide([ev.NunsCounted(self.rng.randint(6, 16))])

    def per_player_round(self) -> float:
        """The phones' recording requests per player and round."""
        view = self.session.table_view()
        return sum(self.recorded.values()) / (view.players * len(view.rounds))
