"""A player's own notes, allowed at any point until the game is scored: a change of their rats
with its reason (`RatsChanged`, a private ledger entry) and the nuns they saw on a nun card
(`NunCardNoted`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.rules import events as ev
from companion.rules.catalog import NUN_ROW_SIZE
from companion.rules.derive import Derived, with_derived
from companion.rules.errors import Refusal, RuleViolation
from companion.rules.events import RatReason
from companion.rules.moves.common import check_player, not_scored_yet
from companion.rules.moves.rule import EventRules
from companion.rules.state import GameState, LedgerEntry

PRIVATE_REASONS = (RatReason.SUPPLY_DISCARD, RatReason.HOSPITAL, RatReason.CORRECTION)


def check_rats_changed(state: GameState, event: ev.RatsChanged) -> None:
    check_player(state, event.player)
    not_scored_yet(state)
    if event.reason not in PRIVATE_REASONS:
        raise RuleViolation("EVENT", Refusal.NOT_A_PRIVATE_REASON, reason=event.reason.value)
    if event.delta == 0:
        raise RuleViolation("EVENT", Refusal.ZERO_CHANGE)
    if event.reason is RatReason.SUPPLY_DISCARD and event.delta > 0:
        raise RuleViolation("R-ROUND-B", Refusal.SUPPLY_GAINS_NO_RATS)
    have = state.rats[event.player]
    if have + event.delta < 0:
        raise RuleViolation("R-SETUP-1", Refusal.RATS_NEGATIVE,
                            player=state.setup.names[event.player], rats=have)


def evolve_rats_changed(state: GameState, event: ev.RatsChanged) -> GameState:
    """A private entry "round.pN": the player's N-th own note of the round."""
    notes = list(state.own_notes or ((0, 0),) * state.players)
    latest, made = notes[event.player]
    k = made + 1 if latest == state.round else 1
    notes[event.player] = (state.round, k)
    entry = LedgerEntry(f"{state.round}.p{k}", event.delta, event.delta, event.reason,
                        state.round, None, False)
    return with_derived(state, Derived.of(state).with_entry(event.player, entry),
                        own_notes=tuple(notes))


def check_nun_noted(state: GameState, event: ev.NunCardNoted) -> None:
    check_player(state, event.player)
    not_scored_yet(state)
    if not 1 <= event.position <= NUN_ROW_SIZE:
        raise RuleViolation("R-SETUP-4", Refusal.NO_SUCH_NUN_CARD, position=event.position,
                            cards=NUN_ROW_SIZE)
    if not 0 <= event.nuns <= 4:
        raise RuleViolation("R-COMP-2", Refusal.NUNS_PER_CARD, nuns=event.nuns)


def evolve_nun_noted(state: GameState, event: ev.NunCardNoted) -> GameState:
    notes = list(state.nun_notes)
    row = list(notes[event.player])
    row[event.position - 1] = event.nuns
    notes[event.player] = tuple(row)
    return replace(state, nun_notes=tuple(notes))


MOVES: tuple[EventRules[Any], ...] = (
    EventRules(ev.RatsChanged, check_rats_changed, evolve_rats_changed),
    EventRules(ev.NunCardNoted, check_nun_noted, evolve_nun_noted),
)
