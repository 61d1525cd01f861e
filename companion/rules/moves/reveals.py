"""Phase D a (R-ROUND-D): the players in a building reveal their cards in slot order
(`Revealed`), and the winner of a tie for fewest Swords or Flutes names a player
(`SpecialTargetChosen`, R-SPECIAL-1/2). Each step is recorded in the round's record and
handed to `derive.derive_phase_d`, which makes its effects in the round's order; a player who
declared 0 cards reveals nothing, so the cursor passes them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.rules import events as ev
from companion.rules.catalog import Special
from companion.rules.derive import derive_phase_d
from companion.rules.errors import Refusal, RuleViolation
from companion.rules.moves.common import (
    allowed_now,
    check_building,
    check_cards,
    check_player,
    check_shape,
    now_params,
    reveal_of,
)
from companion.rules.moves.rule import EventRules
from companion.rules.resolution import special_result
from companion.rules.state import Choice, ChooseCursor, GameState, Phase, RevealCursor


def check_revealed(state: GameState, event: ev.Revealed) -> None:
    cur = allowed_now(state, event, "R-ROUND-D").cursor
    assert isinstance(cur, RevealCursor)  # Revealed is allowed at a reveal only
    check_cards(state, event)
    names = state.setup.names
    if event.player != cur.player or event.building != cur.building:
        check_player(state, event.player)
        check_building(state.record, event.building)
        raise RuleViolation("R-ROUND-D", Refusal.REVEAL_ORDER, **now_params(state),
                            player=names[event.player])
    check_declared(state, event)


def check_declared(state: GameState, event: ev.Revealed) -> None:
    """The reveal shows as many cards as the player declared in the building."""
    entry = state.record.entry(event.player)
    declared = entry.cards if entry is not None else 0
    revealed = event.matching + event.other + event.jokers + event.swords + event.flutes
    if revealed != declared:
        raise RuleViolation("R-ROUND-D", Refusal.REVEAL_COUNT,
                            player=state.setup.names[event.player], declared=declared,
                            revealed=revealed)


def check_revealed_ahead(state: GameState, event: ev.Revealed) -> None:
    """Whether `event` will be legal when its turn comes: a reveal of a player in the building
    whose reveals are under way, made before the players in the earlier slots have revealed
    (R-ROUND-D a: all reveal at once at the table, but their effects are made in slot order,
    which decides ties on the tracks). Raises the `RuleViolation` that `check_revealed` would
    raise then, except for the order itself; the record still takes reveals in slot order
    only (`apply`), so whoever keeps such a reveal plays it when the cursor reaches its
    player."""
    check_shape(event)
    cur = allowed_now(state, event, "R-ROUND-D").cursor
    assert isinstance(cur, RevealCursor)  # Revealed is allowed at a reveal only
    check_player(state, event.player)
    check_cards(state, event)
    record = state.record
    if (event.building != cur.building or event.player not in record.occupants[cur.building]
            or record.reveals[event.player] is not None):
        raise RuleViolation("R-ROUND-D", Refusal.REVEAL_ORDER, **now_params(state),
                            player=state.setup.names[event.player])
    check_declared(state, event)


def evolve_revealed(state: GameState, event: ev.Revealed) -> GameState:
    record = state.rounds[-1]
    reveals = list(record.reveals)
    reveals[event.player] = reveal_of(event)
    return derive_phase_d(state, replace(record, reveals=tuple(reveals)))


def check_special_chosen(state: GameState, event: ev.SpecialTargetChosen) -> None:
    rule = "R-SPECIAL-2" if event.special is Special.FLUTE else "R-SPECIAL-1"
    cur = state.cursor
    if (state.phase is not Phase.D or not isinstance(cur, ChooseCursor)
            or (event.building, event.special) != (cur.building, cur.special)):
        raise RuleViolation(rule, Refusal.NO_CHOICE_NOW, **now_params(state))
    record = state.rounds[-1]
    candidates = special_result(event.special, record, record.occupants[event.building],
                                event.building, settled=False).candidates
    if event.player not in candidates:
        names = state.setup.names
        raise RuleViolation(rule, Refusal.NOT_A_CANDIDATE,
                            candidates=[names[p] for p in candidates])


def evolve_special_chosen(state: GameState, event: ev.SpecialTargetChosen) -> GameState:
    record = state.rounds[-1]
    return derive_phase_d(state, replace(record, choices=record.choices + (
        Choice(event.building, event.special, event.player),)))


MOVES: tuple[EventRules[Any], ...] = (
    EventRules(ev.Revealed, check_revealed, evolve_revealed),
    EventRules(ev.SpecialTargetChosen, check_special_chosen, evolve_special_chosen),
)
