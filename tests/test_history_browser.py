"""The History screens in a real browser fit the three devices of the table (a 1366x768
laptop, a 1280x800 tablet on its side and an 800x1280 one held upright) in each of the four
languages: no text off the screen or out of its box (the same check as the
languages' fit test), with the Thursday group's games stored (issue 23). Screenshots:
`screenshots/history-<viewport>-<lang>-<screen>.png`.

One walk through the three screens (the list, a player's page, a game's result) serves every
device and language: on each screen the table's language is switched in the app bar, and for
each language the window turns to each device in turn, the screen checked once the server has
drawn it anew for that device's size (`drawn_for`), as the table shows it there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from browser.table import TableServer, screenshot, table_server
from browser.test_languages_fit import LOCALES, OUT_OF_PLACE, drawn_at_the_edges
from support.browser import chromium_browser, requires_chromium
from support.flutter import by_id, switch_language, tap_and_redraw
from support.harness import arrived, back_home, drawn_for, one_table_page
from test_history_figures import Thursdays

pytestmark = [pytest.mark.browser, requires_chromium]

VIEWPORTS = {"laptop-1366x768": {"width": 1366, "height": 768},
             "tablet-1280x800": {"width": 1280, "height": 800},
             "upright-800x1280": {"width": 800, "height": 1280}}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TableServer, Thursdays]]:
    data_dir = tmp_path_factory.mktemp("history")
    nights = Thursdays(data_dir)
    nights.store.close()
    with table_server(data_dir) as server:
        yield server, nights


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium_browser() as launched:
        yield launched


def misplaced(page: Any, name: str) -> list[str]:
    shot = screenshot(page, f"history-{name}")
    seen = page.evaluate(OUT_OF_PLACE)
    found = list(seen["found"])
    if seen["checked"] < 3:
        found.append(f"only {seen['checked']} texts seen")
    edges = drawn_at_the_edges(shot)
    if edges:
        found.append(f"drawn at the screen's edge in rows {edges[0]}..{edges[-1]}")
    return found


def uneven_labels(page: Any, chart: str) -> list[str]:
    """The chart's numbers, side and foot, must step evenly: flet-charts left to itself
    labelled a side of 0 to 36 only at 0, 30 and 36 (its own spacing of 10 missed the labels
    every 6), four grid lines unlabelled. Numbers in a row are an axis's labels."""
    words = by_id(page, chart).first.inner_text().split()
    runs: list[list[int]] = [[]]
    for word in words:
        if word.isdigit():
            runs[-1].append(int(word))
        elif runs[-1]:
            runs.append([])
    axes = [run for run in runs if len(run) > 1]
    found = [f"{chart}'s numbers do not step evenly: {run}" for run in axes
             if len({b - a for a, b in zip(run, run[1:], strict=False)}) != 1]
    if not any(run[0] == 0 and len(run) > 2 for run in axes):
        found.append(f"{chart} has no side labelled from 0 in two steps or more: {words}")
    return found


@pytest.fixture(scope="module")
def page(served: tuple[TableServer, Thursdays], browser: Any) -> Iterator[Any]:
    with one_table_page(browser, served[0].table_url) as shared:
        yield shared


def in_few_turns(now: dict[str, int] | None) -> list[tuple[str, dict[str, int]]]:
    """The devices in an order that asks for few redraws: the window's size as it is (drawn
    already), then the upright tablet between two wide ones (a wide page turned to another
    wide size is drawn anew only by way of a narrow one, see `drawn_for`)."""
    from companion.ui.shared.theme import WIDE_LAYOUT

    devices = sorted(VIEWPORTS.items(), key=lambda item: item[1] != now)
    first, rest = devices[0], devices[1:]
    narrow = [d for d in rest if d[1]["width"] < WIDE_LAYOUT]
    wide = [d for d in rest if d[1]["width"] >= WIDE_LAYOUT]
    return [first, *narrow, *wide] if first[1]["width"] >= WIDE_LAYOUT else [first, *wide]


def misplaced_on_every_device(page: Any, name: str, extra: Callable[[], list[str]]
                               ) -> dict[str, list[str]]:
    """The screen as it stands, turned to each device in turn and drawn anew for it there:
    what is out of place on each (with `extra`, a check of the screen's own)."""
    found: dict[str, list[str]] = {}
    for viewport, size in in_few_turns(page.viewport_size):
        drawn_for(page, size)
        found[f"{viewport}-{name}"] = misplaced(page, f"{viewport}-{name}") + extra()
    return found


def test_the_history_fits_every_device_in_every_language(
        served: tuple[TableServer, Thursdays], page: Any) -> None:
    server, nights = served
    languages = list(LOCALES)
    problems: dict[str, list[str]] = {}

    def everywhere(screen: str, extra: Callable[[], list[str]]) -> None:
        """The screen as it stands in each language (switched in the app bar, redrawn in
        it), on every device; the languages go up and down in turn, so each screen starts
        in the language the one before it ended in."""
        for lang in languages:
            switch_language(page, lang)
            problems.update(misplaced_on_every_device(page, f"{lang}-{screen}", extra))
        languages.reverse()

    back_home(page, server.table_url)
    tap_and_redraw(page, "history")
    arrived(page, f"history-game-{nights.plague}", "history-list", server)
    everywhere("list", list)
    tap_and_redraw(page, "history-filter-0")
    arrived(page, "history-player-page", "history-filtered", server)
    tap_and_redraw(page, "history-player-page")
    arrived(page, "vp-chart", "history-player", server)
    everywhere("player", lambda: uneven_labels(page, "vp-chart"))
    tap_and_redraw(page, "back")
    arrived(page, f"history-game-{nights.tie}", "history-back", server)
    tap_and_redraw(page, f"history-game-{nights.tie}")
    arrived(page, "score-table", "history-result", server)
    everywhere("result", lambda: uneven_labels(page, "influence-chart"))
    assert {k: v for k, v in problems.items() if v} == {}
