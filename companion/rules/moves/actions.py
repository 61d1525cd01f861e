"""Phase D b/c (R-ROUND-D): a building's actions, with a Hospital's discards
(`HospitalDiscarded`), confirmed by the table (`BuildingResolved`); once the round is
resolved the phase is E (`derive.derive_phase_d`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.rules import events as ev
from companion.rules.catalog import ActionKind, Building
from companion.rules.derive import derive_phase_d
from companion.rules.errors import Refusal, RuleViolation
from companion.rules.moves.common import allowed_now, now_params, with_current
from companion.rules.moves.rule import EventRules
from companion.rules.resolution import holders_and_actions, premium_holder
from companion.rules.state import ActionsCursor, GameState, HospitalRecord


def check_hospital(state: GameState, event: ev.HospitalDiscarded) -> None:
    if state.is_last_round:
        raise RuleViolation("R-ROUND-D", Refusal.LAST_ROUND_NO_ACTIONS)
    cur = allowed_now(state, event, "R-ROUND-D").cursor
    assert isinstance(cur, ActionsCursor)  # allowed while a Hospital's actions are taken only
    building = cur.building
    record = state.rounds[-1]
    takers = holders_and_actions(state.setup, record, building,
                                 record.occupants[building]).actions
    up_to = next((a.action.hand_cards_up_to for a in takers if a.player == event.player
                  and a.action.kind is ActionKind.HOSPITAL), None)
    if event.building != building or up_to is None:
        raise RuleViolation("R-ROUND-D", Refusal.NO_HOSPITAL_ACTION)
    if not 0 <= event.cards <= up_to:
        raise RuleViolation("R-ROUND-D", Refusal.HOSPITAL_LIMIT, up_to=up_to, cards=event.cards)


def evolve_hospital(state: GameState, event: ev.HospitalDiscarded) -> GameState:
    record = state.rounds[-1]
    others = tuple(h for h in record.hospital
                   if (h.building, h.player) != (event.building, event.player))
    return with_current(state, replace(record, hospital=others + (
        HospitalRecord(event.building, event.player, event.cards),)))


def check_building_resolved(state: GameState, event: ev.BuildingResolved) -> None:
    cur = allowed_now(state, event, "R-ROUND-D").cursor
    assert isinstance(cur, ActionsCursor)  # BuildingResolved is allowed at actions only
    if event.building != cur.building:
        raise RuleViolation("R-ROUND-D", Refusal.RESOLVE_IN_ROW_ORDER, **now_params(state))


def evolve_building_resolved(state: GameState, event: ev.BuildingResolved) -> GameState:
    record = state.rounds[-1]
    resolved = list(record.resolved)
    resolved[event.building] = True
    record = replace(record, resolved=tuple(resolved))
    if record.row[event.building] is Building.HOSPITAL and not state.is_last_round:
        holder = premium_holder(state.setup, record, event.building)
        record = replace(record, hospital_premium=record.hospital_premium + (
            (event.building, holder),))
    return derive_phase_d(state, record)


MOVES: tuple[EventRules[Any], ...] = (
    EventRules(ev.HospitalDiscarded, check_hospital, evolve_hospital),
    EventRules(ev.BuildingResolved, check_building_resolved, evolve_building_resolved),
)
