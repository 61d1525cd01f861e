"""Phase C on two players' phones in a real browser (R-ROUND-C): Red and Yellow enter their
buildings from their own phones (390x844), each seeing whose turn it is and the entries so
far, and nothing is tapped at the table for them. The table's session records every entry."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page
from support.harness import (
    own_contexts,
    requires_chromium,
)
from support.phones import TableNight, phone_of, phones_served

from companion.phones.hub import Hub

pytestmark = [pytest.mark.browser, requires_chromium]

RED, YELLOW = 0, 1


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Hub, TableNight]]:
    night = TableNight(tmp_path, players=2)
    try:
        with phones_served(night) as hub:
            yield hub, night
    finally:
        night.close()


def tap_count(page: Page, building: int, cards: int) -> None:
    place = page.locator(f"#row [data-building='{building}']")
    place.locator(f"button[data-count='{cards}']").tap()


def test_two_phones_make_a_rounds_entries_with_nothing_tapped_at_the_table(served, browser) -> None:
    hub, night = served
    with own_contexts(browser):
        red = phone_of(browser, hub, night, RED)
        yellow = phone_of(browser, hub, night, YELLOW)
        red.locator("#turn-who").filter(has_text="Your turn").wait_for()
        yellow.locator("#turn-who").filter(has_text="Red's turn").wait_for()
        # her own phone speaks to her: "You go on slot 1", not "Red goes on slot 1"
        assert "You go on slot 1; cards:" in red.locator("#row [data-building='1']").inner_text()
        assert yellow.locator("#row button[data-count]").count() == 0  # not Yellow's turn

        tap_count(red, 1, 3)
        yellow.locator("#turn-who").filter(has_text="Your turn").wait_for()
        assert "Red: slot 1: 3 cards" in yellow.locator("#row [data-building='1']").inner_text()
        red.locator("#turn-who").filter(has_text="Yellow's turn").wait_for()

        tap_count(yellow, 1, 0)
        red.locator("#turn").wait_for(state="hidden")  # the entries are made: phase D
        yellow.locator("#turn").wait_for(state="hidden")
    turns = night.state.rounds[0].turns
    assert [(t.player, t.building, t.cards) for t in turns] == [(RED, 1, 3), (YELLOW, 1, 0)]

