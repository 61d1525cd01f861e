"""The session with the real rules: a game night interrupted, resumed and corrected."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from support.sessions import game_state, logged_events
from support.simulate import random_game

from companion.rules import RuleViolation, replay
from companion.rules.events import Entered, Event, RatReason, RatsChanged
from companion.rules.guide import step_at
from companion.store.codec import is_private
from companion.store.db import GameStore
from companion.store.session import Session, UndoError


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    with GameStore.open(tmp_path) as s:
        yield s


def play(store: GameStore, events: Sequence[Event]) -> Session:
    session = Session.start(store, events[0])
    for event in events[1:]:
        session.submit(event)
    return session


def test_a_resumed_game_stands_where_it_stood_private_ledgers_included(
        store: GameStore) -> None:
    """After a restart: same round, phase, whose turn, and every player's rats and notes."""
    events = random_game(41, 4)
    half = events[: len(events) // 2]
    session = play(store, half)
    resumed = Session.resume(store, session.game_id)
    assert game_state(resumed) == replay(half)
    assert (game_state(resumed).round, game_state(resumed).phase) == (game_state(session).round,
                                                         game_state(session).phase)
    assert step_at(game_state(resumed)) == step_at(game_state(session))
    assert game_state(resumed).ledgers == game_state(session).ledgers
    assert game_state(resumed).nun_notes == game_state(session).nun_notes


def test_an_out_of_turn_entry_is_refused_by_rule_and_not_stored(store: GameStore) -> None:
    """R-ROUND-C: players enter in turn from the start player."""
    events = random_game(5, 3)
    first_entry = next(i for i, e in enumerate(events) if isinstance(e, Entered))
    session = play(store, events[:first_entry])
    entry = events[first_entry]
    assert isinstance(entry, Entered)
    wrong = Entered(player=(entry.player + 1) % 3, building=entry.building, cards=entry.cards)
    with pytest.raises(RuleViolation) as refused:
        session.submit(wrong)
    assert refused.value.rule == "R-ROUND-C"
    assert store.active_events(session.game_id) == events[:first_entry]


@pytest.mark.parametrize("players", [2, 5])
def test_every_public_step_can_be_undone_to_the_start_and_redone(store: GameStore,
                                                                 players: int) -> None:
    """Private notes and disputes along the way never block the table's undo."""
    events = random_game(60 + players, players)
    session = play(store, events)
    while session.can_undo():
        session.undo()
    assert [e for e in logged_events(session) if not is_private(e)] == events[:1]
    while session.can_redo():
        session.redo()
    assert logged_events(session) == events
    assert game_state(session) == replay(events)


def test_the_tables_undo_leaves_a_players_private_rat_note_alone(store: GameStore) -> None:
    public = [e for e in random_game(9, 3) if not is_private(e)][:25]
    session = play(store, public)
    note = RatsChanged(player=2, delta=1, reason=RatReason.CORRECTION)
    session.submit(note)
    rats = game_state(session).rats
    undone = session.undo()
    assert undone == public[-1]
    assert game_state(session).rats[2] == rats[2]
    assert note in logged_events(session)


def test_only_the_owner_takes_back_a_private_rat_note(store: GameStore) -> None:
    public = [e for e in random_game(9, 3) if not is_private(e)][:25]
    session = play(store, public)
    before = game_state(session).rats
    session.submit(RatsChanged(player=1, delta=2, reason=RatReason.CORRECTION))
    with pytest.raises(UndoError, match="player 0 has no private entry"):
        session.undo_private(0)
    session.undo_private(1)
    assert game_state(session).rats == before
    assert game_state(session) == replay(public)
