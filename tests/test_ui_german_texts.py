"""German everywhere: the paper scoring sheet explains its points, and the home screen says where
an unfinished game stands, in the table's language rather than the English of the scoring and
the store."""

from __future__ import annotations

from pathlib import Path

import flet as ft
from support.fake_page import walk
from support.table_screens import Table
from test_ui_round import four_players

from companion.i18n import translator
from companion.i18n.words import words
from companion.rules import events as ev
from companion.rules import reveal_event
from companion.rules.scoring import score
from companion.ui.home.score_form import end_state_from_form

SHEET = {"0-name": "Anna", "1-name": "Ben", "0-church": "3", "1-church": "1", "0-hand": "2",
         "0-rats": "4", "1-rats": "2", "nuns": "5"}


def on_the_sheet(tmp_path: Path, lang: str, values: dict[str, str]) -> Table:
    table = Table(tmp_path, four_players(), lang=lang)
    table.page.route = "/score"
    for key, value in values.items():
        table.type(f"score-{key}", value)
    return table


def test_the_paper_sheet_explains_every_point_in_german(tmp_path: Path) -> None:
    # R-SCORE-1: Anna has the most Church influence (10 VP), Ben the second most (5 VP).
    with on_the_sheet(tmp_path, "de", SHEET) as table:
        table.tap("score-evaluate")
        shown = " ".join(str(c.value) for c in walk(table.page.dialogs[-1])
                         if isinstance(c, ft.Text))
        result = score(end_state_from_form(table.app))
        de = translator("de")
        for line in result.explanation:
            assert words(de, line) in shown
        church = next(line for line in result.explanation if line.params.get("estate") == "church")
        assert words(de, church).startswith("Kirche:")
        assert words(translator("en"), church) not in shown
        # The rule ID stays out of what players read, in the msgid too.
        assert de("Classes") == "Stände"
        assert "Stände" in shown and "R-SCORE-1" not in shown


def test_a_tie_without_the_disc_order_is_told_in_german(tmp_path: Path) -> None:
    # R-SCORE-1: on a tie the order of the discs decides, so the sheet asks for it.
    with on_the_sheet(tmp_path, "de", SHEET | {"1-church": "3"}) as table:
        table.tap("score-evaluate")
        expected = translator("de")(
            "{estate}: players tie on the track; enter each of their player numbers once, from the "
            "bottom disc to the top one.", estate="Kirche")
        assert table.page.messages[-1] == expected
        assert expected.startswith("Kirche: Gleichstand")


def test_a_sheet_with_one_player_asks_for_more_names(tmp_path: Path) -> None:
    # R-SETUP-1: 2 to 5 players.
    with on_the_sheet(tmp_path, "de", {"0-name": "Anna"}) as table:
        table.tap("score-evaluate")
        assert table.page.messages[-1] == \
            "Tragt die Namen von 2 bis 5 Spielern ein."


def resume_offer(table: Table) -> str:
    table.page.route = "/"
    return table.texts(f"progress-{table.session.game_id}")


def test_the_resume_list_says_where_a_game_stands_in_german(tmp_path: Path) -> None:
    # R-ROUND-C: in round 1, after the supply, the start player Anna enters first.
    with Table(tmp_path, four_players(), lang="de") as table:
        table.play([reveal_event(table.state), ev.SupplyDone()])
        de = translator("de")
        expected = (de("Round {round} of {rounds}", round=1, rounds=8) + " · "
                    + de("{player}: enter a building.", player="Anna"))
        assert resume_offer(table) == expected
        assert expected.startswith("Runde 1 von 8")
        progress = table.store.game(table.session.game_id).progress
        assert progress is not None and progress not in table.texts()


def test_the_resume_list_follows_the_game_in_english(tmp_path: Path) -> None:
    with Table(tmp_path, four_players(), lang="en") as table:
        assert resume_offer(table) == "Round 1 of 8 · Anna: enter a building."
        table.play([reveal_event(table.state), ev.SupplyDone(), ev.Entered(0, 1, 2)])
        assert resume_offer(table) == "Round 1 of 8 · Ben: enter a building."
