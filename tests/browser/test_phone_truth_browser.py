"""What the phone page says is what is so, in a real browser.

Anna's phone is a fresh browser context that scans her code; the table is the real engine
through a real Session. Each story waits for what the page shows, never for a time.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.flutter import TIMEOUT_MS
from support.harness import free_port, live_server, phone_shown, requires_chromium, screenshot_path
from support.phone_truth import ANNA, HospitalNight, MonasteryNight
from support.phones import TableNight, hub_for

from companion.i18n import translator
from companion.phones.hub import Hub
from companion.phones.qr import pairing_url
from companion.phones.routes import phone_app
from companion.phones.seats import SeatRegistry
from companion.rules import events as ev

pytestmark = [pytest.mark.browser, requires_chromium]

LIVE, RECONNECTING = "live", "reconnecting…"
NO_CONNECTION = "No connection to the table."


def scan(browser: Any, hub: Hub, game_id: str, seat: int, locale: str = "en-GB") -> Any:
    """A phone scans the seat's QR code: a fresh browser context opens the pairing link."""
    context = browser.new_context(locale=locale, viewport={"width": 390, "height": 800})
    page = context.new_page()
    page.goto(pairing_url(hub.base_url, hub.registry.issue_token(game_id, seat)))
    return phone_shown(page)



# -- 5. a restart: the link's badge and message agree at every moment -------------------------

RECORD_MOMENTS = """() => {
  /* Every state of the badge and the status line the page could paint: a mutation observer
     runs after each task that changed them, so no moment between two of them is missed. */
  window.moments = [];
  const take = () => {
    const link = document.getElementById("link"), status = document.getElementById("status");
    const moment = [link.hidden ? "" : link.textContent, status.textContent];
    const last = window.moments[window.moments.length - 1];
    if (!last || last[0] !== moment[0] || last[1] !== moment[1]) window.moments.push(moment);
  };
  new MutationObserver(take).observe(document.querySelector("main"),
    { subtree: true, childList: true, characterData: true, attributes: true });
  take();
}"""


def shows(page: Any, badge: str, status: str) -> None:
    page.wait_for_function(
        "([badge, status]) => { const l = document.getElementById('link');"
        " return !l.hidden && l.textContent === badge"
        " && document.getElementById('status').textContent === status; }",
        arg=[badge, status], timeout=TIMEOUT_MS)


@pytest.mark.parametrize("reloaded", [False, True], ids=["just-paired", "reloaded"])
def test_after_a_restart_the_phone_says_live_only_when_it_is_and_never_no_connection_then(
        browser: Any, tmp_path: Path, reloaded: bool) -> None:
    """`reloaded`: the phone opened its page again after pairing, so it follows the table
    with the browser's own event stream rather than the pairing's answer."""
    night = TableNight(tmp_path, players=3)
    registry = SeatRegistry(tmp_path / "seats.sqlite3")
    port = free_port()
    context = None
    try:
        hub = hub_for(night, registry, base_url=f"http://127.0.0.1:{port}")
        with live_server(phone_app(hub), port=port):
            anna = scan(browser, hub, night.game_id, ANNA)
            context = anna.context
            shows(anna, LIVE, "")
            if reloaded:
                anna.reload()
                shows(anna, LIVE, "")
            anna.evaluate(RECORD_MOMENTS)
            hub.stop()  # the table's server stops: every phone's stream is told first
        # The server is down. Anna taps a button: the phone finds no table, and the badge
        # says so with the message (nothing is stored, of course).
        anna.locator("#link", has_text=RECONNECTING).wait_for(timeout=TIMEOUT_MS)
        stored = night.store.events(night.game_id)
        anna.locator("[data-reason=supply_discard]").click()
        shows(anna, RECONNECTING, NO_CONNECTION)
        assert night.store.events(night.game_id) == stored

        # The same command starts the server again: the same seats file, the same game.
        reopened = SeatRegistry(tmp_path / "seats.sqlite3")
        again = hub_for(night, reopened, base_url=f"http://127.0.0.1:{port}")
        with live_server(phone_app(again), port=port):
            shows(anna, LIVE, "")
            # Live means live: what the table records now reaches the phone without a tap.
            night.reveal_rats({ANNA: 1})
            anna.locator("#history li", has_text="of another class").wait_for(timeout=TIMEOUT_MS)
            moments = anna.evaluate("window.moments")
        reopened.close()
        assert [RECONNECTING, NO_CONNECTION] in moments and moments[-1] == [LIVE, ""]
        for badge, status in moments:
            assert not (badge == LIVE and status == NO_CONNECTION), moments
            assert status != NO_CONNECTION or badge == RECONNECTING, moments
    finally:
        if context is not None:
            context.close()
        registry.close()
        night.close()


