"""What the game list says about a Rattus Cartus game: players, where it stands, who won.

Kept beside the store rather than in the engine because it exists for the list of games:
the words are for a person choosing which game to resume.
"""

from __future__ import annotations

from companion.rules.errors import RuleViolation
from companion.rules.setup import setup_code
from companion.rules.state import GameState, Phase
from companion.store.db import GameMeta

PHASE_WORDS = {
    Phase.A: "revealing buildings",
    Phase.B: "supply",
    Phase.C: "entering buildings",
    Phase.D: "resolving buildings",
    Phase.E: "end of round",
    Phase.END: "entering the end values",
    Phase.FINISHED: "finished",
}
"""Stored in English (the store's summary, "round 3 of 8, supply"); the game list says it in
a terminal's language (`companion.cli.records.progress_words`, where these are msgids)."""


def describe(state: GameState) -> GameMeta:
    setup = state.setup
    try:
        code: str | None = setup_code(setup)
    except RuleViolation:
        code = None
    finished = state.phase is Phase.FINISHED
    if state.phase in (Phase.END, Phase.FINISHED):
        progress = PHASE_WORDS[state.phase]
    else:
        progress = f"round {state.round} of {setup.rounds}, {PHASE_WORDS[state.phase]}"
    return GameMeta(players=setup.names, setup_code=code, finished=finished,
                    winner=winner_of(state) if finished else None, progress=progress)


def winner_of(state: GameState) -> str | None:
    """"Anna (54 VP)" for a finished game; None when the plague took everyone (R-SCORE-7)."""
    from companion.rules.endgame import end_state
    from companion.rules.scoring import score
    from companion.store.bgstats import winners_text

    return winners_text(score(end_state(state)))
