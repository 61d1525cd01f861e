"""The terminal stays clean through a restart with the table's tabs open (issue 19, item 15).

Three tabs of the table are in the game when the host stops the server (SIGTERM) and starts
it again; every tab comes back by itself. Then one is closed, an undo is tapped in another
(the game changes under the sessions the reloaded tabs left behind), the third is closed, and
the host stops the server with Ctrl+C. Before, the second server printed "Receive loop error:
WebSocket is not connected" for the closed tabs, a wake-lock `AttributeError` and "coroutine
... was never awaited" for the left-behind sessions, and a traceback for the Ctrl+C.

The three tabs are opened side by side (their clients start at once, as they do when the
server comes back), not one after the other.
"""

from __future__ import annotations

import signal
from pathlib import Path
from typing import Any

from support.harness import free_port
from test_server_quiet_stops import NOISE, printed

from browser.table import enable_semantics, table_server, tap
from browser.test_table_phones import TABLET_PORTRAIT, last_round_ahead

TABS = 3


def step_shown(page: Any, step: str = "") -> None:
    page.locator(f"[flt-semantics-identifier^='step-{step}']").first.wait_for(timeout=60_000)


def test_a_restart_with_the_tables_tabs_open_leaves_the_terminal_clean(tmp_path: Path,
                                                                       browser: Any) -> None:
    data_dir = tmp_path / "data"
    game_id, _names, _rats = last_round_ahead(data_dir)
    port = free_port()
    context = browser.new_context(locale="en-GB", viewport=TABLET_PORTRAIT)
    tabs = [context.new_page() for _ in range(TABS)]
    with table_server(data_dir, lang="en", port=port) as first:
        for tab in tabs:  # the three clients start side by side, as they do after the restart
            tab.goto(first.table_url, wait_until="commit")
        for tab in tabs:
            tab.wait_for_selector("#loading", state="detached", timeout=60_000)
            enable_semantics(tab)
            tap(tab, f"resume-{game_id}")
            tap(tab, "play")
            step_shown(tab)
    assert not [word for word in NOISE if word in printed(first)], printed(first)
    for tab in tabs:
        tab.evaluate("window.beforeRestart = true")
    with table_server(data_dir, lang="en", port=port) as second:
        for tab in tabs:  # back by themselves, each a fresh page in its game
            tab.wait_for_function("() => !window.beforeRestart", timeout=60_000)
            tab.wait_for_selector("#loading", state="detached", timeout=60_000)
            enable_semantics(tab)
            step_shown(tab)
        steps = tabs[0].locator("[flt-semantics-identifier^='step-']").first
        before = steps.get_attribute("flt-semantics-identifier")
        tabs[1].close()
        tap(tabs[0], "undo")
        for tab in (tabs[0], tabs[2]):  # the other tab follows the game it shows
            tab.locator(f"[flt-semantics-identifier='{before}']").wait_for(state="detached",
                                                                          timeout=60_000)
            step_shown(tab)
        tabs[2].close()
        second.process.send_signal(signal.SIGINT)
        code = second.process.wait(timeout=15)
    assert code in (0, 130)
    shown = printed(second)
    assert not [word for word in NOISE if word in shown], shown
    context.close()