# -- 6. a dismissed dispute: the table checked it, and a reload says so too ------------------


def test_a_dispute_the_table_dismissed_says_so_on_the_french_phone_after_a_reload(
        browser: Any, tmp_path: Path) -> None:
    t = translator("fr")
    night = TableNight(tmp_path, players=3)
    context = None
    try:
        hub = hub_for(night)
        with live_server(phone_app(hub)) as base_url:
            hub.base_url = base_url
            lucas = scan(browser, hub, night.game_id, ANNA, locale="fr-FR")
            context = lucas.context
            night.reveal_rats({ANNA: 1})  # R-ROUND-D a: one card of another estate, +1 rat
            entry = lucas.locator("#history li", has_text="+1")
            entry.get_by_role("button", name=t("Dispute")).click()
            entry.locator(".disputed", has_text=t("disputed")).wait_for(timeout=TIMEOUT_MS)

            # The table looks at it with Lucas and keeps the entry.
            night.session.submit(ev.DisputeDismissed(ANNA, night.state.ledgers[ANNA][0].entry_id))
            checked = t("checked by the table: it stands")
            assert checked != "checked by the table: it stands"
            entry.locator(".checked", has_text=checked).wait_for(timeout=TIMEOUT_MS)
            assert entry.locator(".disputed").count() == 0
            lucas.reload()
            entry = lucas.locator("#history li", has_text="+1")
            entry.locator(".checked", has_text=checked).wait_for(timeout=TIMEOUT_MS)
            assert entry.locator(".disputed").count() == 0
            assert entry.get_by_role("button").count() == 0
            lucas.screenshot(path=str(screenshot_path("phone-dismissed-dispute-checked-fr")))
    finally:
        if context is not None:
            context.close()
        night.close()


# -- 7. the Monastery's discards: pending at once, recorded with the table's next tap --------


@pytest.fixture
def monastery(tmp_path: Path) -> Iterator[tuple[MonasteryNight, Hub]]:
    night = MonasteryNight(tmp_path)
    hub = night.hub()
    try:
        with live_server(phone_app(hub)) as base_url:
            hub.base_url = base_url
            yield night, hub
    finally:
        night.close()


def test_the_monasterys_discard_shows_on_the_phone_as_pending_then_as_recorded(
        browser: Any, monastery: tuple[MonasteryNight, Hub]) -> None:
    # R-ROUND-D b: Anna takes the Monastery's premium, "discard 2 rats".
    night, hub = monastery
    anna = scan(browser, hub, night.game_id, ANNA)
    try:
        night.up_to_the_monastery()
        night.last_monastery_reveal()  # the table's screen now says "Red discards 2 rats"
        pending = anna.locator("#history li.pending")
        pending.wait_for(timeout=TIMEOUT_MS)
        assert pending.inner_text().startswith("−2: Monastery, round 1")
        assert pending.locator(".waiting").inner_text() == "waiting for the table"
        assert anna.locator("#history li").count() == 1  # nothing recorded yet
        assert pending.get_by_role("button").count() == 0  # nothing to dispute yet
        anna.locator("#reveal").click()
        assert anna.locator("#rats").inner_text() == "10 rats"  # not counted until recorded
        anna.screenshot(path=str(screenshot_path("phone-monastery-pending")))

        night.next_tap()  # the next round's row: the Monastery's actions go with it
        recorded = anna.locator("#history li:not(.pending)", has_text="Monastery")
        recorded.wait_for(timeout=TIMEOUT_MS)
        assert recorded.inner_text().startswith("−2: Monastery, round 1")
        assert "waiting" not in recorded.inner_text()
        recorded.get_by_role("button", name="Dispute").wait_for()  # recorded: disputable
        assert anna.locator("#history li.pending").count() == 0
        anna.locator("#reveal").click()
        assert anna.locator("#rats").inner_text() == "8 rats"
    finally:
        anna.context.close()


