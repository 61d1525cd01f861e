"""The History screens in a real browser fit the four devices of the table (a 1366x768 and a
1920x1080 laptop, a 1280x800 tablet on its side and an 800x1280 one held upright) in each of
the four languages: no text off the screen or out of its box (the same check as the
languages' fit test), with the Thursday group's games stored (issue 23). Screenshots:
`screenshots/history-<viewport>-<lang>-<screen>.png`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser.table import TableServer, screenshot, table_server
from browser.test_languages_fit import LOCALES, OUT_OF_PLACE, drawn_at_the_edges
from support.browser import chromium_browser, requires_chromium
from support.flutter import by_id, open_table, switch_language, tap_and_redraw
from support.harness import arrived
from test_history_figures import Thursdays

pytestmark = [pytest.mark.browser, requires_chromium]

VIEWPORTS = {"laptop-1366x768": {"width": 1366, "height": 768},
             "tablet-1280x800": {"width": 1280, "height": 800},
             "upright-800x1280": {"width": 800, "height": 1280},
             "screen-1920x1080": {"width": 1920, "height": 1080}}


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


@pytest.mark.parametrize("lang", list(LOCALES))
@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_the_history_fits(served: tuple[TableServer, Thursdays], browser: Any,
                          viewport: str, lang: str) -> None:
    server, nights = served
    context = browser.new_context(locale=LOCALES[lang], viewport=VIEWPORTS[viewport])
    page = context.new_page()
    problems: dict[str, list[str]] = {}
    open_table(page, server.table_url)
    by_id(page, "history").wait_for()
    switch_language(page, lang)
    tap_and_redraw(page, "history")
    name = f"{viewport}-{lang}"
    arrived(page, f"history-game-{nights.plague}", f"history-{name}-list", server)
    problems["list"] = misplaced(page, f"{name}-list")
    tap_and_redraw(page, "history-filter-0")
    arrived(page, "history-player-page", f"history-{name}-filtered", server)
    tap_and_redraw(page, "history-player-page")
    arrived(page, "vp-chart", f"history-{name}-player", server)
    problems["player"] = misplaced(page, f"{name}-player") + uneven_labels(page, "vp-chart")
    tap_and_redraw(page, "back")
    arrived(page, f"history-game-{nights.tie}", f"history-{name}-back", server)
    tap_and_redraw(page, f"history-game-{nights.tie}")
    arrived(page, "score-table", f"history-{name}-result", server)
    problems["result"] = (misplaced(page, f"{name}-result")
                          + uneven_labels(page, "influence-chart"))
    assert {k: v for k, v in problems.items() if v} == {}
    context.close()
