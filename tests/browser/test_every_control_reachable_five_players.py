"""Every control reachable, every text whole: the 5-player game with a building of every
estate, from the wizard to round 2's row, everyone in one building in the first round.

The walk of `test_every_control_reachable.py` (its docstring tells what is looked at), one story
in a file of its own so that the walks run on both cores at once; the game's last four rounds
and its end are walked in `test_every_control_reachable_five_players_late.py` at the same time.
Its rounds 2-4 are no walk's: they showed no kind of screen or control that the last four do
not show, in every language.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from browser.test_every_control_reachable import walk_through


@pytest.mark.slow
def test_every_control_is_reachable_on_every_device_in_every_language(
        tmp_path: Path, browser: Any) -> None:
    # R-SETUP-2 a, R-ROUND-A..E, R-SPECIAL-1/2: the wizard and the fullest first round,
    # every screen they show
    walk_through("five-players-round-1", tmp_path, browser)
