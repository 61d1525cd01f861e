"""House-rule switches: readings of the rulebook that could reasonably go either way (RULES.md).

They are chosen at setup, shown to the players and recorded in the first event, so a replay
scores the game exactly as the table agreed.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class TrackTie(StrEnum):
    """Who wins a tie on an influence track (R-SCORE-1)."""

    TOP_WINS = "top_wins"
    """The disc on top, which arrived later, wins (default)."""
    BOTTOM_WINS = "bottom_wins"
    """The disc underneath, which arrived first, wins."""


@dataclass(frozen=True)
class HouseRules:
    track_tie: TrackTie = TrackTie.TOP_WINS
    all_dead_variant: bool = False
    """R-SCORE-7: if everyone dies, the players with the fewest rats count as survivors."""
