"""The phone's history reads in the phone's language: each line is one text of the
catalogs, so French spaces its colon and German orders its words, in a real browser.

Anna's phone scans her code with a French or a German browser; she logs a supply discard and
the table records her reveal, the real engine through a real Session.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.flutter import TIMEOUT_MS
from support.harness import live_server, phone_shown, requires_chromium
from support.phones import TableNight, hub_for

from companion.i18n import translator
from companion.i18n.names import building_name
from companion.phones.qr import pairing_url
from companion.phones.routes import phone_app
from companion.phones.texts import texts

pytestmark = [pytest.mark.browser, requires_chromium]

ANNA = 0


@pytest.fixture
def night(tmp_path: Path) -> Iterator[TableNight]:
    night = TableNight(tmp_path, players=3, hospital=True)
    try:
        yield night
    finally:
        night.close()


@pytest.mark.parametrize(("language", "locale", "supply", "reveal"), [
    ("fr", "fr-FR", "\u22122\u00a0: défaussés au soutien, manche 1",
     "+2\u00a0: 2 cartes d’autres classes dans le bâtiment {building}, manche 1"),
    ("de", "de-DE", "\u22122: im Nachschub abgeworfen, Runde 1",
     "+2: {building}: 2 Karten eines anderen Standes, Runde 1"),
])
def test_the_phones_history_reads_in_the_phones_language(
        browser: Any, night: TableNight, language: str, locale: str, supply: str,
        reveal: str) -> None:
    t = translator(language)
    hub = hub_for(night)
    with live_server(phone_app(hub)) as base_url:
        hub.base_url = base_url
        context = browser.new_context(locale=locale, viewport={"width": 390, "height": 800})
        try:
            anna = context.new_page()
            anna.goto(pairing_url(base_url, hub.registry.issue_token(night.game_id, ANNA)))
            phone_shown(anna)
            history = anna.locator("#history li")

            # Anna discards two rats with her supply action (R-ROUND-B).
            anna.fill("#amount", "2")
            anna.locator("[data-reason=supply_discard]").click()
            history.first.wait_for(timeout=TIMEOUT_MS)
            assert history.first.inner_text() == supply

            # The table reveals two of her cards of another estate (R-ROUND-D a): +2 rats.
            night.reveal_rats({ANNA: 2})
            building = building_name(t, night.state.rounds[-1].row[0])
            newest = history.first
            newest.filter(has_text=building).wait_for(timeout=TIMEOUT_MS)
            line = reveal.format(building=building)
            assert newest.inner_text().startswith(line), newest.inner_text()
        finally:
            context.close()


@pytest.mark.parametrize("language", ["de", "fr", "nl"])
def test_every_line_of_the_phones_history_is_a_text_of_the_catalogs(language: str) -> None:
    words = texts(language)
    english = texts("en")
    for key in ("line.round", "line.round.plain", "line.setup", "line.setup.plain"):
        assert words[key] != english[key], (language, key)
        assert "{reason}" in str(words[key]), (language, key)
    assert str(texts("fr")["line.setup"]).startswith("{change}\u00a0: ")
