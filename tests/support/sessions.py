"""The engine's state of an open game and its whole event log, for tests only.

A `Session` hands out views only (`table_view()`, `player_view(seat)`, the public event log):
no screen or phone can read the game's state or another player's private entries. A test that
checks what the rules made of a game asks `game_state(session)`: the session's active events
(`logged_events`, private ones included, as the session holds them) replayed with the real
engine, which must also be the state the session folded (so a session whose fold drifted from
its log fails here). Never for the app's code: `companion` has no way to either.
"""

from __future__ import annotations

import weakref

from companion.rules import replay
from companion.rules.events import Event
from companion.rules.state import GameState
from companion.store.db import EventStatus
from companion.store.session import Session

_REPLAYED: weakref.WeakKeyDictionary[Session, tuple[list[Event], GameState]] = (
    weakref.WeakKeyDictionary())


def logged_events(session: Session) -> list[Event]:
    """The game as `session` holds it: its active events in order, private ones included."""
    return [e.event for e in session._log if e.status is EventStatus.ACTIVE]


def game_state(session: Session) -> GameState:
    """What the engine makes of `session`'s game as it stands (its active events, replayed).

    The log and the folded state are read together under the session's lock: phones' threads
    may submit between two reads, and a log read before a change compared with a state read
    after it is no drift (a test of concurrent phones failed so under load)."""
    with session._lock:
        events = logged_events(session)
        folded = session._state
    known = _REPLAYED.get(session)
    if known is not None and known[0] == events:
        return known[1]
    state = replay(events)
    assert state is not None, "a session always holds a started game"
    assert state == folded, "the session's fold differs from the replay of its log"
    _REPLAYED[session] = (list(events), state)
    return state
