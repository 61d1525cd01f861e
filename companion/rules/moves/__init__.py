"""The moves of the game: for each event, its check and its evolution side by side, a module
per phase or kind of move, so a rule is read in one place.

Each module ends with `MOVES`, its events' `EventRules`; `engine.RULES` is built from `ALL`.
A check raises a `RuleViolation` (a `Refusal` code and its values) or returns None and builds
no state; everything it asks about "now" comes from `guide.now`, the answer the table's prompt
shows, so the two never disagree. An evolution folds its event in and checks nothing
(`engine.apply` has checked it; `engine.replay` trusts the stored log).
"""

from __future__ import annotations

from typing import Any

from companion.rules.moves import (
    actions,
    corrections,
    disputes,
    end,
    entries,
    notes,
    reveals,
    rounds,
    start,
)
from companion.rules.moves.rule import EventRules

ALL: tuple[EventRules[Any], ...] = (
    *start.MOVES, *rounds.MOVES, *entries.MOVES, *reveals.MOVES, *actions.MOVES,
    *corrections.MOVES, *end.MOVES, *notes.MOVES, *disputes.MOVES,
)
"""Every event's rules, once each."""
