"""An undo or redo the session refuses reads like the table's "Undone: …" messages:
the step by what it was, the player by name, never an event's class or a seat number, in
English and in Dutch.

Played with the real rules and a real Session: Anna, Ben and Cleo at the table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from support.sessions import game_state
from support.stored_games import first_step_taking_rats, public_steps, rat_note

from companion.i18n import translator
from companion.i18n.words import words
from companion.store.db import GameStore
from companion.store.session import Session, UndoError

STEPS = public_steps(seed=1, players=3)
NAMES = ("Anna", "Ben", "Cleo")
BEN = 1


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    with GameStore.open(tmp_path) as s:
        yield s


def refused(session: Session, language: str, attempt: Callable[[], object]) -> str:
    with pytest.raises(UndoError) as caught:
        attempt()
    return words(translator(language), caught.value, names=session.table_view().setup.names)


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "Ben has no entry left to undo."),
    ("nl", "Ben heeft geen eigen invoer meer om ongedaan te maken."),
])
def test_a_player_with_nothing_of_their_own_to_undo_is_named(
        store: GameStore, language: str, expected: str) -> None:
    session = Session.start(store, STEPS[0])
    assert session.table_view().setup.names == NAMES
    session.submit(rat_note(BEN, 2))  # Ben logs two rats, then takes them back
    session.undo_private(BEN)
    said = refused(session, language, lambda: session.undo_private(BEN))
    assert said == expected
    assert "1" not in said and "player" not in said.lower()


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "Cannot redo the actions in a building: the later steps would no longer be legal. "
           "Cleo has only 8 rats."),
    ("nl", "Niet opnieuw te doen: de acties in een gebouw. De latere stappen zouden niet meer "
           "volgens de regels zijn. Cleo heeft maar 8 ratten."),
])
def test_a_redo_the_later_steps_forbid_names_the_step_and_the_rule_it_would_break(
        store: GameStore, language: str, expected: str) -> None:
    """A building's actions took Cleo's rats; with them undone she noted discarding all she
    then had; redoing the actions would leave her fewer than none (R-SETUP-1)."""
    taking, player = first_step_taking_rats(STEPS)
    assert NAMES[player] == "Cleo"
    session = Session.start(store, STEPS[0])
    for step in STEPS[1:taking + 1]:
        session.submit(step)
    session.undo()
    session.submit(rat_note(player, -game_state(session).rats[player]))
    said = refused(session, language, session.redo)
    assert said == expected
    assert "BuildingResolved" not in said


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "Player 2 has no entry left to undo."),
    ("nl", "Speler 2 heeft geen eigen invoer meer om ongedaan te maken."),
])
def test_without_the_games_names_a_seat_is_said_as_the_players_number(
        store: GameStore, language: str, expected: str) -> None:
    session = Session.start(store, STEPS[0])
    with pytest.raises(UndoError) as caught:
        session.undo_private(BEN)
    assert words(translator(language), caught.value) == expected
    assert "player 1 has no private entry" in str(caught.value)  # the log's English as it was
