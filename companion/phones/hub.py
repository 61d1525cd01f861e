"""What the phone routes need from the rest of the app, as small protocols.

The phones layer never opens games or stores events itself: a `PhoneHub` hands it the open
`Session` of a game (the single writer), the seat registry and the host key. Keeping this a
protocol lets the table server compose the real pieces and keeps the phones from depending
on how the table opens its games.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from companion.phones.limits import FailureLimiter
from companion.phones.seats import SeatRegistry

if TYPE_CHECKING:
    # Types only: the phone routes load without the engine (test_phone_imports).
    from companion.rules.events import Event, Revealed
    from companion.rules.views import DecisionView, PlayerView, StepId, TableView
    from companion.store.codec import JsonValue
    from companion.store.session import RatsRequest, TakenBack

Subscriber = Callable[[], None]
"""Told that the game changed, and nothing else: it asks for the view it may see."""


class PhoneSession(Protocol):
    """The part of `companion.store.session.Session` the phones use: views only, never the
    game's state, so a phone is handed its own seat's secrets and nobody else's."""

    def table_view(self) -> TableView: ...

    def player_view(self, seat: int) -> PlayerView: ...

    def submit(self, event: Event) -> None: ...

    def decide(self, events: Sequence[Event], discards: Mapping[tuple[int, int], int] = ...,
               made_for: StepId | None = None) -> None: ...

    def choose(self, event: Event, made_for: StepId) -> None: ...

    def decision_view(self) -> DecisionView: ...

    def update_setting(self, key: str, change: Callable[[JsonValue | None], JsonValue],
                       announce: bool = False) -> JsonValue: ...

    def subscribe(self, callback: Subscriber) -> Callable[[], None]: ...

    def reveal_ahead(self, event: Revealed, made_for: StepId) -> bool: ...

    def undo_private(self, player: int) -> Event: ...

    def ask_rats(self, player: int, rats: int) -> RatsRequest: ...

    def rats_request(self, player: int) -> RatsRequest | None: ...

    def exclusive(self) -> AbstractContextManager[None]: ...

    def own_last_step(self, player: int) -> tuple[Event, ...] | None: ...

    def undo_own_step(self, player: int, round_: int, turn: int, at: int
                      ) -> tuple[Event, ...]: ...

    def taken_back(self) -> TakenBack | None: ...

    def settings(self) -> dict[str, JsonValue]: ...


class PhoneHub(Protocol):
    registry: SeatRegistry
    limiter: FailureLimiter
    host_key: str
    base_url: str
    """Where phones reach this server, e.g. `http://192.168.1.20:8550` (see `network`)."""
    stopping: bool
    """The server is shutting down: every live stream says so and ends."""

    def on_stop(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call `listener` when the server starts to stop; returns how to stop listening."""
        ...

    def session(self, game_id: str) -> PhoneSession | None:
        """The open session of that game, or None if it is not open (ended, deleted, unknown)."""
        ...


@dataclass
class Hub:
    """The plain `PhoneHub`: sessions come from a callable the table server supplies."""

    registry: SeatRegistry
    open_session: Callable[[str], PhoneSession | None]
    base_url: str
    host_key: str = field(default_factory=lambda: secrets.token_urlsafe(32))
    limiter: FailureLimiter = field(default_factory=FailureLimiter)
    stopping: bool = False
    _stop_listeners: set[Callable[[], None]] = field(default_factory=set)

    def session(self, game_id: str) -> PhoneSession | None:
        return self.open_session(game_id)

    def on_stop(self, listener: Callable[[], None]) -> Callable[[], None]:
        self._stop_listeners.add(listener)
        return lambda: self._stop_listeners.discard(listener)

    def stop(self) -> None:
        """The server is stopping: tell every phone's stream at once, so none holds the
        shutdown up (it waited for them, then cancelled them with an ERROR)."""
        self.stopping = True
        for listener in list(self._stop_listeners):
            listener()
