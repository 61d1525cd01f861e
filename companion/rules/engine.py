"""apply(state, event) -> state and replay(events) -> state: the game as the fold of its events.

Each event type has a check (`decide`: is it legal now? a `RuleViolation` if not) and an
evolution (`evolve`: the state after it, checking nothing), registered together in `RULES`.
`apply` checks, then evolves, so a refused event leaves the caller with the old state;
`replay` folds a stored game, whose events were checked when they were recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Generic, TypeVar

from companion.rules import decide as d
from companion.rules import events as ev
from companion.rules import evolve as e
from companion.rules.deck import reveal_event
from companion.rules.derive import rederive
from companion.rules.errors import Refusal, RuleViolation
from companion.rules.state import GameState

__all__ = ["RULES", "RuleViolation", "apply", "apply_recorded", "check", "evolve", "rederive",
           "replay", "reveal_event", "rules_of"]


E = TypeVar("E", bound=ev.Event)


@dataclass(frozen=True)
class EventRules(Generic[E]):
    """What the engine does with one event type `E`: decide whether it is legal, then fold it.

    Typed per event: `check_entered` takes an `Entered`, so registering it for another event
    is a type error, and `rules_of(event)` hands each event the rules of its own type."""

    event: type[E]
    check: Callable[[GameState, E], None]
    evolve: Callable[[GameState, E], GameState]
    recorded: Callable[[GameState, E], None] | None = None
    """How an event of a stored game is checked, where that differs from `check`: a rule the
    app enforces only since a later version is not held against a game recorded before it
    (see `apply_recorded`). None: the same as `check`."""


_START: EventRules[ev.GameStarted] = EventRules(ev.GameStarted, d.check_start, e.evolve_start)
"""The one event with no state before it (`check_start` and `evolve_start` take None)."""

_REGISTERED: tuple[EventRules[Any], ...] = (
    _START,
    EventRules(ev.BuildingsRevealed, d.check_buildings_revealed, e.evolve_buildings_revealed,
               recorded=d.check_buildings_revealed_recorded),
    EventRules(ev.SupplyDone, d.check_supply_done, e.evolve_supply_done),
    EventRules(ev.Entered, d.check_entered, e.evolve_entered),
    EventRules(ev.Passed, d.check_passed, e.evolve_passed, recorded=d.check_pass_turn),
    EventRules(ev.Revealed, d.check_revealed, e.evolve_revealed),
    EventRules(ev.SpecialTargetChosen, d.check_special_chosen, e.evolve_special_chosen),
    EventRules(ev.HospitalDiscarded, d.check_hospital, e.evolve_hospital),
    EventRules(ev.BuildingResolved, d.check_building_resolved, e.evolve_building_resolved),
    EventRules(ev.RoundEnded, d.check_round_ended, e.evolve_round_ended),
    EventRules(ev.EntryCorrected, d.check_entry_corrected, e.evolve_entry_corrected),
    EventRules(ev.RevealCorrected, d.check_reveal_corrected, e.evolve_reveal_corrected),
    EventRules(ev.TieChosenAfterCorrection, d.check_tie_chosen, e.evolve_tie_chosen),
    EventRules(ev.HospitalCorrected, d.check_hospital_corrected, e.evolve_hospital_corrected),
    EventRules(ev.EndValuesEntered, d.check_end_values, e.evolve_end_values),
    EventRules(ev.NunsCounted, d.check_nuns_counted, e.evolve_nuns_counted),
    EventRules(ev.RatsChanged, d.check_rats_changed, e.evolve_rats_changed),
    EventRules(ev.NunCardNoted, d.check_nun_noted, e.evolve_nun_noted),
    EventRules(ev.RatChangeDisputed, d.check_disputed, e.evolve_disputed),
    EventRules(ev.RatsConfirmed, d.check_rats_confirmed, e.evolve_rats_confirmed),
    EventRules(ev.DisputeDismissed, d.check_dispute_dismissed, e.evolve_dispute_dismissed),
)

RULES: Mapping[type[ev.Event], EventRules[Any]] = MappingProxyType(
    {rules.event: rules for rules in _REGISTERED})
"""Every event of the game, with its check and its evolution: the one place to add an event.
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
    d.check_shape(event)
    if state is None:
        if not isinstance(event, ev.GameStarted):
            raise RuleViolation("EVENT", Refusal.NOT_STARTED)
        d.check_start(None, event)
        return
    (rules.recorded if recorded and rules.recorded is not None else rules.check)(state, event)


def evolve(state: GameState | None, event: ev.Event) -> GameState:
    """The state after a legal `event` (nothing is checked)."""
    if state is None:
        if not isinstance(event, ev.GameStarted):
            raise RuleViolation("EVENT", Refusal.NOT_STARTED)
        return e.evolve_start(None, event)
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
    the app did not count (`decide.check_buildings_revealed_recorded`)."""
    check(state, event, recorded=True)
    return evolve(state, event)


def replay(events: Iterable[ev.Event]) -> GameState | None:
    """The fold of a stored game's events (None for no events); they were checked when the
    table recorded them, so each is only folded in."""
    state = None
    for event in events:
        state = evolve(state, event)
    return state
