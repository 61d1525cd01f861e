"""Who enters and a phone's own undo in a real browser (R-ROUND-C), on two phones (390x844):
the table switches Red's seat to "entered at the table" and her phone shows her turn without
a button (Yellow's, switched too while it is Red's turn, does not ask her for an entry);
switched back, she enters a wrong count, takes it back on her phone, and Yellow's phone says
what was taken back on Red's phone, while Red's own says she took it back."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from support.harness import (
    own_contexts,
    requires_chromium,
)
from support.phones import TableNight, phone_of, phones_served

from companion.phones.entering import enter_at_table
from companion.phones.hub import Hub

pytestmark = [pytest.mark.browser, requires_chromium]

RED, YELLOW = 0, 1
WATCH_THE_ROW = """() => { window.rowDrawn = 0; new MutationObserver(() => window.rowDrawn++)
    .observe(document.getElementById('row'), {childList: true}); }"""
"""Count the drawings of the turn's row from now on (the page draws it anew with each state)."""


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Hub, TableNight]]:
    night = TableNight(tmp_path, players=2)
    try:
        with phones_served(night) as hub:
            yield hub, night
    finally:
        night.close()


def test_a_seat_switched_to_the_table_and_an_entry_taken_back_on_the_phone(served, browser) -> None:
    hub, night = served
    with own_contexts(browser):
        red = phone_of(browser, hub, night, RED)
        yellow = phone_of(browser, hub, night, YELLOW)
        red.locator("#turn-who").filter(has_text="Your turn").wait_for()

        enter_at_table(night.session, RED, True)  # as the table's phones panel does
        red.locator("#turn-table").filter(has_text="Entered at the table").wait_for()
        assert red.locator("#row button[data-count]").count() == 0
        assert red.locator("#turn-who").inner_text() == "Your turn"
        # Yellow, switched too, is told to say her entry at the table on her own turn only
        yellow.evaluate(WATCH_THE_ROW)
        enter_at_table(night.session, YELLOW, True)
        yellow.wait_for_function("() => window.rowDrawn > 0")  # drawn anew, switched
        assert yellow.locator("#turn-who").inner_text() == "Red's turn"
        assert yellow.locator("#turn-table").is_hidden()
        enter_at_table(night.session, YELLOW, False)

        enter_at_table(night.session, RED, False)
        count = red.locator("#row [data-building='1'] button[data-count='7']")
        count.tap()
        red.locator("#take-back").filter(has_text="Take back my entry").tap()
        yellow.locator("#undone").filter(has_text="Taken back on Red's phone").wait_for()
        red.locator("#undone").filter(has_text="You took back your entry into the").wait_for()
        red.locator("#row [data-building='1'] button[data-count='2']").tap()
        yellow.locator("#turn-who").filter(has_text="Your turn").wait_for()
        assert yellow.locator("#undone").is_hidden()  # said until the next step
    assert [(t.player, t.building, t.cards) for t in night.state.record.turns] == [(RED, 1, 2)]
