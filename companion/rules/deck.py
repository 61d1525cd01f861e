"""Digital mode: the app deals the building row itself (R-ROUND-A)."""

from __future__ import annotations

from companion.rules import events as ev
from companion.rules.errors import Refusal, RuleViolation
from companion.rules.setup import DeckMode
from companion.rules.state import GameState


def reveal_event(state: GameState) -> ev.BuildingsRevealed:
    """The row the app's deck reveals now, with the replacement rule applied (R-ROUND-A: while
    all show the same building, the last is replaced by the top of the replacement stack and
    goes under it)."""
    setup = state.setup
    if setup.deck_mode is not DeckMode.DIGITAL:
        raise RuleViolation("R-ROUND-A", Refusal.PHYSICAL_DECK)
    k = setup.buildings_per_round
    row = list(setup.deck[state.deck_pos:state.deck_pos + k])
    stack = list(state.replacement)
    replaced = []
    while len(set(row)) == 1:
        replaced.append(row[-1])
        row[-1] = stack.pop(0)
        stack.append(replaced[-1])
    return ev.BuildingsRevealed(tuple(row), tuple(replaced))
