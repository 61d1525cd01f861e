"""A 2-player round at the table refuses a third building card, saying why (R-SETUP-6).

The whole games (4 players on the app's deck with an undo and a redo, 2 players on their own
deck with a server restart in the middle of a round, 5 players with every special card) are
played by `test_every_control_reachable.py`, which checks every screen on the way and the
result against the engine's replay of the stored game.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from support.flutter import tap_and_redraw, wait_for_said
from support.story import set_up

from browser.table import (
    Offline,
    by_id,
    open_table,
    picture,
    table_context,
    table_server,
    tap,
)

TABLET_PORTRAIT = {"width": 800, "height": 1280}


def test_a_third_building_in_a_two_player_round_is_refused_saying_why(
        tmp_path: Path, browser: Any) -> None:
    # R-SETUP-6: with 2 players and their own deck, 2 buildings per round; a third card tapped
    # is not silently dropped: the snackbar says why and how to change a card.
    offline = Offline()
    with table_server(tmp_path, lang="en") as server:
        page = table_context(browser, offline, "en-GB", TABLET_PORTRAIT).new_page()
        offline.watch(page)
        open_table(page, server.table_url)
        by_id(page, "home").wait_for()
        set_up(page, ["Jana", "Lukas"], "first_game", "physical", Counter())
        tap_and_redraw(page, "pick-farm")
        tap_and_redraw(page, "pick-palace")
        tap(page, "pick-castle")
        said = wait_for_said(page, "With 2 players, 2 buildings are revealed each round")
        assert "take the last card back" in said
        picture(page, "two-players-third-building")
        row = str(by_id(page, "reveal-row").first.text_content())
        assert "Palace" in row and "Castle" not in row
    assert offline.outside == []
