"""The end of the game on a player's phone in a real browser (390x844): after the last round
Red types her hand, special cards and VP markers (R-SCORE-2 to R-SCORE-5) and sends them; a
count above what the game has is said on the phone and sends nothing; the table sees her values
at once, marked as hers; the fields of the game's specials in play only (R-SETUP-3)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import ViewportSize
from support.harness import (
    live_server,
    own_contexts,
    phone_shown,
    picture,
    requires_chromium,
)
from support.phones import TableNight, hub_for

from companion.phones.end_values import from_phones
from companion.phones.hub import Hub
from companion.phones.qr import pairing_url
from companion.phones.routes import phone_app

pytestmark = [pytest.mark.browser, requires_chromium]

RED = 0
PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Hub, TableNight]]:
    night = TableNight(tmp_path, players=2)  # the first game: Swords are the one special
    night.play_to_the_end()
    hub = hub_for(night)
    try:
        with live_server(phone_app(hub)) as base_url:
            hub.base_url = base_url
            yield hub, night
    finally:
        night.close()


def test_red_types_her_cards_at_the_end_on_her_phone(served, browser) -> None:
    hub, night = served
    with own_contexts(browser):
        context = browser.new_context(locale="en-GB", viewport=PHONE, has_touch=True,
                                      is_mobile=True)
        page = context.new_page()
        page.goto(pairing_url(hub.base_url, hub.registry.issue_token(night.game_id, RED)))
        phone_shown(page)
        box = page.locator("#endvals")
        box.wait_for()
        assert [i.get_attribute("id") for i in box.locator("input").all()] == [
            "ev-hand", "ev-swords", "ev-markers"]  # no Flutes, Pass cards or Gold in play

        picture(page, "phone-end-values-en")
        page.fill("#ev-hand", "5")
        page.fill("#ev-swords", "13")  # 12 Swords in the game (R-COMP-3)
        page.tap("#ev-send")
        page.locator("#status.bad").filter(has_text="Swords: enter a whole number from 0 "
                                                    "to 12.").wait_for()
        assert night.state.end_values[RED] is None

        page.fill("#ev-swords", "2")
        page.fill("#ev-markers", "7")
        page.tap("#ev-send")
        page.locator("#ev-by").filter(has_text="Recorded from your phone").wait_for()
        picture(page, "phone-end-values-sent-en")
    recorded = night.state.end_values[RED]
    assert recorded is not None
    assert (recorded.hand, recorded.swords, recorded.markers) == (5, 2, 7)
    assert from_phones(night.session, night.session.table_view())[RED] is True
