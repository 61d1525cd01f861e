"""The setup's switches are named once: the words beside the switch are drawn, the switch itself
draws none (its name, for a screen reader, is its semantics label).

A German and a Dutch table saw "First game: teach us as we play" twice in a row on the
options screen: once as the switch's own label, once beside it (the label beside the switch
wraps; a Switch's own never does).
"""

from __future__ import annotations

from pathlib import Path

import flet as ft
import pytest
from support.fake_page import walk
from test_ui_round import Table, four_players

from companion.i18n import LANGUAGES, translator
from companion.rules.catalog import PlayerColour
from companion.ui.setup.draft import PlayerDraft, SetupDraft

SWITCHES = {
    "first-game": "First game: teach us as we play",
    "all-dead-variant": "If the plague kills everyone, the players with the fewest rats count "
                        "as survivors",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_switch_of_the_options_draws_its_words_once(lang: str, tmp_path: Path) -> None:
    # R-SCORE-7: the all-dead variant is one of the house rules chosen here
    with Table(tmp_path, four_players(), lang=lang) as table:
        table.app.session = None
        table.app.tab.setup = SetupDraft(players=[PlayerDraft("Anna", PlayerColour.RED),
                                                  PlayerDraft("Ben", PlayerColour.BLUE)])
        view = table.show("/setup/options")
        t = translator(lang)
        drawn = [str(c.value) for c in walk(view) if isinstance(c, ft.Text)]
        drawn += [str(c.label) for c in walk(view) if isinstance(c, ft.Switch) and c.label]
        for identifier, words in SWITCHES.items():
            assert drawn.count(t(words)) == 1, (identifier, drawn.count(t(words)))
            assert table.find(identifier).label == t(words)
