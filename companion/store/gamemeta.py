"""What the game list says about a Rattus Cartus game: players, where it stands, who won.

Kept beside the store rather than in the engine because it exists for the list of games:
the words are for a person choosing which game to resume.
"""

from __future__ import annotations

import re

from companion.i18n import N_, Translator
from companion.rules.errors import RuleViolation
from companion.rules.setup import setup_code
from companion.rules.state import GameState, Phase
from companion.store.db import GameMeta

PHASE_WORDS = {
    Phase.A: N_("revealing buildings"),
    Phase.B: N_("supply"),
    Phase.C: N_("entering buildings"),
    Phase.D: N_("resolving buildings"),
    Phase.E: N_("end of round"),
    Phase.END: N_("entering the end values"),
    Phase.FINISHED: N_("finished"),
}
"""Stored in English (the store's summary); msgids, so a terminal says them in its language."""
_PROGRESS = re.compile(r"round ([0-9]{1,3}) of ([0-9]{1,3}), (.+)")


def progress_words(t: Translator, stored: str) -> str:
    """A stored progress summary ("round 3 of 8, supply") in the language of `t`; as stored
    if it is not in that form."""
    known = set(PHASE_WORDS.values())
    if stored in known:
        return t(stored)
    found = _PROGRESS.fullmatch(stored)
    if found is None or found[3] not in known:
        return stored
    return t("round {round} of {rounds}, {phase}", round=int(found[1]), rounds=int(found[2]),
             phase=t(found[3]))


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
