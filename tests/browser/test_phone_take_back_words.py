"""The phone's two undo buttons say what each touches, in the four languages of the box, on
390x844 phones: four players, each phone in another language. Right after each player's entry
(R-ROUND-C), and again after their reveal (R-ROUND-D a), their phone offers to take back that
step by its name and building ("Take back my reveal at the Farm"), while the rats ledger's
own undo names the notes it takes back; both fit the phone's width. While the table enters for
Blue, her phone shows the reveal and says the table reveals for her, with no buttons. The
pictures are kept in `screenshots/take-back-<lang>-<step>.png` to look at.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page
from support.harness import own_contexts, phone_paired, requires_chromium, screenshot_path
from support.phones import TableNight, phones_served

from companion.i18n import translator
from companion.i18n.names import building_name
from companion.phones.entering import enter_at_table
from companion.phones.texts import texts

pytestmark = [pytest.mark.browser, requires_chromium]

LANGUAGES = ("en", "de", "fr", "nl")
"""Seat i's phone speaks LANGUAGES[i]."""
LOCALES = {"en": "en-GB", "de": "de-DE", "fr": "fr-FR", "nl": "nl-NL"}
BLUE = 3


@pytest.fixture
def night(tmp_path: Path) -> Iterator[TableNight]:
    table = TableNight(tmp_path, players=4)
    try:
        yield table
    finally:
        table.close()


def first_building(phone: Page, night: TableNight, lang: str) -> str:
    """The row's first building in `lang`, once the phone's own step is recorded (its
    take-back is on show)."""
    phone.locator("#take-back:not([hidden])").wait_for()
    return building_name(translator(lang), night.state.record.row[0])


def both_undos(phone: Page, lang: str, key: str, building: str, shot: str) -> None:
    """The game step's take-back (`own.<key>` at `building`) and the ledger's undo are both
    on show, in `lang`, say different things, and fit the phone's width."""
    words = texts(lang)
    step = str(words[f"own.{key}"]).replace("{building}", building)
    take_back = phone.locator("#take-back")
    take_back.filter(has_text=step).wait_for()
    ledger = phone.locator("#undo")
    assert ledger.inner_text() == words["undo"]
    assert step != words["undo"]
    for button in (take_back, ledger):
        box = button.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    phone.screenshot(path=str(screenshot_path(f"take-back-{lang}-{shot}")), full_page=True)


def test_each_phone_names_the_step_it_takes_back_apart_from_the_rats_ledger(night, browser) -> None:
    with phones_served(night) as hub, own_contexts(browser):
        phones = [phone_paired(browser, hub.base_url,
                               hub.registry.issue_token(night.game_id, seat), LOCALES[lang])
                  for seat, lang in enumerate(LANGUAGES)]
        for seat, lang in enumerate(LANGUAGES):  # each enters the first building, 1 card
            phone = phones[seat]
            phone.locator("#row [data-building='0'] button[data-count='1']").tap()
            both_undos(phone, lang, "entry", first_building(phone, night, lang), "entry")
        # Blue's seat switched to the table: her phone shows the reveal, with no buttons
        blue = phones[BLUE]
        blue.locator("#reveals-matching button").first.wait_for()
        enter_at_table(night.session, BLUE, True)
        blue.locator("#reveals-table").filter(has_text=str(texts("nl")["reveal.at_table"])).wait_for()
        assert blue.locator("#reveals-matching button, #reveals-kinds button").count() == 0
        blue.screenshot(path=str(screenshot_path("take-back-nl-at-table")), full_page=True)
        enter_at_table(night.session, BLUE, False)
        blue.locator("#reveals-matching button").first.wait_for()
        for seat, lang in enumerate(LANGUAGES):  # in slot order, each reveals 1 card
            phone = phones[seat]
            phone.locator("#reveals-matching button[data-matching='1']").tap()
            both_undos(phone, lang, "reveal", first_building(phone, night, lang), "reveal")
