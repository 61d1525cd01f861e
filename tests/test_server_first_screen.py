"""The server's warm-up loads what the first tab's home screen builds.

Flet imports each control's module the first time a program names it: the first tab's home
screen paid 150-280 ms on the server for those imports before its first drawing could go out,
the first load after a start (an install, a reboot) included. The warm-up, run once the server
listens, imports them; this checks, in a fresh interpreter as the server has, that the first
home screen then imports nothing more of Flet.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent

FIRST_TAB = """
import json, sys, tempfile
from pathlib import Path
from companion.ui.routes import load_first_screen, table_app
{warm_up}
from support.fake_page import FakePage
from companion.server.config import TableConfig
from companion.server.games import OpenGames
from companion.store.db import GameStore

before = {{name for name in sys.modules if name.startswith("flet")}}
with tempfile.TemporaryDirectory() as folder:
    with GameStore.open(Path(folder)) as store:
        page = FakePage()
        app = table_app(page, TableConfig(data_dir=Path(folder), host_key="k" * 32,
                                          lang="en"), OpenGames(store))
        app.authorized = True
        app.render()
        drawn = bool(page.views)
imported = sorted(name for name in sys.modules if name.startswith("flet") and name not in before)
print(json.dumps({{"drawn": drawn, "imported": imported}}))
"""


def _first_home_screen(warmed_up: bool) -> dict[str, object]:
    script = FIRST_TAB.format(warm_up="load_first_screen()" if warmed_up else "")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, cwd=TESTS)
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_without_the_warm_up_the_first_home_screen_imports_flets_controls() -> None:
    cold = _first_home_screen(warmed_up=False)
    assert cold["drawn"]
    assert cold["imported"], "Flet imports its controls when first named"


def test_after_the_warm_up_the_first_home_screen_imports_nothing_more_of_flet() -> None:
    warm = _first_home_screen(warmed_up=True)
    assert warm["drawn"]
    assert warm["imported"] == []
