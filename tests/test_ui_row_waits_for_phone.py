"""The table's screen of a later round's row says whose phone it waits for (R-ROUND-A, R-ROUND-C).

From round 2 on, the app's row has a tap of its own on the table's screen (the last round's
actions and end are shown above it), but a game played from the phones never waits for it:
the first entry of the round, made on the first entrant's phone, records the row with it
(`Session.hands_view`). So the row's screen says, in phase C's words, that it waits for that
player's phone, while its own "They are laid out" stays there for the table to step in. As in
phase C, the line follows the phone: no line while it sleeps or its seat is entered at the
table.

The real `TableApp` on a stand-in page with a real `SeatRegistry`, as in test_ui_phones.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from support.sessions import game_state
from test_ui_phones import Clock, Table

from companion.i18n import translator
from companion.phones.entering import enter_at_table
from companion.phones.seats import SeatRegistry
from companion.rules import events as ev
from companion.rules.guide import Enter, RevealBuildings
from companion.store.session import Session
from companion.ui.shared.paths import play_route

WAITING = ("Waiting for {player}'s phone, the first to enter this round; the table can still "
           "confirm the row itself.")


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    clock = Clock()
    with Table(tmp_path, SeatRegistry(clock=clock), clock) as found:
        yield found


def play_round_one(session: Session) -> None:
    """Round 1 at the table, everyone entering the first building with no cards, until the
    table's own screen stands at round 2's row (its tap records round 1's actions and end)."""
    while not isinstance((step := session.decision_view().view.step), RevealBuildings):
        assert isinstance(step, Enter), step
        session.decide([ev.Entered(step.actor, 0, 0)])


def first_entrant(session: Session) -> int:
    """Who enters first in the round whose row the table shows: the phones' next step."""
    step = session.hands_view().view.step
    assert isinstance(step, Enter) and step.round == 2
    return step.actor


def test_round_twos_row_waits_for_the_first_entrants_phone(table: Table) -> None:
    seats, game = table.seats, table.session.game_id
    assert seats is not None
    play_round_one(table.session)
    first = first_entrant(table.session)
    name = game_state(table.session).setup.names[first]
    seats.claim(seats.issue_token(game, first))
    table.open(play_route(game))
    # the phone sleeps
    assert "reveal-confirm" in table.ids() and table.shown("waiting-phone") is None
    with seats.connection(game, first):
        assert table.shown("waiting-phone") == WAITING.format(player=name)
        enter_at_table(table.session, first, True)  # the table enters for that seat now
        assert table.shown("waiting-phone") is None
        enter_at_table(table.session, first, False)
        assert table.shown("waiting-phone") == WAITING.format(player=name)
        table.tap("reveal-confirm")  # the table can still lay out the row itself
        step = table.session.decision_view().view.step
        assert isinstance(step, Enter) and step.round == 2 and step.actor == first
        assert table.shown("waiting-phone") == (
            f"Waiting for {name}'s phone; the table can still enter for them.")
    assert game_state(table.session).round == 2


def test_no_waiting_line_for_a_seat_without_a_phone(table: Table) -> None:
    seats, game = table.seats, table.session.game_id
    assert seats is not None
    play_round_one(table.session)
    others = [s for s in range(3) if s != first_entrant(table.session)]
    for seat in others:
        seats.claim(seats.issue_token(game, seat))
    with seats.connection(game, others[0]), seats.connection(game, others[1]):
        table.open(play_route(game))
        assert table.shown("waiting-phone") is None
        assert "reveal-confirm" in table.ids()


@pytest.mark.parametrize("language", ["de", "fr", "nl"])
def test_the_row_says_it_waits_in_every_language(table: Table, language: str) -> None:
    seats, game = table.seats, table.session.game_id
    assert seats is not None
    play_round_one(table.session)
    first = first_entrant(table.session)
    seats.claim(seats.issue_token(game, first))
    table.app.t = translator(language)
    with seats.connection(game, first):
        table.open(play_route(game))
        said = table.shown("waiting-phone")
    name = game_state(table.session).setup.names[first]
    assert said == translator(language)(WAITING, player=name)
    assert said != WAITING.format(player=name)
