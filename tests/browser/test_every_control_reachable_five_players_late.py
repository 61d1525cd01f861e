"""Every control reachable, every text whole: rounds 5-8 and the end of a 5-player game with a
building of every estate, everyone in one building in the last round.

The walk of `test_every_control_reachable.py` (its docstring tells what is looked at), from a
game the engine played up to round 4's last building and stored, resumed on the table: the
later part of `test_every_control_reachable_five_players.py`'s story, in a file of its own so
that both parts run at once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from browser.test_every_control_reachable import walk_through


@pytest.mark.slow
def test_every_control_is_reachable_on_every_device_in_every_language(
        tmp_path: Path, browser: Any) -> None:
    # R-ROUND-A..E, R-SPECIAL-1/2, R-SCORE: the last four rounds and the end, every screen
    # they show; the result is the engine's replay of the stored game
    walk_through("five-players-rounds-5-8", tmp_path, browser)
