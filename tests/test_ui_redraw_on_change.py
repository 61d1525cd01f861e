"""The table's screen redraws when someone else changes the game, without a browser.

A phone's request (or a second tab) writes through the same `Session`; the session tells the
table's shell, which asks the page to run its redraw (`page.run_task`). The stand-in page
(`support.fake_page.FakePage`) runs that coroutine as Flet's page would, after the writer has
returned, so the story checks the redraw path itself: nobody calls `render()` here.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import flet as ft
import pytest
from support.fake_page import FakePage, walk
from support.sessions import game_state

from companion.i18n import translator
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


class Table:
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

    def prompt(self) -> str:
        for control in walk(self.shown()):
            if isinstance(control, ft.Semantics) and control.identifier == "prompt":
                return " ".join(str(c.value) for c in walk(control) if isinstance(c, ft.Text))
        raise AssertionError("no prompt on the screen")


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    found = Table(tmp_path)
    yield found
    found.page.close()
    found.store.close()


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

