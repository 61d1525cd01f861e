"""The table's side of who enters (R-ROUND-C): the phones panel switches a paired seat to
"entered at the table" and back, and the entry screen's "Waiting for Anna's phone" says the
truth at every moment: it comes when her phone connects, goes when it drops or her seat is
switched to the table, and comes back with either.

The real `TableApp` on a stand-in page with a real `SeatRegistry`, as in test_ui_phones; a
phone "connects" as its live stream does (`SeatRegistry.connection`).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from test_ui_phones import ANNA, BEN, Clock, Table

from companion.i18n.names import building_name
from companion.phones.entering import at_table, enter_at_table
from companion.phones.seats import SeatRegistry
from companion.phones.take_back import take_back
from companion.ui.phones.panel import phones_route
from companion.ui.shared.paths import play_route

WAITING = "Waiting for Anna's phone; the table can still enter for them."


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    clock = Clock()
    with Table(tmp_path, SeatRegistry(clock=clock), clock) as found:
        yield found


def test_the_waiting_line_follows_annas_phone_as_it_connects_and_drops(table: Table) -> None:
    seats, game = table.seats, table.session.game_id
    assert seats is not None
    seats.claim(seats.issue_token(game, ANNA))
    table.open(play_route(game))
    assert table.shown("waiting-phone") is None  # paired, asleep: entered at the table
    with seats.connection(game, ANNA):
        assert table.shown("waiting-phone") == WAITING
        enter_at_table(table.session, ANNA, True)  # from the panel in another tab
        assert table.shown("waiting-phone") is None
        assert "enter-0-0" in table.ids()
        enter_at_table(table.session, ANNA, False)
        assert table.shown("waiting-phone") == WAITING
    assert table.shown("waiting-phone") is None  # the phone dropped
    assert "enter-0-0" in table.ids()  # the table's buttons are always there


def test_the_panel_switches_a_paired_seat_to_the_table_and_back(table: Table) -> None:
    seats, game = table.seats, table.session.game_id
    assert seats is not None
    seats.claim(seats.issue_token(game, ANNA))
    table.open(phones_route(game))
    assert table.texts("seat-enters-0") == "Anna enters on the phone."
    assert "table-enters-1" not in table.ids() and "seat-enters-1" not in table.ids()  # no phone

    table.tap("table-enters-0")
    assert at_table(table.session) == {ANNA}
    assert table.texts("seat-enters-0") == (
        "Entered at the table: Anna's phone shows the turn only.")
    assert "phone-enters-0" in table.ids()

    table.tap("phone-enters-0")
    assert at_table(table.session) == frozenset()
    assert table.texts("seat-enters-0") == "Anna enters on the phone."


def test_a_released_seat_enters_on_its_next_phone(table: Table) -> None:
    seats, game = table.seats, table.session.game_id
    assert seats is not None
    seats.claim(seats.issue_token(game, BEN))
    table.open(phones_route(game))
    table.tap("table-enters-1")
    table.tap("release-1")
    table.tap("release-confirm", table.page.dialogs[-1])
    assert at_table(table.session) == frozenset()


def test_another_phone_coming_and_going_redraws_nothing(table: Table) -> None:
    # A redraw replaces every control, and a tap on the way to one that is gone is lost: Ben's
    # phone waking up while Anna is to enter leaves the screen as it was drawn.
    seats, game = table.seats, table.session.game_id
    assert seats is not None
    seats.claim(seats.issue_token(game, BEN))
    table.open(play_route(game))
    button = table.find("enter-0-0")
    with seats.connection(game, BEN):
        table.page.run_pending()
        assert table.find("enter-0-0") is button
    table.page.run_pending()
    assert table.find("enter-0-0") is button


def test_the_table_says_what_anna_took_back_on_her_phone(table: Table) -> None:
    # R-ROUND-C: Anna takes her entry back on her phone; the table sees why it went, until
    # the next step.
    seats, game = table.seats, table.session.game_id
    assert seats is not None
    seats.claim(seats.issue_token(game, ANNA))
    table.open(play_route(game))
    table.tap("enter-1-3")  # her entry, whoever tapped it
    building = building_name(table.app.t, table.session.table_view().record.row[1])
    take_back(table.session, ANNA, 1, 0, table.session.table_view().game_events)
    table.page.run_pending()
    assert table.texts("taken-back") == (
        f"Taken back on Anna's phone: Anna's entry into the {building}.")
    table.tap("enter-0-2")
    table.page.run_pending()
    assert "taken-back" not in table.ids()
