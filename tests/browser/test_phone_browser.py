"""The phone page in a real browser: three phones at one table, each its own browser context."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from support.flutter import TIMEOUT_MS
from support.harness import live_server, phone_shown, requires_chromium, screenshot_path
from support.phones import TableNight, hub_for

from companion.phones.hub import Hub
from companion.phones.qr import pairing_url
from companion.phones.routes import phone_app
from companion.rules import events as ev
from companion.rules.catalog import BUILDINGS, Building
from companion.rules.endgame import end_state
from companion.rules.scoring import score

pytestmark = [pytest.mark.browser, requires_chromium]

ANNA, BEN, CARLA = 0, 1, 2


def served_night(tmp_path: Path, hospital: bool) -> Iterator[tuple[Hub, TableNight, str]]:
    night = TableNight(tmp_path, players=3, hospital=hospital)
    hub = hub_for(night)
    try:
        with live_server(phone_app(hub)) as base_url:
            hub.base_url = base_url
            yield hub, night, base_url
    finally:
        night.close()


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[Hub, TableNight, str]]:
    """A game with a Hospital: the phones log Hospital discards in these stories."""
    yield from served_night(tmp_path, hospital=True)


@pytest.fixture
def first_game(tmp_path: Path) -> Iterator[tuple[Hub, TableNight, str]]:
    """The first-game set (R-SETUP-3): no Hospital."""
    yield from served_night(tmp_path, hospital=False)


def scan(browser: Browser, hub: Hub, night: TableNight, seat: int,
         locale: str = "en-GB") -> tuple[BrowserContext, Page]:
    """A phone scans the seat's QR: a fresh browser context opens the pairing URL."""
    context = browser.new_context(locale=locale, viewport={"width": 390, "height": 800})
    page = context.new_page()
    page.goto(pairing_url(hub.base_url, hub.registry.issue_token(night.game_id, seat)))
    return context, page


def first_building(night: TableNight) -> str:
    """The English name of the current round's first building, as the page shows it."""
    return BUILDINGS[night.state.rounds[-1].row[0]].name_en


def rats_shown(page: Page) -> str:
    page.locator("#reveal").click()
    return page.locator("#rats").inner_text()


def test_three_phones_pair_log_rats_and_see_the_table_live(browser, table) -> None:
    hub, night, _ = table
    anna_ctx, anna = scan(browser, hub, night, ANNA)
    ben_ctx, ben = scan(browser, hub, night, BEN, locale="de-DE")
    try:
        phone_shown(anna)
        assert anna.locator("#who").inner_text() == "Red"
        assert not anna.locator("#rats").is_visible()
        assert rats_shown(anna) == "10 rats"
        anna.locator("#rats").wait_for(state="hidden", timeout=TIMEOUT_MS)
        phone_shown(ben)
        assert ben.locator("h1").inner_text() == "Meine Ratten"
        ben.locator("#link", has_text="verbunden").wait_for()

        # A Hospital discard is entered at the table, the one place; the phone says so.
        assert anna.locator("#hospital-note").is_visible()
        assert anna.locator("[data-reason=hospital]").count() == 0
        anna.fill("#amount", "2")
        anna.locator("[data-reason=supply_discard]").click()
        anna.locator("#history li").first.wait_for()
        assert anna.locator("#history li").first.inner_text() == \
            "−2: rats discarded in the supplies, round 1"
        assert night.state.rats[ANNA] == 8

        night.reveal_rats({ANNA: 2})  # R-ROUND-D a: two cards of another estate
        building = first_building(night)
        newest = anna.locator("#history li").first
        newest.filter(has_text=building).wait_for()
        assert newest.inner_text().startswith(
            f"+2: 2 cards of another class at the {building}, round 1")
        assert rats_shown(anna) == "10 rats"
        newest.get_by_role("button", name="Dispute").click()
        anna.locator("#history .disputed").wait_for()

        # A card without nuns: nothing to compare with, no "at least 0 nuns".
        anna.select_option("#position", "2")
        anna.select_option("#nun-count", "0")
        anna.locator("#note").click()
        anna.locator("#notes li").wait_for()
        assert anna.locator("#bound").inner_text() == "The cards you have seen show no nuns."
        anna.locator("#reveal").click()
        assert anna.locator("#compare").inner_text() == ""
        anna.select_option("#position", "3")
        anna.select_option("#nun-count", "4")
        anna.locator("#note").click()
        anna.locator("#notes li").nth(1).wait_for()
        assert anna.locator("#bound").inner_text() == "The Nun-row holds at least 4 nuns."
        anna.locator("#reveal").click()
        assert anna.locator("#compare").inner_text() == (
            "More rats than the 4 nuns you have seen: not safe yet.")

        assert ben.locator("#history li").count() == 0
        assert rats_shown(ben) == "10 Ratten"
    finally:
        anna_ctx.close()
        ben_ctx.close()


