"""Laying out the players' own deck: a building whose cards are all accounted for cannot be
tapped: a row the engine would refuse cannot be tapped in (R-COMP-4, R-ROUND-A).

The evening this comes from: 2 players, 3 Monasteries in the game. Two came up in round 1
(the second replaced and put under the replacement stack), one in round 2: in round 3 the
Monastery's card in the pick grid says no card is left and takes no tap, while the Castle's
still does.
"""

from __future__ import annotations

from pathlib import Path

import flet as ft
from support.fake_page import walk
from support.table_screens import Table
from test_engine_copies import the_evening


def test_the_monastery_with_no_card_left_cannot_be_picked(tmp_path: Path) -> None:
    evening = the_evening()
    with Table(tmp_path, evening.setup) as table:
        table.play(evening.events[1:])
        ids = table.ids()
        assert "pick-monastery-gone" in ids and "pick-monastery" not in ids
        assert "no card left" in table.texts("pick-monastery-gone")
        gone = table.find("pick-monastery-gone")
        assert not any(getattr(c, "on_click", None) for c in walk(gone))
        table.tap("pick-castle")
        assert "reveal-row" in table.ids()
        assert isinstance(table.find("pick-castle").content, ft.Container)
