"""A whole game drawn at the table leaves Flet's icon list and theme module unloaded.

Issue 24's memory row: Flet's `ft.Icons` (the names of all 8,600 icons) and its theme module
(27 modules) stay in the server for good once a screen touches them. The table names its icons
and its theme through its own small types (`companion.ui.shared.icons`, `theme.TableTheme`);
this plays a 4-player game to its end form on the stand-in page, in a fresh interpreter, with
every screen drawn, and looks at what got loaded.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

TESTS = Path(__file__).parent

A_WHOLE_GAME = textwrap.dedent("""
    import json, sys, tempfile
    from pathlib import Path
    sys.path.insert(0, sys.argv[1])
    from support.table_screens import Table
    from test_ui_round import _quick, four_players
    from companion.rules import next_step
    from companion.rules.guide import Prompt
    from companion.ui.routes import load_first_screen
    from companion.ui.shared.theme import table_theme

    load_first_screen()
    table_theme()
    screens = 0
    with tempfile.TemporaryDirectory() as tmp:
        table = Table(Path(tmp), four_players())
        while next_step(table.state).prompt is not Prompt.END_VALUES:
            table.play([_quick(table.state, next_step(table.state))])
            table.view()
            screens += 1
        table.view()
        table.show("/")
        table.store.close()
    print(json.dumps({"screens": screens,
                      "loaded": sorted(m for m in sys.modules if m in sys.argv[2:])}))
""")


def test_a_whole_game_never_loads_flets_icon_list_or_theme_module() -> None:
    heavy = ["flet.controls.material.icons", "flet.controls.theme"]
    done = subprocess.run([sys.executable, "-c", A_WHOLE_GAME, str(TESTS), *heavy],
                          capture_output=True, text=True, timeout=300, check=True)
    outcome = json.loads(done.stdout.splitlines()[-1])
    assert outcome["screens"] > 50
    assert outcome["loaded"] == []
