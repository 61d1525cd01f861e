"""Card names as printed on the players' cards: the table says in which language its
cards are printed (the setup's options, remembered by the browser like the table's language;
default: the table's own), and a building shows a second name, its name on those cards, only
where the cards' language differs from the table's.

The stand-in table (tests/support/table_screens.py) with the real engine: Anna, Ben, Cleo and Dora
set up the first-game set (R-SETUP-3) and enter buildings in round 1 (R-ROUND-C).
"""

from __future__ import annotations

from pathlib import Path

import flet as ft
import pytest
from support.fake_page import walk
from support.table_screens import Table
from test_ui_round import NAMES, four_players, to_phase_c

from companion.i18n import Translator, translator
from companion.i18n.names import building_name, row_building_name
from companion.rules.catalog import BUILDINGS, Building
from companion.ui.setup.players import ensure_draft
from companion.ui.shell import PREF_CARDS


def choose_cards(table: Table, language: str | None) -> None:
    """On the setup's options screen the table taps the language its cards are printed in."""
    table.page.route = "/setup/options"
    draft = ensure_draft(table.app)
    for name in NAMES:
        draft.add_player(name)
    if language is not None:
        table.tap(f"cards-{language}")


def in_the_round(table: Table) -> list[tuple[Building, list[str], list[str]]]:
    """Each building Anna may enter: its names in bold and its second name in italics."""
    table.page.route = f"/game/{table.session.game_id}/play"
    to_phase_c(table)
    row = table.state.rounds[-1].row
    cards = []
    for position, building in enumerate(row):
        card = table.find(f"building-{position}")
        texts = [c for c in walk(card) if isinstance(c, ft.Text)]
        cards.append((building,
                      [str(c.value) for c in texts if c.weight == ft.FontWeight.BOLD],
                      [str(c.value) for c in texts if c.italic]))
    assert cards
    return cards


def row_name(t: Translator, table: Table, position: int) -> str:
    """The name of the round's card at `position`: a building with a twin in the row by its
    card of the row (R-ROUND-A), as the table names it."""
    return row_building_name(t, table.state.rounds[-1].row, position)


def test_a_french_table_with_french_cards_shows_one_name(tmp_path: Path) -> None:
    table = Table(tmp_path, four_players(), lang="fr")
    choose_cards(table, "fr")
    assert table.app.cards == "fr"
    fr = translator("fr")
    for position, (building, bold, italic) in enumerate(in_the_round(table)):
        assert row_name(fr, table, position) in bold
        assert italic == [], building  # no German name under a French card's
    table.store.close()


def test_an_english_table_with_german_cards_shows_the_german_name(tmp_path: Path) -> None:
    table = Table(tmp_path, four_players(), lang="en")
    choose_cards(table, "de")
    en = translator("en")
    shown = in_the_round(table)
    for position, (building, bold, italic) in enumerate(shown):
        assert row_name(en, table, position) in bold
        assert italic == [BUILDINGS[building].name_de], building
    assert any(BUILDINGS[b].name_de != building_name(en, b) for b, _, _ in shown)
    # The choice is the table's, kept with its language: the wizard shows it ticked.
    table.page.route = "/setup/options"
    assert ticked(table, "cards-de")
    assert not ticked(table, "cards-en")
    table.store.close()


def test_a_dutch_table_with_dutch_cards_by_default_shows_one_name(tmp_path: Path) -> None:
    table = Table(tmp_path, four_players(), lang="nl")
    choose_cards(table, None)  # nobody changes it: the cards are the table's language
    assert table.app.cards is None
    assert ticked(table, "cards-nl")
    nl = translator("nl")
    for position, (building, bold, italic) in enumerate(in_the_round(table)):
        assert row_name(nl, table, position) in bold
        assert italic == [], building
    table.store.close()


def test_french_cards_at_a_german_table_show_the_french_name(tmp_path: Path) -> None:
    table = Table(tmp_path, four_players(), lang="de")
    choose_cards(table, "fr")
    fr = translator("fr")
    for building, _, italic in in_the_round(table):
        assert italic == [building_name(fr, building)], building
    table.store.close()


def ticked(table: Table, identifier: str) -> bool:
    return any(isinstance(c, ft.Icon) and c.icon == ft.Icons.CHECK_CIRCLE
               for c in walk(table.find(identifier)))


@pytest.mark.parametrize("language", ["de", "fr", "nl"])
def test_the_cards_setting_is_worded_in_each_language(language: str) -> None:
    t = translator(language)
    assert t("Cards printed in") != "Cards printed in"
    assert PREF_CARDS.startswith("rattus_companion.")
