"""How many UI inputs the scripted games take: the table's tap budget, per player and round.

The benchmark plays `support.story`'s 4-player game and its 2-player game (the ones the
browser tests play) in chromium against a fresh server and counts every tap, click and typed
field of the game itself: the setup wizard and the story's deliberate undo/redo are counted
apart. The figure is inputs per player per round; the budgets: at most 3.0 with 4 players and
4.0 with 2.
"""

from __future__ import annotations

import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from support.harness import chromium_browser

from bench import browser as chromium
from bench.figures import Figure, Verdict, not_measured

WHAT = "taps per player per round"
BUDGETS = {4: 3.0, 2: 4.0}
"""Players -> most inputs per player per round."""
ROUNDS = {4: 8, 2: 10}
PLAYERS = 4
NOT_THE_GAME = ("undo",)
"""Inputs the story makes on purpose to test undo, which no table would make: the undo and
redo taps, and the entry made to be undone."""


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


def play_and_count(players: int = PLAYERS) -> tuple[TapCount, int, float]:
    """The story of `players` played once in chromium: its tap count, the setup's inputs and
    the wall-clock seconds of its game (from round 1 to the winner)."""
    from support.flutter import open_table
    from support.story import play_four_player_story, play_two_player_story

    from bench.servers import Kind, running

    story = play_four_player_story if players == 4 else play_two_player_story
    with tempfile.TemporaryDirectory(prefix="bench-taps-") as folder, \
            running(Kind.OURS, Path(folder)) as server, chromium_browser() as browser:
        context = browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 800})
        try:
            page = context.new_page()
            open_table(page, server.page_url)
            setup: Counter[str] = Counter()
            started = time.perf_counter()
            table = story(page, setup)
            took = time.perf_counter() - started
        finally:
            context.close()
    return count_taps(table.inputs, players, ROUNDS[players]), setup["setup"], took


def taps_figures() -> list[Figure]:
    why = chromium.missing()
    figures = []
    for players, budget in BUDGETS.items():
        what = f"{WHAT}, {players} players"
        limit = f"<= {budget}"
        if why:
            figures.append(not_measured(what, limit, why))
            continue
        count, setup, took = play_and_count(players)
        phases = ", ".join(f"{kind} {n}" for kind, n in sorted(count.by_phase.items()))
        verdict = Verdict.PASS if count.per_player_round <= budget else Verdict.FAIL
        figures.append(Figure(what, f"{count.per_player_round:.1f}", limit, verdict,
                              f"{count.inputs} inputs, {count.players} players, "
                              f"{count.rounds} rounds ({phases}; setup {setup} more), "
                              f"{took / count.rounds:.1f} s per round in chromium (the "
                              f"setup wizard in it), support.story's {players}-player game"))
    return figures
