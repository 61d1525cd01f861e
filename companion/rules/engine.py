"""apply(state, event) -> state and replay(events) -> state: the game as the fold of its events.

Each event type has a check (is it legal now? a `RuleViolation` if not) and an evolution (the
state after it, checking nothing), written side by side in its module of `moves` and
registered together in `RULES`.
`apply` checks, then evolves, so a refused event leaves the caller with the old state;
`replay` folds a stored game, whose events were checked when they were recorded.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, TypeVar

from companion.rules import events as ev
from companion.rules.deck import reveal_event
from companion.rules.derive import rederive
from companion.rules.errors import Refusal, RuleViolation
from companion.rules.moves import ALL
from companion.rules.moves.common import check_shape
from companion.rules.moves.rule import EventRules
from companion.rules.moves.start import check_start, evolve_start
from companion.rules.state import GameState

__all__ = ["RULES", "EventRules", "RuleViolation", "apply", "apply_recorded", "check",
           "evolve", "rederive", "replay", "reveal_event", "rules_of"]


E = TypeVar("E", bound=ev.Event)


RULES: Mapping[type[ev.Event], EventRules[Any]] = MappingProxyType(
    {rules.event: rules for rules in ALL})
"""Every event of the game, with its check and its evolution (a new event goes into its
module of `moves`).
Read it through `rules_of`, which keeps the event's type."""


def rules_of(event: E) -> EventRules[E]:
    """The check and evolution of `event`'s own type; RuleViolation for an unknown event."""
    rules = RULES.get(type(event))
    if rules is None:
        raise RuleViolation("EVENT", Refusal.UNKNOWN_EVENT, event=type(event).__name__)
    found: EventRules[E] = rules
    return found


def check(state: GameState | None, event: ev.Event, recorded: bool = False) -> None:
    """Raise RuleViolation if `event` is malformed or not allowed in `state` (`recorded`: as
    an event of a stored game, see `apply_recorded`)."""
    rules = rules_of(event)
    check_shape(event)
    if state is None:
        if not isinstance(event, ev.GameStarted):
            raise RuleViolation("EVENT", Refusal.NOT_STARTED)
        check_start(None, event)
        return
    (rules.recorded if recorded and rules.recorded is not None else rules.check)(state, event)


def evolve(state: GameState | None, event: ev.Event) -> GameState:
    """The state after a legal `event` (nothing is checked)."""
    if state is None:
        if not isinstance(event, ev.GameStarted):
            raise RuleViolation("EVENT", Refusal.NOT_STARTED)
        return evolve_start(None, event)
    return rules_of(event).evolve(state, event)


def apply(state: GameState | None, event: ev.Event) -> GameState:
    """The state after `event`; raises RuleViolation (state untouched) if it is not allowed."""
    check(state, event)
    return evolve(state, event)


def apply_recorded(state: GameState | None, event: ev.Event) -> GameState:
    """`apply` for an event read back from a stored game (resuming it, undo and redo, an
    imported record): checked as when it was recorded, so a game saved by an earlier version
    still folds. One difference: a Pass is not held against the Pass cards the
    player may hold (`passes.pass_cards_up_to`), which the app checks only since it records
    them; an old game where someone passed without a Town Hall gain stays playable, and every
    new Pass in it is checked. Likewise a row of the players' own deck is not held against
    the copies put under the replacement stack in earlier rounds, which earlier versions of
    the app did not count (`moves.rounds.check_buildings_revealed_recorded`)."""
    check(state, event, recorded=True)
    return evolve(state, event)


def replay(events: Iterable[ev.Event]) -> GameState | None:
    """The fold of a stored game's events (None for no events); they were checked when the
    table recorded them, so each is only folded in."""
    state = None
    for event in events:
        state = evolve(state, event)
    return state
