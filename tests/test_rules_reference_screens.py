"""The rules reference as a finished game's result opens it, in each language of the box.

The reference opens from the bar with its search field and its Close button; a search for
the plague in the table's words (in another case than the entry's) keeps the plague's entry and
drops the others, a search for nothing the rules say says so; and the tie-break's "Why?"
(R-SCORE-7) opens the reference at the winner's entry, first and marked. What the reference
shows is the same on every device; that it fits each device's screen is measured in chromium
(`tests/browser/test_rules_reference.py`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import flet as ft
import pytest
from support.fake_page import walk
from support.simulate import random_game
from support.table_screens import Table, fire

from companion.rules import events as ev
from companion.rules.setup import DeckMode, SelectionMethod

LANGUAGES = ("en", "fr", "de", "nl")
PLAGUE = {"en": "plague", "de": "PEST", "fr": "peste", "nl": "Pest"}
"""The plague in each language, in another case than the entry's: the search ignores case."""


def finished(tmp_path: Path, lang: str) -> Table:
    """A 3-player game the engine played to the end (R-SCORE), on its result screen."""
    events = random_game(7, 3, deck_mode=DeckMode.DIGITAL, method=SelectionMethod.FIRST_GAME,
                         private=False)
    started = events[0]
    assert isinstance(started, ev.GameStarted)
    table = Table(tmp_path, started.setup, lang)
    table.play(events[1:])
    return table


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    """A control redrawn by its own handler (the reference's list after a search) is drawn by
    the page; the stand-in page has nothing to draw on."""
    monkeypatch.setattr(ft.BaseControl, "update", lambda self: None)


def on_top(table: Table) -> dict[str, Any]:
    """The tagged controls of the dialog on top, by their identifiers."""
    dialog = table.page.dialogs[-1]
    return {str(c.identifier): c for c in walk([dialog.title, dialog.content, dialog.actions])
            if isinstance(c, ft.Semantics) and c.identifier}


def search(table: Table, words: str) -> set[str]:
    """Type `words` into the reference's search; the identifiers shown then."""
    field = next(c for c in walk(on_top(table)["rules-search"]) if isinstance(c, ft.TextField))
    field.value = words
    fire(field.on_change, None)
    return set(on_top(table))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_reference_finds_in_the_tables_words_and_opens_at_the_why(
        tmp_path: Path, lang: str, drawn: None) -> None:
    table = finished(tmp_path, lang)
    try:
        assert "score-table" in table.ids()
        table.tap("rules")
        shown = set(on_top(table))
        assert {"rules-reference", "rules-search", "close-rules"} <= shown
        assert "rules-asked" not in shown
        found = search(table, PLAGUE[lang])
        assert "rules-entry-plague" in found and "rules-entry-farm" not in found
        assert "rules-nothing-found" not in found
        found = search(table, "zeppelin")
        assert "rules-nothing-found" in found
        assert not any(i.startswith("rules-entry-") for i in found)
        table.page.pop_dialog()

        # R-SCORE-7: the tie-break's "Why?" opens the winner's entry, first and marked
        table.tap("tie-break-why")
        dialog = table.page.dialogs[-1]
        entries = [str(c.identifier) for c in walk(dialog.content)
                   if isinstance(c, ft.Semantics) and str(c.identifier).startswith("rules-")]
        assert entries[:3] == ["rules-search", "rules-asked", "rules-entry-winner"], entries
    finally:
        table.store.close()
