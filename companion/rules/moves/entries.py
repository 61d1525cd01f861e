"""Phase C (R-ROUND-C): each player in turn enters a building (`Entered`) or plays a Pass
(`Passed`, R-SPECIAL-3: to the back of the queue). The last entry begins phase D.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.rules import events as ev
from companion.rules.catalog import Special
from companion.rules.derive import derive_phase_d
from companion.rules.errors import Refusal, RuleViolation
from companion.rules.guide import can_pass, pass_possible
from companion.rules.moves.common import (
    allowed_now,
    check_building,
    check_count,
    check_player,
    not_now,
    not_your_turn,
    with_current,
)
from companion.rules.moves.rule import EventRules
from companion.rules.state import GameState, Phase, Turn


def _check_turn(state: GameState, event: ev.Entered) -> None:
    allowed_now(state, event, "R-ROUND-C")
    record = state.rounds[-1]
    if event.player != record.queue[0]:
        check_player(state, event.player)
        if record.entry(event.player) is not None:
            raise RuleViolation("R-ROUND-C", Refusal.ALREADY_ENTERED,
                                player=state.setup.names[event.player])
        raise not_your_turn(state, event.player, "R-ROUND-C")


def check_entered(state: GameState, event: ev.Entered) -> None:
    check_building(state.rounds[-1], event.building)
    check_count(event.cards, "cards")
    _check_turn(state, event)


def evolve_entered(state: GameState, event: ev.Entered) -> GameState:
    return _turn(state, Turn(event.player, event.building, event.cards))


def check_pass_turn(state: GameState, event: ev.Passed) -> None:
    """R-ROUND-C / R-SPECIAL-3, all but the card itself: phase C, the player's turn, the Pass
    stack in play and someone else still to enter. This is how a Pass of a stored game is
    checked (`engine.apply_recorded`)."""
    if state.phase is not Phase.C:
        raise not_now(state, event, "R-SPECIAL-3")
    queue = state.rounds[-1].queue
    if event.player == queue[0] and not pass_possible(state, queue):
        if not state.setup.special_in_play(Special.PASS):
            raise RuleViolation("R-SPECIAL-3", Refusal.PASS_NOT_IN_PLAY)
        raise RuleViolation("R-ROUND-C", Refusal.POINTLESS_PASS)
    if event.player != queue[0]:
        check_player(state, event.player)
        if state.rounds[-1].entry(event.player) is not None:
            raise RuleViolation("R-ROUND-C", Refusal.ALREADY_ENTERED,
                                player=state.setup.names[event.player])
        raise not_your_turn(state, event.player, "R-ROUND-C")


def check_passed(state: GameState, event: ev.Passed) -> None:
    """`check_pass_turn`, and the player may hold a Pass card to play (R-SPECIAL-3: a Pass
    costs one; the bound is `passes.pass_cards_up_to`, from the Town Hall gains, Swords and
    Watchtowers received and the Passes played that the game recorded)."""
    check_pass_turn(state, event)
    if not can_pass(state, state.rounds[-1].queue):
        raise RuleViolation("R-SPECIAL-3", Refusal.NO_PASS_CARD,
                            player=state.setup.names[event.player])


def evolve_passed(state: GameState, event: ev.Passed) -> GameState:
    return _turn(state, Turn(event.player, None))


def _turn(state: GameState, turn: Turn) -> GameState:
    record = state.rounds[-1]
    queue = record.queue
    turns = record.turns + (turn,)
    if turn.building is None:  # R-SPECIAL-3: to the back of the queue
        return with_current(state, replace(record, turns=turns, queue=queue[1:] + queue[:1]))
    occupants = list(record.occupants)
    occupants[turn.building] += (turn.player,)
    record = replace(record, turns=turns, occupants=tuple(occupants), queue=queue[1:])
    if len(queue) == 1:  # the last one still to enter: phase D begins
        return derive_phase_d(state, record, phase=Phase.D)
    return with_current(state, record)


MOVES: tuple[EventRules[Any], ...] = (
    EventRules(ev.Entered, check_entered, evolve_entered),
    EventRules(ev.Passed, check_passed, evolve_passed, recorded=check_pass_turn),
)
