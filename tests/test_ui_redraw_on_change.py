"""The table's screen redraws when someone else changes the game, without a browser.

A phone's request (or a second tab) writes through the same `Session`; the session tells the
table's shell, which asks the page to run its redraw (`page.run_task`). The stand-in page
(`support.fake_page.FakePage`) runs that coroutine as Flet's page would, after the writer has
returned, so the story checks the redraw path itself: nobody calls `render()` here.

A redraw replaces every control, and Flet drops a tap the browser sent for a control that is
gone: so a change that leaves what the round screen shows as it was (a phone's private entry)
does not redraw it, and a tap on a button drawn for a step that has passed is refused with the
step it was for named, never played for the next player.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import flet as ft
import pytest
from support.fake_page import FakePage, walk
from support.sessions import game_state
from support.table_screens import TableOnPage

from companion.i18n import translator
from companion.phones.ledger import ledger_of
from companion.rules import events as ev
from companion.rules import reveal_event
from companion.rules.catalog import PlayerColour
from companion.rules.house_rules import HouseRules
from companion.rules.setup import DeckMode, SelectionMethod, make_setup
from companion.server.config import TableConfig
from companion.server.games import OpenGames
from companion.store.db import GameStore
from companion.store.session import Session
from companion.ui.routes import table_app

NAMES = ("Anna", "Ben", "Cleo", "Dora")


class Table(TableOnPage):
    def __init__(self, tmp: Path) -> None:
        self.store = GameStore.open(tmp)
        self.games = OpenGames(self.store)
        self.page = FakePage()
        self.app = table_app(self.page, TableConfig(data_dir=tmp, host_key="k" * 32,  # type: ignore[arg-type]
                                                   lang="en"), self.games)
        self.app.authorized = True
        self.app.t = translator("en")
        setup = make_setup(list(zip(NAMES, list(PlayerColour), strict=False)),
                           SelectionMethod.FIRST_GAME, 1234, DeckMode.DIGITAL, 0, HouseRules())
        self.session: Session = self.games.start(ev.GameStarted(setup))
        self.page.route = f"/game/{self.session.game_id}/play"
        self.app.render()
        self.page.run_pending()  # what the first drawing asked for (the screen kept awake)

    def shown(self) -> ft.View:
        return self.page.views[-1]

    def button(self, identifier: str) -> ft.Control:
        """The tappable control tagged `identifier` on the screen on show (not drawn anew)."""
        for control in walk(self.shown()):
            if isinstance(control, ft.Semantics) and control.identifier == identifier:
                return next(c for c in walk(control) if getattr(c, "on_click", None))
        raise AssertionError(f"no {identifier} on the screen")

    def shows(self, control: ft.Control) -> bool:
        return any(c is control for c in walk(self.shown()))

    def prompt(self) -> str:
        for control in walk(self.shown()):
            if isinstance(control, ft.Semantics) and control.identifier == "prompt":
                return " ".join(str(c.value) for c in walk(control) if isinstance(c, ft.Text))
        raise AssertionError("no prompt on the screen")


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with Table(tmp_path) as found:
        yield found


def test_a_change_made_elsewhere_redraws_the_table_once_the_writer_has_returned(
        table: Table) -> None:
    # R-ROUND-C: the first entry is made; the table's screen moves on to the next player's.
    assert table.prompt() == "Anna: enter a building."
    # Another writer of the same game (a phone's request, a second tab) makes the entry.
    opened = table.games.open(table.session.game_id)
    assert opened is table.session
    opened.submit_all([reveal_event(game_state(opened)), ev.SupplyDone(), ev.Entered(0, 1, 2)])
    # Told while the session still held its lock, the page runs the redraw only afterwards.
    assert table.prompt() == "Anna: enter a building."
    assert table.page.run_pending() == 1
    assert table.prompt() == "Ben: enter a building."


def test_the_table_left_for_another_game_is_not_redrawn_by_the_old_one(table: Table) -> None:
    # Leaving the game unsubscribes: a later change there asks this page for nothing.
    session = table.session
    table.app.leave_game()
    session.submit(reveal_event(game_state(session)))
    assert table.page.run_pending() == 0



def test_a_phone_logging_rats_leaves_the_button_the_table_taps_on_show(table: Table) -> None:
    """Cleo logs a supply discard on her phone (R-ROUND-B) just as the table taps Anna's entry
    (R-ROUND-C): her entry changes nothing the table shows, so the round screen is not drawn
    again, the button tapped is still the one on show, and the entry is Anna's."""
    market = table.button("enter-1-2")
    ledger_of(table.session, 2).change_rats(-1, "supply_discard")
    table.page.run_pending()
    assert table.shows(market)
    market.on_click(None)  # type: ignore[attr-defined]
    assert table.session.public_events()[-1] == ev.Entered(0, 1, 2)
    table.page.run_pending()
    assert table.prompt() == "Ben: enter a building."
    assert not table.shows(market)  # a change the table sees draws the screen anew


def test_a_second_tap_for_annas_entry_is_refused_naming_her_entry(table: Table) -> None:
    """R-ROUND-C: Anna's Market, 2 is tapped twice, the second time before the screen was drawn
    anew: it was made for Anna's entry, which is recorded; it is not Ben's."""
    market = table.button("enter-1-2")
    market.on_click(None)  # type: ignore[attr-defined]
    recorded = table.session.public_events()
    market.on_click(None)  # type: ignore[attr-defined]
    assert table.session.public_events() == recorded
    assert table.page.messages[-1] == "That was for Anna's entry, which is already recorded."
    assert table.prompt() == "Ben: enter a building."
