"""A screen reader hears Flutter's own words in the table's language (issue 21).

The result's fold-outs (each scoring step folds out) are Flutter's ExpansionTile, whose state a
screen reader announces in Flutter's words ("Expanded" / "Collapsed"). The table tells Flutter
its language (`page.locale_configuration`), so a French table hears French words: a French
evening's finished game (R-SCORE: its result) is opened on a French table, and the fold-outs'
semantics speak French.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from support.simulate import random_game

from browser.table import (
    Offline,
    by_id,
    open_table,
    picture,
    table_context,
    table_server,
    tap_and_redraw,
)
from companion.rules.setup import DeckMode, SelectionMethod
from companion.store.db import GameStore
from companion.store.session import Session

FOLD_OUTS = """() => [...document.querySelectorAll('flt-semantics[aria-description]')].map(el =>
  [[...el.childNodes].filter(n => n.nodeType === Node.TEXT_NODE).map(n => n.textContent)
   .join('').trim(), el.getAttribute('aria-description')])"""
"""Each fold-out's title and the state a screen reader announces with it."""


def finished_game(data_dir: Path) -> str:
    events = random_game(7, 3, deck_mode=DeckMode.DIGITAL, method=SelectionMethod.FIRST_GAME,
                         private=False)
    with GameStore.open(data_dir) as store:
        session = Session.start(store, events[0])
        for event in events[1:]:
            session.submit(event)
        return session.game_id


def test_a_french_table_hears_the_results_fold_outs_in_french(tmp_path: Path,
                                                              browser: Any) -> None:
    game_id = finished_game(tmp_path)
    with table_server(tmp_path, lang="fr") as server:
        offline = Offline()
        context = table_context(browser, offline, "fr-FR", {"width": 800, "height": 1280})
        page = context.new_page()
        open_table(page, server.table_url)
        by_id(page, "past-games").wait_for()
        tap_and_redraw(page, "past-games")
        tap_and_redraw(page, f"open-{game_id}")
        tap_and_redraw(page, "play")
        by_id(page, "score-table").wait_for()
        picture(page, "fold-outs-fr")
        heard = dict(page.evaluate(FOLD_OUTS))
        context.close()
    # The totals and the plague are folded out, the steps before them folded in.
    assert heard["Totaux"] == heard["Peste"] == "Développé"
    assert heard["Classes"] == heard["Main"] == "Réduit"
    assert set(heard.values()) == {"Développé", "Réduit"}
    assert offline.outside == []
