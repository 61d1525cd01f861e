"""The table app starts without waiting for the phones' heavy helpers.

The phone page's modules load neither the rules engine (behind the building names) nor the QR
library; the server loads the engine with itself, and the QR library with the phones' routes
(built once the server listens) or the table's screens.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

HEAVY = ("companion.rules", "qrcode", "PIL")


@pytest.mark.parametrize("module", ["companion.phones.qr", "companion.phones.texts",
                                    "companion.phones.assets"])
def test_importing_a_phone_module_loads_neither_the_engine_nor_the_qr_library(module) -> None:
    probe = (f"import sys, {module}\n"
             f"print(sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r}"
             f" or m.startswith('companion.rules')))")
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            check=True).stdout.strip()
    assert loaded == "[]"


def test_the_server_answers_its_first_page_before_it_loads_the_screens_or_the_qr_library() -> None:
    """What serves the table (the command line, the server and its set-up) leaves the
    table's screens and the QR library to the first tab, phone or game, so the server answers
    sooner after a start. The engine and
    the session it loads with itself, before any thread starts
    (`tests/test_engine_concurrent_import.py`)."""
    probe = ("import sys, companion.cli, companion.server.app\n"
             "print(sorted(m for m in sys.modules if m.split('.')[0] in ('qrcode', 'PIL')"
             " or m.startswith(('companion.ui.routes', 'companion.ui.home'))),"
             " 'companion.store.session' in sys.modules)")
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            check=True).stdout.strip()
    assert loaded == "[] True"


def test_the_page_words_still_name_the_buildings_as_the_rulebook_does() -> None:
    from companion.phones.texts import texts
    from companion.rules.catalog import BUILDINGS

    for info in BUILDINGS.values():
        assert texts("de")[f"b.{info.building.value}"] == info.name_de
        assert texts("en")[f"b.{info.building.value}"] == info.name_en
    # The phone page speaks the box's four languages, from the table's catalogs.
    assert texts("fr")["title"] == "Mes rats" and texts("nl")["title"] == "Mijn ratten"
    assert texts("it") == texts("en")


def test_the_page_counts_rats_and_nuns_in_each_languages_plural() -> None:
    from companion.phones.texts import texts

    assert (texts("en")["rats#one"], texts("en")["rats"]) == ("{n} rat", "{n} rats")
    assert (texts("de")["nun_note#one"], texts("de")["nun_note"]) == (
        "Karte {position}: {nuns} Nonne", "Karte {position}: {nuns} Nonnen")
    assert texts("en")["#one"] == [1] and texts("fr")["#one"] == [0, 1]
