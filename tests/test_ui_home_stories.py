"""Stories from the home screen that need no browser: the wizard refuses a player without a
name, the rules reference speaks the table's language only, and a game played on paper is
scored by the same rules.

The real `TableApp` on the stand-in page (`support.table_screens`), its controls found by the
identifiers the browser tests use. That the real client draws the wizard, takes typing and
opens the reference is chromium's to show (the walks, `tests/browser/test_rules_reference.py`).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import flet as ft
import pytest
from support.fake_page import walk
from support.table_screens import Screens

from companion.server.games import OpenGames
from companion.store.db import GameStore


@pytest.fixture
def home(tmp_path: Path) -> Iterator[Screens]:
    """An English table with nothing stored, on its home screen."""
    with GameStore.open(tmp_path) as store:
        screens = Screens(tmp_path, OpenGames(store))
        screens.show("/")
        yield screens


def said(dialog: ft.Control) -> str:
    """Every text of a dialog, in one line."""
    return " ".join(str(c.value) for c in walk([getattr(dialog, part, None) for part in
                                                ("title", "content", "actions")])
                    if isinstance(c, ft.Text))


def test_a_wrong_setup_is_refused_with_its_rule(home: Screens) -> None:
    # R-SETUP-1: every player needs a name; the wizard stays on the players.
    home.tap("new-game")
    home.show(home.page.route)
    home.type("player-name-0", "Anna")
    home.tap("next")
    assert home.page.messages[-1] == "Every player needs a name."
    assert "setup-players" in home.ids()


def test_the_rules_reference_speaks_the_tables_language_only(home: Screens) -> None:
    # The cards' names the table's language prints, no other: an English table's reference
    # names the Rat Catcher's Hut, not the German cards' "Hütte des Rattenfängers".
    home.tap("rules")
    shown = said(home.page.dialogs[-1])
    assert "Rat Catcher's Hut" in shown
    assert "Hütte des Rattenfängers" not in shown


def test_a_paper_game_is_scored_with_the_same_rules(home: Screens) -> None:
    # R-SCORE-1: most influence in an estate scores 10, the second most 5; R-SCORE-6: rats
    # above the nuns die: Ben's 9 rats against 5 nuns.
    home.show("/score")
    for field, value in {"0-name": "Anna", "1-name": "Ben", "0-church": "4", "1-church": "2",
                         "0-rats": "3", "1-rats": "9", "nuns": "5"}.items():
        home.type(f"score-{field}", value)
    home.tap("score-evaluate")
    shown = said(home.page.dialogs[-1])
    assert "Winner: Anna" in shown
    assert "Church: Anna 1st with 4 influence: 10 VP." in shown
    assert "Church: Ben 2nd with 2 influence: 5 VP." in shown
    assert "Ben has 9 rats, more than the nuns (5), and dies." in shown
