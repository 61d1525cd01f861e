"""While the server is down the table's tab says so, in words, in the table's language, and it
reconnects by itself: a table that sees a blank page reloads it by hand.

Before, the tab showed Flet's boot screen: a blank page with a small spinner, which a table
read as "frozen" and reloaded by hand. The host stops the server in the middle of the evening
(SIGTERM, as Ctrl+C) and starts it again with the same command; the tab is never touched
(but for the language menu, at the table's own choice).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from support.flutter import by_id, enable_semantics, open_table, switch_language
from support.harness import free_port, picture, table_context, table_server

from companion.i18n import translator
from companion.server.table_page import LANG_STORAGE, RECONNECTS, SERVER_DOWN, STILL_DOWN

DOWN = "#server-down"


def said(page: Any) -> str:
    return " ".join(page.locator(DOWN).inner_text().split())


def expected(lang: str) -> str:
    t = translator(lang)
    return " ".join(" ".join([t(SERVER_DOWN), t(RECONNECTS), t(STILL_DOWN)]).split())


def home_again(page: Any) -> None:
    """Back without a tap: the words are gone and the table's home screen is drawn."""
    page.locator(DOWN).wait_for(state="hidden", timeout=60_000)
    page.wait_for_selector("#loading", state="detached", timeout=60_000)
    enable_semantics(page)
    by_id(page, "home").wait_for(timeout=60_000)


def down_says_so(page: Any, lang: str) -> None:
    """`table_server` has stopped the server (SIGTERM): nothing answers on the port, and the
    tab says so in `lang`."""
    page.locator(DOWN).wait_for(state="visible", timeout=60_000)
    assert said(page) == expected(lang)
    assert said(page) != expected("en")
    if lang == "fr":
        picture(page, "table-while-the-server-is-down-fr")


def test_a_table_started_in_french_says_so_in_french(tmp_path: Path, browser: Any) -> None:
    """`--lang fr`: the table speaks French whatever the browser says (an English one). (How
    the tab comes back by itself, twice, is the next story's.)"""
    data_dir, port = tmp_path / "data", free_port()
    context = table_context(browser)
    page = context.new_page()
    with table_server(data_dir, lang="fr", port=port) as server:
        open_table(page, server.table_url)
        by_id(page, "home").wait_for(timeout=60_000)
        assert page.locator(DOWN).count() == 0 or not page.locator(DOWN).is_visible()
    down_says_so(page, "fr")
    context.close()


def test_the_browsers_language_then_the_one_chosen_at_the_table_is_the_one_the_words_use(
        tmp_path: Path, browser: Any) -> None:
    """No `--lang` and an Austrian browser: the table's screens are German, and so are its
    words for a server that is down. Back by itself, the table chooses Dutch in its own
    language menu: the tab speaks Dutch, so its words at the next stop are Dutch too."""
    data_dir, port = tmp_path / "data", free_port()
    context = table_context(browser, locale="de-AT")
    page = context.new_page()
    with table_server(data_dir, port=port) as server:
        open_table(page, server.table_url)
        by_id(page, "home").wait_for(timeout=60_000)
        page.get_by_text(translator("de")("New game")).first.wait_for()
        assert page.locator(DOWN).count() == 0 or not page.locator(DOWN).is_visible()
    down_says_so(page, "de")
    with table_server(data_dir, port=port):
        home_again(page)
        assert not page.locator(DOWN).is_visible()
        switch_language(page, "nl")
        page.get_by_text(translator("nl")("New game")).first.wait_for(timeout=60_000)
        # Remembered by the tab after the screen is drawn in it: the words for a server that
        # is down are read from there.
        page.wait_for_function(f"localStorage.getItem('{LANG_STORAGE}') === '\"nl\"'",
                               timeout=60_000)
    down_says_so(page, "nl")
    with table_server(data_dir, port=port):
        home_again(page)
    context.close()
