"""The rules engine: pure functions over immutable values, standard library only.

A game is the fold of its events: `replay(events)` == `apply(... apply(None, e0) ..., eN)`.
"""

from companion.rules import events
from companion.rules.errors import RuleViolation
from companion.rules.setup import DeckMode, SelectionMethod, Setup, make_setup, setup_code, setup_from_code

__all__ = [
    "DeckMode", "RuleViolation", "SelectionMethod", "Setup", "events", "make_setup",
    "setup_code", "setup_from_code",
]
