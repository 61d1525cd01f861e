"""Disputes: a player marks an entry of their rat ledger as wrong (`RatChangeDisputed`) and the
table dismisses it (`DisputeDismissed`) or settles it by correcting that round
(`settling_disputes`, which the corrections call).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.rules import events as ev
from companion.rules.errors import Refusal, RuleViolation
from companion.rules.moves.common import check_player, not_scored_yet
from companion.rules.moves.rule import EventRules
from companion.rules.state import Dispute, GameState


def check_disputed(state: GameState, event: ev.RatChangeDisputed) -> None:
    check_player(state, event.player)
    not_scored_yet(state)
    if all(e.entry_id != event.entry_id for e in state.ledgers[event.player]):
        raise RuleViolation("EVENT", Refusal.NO_SUCH_ENTRY, entry_id=event.entry_id)


def evolve_disputed(state: GameState, event: ev.RatChangeDisputed) -> GameState:
    ledger = state.ledgers[event.player]
    i = next(i for i, e in enumerate(ledger) if e.entry_id == event.entry_id)
    ledgers = list(state.ledgers)
    ledgers[event.player] = ledger[:i] + (ledger[i]._replace(disputed=True),) + ledger[i + 1:]
    entry = ledger[i]
    others = tuple(d for d in state.disputes
                   if (d.player, d.entry_id) != (event.player, event.entry_id))
    return replace(state, ledgers=tuple(ledgers), disputes=others + (
        Dispute(event.player, event.entry_id, entry.round, entry.building),))


def check_dispute_dismissed(state: GameState, event: ev.DisputeDismissed) -> None:
    check_player(state, event.player)
    if all((d.player, d.entry_id) != (event.player, event.entry_id) for d in state.disputes):
        raise RuleViolation("EVENT", Refusal.NO_OPEN_DISPUTE,
                            player=state.setup.names[event.player], entry_id=event.entry_id)


def evolve_dispute_dismissed(state: GameState, event: ev.DisputeDismissed) -> GameState:
    return replace(state, disputes=tuple(
        d for d in state.disputes if (d.player, d.entry_id) != (event.player, event.entry_id)))


def settling_disputes(state: GameState, round_: int) -> GameState:
    """A correction of a round settles the disputes of that round's entries: the table has
    looked at the round again."""
    if not any(d.round == round_ for d in state.disputes):
        return state
    return replace(state, disputes=tuple(d for d in state.disputes if d.round != round_))


MOVES: tuple[EventRules[Any], ...] = (
    EventRules(ev.RatChangeDisputed, check_disputed, evolve_disputed),
    EventRules(ev.DisputeDismissed, check_dispute_dismissed, evolve_dispute_dismissed),
)
