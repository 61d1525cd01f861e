"""`EventRules`: what the engine does with one event type, its check and its evolution."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from companion.rules import events as ev
from companion.rules.state import GameState

E = TypeVar("E", bound=ev.Event)


@dataclass(frozen=True)
class EventRules(Generic[E]):
    """What the engine does with one event type `E`: decide whether it is legal (`check`:
    a `RuleViolation` if not, never a state), then fold it (`evolve`: the state after it,
    checking nothing).

    Typed per event: `check_entered` takes an `Entered`, so registering it for another event
    is a type error, and `engine.rules_of(event)` hands each event the rules of its own type."""

    event: type[E]
    check: Callable[[GameState, E], None]
    evolve: Callable[[GameState, E], GameState]
    recorded: Callable[[GameState, E], None] | None = None
    """How an event of a stored game is checked, where that differs from `check`: a rule the
    app enforces only since a later version is not held against a game recorded before it
    (see `engine.apply_recorded`). None: the same as `check`."""
