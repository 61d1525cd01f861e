"""The table's entry screen when a player enters on their own phone (R-ROUND-C): it says whose
phone it waits for and keeps its buttons, so the table can always step in.

The real `TableApp` on a stand-in page with a real `SeatRegistry`, as in test_ui_phones.
"""

from __future__ import annotations

from pathlib import Path

from support.sessions import game_state
from test_ui_phones import ANNA, Clock, Table

from companion.phones.seats import SeatRegistry
from companion.ui.shared.paths import play_route


def test_the_entry_screen_waits_for_annas_connected_phone_and_can_still_enter(
        tmp_path: Path) -> None:
    clock = Clock()
    seats = SeatRegistry(clock=clock)
    with Table(tmp_path, seats, clock) as table:
        claim = seats.claim(seats.issue_token(table.session.game_id, ANNA))
        with seats.connection(table.session.game_id, claim.seat):
            table.open(play_route(table.session.game_id))
            assert table.texts("waiting-phone") == (
                "Waiting for Anna's phone; the table can still enter for them.")
            # in the hint's place: the count buttons stay where they were
            assert "Tap the building" not in table.texts()
            table.tap("enter-0-2")  # the table steps in for Anna
        turns = game_state(table.session).record.turns
        assert [(t.player, t.building, t.cards) for t in turns] == [(ANNA, 0, 2)]


def test_no_waiting_line_for_a_phone_that_sleeps(tmp_path: Path) -> None:
    clock = Clock()
    seats = SeatRegistry(clock=clock)
    with Table(tmp_path, seats, clock) as table:
        seats.claim(seats.issue_token(table.session.game_id, ANNA))  # paired, not connected
        table.open(play_route(table.session.game_id))
        assert "waiting-phone" not in table.ids()
        assert "enter-0-0" in table.ids()
