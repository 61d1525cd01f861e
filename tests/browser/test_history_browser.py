"""The History screens in a real browser fit the devices of the table (a 1366x768 laptop, a
1280x800 tablet on its side and an 800x1280 one held upright) in each of the four languages:
no text off the screen or out of its box (the same check as the languages' fit test), with
the Thursday group's games stored. Screenshots:
`screenshots/history-<viewport>-<lang>-<screen>.png`.

One walk through the three screens (the list, a player's page, a game's result) serves every
device and language, pairwise (`support.pairwise`): on each screen every language (switched in
the app bar) on the upright tablet, the narrowest, where a long word has the least room; then
the laptop and the tablet on its side in the language whose texts ran longest there
(measured on each screen: French on the result, German on a player's page, as the
translations stand), where the screen's room meets the longest texts. Each device's
screen is checked once the server has drawn it anew for that size (`drawn_for`), as the table
shows it there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from support.flutter import by_id, tap_and_redraw
from support.harness import (
    TableServer,
    arrived,
    back_home,
    one_table_page,
    picture,
    requires_chromium,
    table_server,
)
from support.pairwise import pairwise, text_length
from support.reachable import look
from test_history_figures import Thursdays

from browser.test_languages_fit import LOCALES, OUT_OF_PLACE, drawn_at_the_edges

pytestmark = [pytest.mark.browser, requires_chromium]

NARROWEST = ("upright-800x1280", {"width": 800, "height": 1280})
WIDE = (("laptop-1366x768", {"width": 1366, "height": 768}),
        ("tablet-1280x800", {"width": 1280, "height": 800}))


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TableServer, Thursdays]]:
    data_dir = tmp_path_factory.mktemp("history")
    nights = Thursdays(data_dir)
    nights.store.close()
    with table_server(data_dir) as server:
        yield server, nights


def misplaced(page: Any, name: str) -> list[str]:
    """Texts out of their box or the screen, painted at its edges, and (`support.reachable`'s
    look, as the walks read a round's screen) cut where their box clips them: a filter chip
    too narrow for "Tout le monde" keeps its box inside the screen."""
    picture(page, f"history-{name}")
    seen = page.evaluate(OUT_OF_PLACE)
    found = list(seen["found"]) + look(page, name)
    if seen["checked"] < 3:
        found.append(f"only {seen['checked']} texts seen")
    edges = drawn_at_the_edges(page)
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


def test_the_history_fits_every_device_in_every_language(
        served: tuple[TableServer, Thursdays], page: Any) -> None:
    server, nights = served
    problems: dict[str, list[str]] = {}
    shown: str | None = None

    def everywhere(screen: str, extra: Callable[[], list[str]]) -> None:
        """The screen as it stands, pairwise in languages and devices (`support.pairwise`),
        starting in the language the screen before it ended in."""
        nonlocal shown

        def look(lang: str, device: str) -> int:
            name = f"{device}-{lang}-{screen}"
            problems[name] = misplaced(page, name) + extra()
            return text_length(page)

        shown = pairwise(page, list(LOCALES), NARROWEST, WIDE, look, current=shown)

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
    assert len(problems) == 3 * (len(LOCALES) + len(WIDE)), sorted(problems)
    assert {k: v for k, v in problems.items() if v} == {}