def test_a_reload_reconnects_and_a_second_scan_is_refused(browser, table) -> None:
    hub, night, base_url = table
    context, carla = scan(browser, hub, night, CARLA)
    neighbour = browser.new_context()
    try:
        phone_shown(carla)
        carla.locator("[data-reason=supply_discard]").click()
        carla.locator("#history li").wait_for()
        carla.reload()
        carla.locator("#history li").wait_for()
        carla.locator("#link", has_text="live").wait_for()
        night.reveal_rats({CARLA: 1})
        carla.locator("#history li", has_text="of another class").wait_for()

        token = hub.registry.issue_token(night.game_id, ANNA)
        first = browser.new_context()
        first.new_page().goto(pairing_url(base_url, token))
        phone_shown(first.pages[0])
        second = neighbour.new_page()
        second.goto(pairing_url(base_url, token))
        second.locator("#pairing-text", has_text="already paired").wait_for()
        assert second.locator("#ledger").is_hidden()
        # Refused is not offline: no "reconnecting…" pill that never ends.
        second.locator("#link").wait_for(state="hidden")
        assert "reconnecting" not in second.locator("header").inner_text()
        first.close()
    finally:
        context.close()
        neighbour.close()


def test_a_released_seat_is_locked_out_and_paired_again(browser, table) -> None:
    hub, night, _ = table
    old_ctx, old_phone = scan(browser, hub, night, BEN)
    try:
        phone_shown(old_phone)
        hub.registry.release(night.game_id, BEN)
        old_phone.locator("#pairing-text", has_text="not paired").wait_for()
        old_phone.reload()
        old_phone.locator("#pairing-text", has_text="not paired").wait_for()

        new_ctx, new_phone = scan(browser, hub, night, BEN)
        try:
            phone_shown(new_phone)
            assert new_phone.locator("#who").inner_text() == "Yellow"
            assert rats_shown(new_phone) == "10 rats"
        finally:
            new_ctx.close()
    finally:
        old_ctx.close()


def test_joining_takes_the_page_and_one_claim_that_stays_live(browser, table) -> None:
    """Every request over the table's Wi-Fi is a round trip the player waits for."""
    hub, night, _ = table
    context = browser.new_context(viewport={"width": 390, "height": 800})
    page = context.new_page()
    requests: list[tuple[str, str]] = []
    page.on("request", lambda request: requests.append((request.method,
                                                        urlsplit(request.url).path)))
    token = hub.registry.issue_token(night.game_id, ANNA)
    try:
        page.goto(pairing_url(hub.base_url, token))
        page.locator("#link", has_text="live").wait_for()
        assert rats_shown(page) == "10 rats"
        night.reveal_rats({ANNA: 1})
        page.locator("#history li", has_text="of another class").wait_for()
        assert requests == [("GET", f"/phone/join/{token}"), ("POST", "/phone/api/join")]
        assert hub.registry.status(night.game_id, 3)[ANNA].connected
    finally:
        context.close()


