"""The rules reference fits the table's devices, in each language of the box.

A finished game's result is open (R-SCORE-7: its winner, with the tie-break ladder). The
tie-break's "Why?" opens the reference with its search field, the winner's entry and its Close
button wholly on screen, their texts whole (none cut, no word broken across lines, as the walks
judge a screen): in each language on the upright tablet, and on the laptop and the
tablet on its side in the language whose entry ran longest on the upright one (French, as the
translations stand). Pairwise (`support.pairwise`): the texts' length comes from the
language, the room from the device, and the upright tablet gives the dialog the least room
(704 px wide, 920 on the others; its height grows with the window's and its list scrolls, so
width is the room a long text lacks), so the longest texts meet every device and every
language meets the least room. Once, from the bar, the search takes the table's words as the
real client sends them and keeps the plague's entry on screen. What the reference finds and
where it opens, in every language, is the fake page's to check
(`tests/test_rules_reference_screens.py`): it is the same on every device. Screenshots
`rules-<lang>-<size>-*.png` (with `RATTUS_SCREENSHOTS=1`) are for a person to look at.

On the French table, a screen reader hears the result's fold-outs in French, Flutter's own
words included (`fold_outs_heard_in_french`).

One walk to the result serves the four languages: the language is switched in the app bar on
the result as it stands, and the window turns to each device there (each turn drawn anew).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.flutter import bring_into_view, by_id, tap, tap_and_redraw, type_into
from support.harness import (
    Offline,
    TableServer,
    back_home,
    drawn_for,
    one_table_page,
    picture,
    table_server,
)
from support.pairwise import pairwise
from support.reachable import scan, settle, side_problems
from support.simulate import random_game

from companion.rules.setup import DeckMode, SelectionMethod
from companion.store.db import GameStore
from companion.store.session import Session

UPRIGHT = ("800x1280", {"width": 800, "height": 1280})
WIDE = (("1366x768", {"width": 1366, "height": 768}),
        ("1280x800", {"width": 1280, "height": 800}))
"""Each turn to them is drawn anew (`drawn_for`), so the dialog is opened on the screen drawn
for the new size (a wide page that stays wide is not redrawn, and nothing tells when the
server has the new size)."""


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
    drawn_for(page, UPRIGHT[1])
    tap_and_redraw(page, "past-games")
    tap_and_redraw(page, f"open-{game_id}")
    tap_and_redraw(page, "play")
    by_id(page, "score-table").wait_for()
    the_search_from_the_bar(page)
    looked: list[tuple[str, str]] = []

    def look(lang: str, size: str) -> int:
        by_id(page, "score-table").wait_for()
        if lang == "fr" and not any(seen == "fr" for seen, _ in looked):
            fold_outs_heard_in_french(page)
        looked.append((lang, size))
        return the_reference_at_this_size(page, lang, size)

    pairwise(page, ("en", "fr", "de", "nl"), UPRIGHT, WIDE, look, current="en")
    assert len(looked) == 6, looked
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


ON_SHOW = ("rules-reference", "rules-search", "rules-asked", "close-rules")
"""What the reference opened at the "Why?" shows wholly on screen."""


def cut_or_broken(page: Any, where: str) -> list[str]:
    """The texts of `ON_SHOW` judged as the walks judge a screen's (`support.reachable`): none
    cut by its box, no word broken across lines (an entry's lines together: no word wider than
    the entry), the search field wide enough for its label.
    Only what is wholly on screen is judged: an entry the list's end cuts in half is scrolled
    to, not cut."""
    settle(page)
    boxes = [by_id(page, control).first.bounding_box() for control in ON_SHOW]
    size = page.viewport_size

    def shown(n: dict[str, Any]) -> bool:
        return any(b is not None and b["x"] - 0.5 <= n["x"] and b["y"] - 0.5 <= n["y"]
                   and n["x"] + n["width"] <= b["x"] + b["width"] + 0.5
                   and n["y"] + n["height"] <= b["y"] + b["height"] + 0.5 for b in boxes)
    return [problem for n in scan(page, merged=("rules-entry-",)) if shown(n)
            for problem in side_problems(where, n, size["width"], 0, size["height"])]


def the_reference_at_this_size(page: Any, lang: str, size: str) -> int:
    """The tie-break's "Why?" (R-SCORE-7) opens the reference at the winner's entry: the
    search field, the entry and the Close button all on screen. Returns the length of the
    entry's text."""
    why = by_id(page, "tie-break-why").first
    bring_into_view(page, why)
    tap(page, "tie-break-why")
    by_id(page, "rules-asked").wait_for()
    asked = by_id(page, "rules-asked").locator(
        "[flt-semantics-identifier='rules-entry-winner']")
    asked.wait_for()
    for control in ON_SHOW:
        on_screen(page, control)
    picture(page, f"rules-{lang}-{size}-why")
    assert cut_or_broken(page, f"{lang} {size} rules") == []
    length = len(asked.inner_text())
    tap(page, "close-rules")
    by_id(page, "rules-reference").wait_for(state="detached")
    return length