def test_a_correction_that_changed_annas_rats_says_so_on_her_dutch_phone(
        browser: Any, monastery: tuple[MonasteryNight, Hub]) -> None:
    # R-ROUND-D b: the Monastery's premium discard went with Anna's entry of round 1, which the
    # table corrects in round 2 (her cards were at the Farm). Her phone says what the table
    # corrected and what it did to her rats, as it says what became of a dispute.
    t = translator("nl")
    night, hub = monastery
    anna = scan(browser, hub, night.game_id, ANNA, locale="nl-NL")
    try:
        night.up_to_the_monastery()
        night.last_monastery_reveal()
        night.next_tap()
        anna.locator("#history li", has_text="Klooster").wait_for(timeout=TIMEOUT_MS)
        assert anna.locator("#corrected li").count() == 0

        night.annas_entry_corrected()
        notice = anna.locator("#corrected li")
        notice.wait_for(timeout=TIMEOUT_MS)
        said = t.plural("The table corrected round {round}: {change} rat for you.",
                        "The table corrected round {round}: {change} rats for you.", 2,
                        round=1, change="+2")
        assert said == "De tafel heeft ronde 1 gecorrigeerd: +2 ratten voor jou."
        assert notice.inner_text().splitlines() == [said, "Klooster, ronde 1: −2 → 0"]
        assert anna.locator("#history li").count() == 0  # the discard is no longer hers
        anna.locator("#reveal").click()
        assert anna.locator("#rats").inner_text() == "10 ratten"
        anna.reload()
        anna.locator("#corrected li", has_text=said).wait_for(timeout=TIMEOUT_MS)
        anna.screenshot(path=str(screenshot_path("phone-correction-said-nl")))

        night.session.undo()  # the table takes its correction back: so does the phone
        anna.locator("#corrected li").wait_for(state="detached", timeout=TIMEOUT_MS)
        anna.locator("#history li", has_text="Klooster").wait_for(timeout=TIMEOUT_MS)
    finally:
        anna.context.close()


def test_the_hospital_shows_its_own_rat_and_leaves_the_hand_cards_to_the_table(
        browser: Any, tmp_path: Path) -> None:
    # R-ROUND-D b, the Hospital's premium: "discard 1 rat, then discard up to 3 hand cards to
    # discard as many rats". The hand cards are chosen on Anna's phone or typed in at the
    # table; until then her history shows what is known, and says where the rest is chosen.
    night = HospitalNight(tmp_path)
    hub = night.hub()
    try:
        with live_server(phone_app(hub)) as base_url:
            hub.base_url = base_url
            anna = scan(browser, hub, night.game_id, ANNA)
            try:
                night.up_to_the_hospital()
                pending = anna.locator("#history li.pending")
                pending.wait_for(timeout=TIMEOUT_MS)
                assert pending.inner_text().startswith("−1: Hospital, round 1")
                assert pending.locator(".more").inner_text() == (
                    "plus the hand cards you discard there (up to 3), one rat each: "
                    "choose them here, or the table enters them")
                assert pending.locator(".waiting").inner_text() == "waiting for the table"
                anna.screenshot(path=str(screenshot_path("phone-hospital-pending")))

                night.hospital_tap(anna_discards=2)
                recorded = anna.locator("#history li:not(.pending)", has_text="Hospital")
                recorded.wait_for(timeout=TIMEOUT_MS)
                assert recorded.inner_text().startswith("−3: Hospital, round 1")
                assert anna.locator("#history li.pending").count() == 0
            finally:
                anna.context.close()
    finally:
        night.close()
