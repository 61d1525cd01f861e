"""How many inputs the 4-player story takes when every player plays from their own phone.

The benchmark's 4-player game (`support.story`'s setup code and seed) is played from four
phones through the real phone routes, Session and store (`support.phone_game`: the API
level, no browser, so the row takes seconds): every entry, reveal, choice and player's end
values is one request of one player. Two figures, per player and round: the table's inputs
from the first entry of round 1 to the end form (every change to the game made outside a
phone's request; budget: 0, as every player's phone is their hand), and the phones' requests
that record something
(budget: at most 2.5; one entry and one reveal each are about 2). The plague check's nun
count, after the end form, is the table's and is named apart. The players' choices come from
the story's seed, not from its browser story's screens, so the game is another one on the
same rows; the wall-clock time per round is the API's, not a browser's.
"""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

from bench.figures import Figure, Verdict

WHAT = "taps per player per round, 4 players with phones"
PHONE_BUDGET = 2.5
TABLE_BUDGET = 0
BUDGET = f"table {TABLE_BUDGET}, phones <= {PHONE_BUDGET}"


def phone_taps_figures() -> list[Figure]:
    from support.phone_game import PhoneGame
    from support.story import FOUR_PLAYER_SEED, FOUR_PLAYERS, story_setup

    from companion.rules.setup import DeckMode

    with tempfile.TemporaryDirectory(prefix="bench-phone-taps-") as folder:
        game = PhoneGame(Path(folder), story_setup(FOUR_PLAYERS, FOUR_PLAYER_SEED,
                                                   DeckMode.DIGITAL),
                         random.Random(FOUR_PLAYER_SEED))
        try:
            started = time.perf_counter()
            game.play_to_the_end_values()
            took = time.perf_counter() - started
            view = game.session.table_view()
            players, rounds = view.players, len(view.rounds)
            table = sum(game.table.values())
            phones = game.per_player_round()
            waits = f"; waits for the table at {game.stuck}" if game.stuck else ""
            game.count_the_nuns()
        finally:
            game.close()
    per_round = table / (players * rounds)
    ok = game.stuck is None and table <= TABLE_BUDGET and phones <= PHONE_BUDGET
    kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(game.recorded.items()))
    return [Figure(WHAT, f"table {per_round:.2g}, phones {phones:.1f}", BUDGET,
                   Verdict.PASS if ok else Verdict.FAIL,
                   f"{sum(game.recorded.values())} phone requests ({kinds}), {table} table "
                   f"inputs, {players} players, {rounds} rounds{waits}; the plague check's "
                   f"nun count at the table after the end form; {took / rounds * 1000:.0f} ms "
                   "per round at the phone routes (no browser), support.phone_game on "
                   "support.story's 4-player setup and seed")]
