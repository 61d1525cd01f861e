"""A small stand-in game for the phone layer's tests: ledgers only, with the engine's shapes.

The phone routes are generic over `LedgerRules` and `PhoneSession`, so their HTTP rules (who may
read what, bad input, live updates) are tested here against a game that has nothing but rat
ledgers: the real private events from `companion.rules.events`, plus a public "the table
recorded rats" event and the plague check. The real engine and store are exercised by the
integration tests.
"""

from __future__ import annotations

import json
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import httpx

from companion.phones.hub import Hub
from companion.phones.ledger import LedgerRules
from companion.phones.routes import COOKIE
from companion.phones.seats import SeatRegistry
from companion.rules.events import NunCardNoted, RatChangeDisputed, RatsChanged

START_RATS = 10


class ToyViolation(Exception):
    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.message = message


@dataclass(frozen=True)
class ToyStart:
    players: int


@dataclass(frozen=True)
class TableRecordedRats:
    """A public rat change the table records (a reveal, the Monastery, a Flute).

    `building` is the position in the round's row, as in the engine's ledger entries.
    """

    player: int
    delta: int
    reason: str
    round: int
    building: int | None = None


@dataclass(frozen=True)
class ToyEndGame:
    """The last round is over: the table enters the end values (the plague check follows)."""


ROWS = (("farm", "monastery", "palace"), ("castle", "fortune_tellers_tent", "market"),
        ("monastery", "farm", "rat_catchers_hut"), ("palace", "monastery", "castle"))
"""The public row of buildings of rounds 1-4."""


@dataclass(frozen=True)
class Entry:
    entry_id: str
    delta: int
    applied: int
    reason: str
    round: int
    building: int | None
    public: bool
    disputed: bool = False


@dataclass(frozen=True)
class Ledger:
    rats: int = START_RATS
    entries: tuple[Entry, ...] = ()
    notes: tuple[int | None, ...] = (None,) * 5


@dataclass(frozen=True)
class ToyState:
    ledgers: tuple[Ledger, ...]
    round: int = 1
    phase: str = "B"
    counter: int = 0


def toy_apply(state: ToyState | None, event: Any) -> ToyState:
    if isinstance(event, ToyStart):
        return ToyState(ledgers=tuple(Ledger() for _ in range(event.players)))
    if state is None:
        raise ToyViolation("EVENT", "The game has not started.")
    if isinstance(event, ToyEndGame):
        return replace(state, phase="END")
    player = getattr(event, "player", None)
    if not isinstance(player, int) or not 0 <= player < len(state.ledgers):
        raise ToyViolation("EVENT", "There is no such player.")
    ledger = state.ledgers[player]
    if isinstance(event, (RatsChanged, TableRecordedRats)):
        if ledger.rats + event.delta < 0:
            raise ToyViolation("R-SETUP-1", "Nobody can have fewer than 0 rats.")
        public = isinstance(event, TableRecordedRats)
        entry = Entry(entry_id=f"e{state.counter}", delta=event.delta, applied=event.delta,
                      reason=str(event.reason), round=getattr(event, "round", state.round),
                      building=getattr(event, "building", None), public=public)
        ledger = replace(ledger, rats=ledger.rats + event.delta,
                         entries=ledger.entries + (entry,))
    elif isinstance(event, NunCardNoted):
        notes = list(ledger.notes)
        notes[event.position - 1] = event.nuns
        ledger = replace(ledger, notes=tuple(notes))
    elif isinstance(event, RatChangeDisputed):
        if not any(e.entry_id == event.entry_id and e.public for e in ledger.entries):
            raise ToyViolation("EVENT", "Only an entry the table recorded can be disputed.")
        ledger = replace(ledger, entries=tuple(
            replace(e, disputed=True) if e.entry_id == event.entry_id else e
            for e in ledger.entries))
    else:
        raise ToyViolation("EVENT", f"Unknown event {type(event).__name__}.")
    ledgers = tuple(ledger if i == player else other for i, other in enumerate(state.ledgers))
    return replace(state, ledgers=ledgers, counter=state.counter + 1)


