"""End-game scoring (R-SCORE-1 to R-SCORE-7), explained point by point: the input
(`EndState`), the rules (`score`) and the result (`ScoreResult` and its `Line`s)."""

from companion.rules.scoring.input import (
    ESTATE_VP,
    ESTATE_VP_TWO_PLAYERS,
    GOLD_FIRST_TIE_POOL,
    GOLD_FIRST_VP,
    GOLD_SECOND_VP,
    MAJORITY_TIE_VP,
    MAJORITY_VP,
    SCORED_SPECIALS,
    SPECIALS_IN_PLAY,
    EndState,
    InputProblem,
    ScoringInputError,
)
from companion.rules.scoring.result import (
    Code,
    Line,
    Param,
    PlayerScore,
    ScoreResult,
    Step,
)
from companion.rules.scoring.rules import score

__all__ = [
    "ESTATE_VP", "ESTATE_VP_TWO_PLAYERS", "GOLD_FIRST_TIE_POOL", "GOLD_FIRST_VP",
    "GOLD_SECOND_VP", "MAJORITY_TIE_VP", "MAJORITY_VP", "SCORED_SPECIALS", "SPECIALS_IN_PLAY",
    "Code", "EndState", "InputProblem", "Line", "Param", "PlayerScore", "ScoreResult",
    "ScoringInputError", "Step", "score",
]
