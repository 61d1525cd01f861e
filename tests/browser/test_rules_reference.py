"""The rules reference fits the table's devices, in each language of the box (issue 21).

A finished game's result is open (R-SCORE-7: its winner, with the tie-break ladder). On the
laptop and on both tablets, in each language, the tie-break's "Why?" opens the reference with
its search field, the winner's entry and its Close button wholly on screen. Once, from the bar,
the search takes the table's words as the real client sends them and keeps the plague's entry
on screen. What the reference finds and where it opens, in every language, is the fake page's
to check (`tests/test_rules_reference_screens.py`): it is the same on every device. Screenshots
`rules-<lang>-<size>-*.png` (with `RATTUS_SCREENSHOTS=1`) are for a person to look at.

On the French table, a screen reader hears the result's fold-outs in French, Flutter's own
words included (`fold_outs_heard_in_french`).

One walk to the result serves the four languages: the language is switched in the app bar on
the result as it stands, and the window turns through the three sizes there, up and down in
turn (each turn drawn anew).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.harness import back_home, drawn_for, one_table_page
from support.simulate import random_game

from browser.table import (
    Offline,
    TableServer,
    bring_into_view,
    by_id,
    picture,
    resize_table,
    switch_language,
    table_server,
    tap,
    tap_and_redraw,
    type_into,
)
from companion.rules.setup import DeckMode, SelectionMethod
from companion.store.db import GameStore
from companion.store.session import Session

SIZES = ((1366, 768), (800, 1280), (1280, 800))
"""Each turn between them is drawn anew (in this order or the reverse), so the dialog is
opened on the screen drawn for the new size (a wide page that stays wide is not redrawn, and
nothing tells when the server has the new size)."""


def finished_game(data_dir: Path) -> str:
    events = random_game(7, 3, deck_mode=DeckMode.DIGITAL, method=SelectionMethod.FIRST_GAME,
                         private=False)
    with GameStore.open(data_dir) as store:
        session = Session.start(store, events[0])
        for event in events[1:]:
            session.submit(event)
        return session.game_id


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TableServer, str]]:
    data_dir = tmp_path_factory.mktemp("reference")
    game_id = finished_game(data_dir)
    with table_server(data_dir) as server:
        yield server, game_id


FOLD_OUTS = """() => [...document.querySelectorAll('flt-semantics[aria-description]')].map(el =>
  [[...el.childNodes].filter(n => n.nodeType === Node.TEXT_NODE).map(n => n.textContent)
   .join('').trim(), el.getAttribute('aria-description')])"""
"""Each fold-out's title and the state a screen reader announces with it."""


def fold_outs_heard_in_french(page: Any) -> None:
    """The result's fold-outs (each scoring step folds out) are Flutter's ExpansionTile, whose
    state a screen reader announces in Flutter's own words ("Expanded" / "Collapsed"). The
    table tells Flutter its language (`page.locale_configuration`, at every draw), so a French
    table hears French words: the totals and the plague folded out, the steps before them
    folded in."""
    picture(page, "fold-outs-fr")
    heard = dict(page.evaluate(FOLD_OUTS))
    assert heard["Totaux"] == heard["Peste"] == "Développé"
    assert heard["Classes"] == heard["Main"] == "Réduit"
    assert set(heard.values()) == {"Développé", "Réduit"}


def on_screen(page: Any, identifier: str) -> None:
    """The control tagged `identifier` lies wholly inside the window."""
    box = by_id(page, identifier).first.bounding_box()
    size = page.viewport_size
    assert box is not None, identifier
    assert box["x"] >= 0 and box["y"] >= 0, (identifier, box, size)
    assert box["x"] + box["width"] <= size["width"] + 1, (identifier, box, size)
    assert box["y"] + box["height"] <= size["height"] + 1, (identifier, box, size)


@pytest.fixture(scope="module")
def page(served: tuple[TableServer, str], browser: Any) -> Iterator[Any]:
    with one_table_page(browser, served[0].table_url, Offline()) as shared:
        yield shared


def test_the_reference_fits_and_opens_at_the_why_in_every_language(
        served: tuple[TableServer, str], page: Any) -> None:
    server, game_id = served
    offline = Offline()
    offline.install(page.context)
    back_home(page, server.table_url)
    drawn_for(page, {"width": SIZES[0][0], "height": SIZES[0][1]})
    tap_and_redraw(page, "past-games")
    tap_and_redraw(page, f"open-{game_id}")
    tap_and_redraw(page, "play")
    by_id(page, "score-table").wait_for()
    the_search_from_the_bar(page)
    sizes = list(SIZES)
    for lang in ("en", "fr", "de", "nl"):
        switch_language(page, lang)
        by_id(page, "score-table").wait_for()
        if lang == "fr":
            fold_outs_heard_in_french(page)
        for turn, (width, height) in enumerate(sizes):
            # every turn between these sizes is drawn anew; the first is the window's size
            assert resize_table(page, {"width": width, "height": height}) == (turn != 0)
            the_reference_at_this_size(page, lang, f"{width}x{height}")
        sizes.reverse()
    assert offline.outside == []


def the_search_from_the_bar(page: Any) -> None:
    """The reference from the bar: what is typed into its search reaches the server, and the
    plague's entry it keeps is on screen."""
    tap(page, "rules")
    by_id(page, "rules-reference").wait_for()
    type_into(page, "rules-search", "plague")
    by_id(page, "rules-entry-farm").wait_for(state="detached")
    by_id(page, "rules-entry-plague").wait_for()
    on_screen(page, "rules-entry-plague")
    picture(page, "rules-en-search")
    tap(page, "close-rules")
    by_id(page, "rules-reference").wait_for(state="detached")


def the_reference_at_this_size(page: Any, lang: str, size: str) -> None:
    """The tie-break's "Why?" (R-SCORE-7) opens the reference at the winner's entry: the
    search field, the entry and the Close button all on screen."""
    why = by_id(page, "tie-break-why").first
    bring_into_view(page, why)
    tap(page, "tie-break-why")
    by_id(page, "rules-asked").wait_for()
    asked = by_id(page, "rules-asked").locator(
        "[flt-semantics-identifier='rules-entry-winner']")
    asked.wait_for()
    for control in ("rules-reference", "rules-search", "rules-asked", "close-rules"):
        on_screen(page, control)
    picture(page, f"rules-{lang}-{size}-why")
    tap(page, "close-rules")
    by_id(page, "rules-reference").wait_for(state="detached")
