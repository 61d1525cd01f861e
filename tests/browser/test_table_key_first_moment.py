"""The table's key is kept from the first moment: a reload within the first second keeps it.

The host opens the key's address and, within the first second, reloads, or opens the start
address without the key. Before, the key was stored only once the app's session had asked
the browser's storage: a tab reloaded before that found no key (the locked page), and a tab
reloaded while the session still waited for the old client's answers came back to that
session and stayed blank, for good. The page now stores the key from its address itself,
and a session whose tab comes back before it has drawn starts again with the new client.

A browser that never had the key gets the table's locked page, with or without a wrong key
in its address.

"Within the first second" is made exact here: the first client's answers to the server's
questions (the stored key, the language, the device) are held back, so the app's session has
asked and never heard back when the tab reloads, the worst moment of the race.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from support.flutter import by_id, enable_semantics
from support.harness import Offline, TableServer, offline_page, picture, table_context, table_server

ASKED = "() => window.rattusTable && window.rattusTable.heard >= 5"
"""The session's first messages: the registration, the storage service, and its three
questions (device, key, language)."""


def first_client_never_answers(page: Any) -> list[int]:
    """The tab's first connection: its registration reaches the server, nothing it sends after
    that does (it is about to be reloaded). Later connections pass through."""
    connections: list[int] = []

    def route(ws: Any) -> None:
        server = ws.connect_to_server()
        connections.append(len(connections))
        first = len(connections) == 1
        sent = [0]

        def from_page(message: Any) -> None:
            sent[0] += 1
            if not first or sent[0] == 1:
                server.send(message)

        ws.on_message(from_page)
        server.on_message(ws.send)

    page.route_web_socket("**/ws", route)
    return connections


def table_or_locked(page: Any) -> str:
    page.wait_for_selector("#loading", state="detached", timeout=60_000)
    enable_semantics(page)
    page.locator("[flt-semantics-identifier='home'], "
                 "[flt-semantics-identifier='not-table']").first.wait_for(timeout=60_000)
    return "table" if by_id(page, "home").count() else "locked"


def stored_key(page: Any) -> str | None:
    value = page.evaluate("localStorage.getItem('flutter.rattus_companion.table_key')")
    return None if value is None else json.loads(value)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TableServer]:
    """One table for the module: each test's browser is a fresh one (no key stored, a session
    of its own), which is what each story needs, not a fresh server."""
    with table_server(tmp_path_factory.mktemp("data"), lang="en") as running:
        yield running


@pytest.mark.parametrize("then", ["reload", "start address"])
def test_a_tab_reloaded_in_the_first_moment_is_still_the_tables(server: TableServer,
                                                                 browser: Any, then: str) -> None:
    context = table_context(browser)
    page = context.new_page()
    connections = first_client_never_answers(page)
    page.goto(server.table_url)
    # Stored by the page itself, before the app has heard anything from this browser.
    assert stored_key(page) == server.key
    page.wait_for_function(ASKED, timeout=60_000)
    if then == "reload":
        page.reload()
    else:
        page.goto(server.base_url + "/")
    assert table_or_locked(page) == "table"
    assert len(connections) == 2
    # Drawn first, then the address cleaned (a message of its own, a frame or more later).
    page.wait_for_url(lambda url: "key=" not in url, timeout=60_000)
    context.close()


def test_an_address_with_a_wrong_key_leaves_the_tables_key_in_place(server: TableServer,
                                                                     browser: Any) -> None:
    context = table_context(browser)
    page = context.new_page()
    page.goto(server.table_url)
    assert table_or_locked(page) == "table"
    # A mistyped address in the same browser: the page keeps the table's key once the
    # server says this one is not it, and the tab is still the table's.
    page.goto(server.base_url + "/?key=not-the-tables-key-at-all")
    page.wait_for_function(
        "key => localStorage.getItem('flutter.rattus_companion.table_key') === key",
        arg=json.dumps(server.key), timeout=60_000)
    assert table_or_locked(page) == "table"
    page.goto(server.base_url + "/")
    assert table_or_locked(page) == "table"

    # A browser that never had the key (a phone, say) gets the table's locked page, not the
    # game, and is not made the table's by a wrong key either.
    offline = Offline()
    stranger = offline_page(table_context(browser, offline, "en-GB"), offline)
    stranger.goto(server.base_url + "/")
    assert table_or_locked(stranger) == "locked"
    assert by_id(stranger, "new-game").count() == 0
    picture(stranger, "not-the-table")
    stranger.goto(server.base_url + "/?key=not-the-tables-key-at-all")
    assert table_or_locked(stranger) == "locked"
    stranger.wait_for_function(
        "() => localStorage.getItem('flutter.rattus_companion.table_key') === null",
        timeout=60_000)
    context.close()
    stranger.context.close()
    assert offline.outside == []
