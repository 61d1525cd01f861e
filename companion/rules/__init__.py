"""The rules engine: pure functions over immutable values, standard library only.

A game is the fold of its events: `replay(events)` == `apply(... apply(None, e0) ..., eN)`.
`next_step(state, discards)` says what happens next: the steps that take no tap (the supply, a
building's actions, a round's end) folded into the one the table decides, who acts there and
what is allowed; `apply` checks every event against the same answer.
"""

from companion.rules import events
from companion.rules.decision import Decision, Folded, next_step
from companion.rules.engine import apply, apply_recorded, replay, reveal_event
from companion.rules.errors import Refusal, RuleViolation
from companion.rules.guide import Prompt, Step
from companion.rules.moves.reveals import check_revealed_ahead
from companion.rules.resolution import BuildingResolution, PremiumReason, resolve_building
from companion.rules.setup import (
    DeckMode,
    SelectionMethod,
    Setup,
    SetupWarning,
    make_setup,
    setup_code,
    setup_from_code,
)
from companion.rules.state import GameState, Phase, Track

__all__ = [
    "BuildingResolution",
    "Decision",
    "DeckMode",
    "Folded",
    "GameState",
    "Phase",
    "PremiumReason",
    "Prompt",
    "Refusal",
    "RuleViolation",
    "SelectionMethod",
    "Setup",
    "SetupWarning",
    "Step",
    "check_revealed_ahead",
    "Track",
    "apply",
    "apply_recorded",
    "events",
    "make_setup",
    "next_step",
    "replay",
    "resolve_building",
    "reveal_event",
    "setup_code",
    "setup_from_code",
]
