"""The table's choice screens when the chooser chooses on their own phone: the table says
whose phone it waits for and keeps its own buttons and steppers, so it can step in; a choice a
phone made is what the table then shows and records.

R-SPECIAL-1: at a tie for fewest Swords the winner chooses who gives. R-ROUND-D b: a
Hospital's takers discard hand cards for as many rats. The real `TableApp` on a stand-in page
with a real `SeatRegistry`, as in test_ui_enter_phones.
"""

from __future__ import annotations

from pathlib import Path

from support.sessions import game_state, logged_events
from support.special_rounds import AT_A_SWORD_TIE, AT_THE_HOSPITAL, SETUP
from test_ui_phones import Clock, Table

from companion.phones.choices import ChoiceMadeFor, Chooser
from companion.phones.seats import SeatRegistry
from companion.rules import events as ev
from companion.rules.catalog import Special
from companion.ui.shared.paths import play_route

RED, YELLOW, GREEN, BLUE = range(4)


def table_with_specials(tmp_path: Path, seats: SeatRegistry) -> Table:
    table = Table(tmp_path, seats, Clock())
    table.session = table.games.start(ev.GameStarted(SETUP))
    return table


def play(table: Table, *events: ev.Event) -> None:
    for event in events:
        table.session.submit(event)
    table.open(play_route(table.session.game_id))


def phone_choice(table: Table, seat: int, option: int) -> None:
    """`seat`'s phone makes the choice its screen shows (`companion.phones.choices`)."""
    session = table.session
    mine = session.player_view(seat).choice
    assert mine is not None and mine.mine is not None
    step = mine.mine.step
    Chooser(session, seat).choose(ChoiceMadeFor(step.prompt.value, step.round, step.turn,
                                                seat, mine.building, step.at), option)
    table.open(play_route(session.game_id))


def test_the_sword_tie_waits_for_yellows_phone_and_the_table_can_still_choose(
        tmp_path: Path) -> None:
    seats = SeatRegistry(clock=Clock())
    with table_with_specials(tmp_path, seats) as table:
        game = table.session.game_id
        claim = seats.claim(seats.issue_token(game, YELLOW))
        with seats.connection(game, claim.seat):
            play(table, *AT_A_SWORD_TIE)
            assert table.texts(f"waiting-phone-{YELLOW}") == (
                "Waiting for Yellow's phone; the table can still choose for them.")
            table.tap("choose-2")  # the table steps in for Yellow
        assert logged_events(table.session)[-1] == ev.SpecialTargetChosen(
            0, Special.SWORD, GREEN)


def test_reds_hospital_discard_chosen_on_her_phone_replaces_the_tables_earlier_taps(
        tmp_path: Path) -> None:
    seats = SeatRegistry(clock=Clock())
    with table_with_specials(tmp_path, seats) as table:
        game = table.session.game_id
        claim = seats.claim(seats.issue_token(game, RED))
        with seats.connection(game, claim.seat):
            play(table, *AT_THE_HOSPITAL)
            assert "Waiting for Red's phone" in table.texts(f"waiting-phone-{RED}")
            assert f"waiting-phone-{YELLOW}" not in table.ids()  # no phone: the table enters
            table.tap(f"hospital-{RED}-more")  # the table's tap, not recorded yet
            phone_choice(table, RED, 3)  # Red's phone records hers first
            assert table.texts(f"hospital-{RED}") == "3"
            assert f"waiting-phone-{RED}" not in table.ids()
            table.tap(f"hospital-{YELLOW}-more")
            for building in ("farm", "castle", "hospital"):
                table.tap(f"pick-{building}")
            table.tap("reveal-confirm")
        stored = logged_events(table.session)
        resolved = stored.index(ev.BuildingResolved(0))
        assert [e for e in stored[:resolved] if isinstance(e, ev.HospitalDiscarded)] == [
            ev.HospitalDiscarded(0, RED, 3), ev.HospitalDiscarded(0, YELLOW, 1)]
        assert game_state(table.session).rats[RED] == 10 - 1 - 3  # the premium's rat, 3 cards
