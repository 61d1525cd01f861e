"""Entering a building with more than 12 cards: rare, so one tap further, and the usual 0-12 stay
a single tap (R-ROUND-C: any number of cards, 0 allowed, may be laid in a building)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from support.table_screens import Table
from test_ui_round import four_players

from companion.rules import events as ev
from companion.rules import reveal_event


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with Table(tmp_path, four_players()) as found:
        found.play([reveal_event(found.state), ev.SupplyDone()])
        yield found


def test_counts_0_to_12_are_one_tap_and_13_is_behind_more(table: Table) -> None:
    # R-ROUND-C
    ids = table.ids()
    assert {f"enter-1-{n}" for n in range(13)} <= ids
    assert "enter-1-13" not in ids and "enter-1-more" in ids
    table.tap("enter-1-12")
    assert table.stored()[-1] == ev.Entered(0, 1, 12)


def test_more_shows_the_next_thirteen_counts_of_that_building(table: Table) -> None:
    # R-ROUND-C: Anna lays 14 cards in the second building.
    table.tap("enter-1-more")
    ids = table.ids()
    assert {f"enter-1-{n}" for n in range(13, 26)} <= ids
    assert "enter-1-0" not in ids and "enter-0-0" in ids, "only that building turned the page"
    assert table.texts("enter-1-more") == "26+"
    table.tap("enter-1-14")
    assert table.stored()[-1] == ev.Entered(0, 1, 14)


def test_the_next_player_starts_at_0_to_12_again(table: Table) -> None:
    table.tap("enter-2-more")
    table.tap("enter-2-20")
    assert "enter-2-0" in table.ids() and "enter-2-20" not in table.ids()


def test_fewer_turns_back_to_the_lower_counts(table: Table) -> None:
    table.tap("enter-0-more")
    table.tap("enter-0-more")
    assert "enter-0-26" in table.ids()
    table.tap("enter-0-fewer")
    table.tap("enter-0-fewer")
    assert "enter-0-0" in table.ids() and "enter-0-fewer" not in table.ids()
    assert table.stored()[-1] == ev.SupplyDone(), "turning pages records nothing"
