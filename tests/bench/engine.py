"""The rules engine's speed: replaying a whole game from its log, and scoring it.

Every screen of the table is drawn from a state the session folds from the event log, and a
resumed or imported game is replayed from scratch; so a whole 5-player game must replay in a
few milliseconds, and a thousand random games (the engine's property tests, the crash test)
in seconds. The games come from `support.simulate`; making them is not timed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bench.figures import Figure, median, ms, not_measured, verdict

REPLAY_BUDGET = 0.005
SCORE_BUDGET = 0.001
BULK_BUDGET = 5.0
BULK_GAMES = 1000
PLAYERS = 5


@dataclass(frozen=True)
class Scorer:
    """`score(end_state(state))`: the engine's adapter from a finished game, then scoring."""

    end_state: Callable[[Any], Any]
    score: Callable[[Any], Any]

    def __call__(self, state: Any) -> Any:
        return self.score(self.end_state(state))


def scorer() -> Scorer | None:
    from companion.rules import endgame, scoring

    return Scorer(endgame.end_state, scoring.score)


def time_each(action: Callable[[], object], repetitions: int) -> list[float]:
    samples = []
    for _ in range(repetitions):
        started = time.perf_counter()
        action()
        samples.append(time.perf_counter() - started)
    return samples


def engine_figures(repetitions: int = 30, bulk_games: int = BULK_GAMES, seed: int = 7
                   ) -> list[Figure]:
    from support.simulate import random_game, random_games

    from companion.rules import replay

    game = random_game(seed, PLAYERS)
    replay_times = time_each(lambda: replay(game), repetitions)
    figures = [Figure(f"engine: replay a {PLAYERS}-player game", ms(median(replay_times)),
                      f"< {ms(REPLAY_BUDGET)}", verdict(median(replay_times) < REPLAY_BUDGET),
                      f"median of {repetitions}, {len(game)} events")]
    score = scorer()
    if score is None:
        why = "companion.rules.scoring.end_state is not there yet"
        return figures + [not_measured("engine: score it", f"< {ms(SCORE_BUDGET)}", why),
                          not_measured(f"engine: {BULK_GAMES:,} random games replayed and "
                                       "scored", f"< {BULK_BUDGET:.0f} s", why)]
    final = replay(game)
    score_times = time_each(lambda: score(final), repetitions)
    figures.append(Figure("engine: score it", ms(median(score_times)), f"< {ms(SCORE_BUDGET)}",
                          verdict(median(score_times) < SCORE_BUDGET),
                          f"median of {repetitions}, end_state() and score()"))
    games = random_games(seed, bulk_games)
    seconds = _replay_and_score_all(games, score)
    per_thousand = seconds * BULK_GAMES / bulk_games
    how = f"{bulk_games} games of 2 to 5 players, once"
    if bulk_games != BULK_GAMES:
        how += f", scaled to {BULK_GAMES:,}"
    figures.append(Figure(f"engine: {BULK_GAMES:,} random games replayed and scored",
                          f"{per_thousand:.2f} s", f"< {BULK_BUDGET:.0f} s",
                          verdict(per_thousand < BULK_BUDGET), how))
    return figures


def _replay_and_score_all(games: Sequence[Sequence[Any]], score: Scorer) -> float:
    from companion.rules import replay

    started = time.perf_counter()
    for events in games:
        score(replay(events))
    return time.perf_counter() - started
