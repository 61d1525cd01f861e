"""Four players with every special in play and their own deck, Red starting (`SETUP`): the
game of the table's and the phones' stories of choices, reveals and twin buildings; and round 1
of it up to a choice a player makes, as the engine's events from the game's start.
"""

from __future__ import annotations

from companion.rules import events as ev
from companion.rules.catalog import Building
from companion.rules.setup import SelectionMethod
from support.engine_games import ALL_SPECIALS, setup_for

RED, YELLOW, GREEN, BLUE = range(4)
HOSPITAL, CASTLE, FARM = Building.HOSPITAL, Building.CASTLE, Building.FARM

SETUP = setup_for(4, method=SelectionMethod.CHOSEN, manual=ALL_SPECIALS, start=RED)

AT_THE_HOSPITAL: tuple[ev.Event, ...] = (
    ev.BuildingsRevealed((HOSPITAL, CASTLE, FARM)), ev.SupplyDone(),
    ev.Entered(RED, 0, 2), ev.Entered(YELLOW, 0, 1), ev.Entered(GREEN, 1, 0),
    ev.Entered(BLUE, 2, 0), ev.Revealed(RED, 0, 2, 0), ev.Revealed(YELLOW, 0, 1, 0))
"""R-ROUND-D b: Red (2 cards) and Yellow (1) in the Hospital, revealed: Red takes the premium
(up to 3 hand cards), Yellow the normal action (up to 2)."""

AT_A_SWORD_TIE: tuple[ev.Event, ...] = (
    ev.BuildingsRevealed((CASTLE, FARM, HOSPITAL)), ev.SupplyDone(),
    ev.Entered(RED, 0, 1), ev.Entered(YELLOW, 0, 1), ev.Entered(GREEN, 0, 1),
    ev.Entered(BLUE, 1, 0), ev.Revealed(RED, 0, 1, 0),
    ev.Revealed(YELLOW, 0, 0, 0, 0, 1), ev.Revealed(GREEN, 0, 1, 0))
"""R-SPECIAL-1: Red, Yellow and Green in the Castle with one card each: Yellow's is a Sword,
so Red and Green tie for the fewest and Yellow chooses who gives."""
