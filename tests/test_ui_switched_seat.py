"""The table never waits for a phone that is told it may not act: a seat switched to "entered
at the table" is a seat at the table on every screen of phase D, not only at the entries. The
tie's and the Hospital's "Waiting for Yellow's phone" and the reveal's "Still to reveal" (shown
where players reveal on their phones) go the moment the phones panel switches the seat, in
whatever tab, and come back when it is switched back, while that phone stays connected.

R-ROUND-D a (the reveals), R-ROUND-D b (a Hospital's discards), R-SPECIAL-1 (the winner of a
tie for fewest Swords chooses who gives). The real `TableApp` on a stand-in page with a real
`SeatRegistry`, as in test_ui_choose_phones.
"""

from __future__ import annotations

from pathlib import Path

from support.special_rounds import AT_A_SWORD_TIE, AT_THE_HOSPITAL, CASTLE, FARM, HOSPITAL
from test_ui_choose_phones import play, table_with_specials

from companion.phones.entering import enter_at_table
from companion.phones.seats import SeatRegistry
from companion.rules import events as ev
from companion.ui.shared.paths import play_route

RED, YELLOW, GREEN, BLUE = range(4)


def test_the_sword_tie_stops_waiting_for_yellows_phone_once_her_seat_is_switched(
        tmp_path: Path) -> None:
    seats = SeatRegistry()
    with table_with_specials(tmp_path, seats) as table:
        game = table.session.game_id
        seats.claim(seats.issue_token(game, YELLOW))
        with seats.connection(game, YELLOW):
            play(table, *AT_A_SWORD_TIE)
            waiting = f"waiting-phone-{YELLOW}"
            assert table.shown(waiting) == (
                "Waiting for Yellow's phone; the table can still choose for them.")
            enter_at_table(table.session, YELLOW, True)  # from the phones panel
            assert table.shown(waiting) is None
            assert f"choose-{GREEN}" in table.ids()  # the table chooses for Yellow
            enter_at_table(table.session, YELLOW, False)
            assert table.shown(waiting) is not None


def test_the_hospital_stops_waiting_for_reds_phone_once_her_seat_is_switched(
        tmp_path: Path) -> None:
    seats = SeatRegistry()
    with table_with_specials(tmp_path, seats) as table:
        game = table.session.game_id
        seats.claim(seats.issue_token(game, RED))
        with seats.connection(game, RED):
            play(table, *AT_THE_HOSPITAL)
            waiting = f"waiting-phone-{RED}"
            assert "Waiting for Red's phone" in (table.shown(waiting) or "")
            enter_at_table(table.session, RED, True)
            assert table.shown(waiting) is None
            assert f"hospital-{RED}-more" in table.ids()  # the table enters her discard


def test_the_reveal_is_a_table_reveal_once_the_only_phone_is_switched(tmp_path: Path) -> None:
    seats = SeatRegistry()
    with table_with_specials(tmp_path, seats) as table:
        game = table.session.game_id
        seats.claim(seats.issue_token(game, GREEN))
        with seats.connection(game, GREEN):
            play(table, ev.BuildingsRevealed((CASTLE, FARM, HOSPITAL)), ev.SupplyDone(),
                 ev.Entered(RED, 0, 1), ev.Entered(YELLOW, 0, 1), ev.Entered(GREEN, 0, 1),
                 ev.Entered(BLUE, 1, 0))
            table.open(play_route(game))
            assert table.shown("waiting-reveals") == "Still to reveal: Red, Yellow, Green"
            enter_at_table(table.session, GREEN, True)  # every seat is at the table now
            assert table.shown("waiting-reveals") is None
            enter_at_table(table.session, GREEN, False)
            assert table.shown("waiting-reveals") == "Still to reveal: Red, Yellow, Green"
