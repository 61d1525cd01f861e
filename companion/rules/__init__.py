"""The rules engine: pure functions over immutable values, standard library only.

A game is the fold of its events: `replay(events)` == `apply(... apply(None, e0) ..., eN)`.
`next_step(state)` says what the table must do now, who acts and what is allowed; `apply`
checks every event against the same answer.
`next_decision(state)` folds the steps that take no tap (the supply, a building's actions, a
round's end) into the next one the table decides.

The names below are loaded on first use (PEP 562), so importing the package runs no module
of the engine. It must not: a thread that imports a module of the engine waits until the
package is initialized, and a package that imported its modules while another thread was
importing one of them would wait for that thread in turn. Python breaks such a deadlock by
handing one thread a half-loaded module ("cannot import name 'Now' from partially initialized
module"): a phone's first request beside the server's warm-up failed that way.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.rules import events
    from companion.rules.decision import Decision, Folded, next_decision
    from companion.rules.engine import apply, apply_recorded, replay, reveal_event
    from companion.rules.errors import Refusal, RuleViolation
    from companion.rules.guide import Prompt, Step, next_step
    from companion.rules.resolution import (
        BuildingResolution,
        PremiumReason,
        resolve_building,
    )
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

_FROM = {
    "decision": ("Decision", "Folded", "next_decision"),
    "engine": ("apply", "apply_recorded", "replay", "reveal_event"),
    "errors": ("Refusal", "RuleViolation"),
    "guide": ("Prompt", "Step", "next_step"),
    "resolution": ("BuildingResolution", "PremiumReason", "resolve_building"),
    "setup": ("DeckMode", "SelectionMethod", "Setup", "SetupWarning", "make_setup",
              "setup_code", "setup_from_code"),
    "state": ("GameState", "Phase", "Track"),
}
"""The engine's modules and the public names each gives (as the imports above, for mypy)."""
_HOMES = {"events": "events"} | {name: home for home, names in _FROM.items() for name in names}
"""Each public name and the module of the engine it comes from (`events` is that module);
`__all__` names the same, and `tests/test_engine_facade.py` holds the three lists together."""


def __getattr__(name: str) -> object:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = importlib.import_module(f"{__name__}.{_HOMES[name]}")
    value = module if name == _HOMES[name] else getattr(module, name)
    globals()[name] = value
    return value


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
    "Track",
    "apply",
    "apply_recorded",
    "events",
    "make_setup",
    "next_decision",
    "next_step",
    "replay",
    "resolve_building",
    "reveal_event",
    "setup_code",
    "setup_from_code",
]
