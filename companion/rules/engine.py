"""apply(state, event) -> state and replay(events) -> state: the game as the fold of its events.

Each event type has a check (`decide`: is it legal now? a `RuleViolation` if not) and an
evolution (`evolve`: the state after it, checking nothing), registered together in `RULES`.
`apply` checks, then evolves, so a refused event leaves the caller with the old state;
`replay` folds a stored game, whose events were checked when they were recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from companion.rules import decide as d
from companion.rules import events as ev
from companion.rules import evolve as e
from companion.rules.deck import reveal_event
from companion.rules.derive import rederive
from companion.rules.errors import Refusal, RuleViolation
from companion.rules.state import GameState

__all__ = ["RULES", "RuleViolation", "apply", "apply_recorded", "check", "evolve", "rederive",
           "replay", "reveal_event"]


@dataclass(frozen=True)
class EventRules:
    """What the engine does with one event type: decide whether it is legal, then fold it."""

    check: Callable[[Any, Any], None]
    evolve: Callable[[Any, Any], GameState]
    recorded: Callable[[Any, Any], None] | None = None
    """How an event of a stored game is checked, where that differs from `check`: a rule the
    app enforces only since a later version is not held against a game recorded before it
    (see `apply_recorded`). None: the same as `check`."""


RULES: dict[type[ev.Event], EventRules] = {
    ev.GameStarted: EventRules(d.check_start, e.evolve_start),
    ev.BuildingsRevealed: EventRules(d.check_buildings_revealed, e.evolve_buildings_revealed,
                                     recorded=d.check_buildings_revealed_recorded),
    ev.SupplyDone: EventRules(d.check_supply_done, e.evolve_supply_done),
    ev.Entered: EventRules(d.check_entered, e.evolve_entered),
    ev.Passed: EventRules(d.check_passed, e.evolve_passed, recorded=d.check_pass_turn),
    ev.Revealed: EventRules(d.check_revealed, e.evolve_revealed),
    ev.SpecialTargetChosen: EventRules(d.check_special_chosen, e.evolve_special_chosen),
    ev.HospitalDiscarded: EventRules(d.check_hospital, e.evolve_hospital),
    ev.BuildingResolved: EventRules(d.check_building_resolved, e.evolve_building_resolved),
    ev.RoundEnded: EventRules(d.check_round_ended, e.evolve_round_ended),
    ev.EntryCorrected: EventRules(d.check_entry_corrected, e.evolve_entry_corrected),
    ev.RevealCorrected: EventRules(d.check_reveal_corrected, e.evolve_reveal_corrected),
    ev.TieChosenAfterCorrection: EventRules(d.check_tie_chosen, e.evolve_tie_chosen),
    ev.HospitalCorrected: EventRules(d.check_hospital_corrected, e.evolve_hospital_corrected),
    ev.EndValuesEntered: EventRules(d.check_end_values, e.evolve_end_values),
    ev.NunsCounted: EventRules(d.check_nuns_counted, e.evolve_nuns_counted),
    ev.RatsChanged: EventRules(d.check_rats_changed, e.evolve_rats_changed),
    ev.NunCardNoted: EventRules(d.check_nun_noted, e.evolve_nun_noted),
    ev.RatChangeDisputed: EventRules(d.check_disputed, e.evolve_disputed),
    ev.RatsConfirmed: EventRules(d.check_rats_confirmed, e.evolve_rats_confirmed),
    ev.DisputeDismissed: EventRules(d.check_dispute_dismissed, e.evolve_dispute_dismissed),
}
"""Every event of the game, with its check and its evolution: the one place to add an event."""


def _rules(event: object) -> EventRules:
    rules = RULES.get(type(event))  # type: ignore[arg-type]
    if rules is None:
        raise RuleViolation("EVENT", Refusal.UNKNOWN_EVENT, event=type(event).__name__)
    return rules


def check(state: GameState | None, event: ev.Event, recorded: bool = False) -> None:
    """Raise RuleViolation if `event` is malformed or not allowed in `state` (`recorded`: as
    an event of a stored game, see `apply_recorded`)."""
    rules = _rules(event)
    d.check_shape(event)
    if state is None and not isinstance(event, ev.GameStarted):
        raise RuleViolation("EVENT", Refusal.NOT_STARTED)
    (rules.recorded if recorded and rules.recorded is not None else rules.check)(state, event)


def evolve(state: GameState | None, event: ev.Event) -> GameState:
    """The state after a legal `event` (nothing is checked)."""
    return RULES[type(event)].evolve(state, event)


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
    the copies put under the replacement stack in earlier rounds, which the app counts only
    since issue 19 (`decide.check_buildings_revealed_recorded`)."""
    check(state, event, recorded=True)
    return evolve(state, event)


def replay(events: Iterable[ev.Event]) -> GameState | None:
    """The fold of a stored game's events (None for no events); they were checked when the
    table recorded them, so each is only folded in."""
    state = None
    for event in events:
        state = RULES[type(event)].evolve(state, event)
    return state
