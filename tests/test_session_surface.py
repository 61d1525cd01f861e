"""The secrecy boundary held by the session's types: what a `Session` hands out is
views only, the table's `TableView` and a seat's own `PlayerView`, and the public event log; a
subscriber is handed nothing and asks for its view. So no screen or phone holds the game's
state, and a player's rats stay on their own device until the plague check (R-SETUP-1,
R-SCORE-6), whatever a screen does with what it is handed.

Played with the real rules: Anna, Ben and Cleo; Ben notes rats on his phone.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.sessions import game_state, logged_events
from support.simulate import random_game
from support.stored_games import public_steps, rat_note

from companion.rules import replay
from companion.rules.views import PlayerView, TableView, own_view, public_view
from companion.store.db import GameStore
from companion.store.session import Session

STEPS = public_steps(seed=1, players=3)
ANNA, BEN, CLEO = 0, 1, 2


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    with GameStore.open(tmp_path) as s:
        yield s


def public_surface() -> dict[str, object]:
    """Every public member of `Session` with the types its signature declares."""
    found: dict[str, object] = {}
    for name, member in inspect.getmembers(Session):
        if name.startswith("_"):
            continue
        target = member.fget if isinstance(member, property) else member
        if callable(target):
            found[name] = typing.get_type_hints(target)
    found["__init__"] = typing.get_type_hints(Session.__init__)
    return found


def test_a_session_has_no_state_to_hand_out_and_nothing_typed_any() -> None:
    surface = public_surface()
    assert "state" not in surface and "events" not in surface
    assert {"table_view", "player_view", "public_events", "subscribe"} <= set(surface)
    for name, hints in surface.items():
        for hint in typing.cast(dict[str, object], hints).values():
            words = repr(hint)
            assert "GameState" not in words, f"Session.{name} hands out the state: {words}"
            assert "typing.Any" not in words, f"Session.{name} is typed Any: {words}"
    assert typing.get_type_hints(Session.table_view)["return"] is TableView
    assert typing.get_type_hints(Session.player_view)["return"] is PlayerView


def test_a_subscriber_is_handed_nothing_and_each_view_shows_only_what_it_may(
        store: GameStore) -> None:
    """Ben notes 2 rats on his phone (R-SETUP-1): the table is told the game changed, and what
    it can ask for shows no rats; Ben's own view shows his, Anna's does not."""
    session = Session.start(store, STEPS[0])
    told: list[tuple[object, ...]] = []
    seen: list[tuple[TableView, PlayerView, PlayerView]] = []

    def changed(*handed: object) -> None:
        told.append(handed)
        seen.append((session.table_view(), session.player_view(BEN),
                     session.player_view(ANNA)))

    session.subscribe(changed)
    before = session.player_view(BEN).rats
    session.submit(rat_note(BEN, 2))
    assert told == [()]
    table, ben, anna = seen[0]
    assert table.rats is None
    assert ben.rats == before + 2 and [e.delta for e in ben.ledger] == [2]
    assert anna.ledger == () and anna.rats == before


def test_the_public_event_log_leaves_out_every_players_own_entries(store: GameStore) -> None:
    session = Session.start(store, STEPS[0])
    session.submit(rat_note(BEN, 2))
    session.submit(STEPS[1])
    session.submit(rat_note(CLEO, -1))
    assert session.public_events() == STEPS[:2]
    assert logged_events(session) == [STEPS[0], rat_note(BEN, 2), STEPS[1], rat_note(CLEO, -1)]


def test_a_stored_game_opens_with_the_views_its_replay_gives(store: GameStore) -> None:
    """A game recorded with the players' private notes (a random whole game): reopened, each
    view is the one the engine's replay of its events gives, as before the boundary moved
    into the types."""
    events = random_game(5, 4)
    session = Session.start(store, events[0])
    for event in events[1:]:
        session.submit(event)
    reopened = Session.resume(store, session.game_id)
    state = replay(events)
    assert state is not None and game_state(reopened) == state
    assert reopened.table_view() == public_view(state, len([e for e in events if not e.PRIVATE]))
    for seat in range(4):
        assert reopened.player_view(seat) == own_view(state, seat)
