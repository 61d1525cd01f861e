"""How long a round of the 4-player story takes played from four phones, beside the table-only
story, both measured in the same run.

Both sides in chromium, each against a fresh table server started as a table runs it
(`bench.servers.running`), one after the other, once each:

- the phones: `support.story`'s 4-player setup stored before its first entry, with a code
  issued per seat (`support.phone_game.stored_story`); the table's page opened on a laptop
  (1280x800) and the game opened on it, four phone pages (390x844) paired (the setup, not
  timed); then timed from the first look at a phone to the winner on the table's screen:
  every entry, reveal, choice and end value tapped on the phones (`PhonePages`, the choices
  of the `phonetaps` row's game from the same seed: the same game), the nuns counted and the
  game scored at the table, whose page shows the board throughout.
- the table: the `taps` row's 4-player story (`support.story`), timed from round 1 (after
  the setup wizard and the story's undo test) to the winner.

Per round: the time over the game's 8 rounds. Both are a script's pace, no player's thinking:
the figure is what the app and the browser cost a round, not what a table feels.
"""

from __future__ import annotations

import random
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from support.harness import chromium_browser

from bench import browser as chromium
from bench.figures import Figure, Verdict, not_measured

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

WHAT = "4-player story per round, 4 phones vs the table only"
BUDGET = "report"
ROUNDS = 8
LAPTOP: ViewportSize = {"width": 1280, "height": 800}
NUNS = 11


def phone_story_figures() -> list[Figure]:
    why = chromium.missing()
    if why:
        return [not_measured(WHAT, BUDGET, why)]
    phones, recorded = phones_story_seconds()
    table, inputs = table_story_seconds()
    kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(recorded.items()))
    return [Figure(WHAT, f"{phones / ROUNDS:.1f} s vs {table / ROUNDS:.1f} s "
                   f"({phones / table:.2f}x)", BUDGET, Verdict.REPORTED,
                   f"once each in chromium, the phones first, each on a fresh server; "
                   f"round 1 to the winner: {sum(recorded.values())} phone inputs ({kinds}) and "
                   f"2 at the table (the nun count, the score) vs {inputs} table inputs; "
                   "support.phone_game.PhonePages and support.story's 4-player game")]


def phones_story_seconds() -> tuple[float, Counter[str]]:
    """The story from four phone pages with the table's page as the board: the seconds from
    the first entry to the winner, and the phones' inputs by kind."""
    from support.flutter import by_id, open_table, tap, tap_and_redraw, type_into
    from support.harness import phone_paired
    from support.phone_game import PhonePages, stored_story
    from support.story import FOUR_PLAYER_SEED

    from bench.servers import Kind, running

    with tempfile.TemporaryDirectory(prefix="bench-phone-story-") as folder:
        game_id, codes = stored_story(Path(folder))
        with running(Kind.OURS, Path(folder)) as server, chromium_browser() as browser:
            table = browser.new_context(locale="en-GB", viewport=LAPTOP).new_page()
            open_table(table, server.page_url)
            tap(table, f"resume-{game_id}")
            tap(table, "play")
            phones = PhonePages([phone_paired(browser, server.base_url, code)
                                 for code in codes], random.Random(FOUR_PLAYER_SEED))
            started = time.perf_counter()
            if phones.play():
                raise RuntimeError("the phones' story stopped before the end values")
            by_id(table, "end-form").wait_for()
            type_into(table, "end-nuns", str(NUNS))
            tap_and_redraw(table, "end-score")
            by_id(table, "winner").wait_for()
            return time.perf_counter() - started, phones.recorded


def table_story_seconds() -> tuple[float, int]:
    """The table-only story (the `taps` row's): the seconds from round 1 to the winner, and
    the table's inputs meanwhile."""
    from support.flutter import open_table
    from support.story import start_four_player_story

    from bench.servers import Kind, running

    with tempfile.TemporaryDirectory(prefix="bench-table-story-") as folder, \
            running(Kind.OURS, Path(folder)) as server, chromium_browser() as browser:
        page: Any = browser.new_context(locale="en-GB", viewport=LAPTOP).new_page()
        open_table(page, server.page_url)
        table = start_four_player_story(page, Counter())
        before = sum(table.inputs.values())
        started = time.perf_counter()
        table.play_until(lambda: False)
        return time.perf_counter() - started, sum(table.inputs.values()) - before
