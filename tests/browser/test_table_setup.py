"""Stories at the table, in a real chromium: from the home screen through the setup wizard into
a game, a German browser, and a restart in the middle of a game.

The stories share the module's table server; each has a tab of its own (a new device, a
German browser). A wrong setup refused, the reference in the table's language and a game scored
on paper are the fake page's (`tests/test_ui_home_stories.py`); a browser without the key, and
the key kept once the address is cleaned, are `test_table_key_first_moment.py`'s.

Every story routes all requests and fails on any that would leave this machine.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.flutter import by_id, open_table, switch_language, tap, tap_and_redraw, type_into
from support.harness import Offline, TableServer, picture, table_context, table_server

LAPTOP = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TableServer]:
    with table_server(tmp_path_factory.mktemp("table")) as running:
        yield running


def _context(browser: Any, offline: Offline, locale: str = "en-GB",
             viewport: dict[str, int] = LAPTOP) -> Any:
    return table_context(browser, offline, locale, viewport)


def _enter_players(page: Any, names: list[str]) -> None:
    for index, name in enumerate(names):
        if index >= 2:
            tap_and_redraw(page, "add-player")
        type_into(page, f"player-name-{index}", name)


def _set_up_game(page: Any, names: list[str], method: str, shots: str | None = None) -> None:
    tap(page, "new-game")
    by_id(page, "setup-players").wait_for()
    _enter_players(page, names)
    if shots:
        picture(page, f"{shots}-1-players")
    tap(page, "next")
    by_id(page, "setup-buildings").wait_for()
    tap_and_redraw(page, f"method-{method}")
    by_id(page, "buildings-result").wait_for()
    if shots:
        picture(page, f"{shots}-2-buildings")
    tap(page, "next")
    by_id(page, "setup-code").wait_for()
    if shots:
        picture(page, f"{shots}-3-options")
    tap(page, "next")
    by_id(page, "setup-checklist").wait_for()
    if shots:
        picture(page, f"{shots}-4-checklist")
    tap(page, "start-game")
    by_id(page, "prompt").wait_for()


def test_four_players_set_up_a_game_and_find_it_again_after_a_restart(tmp_path: Path,
                                                                       browser: Any) -> None:
    """Four players set a game up through the wizard and land in round one (R-SETUP-6: 4
    players play 8 rounds), with a seat's QR on the phones panel. The host stops the server
    (SIGTERM) and starts it again: the key is the same, and a new tab is offered the game and
    resumes it in round one."""
    offline = Offline()
    with table_server(tmp_path) as first:
        page = _context(browser, offline).new_page()
        offline.watch(page)
        open_table(page, first.table_url)
        by_id(page, "home").wait_for()
        picture(page, "table-0-home")
        _set_up_game(page, ["Anna", "Ben", "Carla", "Dora"], "one_per_estate", shots="table")
        page.get_by_text("Round 1 of 8").wait_for()
        picture(page, "table-5-game")
        tap(page, "phones")
        tap(page, "show-qr-3")
        by_id(page, "seat-qr-3").wait_for()
        picture(page, "table-6-phones")
        page.close()
    with table_server(tmp_path) as second:
        assert second.key == first.key
        page = _context(browser, offline).new_page()
        offline.watch(page)
        open_table(page, second.table_url)
        resume = page.locator("[flt-semantics-identifier^='resume-']")
        resume.first.wait_for()
        picture(page, "resume-home")
        resume.first.click()
        page.get_by_text("Round 1 of 8").wait_for()
    assert offline.outside == []
    assert offline.missing == []


def test_a_german_browser_gets_a_german_table(server: TableServer, browser: Any) -> None:
    offline = Offline()
    page = _context(browser, offline, locale="de-DE").new_page()
    open_table(page, server.table_url)
    page.get_by_text("Neues Spiel").first.wait_for()
    picture(page, "table-home-de")
    switch_language(page, "en", lambda: picture(page, "table-language-dialog"))
    page.get_by_text("New game").first.wait_for()
