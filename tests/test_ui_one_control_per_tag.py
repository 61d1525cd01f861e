"""On the screens before a game, each identifier names one control: the browser tests (and a
screen reader's automation) find a control by its identifier, and a tap on an identifier two
controls share is refused as ambiguous.

The setup wizard tagged its bottom "Back" button `back`, as the app bar's arrow is: a browser
story that walked its shared tab home with the back arrow met two controls on the wizard, gave
up and reloaded the tab, and the reloaded client drew the wizard's focused name field before
its semantics tree was on; Flutter then edits text in a hidden field of its own for the tab's
whole life, and the next story's score form never took input the way the tests type.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import flet as ft
import pytest
from support.fake_page import walk
from support.table_screens import Screens

from companion.rules.catalog import PlayerColour
from companion.server.games import OpenGames
from companion.store.db import GameStore
from companion.ui.setup.draft import PlayerDraft, SetupDraft

BEFORE_A_GAME = ("/", "/score", "/setup/players", "/setup/buildings", "/setup/options",
                 "/setup/checklist")


@pytest.mark.parametrize("route", BEFORE_A_GAME)
def test_each_identifier_names_one_control(route: str, tmp_path: Path) -> None:
    # R-SETUP-1: two named players, as the wizard's later steps need them
    with GameStore.open(tmp_path) as store:
        table = Screens(tmp_path, OpenGames(store))
        table.app.tab.setup = SetupDraft(players=[PlayerDraft("Anna", PlayerColour.RED),
                                                  PlayerDraft("Ben", PlayerColour.BLUE)])
        view = table.show(route)
        tags = Counter(c.identifier for c in walk(view)
                       if isinstance(c, ft.Semantics) and c.identifier)
        assert tags, route
        assert {tag for tag, count in tags.items() if count > 1} == set(), route
