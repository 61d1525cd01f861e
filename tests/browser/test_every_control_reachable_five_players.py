"""Every control reachable, every text whole: the 5-player game with a building of every
estate, from the wizard to round 5, everyone in one building in the first round.

The walk of `test_every_control_reachable.py` (its docstring tells what is looked at), one story
in a file of its own so that the walks run on both cores at once; the game's rounds 5-8 and its
end are walked in `test_every_control_reachable_five_players_late.py` at the same time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from browser.test_every_control_reachable import walk_through


@pytest.mark.slow
def test_every_control_is_reachable_on_every_device_in_every_language(
        tmp_path: Path, browser: Any) -> None:
    # R-SETUP-2 a, R-ROUND-A..E, R-SPECIAL-1/2: the wizard and four rounds, every screen
    # they show
    walk_through("five-players-rounds-1-4", tmp_path, browser)
