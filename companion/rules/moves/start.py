"""The start of a game (`GameStarted`): the one event with no state before it (its check and
evolution take None).
"""

from __future__ import annotations

from typing import Any

from companion.rules import events as ev
from companion.rules.catalog import NUN_ROW_SIZE, START_RATS
from companion.rules.errors import Refusal, RuleViolation
from companion.rules.moves.rule import EventRules
from companion.rules.setup import check_setup
from companion.rules.state import ESTATES, GameState, Phase, RoundRecord, Track


def check_start(state: GameState | None, event: ev.GameStarted) -> None:
    if state is not None:
        raise RuleViolation("EVENT", Refusal.ALREADY_STARTED)
    check_setup(event.setup)


def evolve_start(state: GameState | None, event: ev.GameStarted) -> GameState:
    setup = event.setup
    n = setup.player_count
    return GameState(
        setup=setup, round=1, phase=Phase.A,
        rounds=(RoundRecord(1, setup.start_player),),
        tracks=(Track.start(n),) * len(ESTATES), clock=0,
        ledgers=((),) * n, rats=(START_RATS,) * n,
        nun_notes=((None,) * NUN_ROW_SIZE,) * n,
        replacement=setup.replacement, end_values=(None,) * n, rats_confirmed=(False,) * n)


MOVES: tuple[EventRules[Any], ...] = (
    EventRules(ev.GameStarted, check_start, evolve_start),
)
