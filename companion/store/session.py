"""The single writer of one game: validate with the engine, store durably, fold, tell the views.

Every change to a game goes through one `Session`, under one lock, in this order: the engine
checks the event against the current state (a `RuleViolation` leaves everything as it was),
the store commits it to disk, the session folds it into its state, and only then are the
subscribers told. So no screen ever shows an effect that a crash could take back.

Undo never deletes: the event is flagged in the store, which keeps the redo stack across a
restart. The table's undo takes back public steps only; a player's private ledger entries
are taken back only by that player (the phones layer checks who is asking).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.store.codec import private_owner, to_json
from companion.store.db import EventStatus, GameMeta, GameStore, StoredEvent, StoreError

log = logging.getLogger(__name__)

Subscriber = Callable[[Any, Any], None]
"""Called as `(state, event)` after every committed change; `event` is None after an undo."""


class UndoError(StoreError):
    """Nothing to undo or redo, or taking the step back would leave an illegal game."""


@dataclass(frozen=True)
class Engine:
    """The rules a session enforces and how it summarises a state for the game list.

    A parameter rather than a hard import so the store's own tests can use a tiny game; the
    default is the real engine.
    """

    apply: Callable[[Any, Any], Any]
    violation: type[Exception]
    describe: Callable[[Any], GameMeta]


def default_engine() -> Engine:
    from companion.rules import RuleViolation, apply
    from companion.store.gamemeta import describe

    return Engine(apply=apply, violation=RuleViolation, describe=describe)


class Session:
    """One game, open for play. Thread-safe; subscribers must not block."""

    def __init__(self, store: GameStore, game_id: str, log_: Sequence[StoredEvent],
                 engine: Engine, revision: int) -> None:
        self.store = store
        self.game_id = game_id
        self._revision = revision
        self._engine = engine
        self._log = list(log_)
        self._lock = threading.RLock()
        self._subscribers: list[Subscriber] = []
        self._state = self._fold([e.event for e in self._log if e.status is EventStatus.ACTIVE],
                                 resuming=True)

    @classmethod
    def start(cls, store: GameStore, first_event: Any, engine: Engine | None = None) -> Session:
        """A new game; `first_event` (the engine's GameStarted) must be legal on its own."""
        rules = engine or default_engine()
        state = rules.apply(None, first_event)
        game_id = store.create_game([first_event], rules.describe(state))
        return cls.resume(store, game_id, rules)

    @classmethod
    def resume(cls, store: GameStore, game_id: str, engine: Engine | None = None) -> Session:
        """The game exactly where it stood: every stored event replayed, the redo stack kept."""
        revision = store.game(game_id).revision
        return cls(store, game_id, store.events(game_id), engine or default_engine(), revision)

    # -- reading ------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        with self._lock:
            return self._state

    @property
    def events(self) -> list[Any]:
        """The game as it stands: the active events in order."""
        with self._lock:
            return [e.event for e in self._log if e.status is EventStatus.ACTIVE]

    def can_undo(self) -> bool:
        with self._lock:
            return self._last(EventStatus.ACTIVE, None) is not None

    def can_redo(self) -> bool:
        with self._lock:
            return self._first(EventStatus.UNDONE, None) is not None

    def can_undo_private(self, player: Any) -> bool:
        with self._lock:
            return self._last(EventStatus.ACTIVE, to_json(player)) is not None

    def can_redo_private(self, player: Any) -> bool:
        with self._lock:
            return self._first(EventStatus.UNDONE, to_json(player)) is not None

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call `callback(state, event)` after each change; returns the function that stops it."""
        with self._lock:
            self._subscribers.append(callback)

        def unsubscribe() -> None:
            with self._lock:
                if callback in self._subscribers:
                    self._subscribers.remove(callback)

        return unsubscribe

    # -- changing -----------------------------------------------------------------------

    def submit(self, event: Any) -> Any:
        """Play `event`: checked, stored, folded, announced. Returns the new state.

        A new public step clears the table's redo stack; a new private entry clears its
        owner's. The cleared steps stay in the file, flagged as dropped.
        """
        with self._lock:
            new_state = self._engine.apply(self._state, event)
            owner = to_json(private_owner(event))
            drop = [e.seq for e in self._log
                    if e.status is EventStatus.UNDONE and e.private_player == owner]
            stored = self.store.append(self.game_id, event, self._engine.describe(new_state),
                                       drop=drop, revision=self._revision)
            self._revision += 1
            self._log = [replace(e, status=EventStatus.DROPPED) if e.seq in drop else e
                         for e in self._log]
            self._log.append(stored)
            self._state = new_state
            self._notify(event)
            return new_state

    def undo(self) -> Any:
        """Take back the last public step (later private entries stay). Returns that event."""
        with self._lock:
            target = self._last(EventStatus.ACTIVE, None)
            if target is None:
                raise UndoError("nothing to undo: the game is at its start")
            return self._flip(target, EventStatus.UNDONE, announce=None)

    def redo(self) -> Any:
        """Put back the public step undone most recently. Returns that event."""
        with self._lock:
            target = self._first(EventStatus.UNDONE, None)
            if target is None:
                raise UndoError("nothing to redo")
            return self._flip(target, EventStatus.ACTIVE, announce=target.event)

    def undo_private(self, player: Any) -> Any:
        """Take back `player`'s last private entry. Only that player's device may ask."""
        with self._lock:
            target = self._last(EventStatus.ACTIVE, to_json(player))
            if target is None:
                raise UndoError(f"player {player} has no private entry to undo")
            return self._flip(target, EventStatus.UNDONE, announce=None)

    def redo_private(self, player: Any) -> Any:
        with self._lock:
            target = self._first(EventStatus.UNDONE, to_json(player))
            if target is None:
                raise UndoError(f"player {player} has no private entry to redo")
            return self._flip(target, EventStatus.ACTIVE, announce=target.event)

    # -- internals ----------------------------------------------------------------------

    def _last(self, status: EventStatus, owner: Any) -> StoredEvent | None:
        found = [e for e in self._log
                 if e.status is status and e.private_player == owner and e.seq > 1]
        return found[-1] if found else None

    def _first(self, status: EventStatus, owner: Any) -> StoredEvent | None:
        found = [e for e in self._log if e.status is status and e.private_player == owner]
        return found[0] if found else None

    def _flip(self, target: StoredEvent, status: EventStatus, announce: Any) -> Any:
        """Undo or redo `target`: the game must replay legally without (or with) it."""
        candidate = [replace(e, status=status) if e.seq == target.seq else e for e in self._log]
        active = [e.event for e in candidate if e.status is EventStatus.ACTIVE]
        verb = "undo" if status is EventStatus.UNDONE else "redo"
        try:
            new_state = self._fold(active)
        except self._engine.violation as exc:
            raise UndoError(f"cannot {verb} {type(target.event).__name__}: the later steps "
                            f"would no longer be legal ({exc})") from exc
        self.store.set_status(self.game_id, {target.seq: status},
                              self._engine.describe(new_state), revision=self._revision)
        self._revision += 1
        self._log = candidate
        self._state = new_state
        self._notify(announce)
        return target.event

    def _fold(self, events: Sequence[Any], resuming: bool = False) -> Any:
        state = None
        for index, event in enumerate(events):
            try:
                state = self._engine.apply(state, event)
            except self._engine.violation as exc:
                if resuming:
                    raise StoreError(f"game {self.game_id} does not replay: event {index} "
                                     f"({type(event).__name__}) is refused: {exc}") from exc
                raise
        return state

    def _notify(self, event: Any) -> None:
        for callback in list(self._subscribers):
            try:
                callback(self._state, event)
            except Exception:
                log.exception("a subscriber of game %s failed", self.game_id)