def toy_player_view(state: ToyState, player: int) -> dict[str, Any]:
    """The engine's `player_view` shape (companion.rules.views), for a ledger-only game."""
    ledger = state.ledgers[player]
    return {
        "player": player, "name": f"Player {player + 1}", "round": state.round,
        "phase": state.phase, "rats": ledger.rats,
        "ledger": [{"entry_id": e.entry_id, "delta": e.delta, "applied": e.applied,
                    "reason": e.reason, "round": e.round, "building": e.building,
                    "public": e.public, "disputed": e.disputed} for e in ledger.entries],
        "nun_notes": list(ledger.notes),
    }


TOY_RULES = LedgerRules(
    player_view=toy_player_view,
    rats_changed=lambda player, delta, reason: RatsChanged(player, delta, reason),  # type: ignore[arg-type]
    nun_card_noted=lambda player, position, nuns: NunCardNoted(player, position, nuns),
    rat_change_disputed=lambda player, entry_id: RatChangeDisputed(player, entry_id),
    refusals=(ToyViolation, LookupError),
    public_rows=lambda state: [list(row) for row in ROWS],
)


class FakeSession:
    """The single writer, reduced to what the phones need: a lock, a fold and subscribers."""

    def __init__(self, players: int = 3) -> None:
        self._lock = threading.Lock()
        self.events: list[Any] = [ToyStart(players)]
        self._state = toy_apply(None, self.events[0])
        self._subscribers: list[Callable[[Any, Any], None]] = []

    @property
    def state(self) -> ToyState:
        return self._state

    def submit(self, event: Any) -> ToyState:
        with self._lock:
            self._state = toy_apply(self._state, event)
            self.events.append(event)
            for callback in list(self._subscribers):
                callback(self._state, event)
            return self._state

    def subscribe(self, callback: Callable[[Any, Any], None]) -> Callable[[], None]:
        with self._lock:
            self._subscribers.append(callback)

        def unsubscribe() -> None:
            with self._lock:
                if callback in self._subscribers:
                    self._subscribers.remove(callback)

        return unsubscribe

    def undo_private(self, player: int) -> Any:
        with self._lock:
            mine = [i for i, e in enumerate(self.events)
                    if getattr(e, "PRIVATE", False) and e.player == player]
            if not mine:
                raise LookupError(f"player {player} has no private entry to undo")
            events = self.events[:mine[-1]] + self.events[mine[-1] + 1:]
            state = None
            for event in events:
                state = toy_apply(state, event)
            undone = self.events[mine[-1]]
            self.events, self._state = events, state  # type: ignore[assignment]
            for callback in list(self._subscribers):
                callback(self._state, None)
            return undone


def toy_hub(sessions: dict[str, FakeSession], registry: SeatRegistry | None = None,
            base_url: str = "http://192.168.1.20:8550") -> Hub:
    return Hub(registry=registry or SeatRegistry(), open_session=sessions.get,
               base_url=base_url)


class Stream:
    """One phone's event stream, read in a thread so a missing event fails instead of hanging."""

    def __init__(self, base_url: str, secret: str) -> None:
        self.events: queue.Queue[tuple[str, Any]] = queue.Queue()
        self._client = httpx.Client(base_url=base_url, cookies={COOKIE: secret}, timeout=30)
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        try:
            with self._client.stream("GET", "/phone/api/events") as response:
                if response.status_code != 200:
                    self.events.put(("refused", response.status_code))
                    return
                kind, data = "message", ""
                for line in response.iter_lines():
                    if line.startswith("event: "):
                        kind = line[7:]
                    elif line.startswith("data: "):
                        data = line[6:]
                    elif line == "" and data:
                        self.events.put((kind, json.loads(data)))
                        kind, data = "message", ""
            self.events.put(("closed", None))
        except httpx.HTTPError:
            self.events.put(("closed", None))

    def next(self, timeout: float = 10) -> tuple[str, Any]:
        return self.events.get(timeout=timeout)

    def close(self) -> None:
        self._client.close()