def test_after_the_scoring_a_phone_shows_the_result_and_changes_nothing(browser, first_game
                                                                        ) -> None:
    # R-SCORE-6, R-SCORE-7: her count confirmed before the scoring; the result on the phone;
    # the ledger is closed, and nothing the phone sends changes the scored game.
    hub, night, _ = first_game
    context, anna = scan(browser, hub, night, ANNA)
    try:
        phone_shown(anna)
        assert night.state.setup.copies(Building.HOSPITAL) == 0
        assert anna.locator("#hospital-note").is_hidden()  # no Hospital in this game
        anna.locator("[data-reason=supply_discard]").click()
        anna.locator("#history li").wait_for()  # her own entry, which her undo could take back
        night.reveal_rats({ANNA: 2})
        night.play_to_the_end()
        # R-SCORE-6: before the plague check she confirms her count on the phone, once.
        anna.locator("#confirm", has_text="Confirm").click()
        expect(anna.locator("#confirm")).to_have_text("Confirmed", timeout=TIMEOUT_MS)
        expect(anna.locator("#confirm")).to_be_disabled()
        assert night.state.rats_confirmed == (True, False, False)
        for seat in range(3):
            night.session.submit(ev.EndValuesEntered(seat, hand=seat + 1))
        night.session.submit(ev.NunsCounted(20))
        result = score(end_state(night.state))
        mine = result.player(night.state.setup.names[ANNA])
        anna.locator("#result").wait_for()
        assert anna.locator("#my-result").inner_text() == \
            f"You: {mine.total} VP with {mine.rats} rats."
        assert anna.locator("#survival").inner_text() == "You survive the plague."
        assert anna.locator("#winner").inner_text() == "Winner: " + ", ".join(result.winners)
        assert anna.locator("#log").is_hidden()  # no "Log a change"
        assert anna.locator("#nuns").is_hidden() and anna.locator("#compare").inner_text() == ""
        assert anna.locator("#history button").count() == anna.locator(
            "#history button[hidden]").count()  # no Dispute either
        anna.screenshot(path=str(screenshot_path("phone-after-scoring")))
        assert anna.locator("#confirm").is_hidden()  # rats are confirmed before it, not after
        stored = night.store.events(night.game_id)
        for path, body in (("rats", {"delta": 3, "reason": "correction"}),
                           ("nuns", {"position": 1, "nuns": 2}), ("undo", {}), ("confirm", {})):
            answer = anna.request.post(f"{hub.base_url}/phone/api/{path}", data=body)
            assert answer.status == 409, path
            assert answer.json()["error"] == "game_scored", path
        assert night.store.events(night.game_id) == stored
        stored_count = len(night.events)
        assert score(end_state(night.state)) == result
        # Her correction is a request: shown as waiting, the stored game untouched.
        anna.fill("#fix-rats", "30")
        anna.locator("#ask-fix").click()
        anna.locator("#fix-status", has_text="Waiting for the table: 30 rats.").wait_for()
        assert len(night.events) == stored_count
        assert night.session.rats_request(ANNA).rats == 30
        anna.screenshot(path=str(screenshot_path("phone-correction-asked")))
        night.session.settle_rats(ANNA, accepted=False)
        anna.locator("#fix-status", has_text="The table kept the result").wait_for()
        assert len(night.events) == stored_count
    finally:
        context.close()



def test_the_amount_starts_afresh_after_each_log_and_stays_after_a_refused_one(browser, table
                                                                              ) -> None:
    """A one-rat supply after a two-rat one is logged as one rat (R-ROUND-B): the field goes
    back to its default once the table took a log. A refused log keeps what was typed, with
    the reason on the status line, so it can be fixed."""
    hub, night, _ = table
    context, anna = scan(browser, hub, night, ANNA)
    try:
        phone_shown(anna)
        anna.fill("#amount", "2")
        anna.locator("[data-reason=supply_discard]").click()
        anna.locator("#history li", has_text="−2").wait_for()
        expect(anna.locator("#amount")).to_have_value("1", timeout=TIMEOUT_MS)
        anna.locator("[data-reason=supply_discard]").click()
        anna.locator("#history li", has_text="−1").wait_for()
        assert night.state.rats[ANNA] == 7

        anna.fill("#amount", "9")  # R-SETUP-1: she has 7 rats, not 9 to discard
        anna.locator("[data-reason=supply_discard]").click()
        anna.locator("#status.bad").wait_for()
        assert anna.locator("#amount").input_value() == "9"
        assert night.state.rats[ANNA] == 7
    finally:
        context.close()
