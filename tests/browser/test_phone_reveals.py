"""Phase D on two players' phones in a real browser (R-ROUND-D a): Red and Yellow both played
cards into the first building; Yellow, in slot 2, reveals on her phone (390x844) before Red,
whose reveal (a Joker among her cards) then records both, in slot order. Nothing is tapped at
the table for them. Whom the building still waits for is said on each phone to its own player:
"you" on Red's, "Red" on Yellow's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from support.harness import (
    own_contexts,
    requires_chromium,
)
from support.phones import TableNight, phone_of, phones_served

from companion.phones.hub import Hub
from companion.rules import events as ev

pytestmark = [pytest.mark.browser, requires_chromium]

RED, YELLOW = 0, 1


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Hub, TableNight]]:
    night = TableNight(tmp_path, players=2)
    for entry in (ev.Entered(RED, 0, 2), ev.Entered(YELLOW, 0, 1)):
        night.session.decide([entry])
    try:
        with phones_served(night) as hub:
            yield hub, night
    finally:
        night.close()


def test_two_phones_reveal_in_any_order_and_the_record_keeps_the_slot_order(served,
                                                                            browser) -> None:
    hub, night = served
    with own_contexts(browser):
        red = phone_of(browser, hub, night, RED)
        yellow = phone_of(browser, hub, night, YELLOW)
        yellow.locator("#reveals-mine").filter(has_text="You reveal 1 card.").wait_for()
        yellow.locator("#reveals-matching button[data-matching='1']").tap()
        yellow.locator("#reveals-mine").filter(has_text="as soon as the slots").wait_for()
        red.locator("#reveals-waiting").filter(has_text="Still to reveal: you").wait_for()
        yellow.locator("#reveals-waiting").filter(has_text="Still to reveal: Red").wait_for()

        red.locator("#reveals-kinds [data-kind='jokers'] button", has_text="1").tap()
        red.locator("#reveals-matching button[data-matching='1']").tap()
        red.locator("#reveals").wait_for(state="hidden")  # every reveal of the round is made
        yellow.locator("#reveals").wait_for(state="hidden")
    reveals = [e for e in night.events if isinstance(e, ev.Revealed)]
    assert reveals == [ev.Revealed(RED, 0, 1, 0, jokers=1), ev.Revealed(YELLOW, 0, 1, 0)]
