"""Every control reachable, every text whole: the 2-player game on the players' own
deck, its last four rounds from round 7's row to the result, its server stopped and started
again in round 8.

The walk of `test_every_control_reachable.py` (its docstring tells what is looked at), one story
in a file of its own so that the walks run on both cores at once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from browser.test_every_control_reachable import walk_through


@pytest.mark.slow
def test_every_control_is_reachable_on_every_device_in_every_language(
        tmp_path: Path, browser: Any) -> None:
    # R-ROUND-A..E, R-SPECIAL-1/2, R-SCORE: a whole game, every screen it shows
    walk_through("two-players-real-deck", tmp_path, browser)
