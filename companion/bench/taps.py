"""How many UI inputs the scripted 4-player game takes: the table's tap budget, per player.

The benchmark plays `companion.bench.story`'s 4-player game (the one the browser test plays)
in chromium against a fresh server and counts every tap, click and typed field of the game
itself: the setup wizard and the story's deliberate undo/redo are counted apart. The figure is
inputs per player per round, with no pass/fail: it should only ever go down.
"""

from __future__ import annotations

import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from companion.bench import browser as chromium
from companion.bench.figures import Figure, Verdict, not_measured

BUDGET = "report; keep it going down"
WHAT = "taps per player per round"
PLAYERS = 4
ROUNDS = 8
NOT_THE_GAME = ("undo",)
"""Inputs the story makes on purpose to test undo, which no table would make."""


@dataclass(frozen=True)
class TapCount:
    inputs: int
    """Taps, clicks and typed fields of the game, each one input."""
    players: int
    rounds: int
    by_phase: dict[str, int]

    @property
    def per_player_round(self) -> float:
        return self.inputs / (self.players * self.rounds)


def count_taps(inputs: Counter[str], players: int, rounds: int) -> TapCount:
    game = {kind: n for kind, n in inputs.items() if kind not in NOT_THE_GAME}
    return TapCount(sum(game.values()), players, rounds, game)


def play_and_count() -> tuple[TapCount, int]:
    """The 4-player story played once in chromium: its tap count and the setup's inputs."""
    from companion.bench.flutter import open_table
    from companion.bench.servers import Kind, running
    from companion.bench.story import play_four_player_story

    with tempfile.TemporaryDirectory(prefix="bench-taps-") as folder, \
            running(Kind.OURS, Path(folder)) as server, chromium.chromium() as browser:
        context = browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 800})
        try:
            page = context.new_page()
            open_table(page, server.page_url)
            setup: Counter[str] = Counter()
            table = play_four_player_story(page, setup)
        finally:
            context.close()
    return count_taps(table.inputs, PLAYERS, ROUNDS), setup["setup"]


def taps_figures() -> list[Figure]:
    why = chromium.missing()
    if why:
        return [not_measured(WHAT, BUDGET, why)]
    count, setup = play_and_count()
    phases = ", ".join(f"{kind} {n}" for kind, n in sorted(count.by_phase.items()))
    return [Figure(WHAT, f"{count.per_player_round:.1f}", BUDGET, Verdict.REPORTED,
                   f"{count.inputs} inputs, {count.players} players, {count.rounds} rounds "
                   f"({phases}; setup {setup} more), companion.bench.story's 4-player game")]
