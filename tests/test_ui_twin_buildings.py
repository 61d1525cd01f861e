"""Two Hospitals in one row, told at the table: which one a line is about is never left to
guess.

A building has 5 copies (R-SETUP-2), and a new card is drawn only when all the row's cards are
alike (R-ROUND-A), so a round's row can be Hospital, Town Hall, Hospital. The table names a
Hospital by its card of the row ("Hospital (card 3 of the row)"), as the phones do, in every
line of the round screen that names a building of the row: the entry cards, whom the reveal
waits for, the card of the building being resolved, the actions' heading, the chips of the
row, the undo's words. A building alone in its row keeps its plain name. The game is the real
one (the engine's events through a real Session and store), drawn on the stand-in page.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from support.special_rounds import SETUP
from support.table_screens import Table

from companion.i18n import translator
from companion.i18n.names import row_building_name
from companion.rules import events as ev
from companion.rules.catalog import Building

RED, YELLOW, GREEN, BLUE = 0, 1, 2, 3
FIRST_HOSPITAL, TOWN_HALL, SECOND_HOSPITAL = 0, 1, 2
ROW = (Building.HOSPITAL, Building.TOWN_HALL, Building.HOSPITAL)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    """Four players, every special in play; round 1's row with two Hospitals laid out, and
    Red and Blue in the second Hospital, Yellow alone in the first, Green in the Town Hall
    (R-ROUND-C)."""
    with Table(tmp_path, SETUP) as found:
        found.play([ev.BuildingsRevealed(ROW), ev.SupplyDone(),
                    ev.Entered(RED, SECOND_HOSPITAL, 1), ev.Entered(YELLOW, FIRST_HOSPITAL, 2),
                    ev.Entered(GREEN, TOWN_HALL, 1), ev.Entered(BLUE, SECOND_HOSPITAL, 1)])
        yield found


def test_the_row_of_the_round_names_each_hospital_by_its_card() -> None:
    t = translator("en")
    assert [row_building_name(t, ROW, b) for b in range(3)] == [
        "Hospital (card 1 of the row)", "Town Hall", "Hospital (card 3 of the row)"]
    assert row_building_name(translator("de"), ROW, 2) == "Hospital (Karte 3 der Reihe)"
    for language in ("fr", "nl"):
        said = row_building_name(translator(language), ROW, 2)
        assert "3" in said and said != row_building_name(translator(language), ROW, 0)


def test_the_entries_name_each_hospital_by_its_card(tmp_path: Path) -> None:
    # R-ROUND-C: the table taps an entry on the row's cards; each Hospital says which it is
    with Table(tmp_path, SETUP) as table:
        table.play([ev.BuildingsRevealed(ROW), ev.SupplyDone()])
        assert table.texts("building-0").startswith("Hospital (card 1 of the row)")
        assert table.texts("building-1").startswith("Town Hall Bourgeoisie")
        assert table.texts("building-2").startswith("Hospital (card 3 of the row)")


def test_the_reveal_and_the_actions_say_which_hospital(table: Table) -> None:
    # R-ROUND-D a: the first Hospital is revealed first, Yellow alone in it
    prompt = table.texts("prompt")
    assert "Yellow: reveal your cards in the Hospital (card 1 of the row)." in prompt
    assert table.texts("building-now").startswith("Hospital (card 1 of the row)")
    chips = table.texts()
    assert "Hospital (card 1 of the row)" in chips and "Hospital (card 3 of the row)" in chips
    assert "Town Hall (card" not in chips
    # Yellow reveals: the first Hospital's actions, while the Town Hall waits for Green
    table.play([ev.Revealed(YELLOW, FIRST_HOSPITAL, 2, 0)])
    said = table.texts()
    assert "The players in the Hospital (card 1 of the row) take their actions." in said
    # the Town Hall and then the second Hospital: Red's reveal is asked by its card
    table.play([ev.BuildingResolved(FIRST_HOSPITAL), ev.Revealed(GREEN, TOWN_HALL, 1, 0),
                ev.BuildingResolved(TOWN_HALL)])
    assert "Red: reveal your cards in the Hospital (card 3 of the row)." in table.texts("prompt")


def test_the_undo_names_the_hospital_it_took_back(table: Table) -> None:
    table.play([ev.Revealed(YELLOW, FIRST_HOSPITAL, 2, 0)])
    table.tap("undo")
    assert table.page.messages[-1] == "Undone: Yellow's reveal in the Hospital (card 1 of the row)"
    table.tap("redo")
    assert table.page.messages[-1] == "Redone: Yellow's reveal in the Hospital (card 1 of the row)"
