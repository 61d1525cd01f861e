"""The end of the game (R-SETUP-6, R-SCORE): each player's end values (`EndValuesEntered`),
the nuns in the row (`NunsCounted`), and each player's confirmation of their rats
(`RatsConfirmed`, R-SCORE-6). With every value and the nuns in, the game is scored.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.rules import events as ev
from companion.rules.catalog import MAX_NUNS_IN_ROW, Special
from companion.rules.errors import Refusal, RuleViolation
from companion.rules.moves.common import allowed_now, check_count, check_player
from companion.rules.moves.rule import EventRules
from companion.rules.state import EndValues, GameState, Phase

_END_SPECIALS = (("swords", Special.SWORD), ("flutes", Special.FLUTE), ("passes", Special.PASS),
                 ("gold", Special.GOLD))


def check_end_values(state: GameState, event: ev.EndValuesEntered) -> None:
    allowed_now(state, event, "R-SETUP-6")
    check_player(state, event.player)
    for name in ("hand", "swords", "flutes", "passes", "gold", "markers"):
        check_count(getattr(event, name), name)
    if event.rats is not None:
        check_count(event.rats, "rats")
    for name, special in _END_SPECIALS:
        if getattr(event, name) and not state.setup.special_in_play(special):
            raise RuleViolation("R-SCORE-4" if special is Special.GOLD else "R-SCORE-3",
                                Refusal.SPECIAL_NOT_IN_PLAY, special=special.value)


def evolve_end_values(state: GameState, event: ev.EndValuesEntered) -> GameState:
    values = list(state.end_values)
    values[event.player] = EndValues(event.hand, event.swords, event.flutes, event.passes,
                                     event.gold, event.markers, event.rats)
    return _finish_if_complete(replace(state, end_values=tuple(values)))


def check_nuns_counted(state: GameState, event: ev.NunsCounted) -> None:
    allowed_now(state, event, "R-SETUP-6")
    check_count(event.nuns, "nuns", MAX_NUNS_IN_ROW)


def evolve_nuns_counted(state: GameState, event: ev.NunsCounted) -> GameState:
    return _finish_if_complete(replace(state, nuns=event.nuns))


def check_rats_confirmed(state: GameState, event: ev.RatsConfirmed) -> None:
    check_player(state, event.player)
    allowed_now(state, event, "R-SCORE-6")
    if state.rats_confirmed[event.player]:
        raise RuleViolation("R-SCORE-6", Refusal.ALREADY_CONFIRMED,
                            player=state.setup.names[event.player])


def evolve_rats_confirmed(state: GameState, event: ev.RatsConfirmed) -> GameState:
    confirmed = list(state.rats_confirmed)
    confirmed[event.player] = True
    return replace(state, rats_confirmed=tuple(confirmed))


def _finish_if_complete(state: GameState) -> GameState:
    if state.nuns is not None and None not in state.end_values:
        return replace(state, phase=Phase.FINISHED)
    return state


MOVES: tuple[EventRules[Any], ...] = (
    EventRules(ev.EndValuesEntered, check_end_values, evolve_end_values),
    EventRules(ev.NunsCounted, check_nuns_counted, evolve_nuns_counted),
    EventRules(ev.RatsConfirmed, check_rats_confirmed, evolve_rats_confirmed),
)
