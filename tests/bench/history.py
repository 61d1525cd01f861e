"""The History screen with 1,000 stored games: its first frame against the bare Flet app's,
and the scoring behind it.

The figures are worked out from every game's events by the engine (`companion.history`), so
the first look without a kept copy replays all of them; that is done in the background while
the screen says so (`companion.ui.history.screen.COUNT_IN_FRAME`), and measured here on its
own, as is the first look after a restart, which reads the copy the scoring left in the data
directory.
The first frame is measured once the server has scored them (a warm-up page waits until the
list is shown), so it is the frame with the full list; and so is the first frame of a player's
page, which a table opens from that list, the player with the most games, against the same bare
app's frames in the same rounds.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from support.harness import chromium_browser

from bench import browser as chromium
from bench.figures import Figure, ratio, verdict
from bench.servers import Kind, running
from bench.table import bytecode_as_installed

GAMES = 1000
SCORING_BUDGET = 10.0
"""Seconds to score 1,000 stored games from their events, cold (the background count)."""
RESTART_BUDGET = 1.0
"""Seconds for the first look after a restart, from the copy of the scores in the data
directory (`companion.store.score_copy`): short enough to score in the screen's first frame."""
WAIT_FOR_LIST_MS = 180_000
FRAME_LIMIT = 1.2
"""A screen of 1,000 games' figures against the bare app's one line: the home screen's budget,
at most 1.2 times the bare app's frame. The same for a player's page (its figures, the chart of
VP over every one of their games, head to head)."""
HISTORY = "history"
PLAYER = "player"


def stored_history(data_dir: Path, games: int = GAMES, seed: int = 23) -> None:
    """`games` finished random games (2 to 5 players) in the store of `data_dir`."""
    from support.simulate import random_games

    from companion.rules.events import GameStarted
    from companion.store.db import GameMeta, GameStore

    with GameStore.open(data_dir) as store:
        for events in random_games(seed, games):
            first = events[0]
            assert isinstance(first, GameStarted)
            store.create_game(events, GameMeta(players=first.setup.names, finished=True))


def history_figures(repetitions: int = 5, games: int = GAMES) -> list[Figure]:
    from companion.history.figures import (
        forget,
        group_figures,
        load_history,
        player_figures,
        players_of,
    )
    from companion.store.db import GameStore
    from companion.ui.history.screen import history_player_route

    budget = f"<= {FRAME_LIMIT}x bare Flet"
    rows: list[Figure] = []
    with tempfile.TemporaryDirectory(prefix="bench-history-") as folder:
        data_dir = Path(folder)
        stored_history(data_dir, games)
        with GameStore.open(data_dir) as store:
            started = time.perf_counter()
            played = load_history(store)
            cold = time.perf_counter() - started
            started = time.perf_counter()
            group_figures(played)
            player_figures(played, played[0].seats[0].name)
            figures = time.perf_counter() - started
        rows.append(Figure(f"history: {games:,} stored games scored from their events",
                           f"{cold:.2f} s", f"< {SCORING_BUDGET:.0f} s",
                           verdict(cold < SCORING_BUDGET),
                           f"cold, without the kept copy, in the background; the group's and "
                           f"a player's figures then take {figures * 1000:.0f} ms"))
        forget()  # a restart: only the files are left
        with GameStore.open(data_dir) as store:
            started = time.perf_counter()
            again = load_history(store)
            restart = time.perf_counter() - started
        assert len(again) == len(played)
        rows.append(Figure(f"history: {games:,} games after a restart, from the kept copy",
                           f"{restart:.2f} s", f"< {RESTART_BUDGET:.1f} s",
                           verdict(restart < RESTART_BUDGET),
                           "a new store object, nothing kept in the process: the engine's "
                           "scores read back from the data directory's copy, no replay"))
        why = chromium.missing()
        if why:
            from bench.figures import not_measured

            return [*rows, not_measured(f"history first frame, {games:,} games", budget, why),
                    not_measured(f"a player's page, {games:,} games", budget, why)]
        bytecode_as_installed()
        player = players_of(played)[0]
        with running(Kind.BARE) as bare, running(Kind.OURS, data_dir) as ours, \
                chromium_browser() as browser:
            pages = {HISTORY: ours.page_url.replace("/?", "/history?", 1),
                     PLAYER: ours.page_url.replace(
                         "/?", f"{history_player_route(player)}?", 1),
                     Kind.BARE: bare.page_url}
            _wait_for_the_list(browser, pages[HISTORY])
            # the server's first player's page imports the chart's module (flet_charts, about
            # 250 ms, once per process), as the History screen's first look imported its own
            _wait_for(browser, pages[PLAYER], "player-figures")
            samples: dict[str, list[float]] = {kind: [] for kind in pages}
            for round_ in range(repetitions):
                order = list(pages) if round_ % 2 == 0 else list(pages)[::-1]
                for kind in order:
                    context, times = chromium.open_flutter_page(browser, pages[kind])
                    context.close()
                    samples[kind].append(times.content)
        games_of = sum(1 for g in played if g.seat(player) is not None)
        for kind, what, how in (
                (HISTORY, f"history first frame, {games:,} games",
                 "the list of the newest games with the group's figures"),
                (PLAYER, f"a player's page, {games:,} games",
                 f"the player with the most games ({games_of:,}): figures, the chart of VP "
                 "over every game, head to head")):
            figure = ratio(what, samples[kind], samples[Kind.BARE], FRAME_LIMIT, budget)
            rows.append(Figure(figure.what, figure.figure, figure.budget, figure.verdict,
                               figure.note + f", fresh browser cache each; {how}, once the "
                               "server has scored them"))
    return rows


def _wait_for_the_list(browser: object, url: str) -> None:
    """One page until the history's list is shown: the server has scored every game."""
    _wait_for(browser, url, "history-count")


def _wait_for(browser: object, url: str, identifier: str) -> None:
    """One page of `url` until the control `identifier` is shown."""
    from support.flutter import by_id, open_table

    context = browser.new_context(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    try:
        page = context.new_page()
        open_table(page, url)
        by_id(page, identifier).wait_for(timeout=WAIT_FOR_LIST_MS)
    finally:
        context.close()
