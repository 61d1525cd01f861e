"""A pairing code on the phones panel outlives the table's browser being away for a moment.

When the table's connection drops (the Wi-Fi hiccups, the lid closes, a busy machine answers
late) the server no longer follows the game for that tab until the browser is back, and the
panel's clock found the tab "not showing the panel" and ended the code as if the table had
left it. The browser, back on the same panel, drew it without the code Ben was scanning, and
the code on his camera no longer paired (seen in a real chromium: a 2.5 s drop lost it). The
table has not moved on, so the code stays; it still closes when its time is up.
"""

from __future__ import annotations

import asyncio

import pytest
from test_ui_phones import BEN, Table, clock, table  # noqa: F401  (fixtures)

from companion.phones.seats import InvalidToken
from companion.ui.phones import panel as phones_panel


def test_a_code_on_show_stays_while_the_tables_browser_is_away(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    table.tap("show-qr-1")
    token = table.shown_token(BEN)
    table.app.leave_game()  # the browser went away: the tab follows no game meanwhile
    monkeypatch.setattr(phones_panel, "TICK_SECONDS", 0)
    asyncio.run(phones_panel._run_ticker(table.app))  # its next beat finds the tab away
    table.app.render()  # the browser is back: drawn afresh
    assert table.qr_codes() == ["seat-qr-1"]
    assert table.shown_token(BEN) == token
    assert table.seats.claim(token).seat == BEN  # type: ignore[union-attr]


def test_a_code_left_on_an_absent_browser_still_closes_when_its_time_is_up(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    table.tap("show-qr-1")
    token = table.shown_token(BEN)
    table.app.leave_game()
    monkeypatch.setattr(phones_panel, "TICK_SECONDS", 0)
    asyncio.run(phones_panel._run_ticker(table.app))
    mem = phones_panel.memory(table.app)
    shown = mem.shown
    assert shown is not None
    table.clock.now = shown.closes_at  # the browser never came back in time
    panel = phones_panel.PhonesPanel(table.app, table.session.game_id)
    asyncio.run(panel._close_when_due(shown))
    assert mem.shown is None
    with pytest.raises(InvalidToken):
        table.seats.claim(token)  # type: ignore[union-attr]
