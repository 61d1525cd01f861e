"""A Hospital's discards chosen on the takers' own phones in a real browser (390x844),
R-ROUND-D b: the first seat (Red, the premium, up to 3 hand cards) taps how many she
discards, one tap; the third (Green), who is not in the Hospital, sees who is still
choosing. Nothing is tapped at the table, and the table's session records Red's discard at
once."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from support.harness import (
    live_server,
    own_contexts,
    phone_paired,
    requires_chromium,
)
from support.phone_truth import ANNA, CARLA, HOSPITAL, HospitalNight
from support.sessions import logged_events

from companion.phones.hub import Hub
from companion.phones.routes import phone_app
from companion.rules import events as ev

pytestmark = [pytest.mark.browser, requires_chromium]



@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Hub, HospitalNight]]:
    night = HospitalNight(tmp_path)
    hub = night.hub()
    try:
        with live_server(phone_app(hub)) as base_url:
            hub.base_url = base_url
            yield hub, night
    finally:
        night.store.close()


def phone_of(browser: Browser, hub: Hub, night: HospitalNight, seat: int) -> Page:
    return phone_paired(browser, hub.base_url,
                        hub.registry.issue_token(night.game_id, seat))


def test_red_taps_her_hospital_discard_on_her_phone(served, browser) -> None:
    hub, night = served
    night.up_to_the_hospital()
    with own_contexts(browser):
        anna = phone_of(browser, hub, night, ANNA)
        carla = phone_of(browser, hub, night, CARLA)
        anna.locator("#choice-ask").filter(
            has_text="How many hand cards do you discard at the Hospital?").wait_for()
        assert anna.locator("#choice-options button").all_inner_texts() == ["0", "1", "2", "3"]
        carla.locator("#choice-ask").filter(
            has_text="Waiting for Red, Yellow to choose at the Hospital.").wait_for()
        assert carla.locator("#choice-options button").count() == 0

        anna.locator("#choice-options button[data-option='2']").tap()
        carla.locator("#choice-ask").filter(
            has_text="Waiting for Yellow to choose at the Hospital.").wait_for()
        anna.locator("#choice-options button").first.wait_for(state="detached")
    assert logged_events(night.session)[-1] == ev.HospitalDiscarded(HOSPITAL, ANNA, 2)
