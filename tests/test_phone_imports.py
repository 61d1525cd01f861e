"""The table app starts without waiting for the phones' heavy helpers (issue 7, app start).

The phone modules load neither the rules engine (behind the building names) nor the QR
library; the server loads the engine with itself, the QR library when a QR is first asked for.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("companion.rules", "qrcode", "PIL")


@pytest.mark.parametrize("module", ["companion.phones.routes", "companion.phones.qr",
                                    "companion.phones.texts", "companion.phones.assets"])
def test_importing_a_phone_module_loads_neither_the_engine_nor_the_qr_library(module) -> None:
    probe = (f"import sys, {module}\n"
             f"print(sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r}"
             f" or m.startswith('companion.rules')))")
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            check=True).stdout.strip()
    assert loaded == "[]"


def test_the_server_answers_its_first_page_before_it_loads_the_screens_or_the_qr_library() -> None:
    """Issue 10: what serves the table (the command line, the server and its set-up) leaves
    the table's screens and the QR library to the first tab, phone or game. The engine and
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
    # Issue 14: the phone page speaks the box's four languages, from the table's catalogs.
    assert texts("fr")["title"] == "Mes rats" and texts("nl")["title"] == "Mijn ratten"
    assert texts("it") == texts("en")


def test_the_page_counts_rats_and_nuns_in_each_languages_plural() -> None:
    from companion.phones.texts import texts

    assert (texts("en")["rats#one"], texts("en")["rats"]) == ("{n} rat", "{n} rats")
    assert (texts("de")["nun_note#one"], texts("de")["nun_note"]) == (
        "Karte {position}: {nuns} Nonne", "Karte {position}: {nuns} Nonnen")
    assert texts("en")["#one"] == [1] and texts("fr")["#one"] == [0, 1]


def _loaded_after(probe: str) -> list[str]:
    script = (f"import json, sys\n{probe}\n"
              "print(json.dumps([m for m in ('PIL', 'pydantic.v1') if sys.modules.get(m)]))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout.strip().splitlines()
    loaded: list[str] = json.loads(out[-1])
    return loaded


def test_a_qr_code_is_drawn_without_pillow(tmp_path) -> None:
    """Issue 24: Pillow held about 3 MB of the server's memory from the first code shown on;
    the codes are black squares on white, written as a PNG by `companion.qr` itself."""
    assert _loaded_after("from companion.qr import qr_png\n"
                         "assert qr_png('http://192.168.1.20:8550/phone/join/x')"
                         ".startswith(b'\\x89PNG')") == []


def test_a_serving_process_answers_the_phones_and_the_host_without_pydantic_one(tmp_path) -> None:
    """Issue 24: FastAPI imported `pydantic.v1` (1.4 MB, 70 ms) to ask whether any of the
    phones' route parameters was one of its models (none is), while it built the routes and
    again at the first request for the table's seats page."""
    first_requests = (
        "from pathlib import Path\n"
        "from starlette.testclient import TestClient\n"
        "from companion.phones.hub import Hub\n"
        "from companion.phones.seats import SeatRegistry\n"
        "from companion.server.app import PhonesOnFirstUse, refuse_pydantic_v1\n"
        "REFUSE\n"
        f"seats = SeatRegistry.in_data_dir(Path({str(tmp_path)!r}))\n"
        "phones = TestClient(PhonesOnFirstUse(Hub(registry=seats, open_session=lambda _: None,"
        " base_url='http://127.0.0.1:8550', host_key='k' * 32)))\n"
        "assert phones.get('/api/state').status_code == 401\n"
        "seen = phones.get('/host/g/seats', headers={'X-Host-Key': 'k' * 32})\n"
        "assert seen.status_code == 200, seen.text\n")
    assert _loaded_after(first_requests.replace("REFUSE", "refuse_pydantic_v1()")) == []
    assert _loaded_after(first_requests.replace("REFUSE", "")) == ["pydantic.v1"]
