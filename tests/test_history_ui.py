"""The History screen at the table without a browser: the Thursday group's games listed, a
result opened read-only, a player's page with the chart, "Play again" and the CSV file.

The real `TableApp` is built on the stand-in page (`support.table_screens.Screens`), controls
are found by their semantics identifiers and their handlers called.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import flet as ft
import pytest
from support.fake_page import walk
from support.reachable import LINE_HEIGHT
from support.table_screens import Screens
from test_history_figures import Thursdays

from companion.history.figures import HeadToHead
from companion.history.words import head_to_head_line
from companion.i18n import translator
from companion.rules.catalog import PlayerColour
from companion.rules.house_rules import HouseRules, TrackTie
from companion.rules.setup import DeckMode, SelectionMethod, make_setup, setup_code
from companion.server.app import ASSETS_DIR
from companion.ui.history import screen as history_screen
from companion.ui.history.again import draft_again
from companion.ui.history.chart import MOST_POINTS, chart_points
from companion.ui.history.screen import history_player_route
from companion.ui.shared.line_chart import count_axis, value_axis


def at_the_table(nights: Thursdays, tmp: Path, lang: str = "en") -> Screens:
    """The table's browser over the Thursday group's stored games."""
    return Screens(tmp, nights.games, lang, settle=True)


@pytest.fixture
def nights(tmp_path: Path) -> Iterator[Thursdays]:
    made = Thursdays(tmp_path)
    yield made
    made.store.close()


def test_the_home_screen_opens_the_history(nights: Thursdays, tmp_path: Path) -> None:
    table = at_the_table(nights, tmp_path)
    table.show("/")
    table.tap("history")
    assert table.page.route == "/history"
    ids = table.ids()
    assert {f"history-game-{g}" for g in (nights.first, nights.tie, nights.plague,
                                          nights.shared)} <= ids
    assert f"history-game-{nights.unfinished}" not in ids
    assert "4 finished games." in table.texts("history-count")
    # newest first; the plague took Anna in the third game
    cards = [i for i in (c.identifier for c in walk(table.view())
                         if isinstance(c, ft.Semantics)) if i and i.startswith("history-game-")]
    assert cards == [f"history-game-{g}" for g in (nights.shared, nights.plague, nights.tie,
                                                   nights.first)]
    assert f"died-{nights.plague}-0" in ids
    plague = table.texts(f"history-game-{nights.plague}")
    assert "Winner: Ben with 12 VP" in plague and "30 VP" in plague
    assert "Winner: Anna, Ben with 10 VP" in table.texts(f"history-game-{nights.shared}")
    group = table.texts("history-group")
    assert "Average winning score: 14.3 VP" in group
    assert "The plague decided 1 game" in group
    assert "Anna – Ben: 4 games together, 2 to 3 wins" in table.texts("history-head-to-head")


def test_a_filter_keeps_one_players_games(nights: Thursdays, tmp_path: Path) -> None:
    table = at_the_table(nights, tmp_path)
    table.show("/history")
    table.tap("history-filter-2")  # Cleo: three games, never the two-player one
    assert "3 finished games." in table.texts("history-count")
    assert f"history-game-{nights.shared}" not in table.ids()


def test_a_game_opens_read_only_and_plays_again(nights: Thursdays, tmp_path: Path) -> None:
    table = at_the_table(nights, tmp_path)
    table.show("/history")
    table.tap(f"history-game-{nights.tie}")
    assert table.page.route == f"/history/game/{nights.tie}"
    ids = table.ids()
    assert {"score-table", "tie-break", "winner", "play-again"} <= ids
    assert not {"end-edit", "open-corrections", "end-score"} & ids
    assert "fewer rats" in table.texts("tie-break")
    table.tap("play-again")
    assert table.page.route == "/setup/checklist"
    draft = table.app.tab.setup
    assert draft is not None
    assert [(p.name, p.colour) for p in draft.players] == [
        ("anna", PlayerColour.RED), ("Ben", PlayerColour.YELLOW), ("Cleo", PlayerColour.GREEN)]
    assert "setup-checklist" in table.ids()


def test_a_players_page_has_the_figures_the_chart_and_a_rename(nights: Thursdays,
                                                               tmp_path: Path) -> None:
    table = at_the_table(nights, tmp_path)
    table.show(history_player_route("Cleo"))
    figures = table.texts("player-figures")
    assert "3 games · 0 wins · win rate 0%" in figures
    assert "Average 10.0 VP, best 10 VP" in figures
    assert "vp-chart" in table.ids()
    table.type("rename-name", "Clea")  # she goes by Clea now, in every game
    table.tap("rename")
    assert table.page.route == history_player_route("Clea")
    assert "3 games" in table.texts("player-figures")
    table.show("/history")
    assert "Clea" in table.texts() and "Cleo" not in table.texts()


def test_the_chart_has_a_point_per_game(nights: Thursdays, tmp_path: Path) -> None:
    import flet_charts as fch

    table = at_the_table(nights, tmp_path)
    table.show(history_player_route("Anna"))
    chart = next(c for c in walk(table.find("vp-chart")) if isinstance(c, fch.LineChart))
    points = [p for line in chart.data_series for p in line.points]
    assert [(p.x, p.y) for p in points] == [(1, 20), (2, 15), (3, 30), (4, 10)]
    assert points[2].tooltip == "Game 3: 30 VP"


def test_a_long_history_is_drawn_as_runs_of_games_at_their_average() -> None:
    # Five games (VP 10, 20, 30, 40, 50) on a line of at most two points: runs of three
    # games, the last one shorter; each point at its run's last game.
    assert chart_points([10, 20, 30, 40, 50], most=2) == [(1, 3, 20.0), (4, 5, 45.0)]
    assert chart_points([10, 20], most=2) == [(1, 1, 10.0), (2, 2, 20.0)]
    # 1,000 games: 50 points of 20 games each, the first and last games on the line
    thousand = chart_points(list(range(1000)))
    assert len(thousand) == MOST_POINTS == 50
    assert thousand[0] == (1, 20, 9.5) and thousand[-1] == (981, 1000, 989.5)


@pytest.mark.parametrize("first, last", [(1, 1), (1, 4), (0, 8), (0, 10), (1, 25), (1, 49),
                                         (1, 1000)])
def test_every_label_of_the_foot_stands_where_the_chart_spaces_them(first: int, last: int
                                                                     ) -> None:
    """flet-charts draws a label only where its spacing, counted from 0, lands: a label off
    that spacing is never drawn (the VP side showed 0, 30 and 36 of 0 to 36 by 6)."""
    foot = count_axis(first, last, "Game")
    values = [label.value for label in foot.labels]
    assert values and all(first <= v <= last and v % foot.label_spacing == 0 for v in values)
    assert len(values) == len(range(first, last + 1)) or 4 <= len(values) <= 11


@pytest.mark.parametrize("top", [0, 1, 7, 30, 36, 61])
def test_every_label_of_the_side_stands_where_the_chart_spaces_them(top: int) -> None:
    side = value_axis(top)
    values = [label.value for label in side.labels]
    assert values[0] == 0 and values[-1] > top and len(values) <= 7
    assert all(v % side.label_spacing == 0 for v in values)


SHIPPED_FONT = ASSETS_DIR / "fonts" / "DejaVuSans.ttf"


def printed_size(text: ft.Control) -> float:
    assert isinstance(text, ft.Text) and text.size is not None
    return float(text.size)


@pytest.mark.parametrize("lang", ["en", "de", "fr", "nl"])
def test_the_foot_keeps_room_for_its_title_and_numbers(lang: str) -> None:
    """flet-charts gives an axis's title and labels the room it is told (`title_size`,
    `label_size`) and clips what is taller: a foot with 8 px for its title showed the top
    half of "Game". The history's foot counts games, the result's rounds."""
    t = translator(lang)
    for title in (t("Game"), t("Round")):
        foot = count_axis(1, 10, title)
        assert foot.title is not None and foot.title_size is not None
        assert foot.title_size >= printed_size(foot.title) * LINE_HEIGHT
        assert foot.label_size is not None
        assert all(foot.label_size >= printed_size(label.label) * LINE_HEIGHT
                   for label in foot.labels if label.label is not None)


@pytest.mark.parametrize("top", [7, 61, 150])
def test_the_side_keeps_room_for_its_widest_number(top: int) -> None:
    """The side's labels stand in the width it is told (`label_size`), in the shipped font:
    a wider number would be cut at the chart's left edge."""
    from PIL import ImageFont

    side = value_axis(top)
    assert side.label_size is not None
    for label in side.labels:
        assert isinstance(label.label, ft.Text)
        font = ImageFont.truetype(str(SHIPPED_FONT), round(printed_size(label.label)))
        assert font.getlength(str(label.label.value)) <= side.label_size, label.value


def test_in_french_one_win_is_not_put_in_the_plural() -> None:
    """"1 victoires contre 0" stood on Anna's page: the plural follows the games, not the
    wins, so French names the wins once, before the score."""
    line = head_to_head_line(translator("fr"), HeadToHead("Anna", "Cleo", 3, 1, 0))
    assert line == "Anna – Cleo\xa0: 3 parties ensemble, victoires\xa0: 1 contre 0"


def test_in_german_numbers_take_a_comma(nights: Thursdays, tmp_path: Path) -> None:
    table = at_the_table(nights, tmp_path, lang="de")
    table.show(history_player_route("Anna"))
    assert "18,8" in table.texts("player-figures")


def test_the_csv_is_written_to_the_data_folder(nights: Thursdays, tmp_path: Path) -> None:
    table = at_the_table(nights, tmp_path)
    table.show("/history")
    table.tap("history-csv")
    written = tmp_path / "history.csv"
    assert written.read_text(encoding="utf-8").splitlines()[0].startswith(
        "game_id,finished_at,player,")
    assert str(written) in table.page.messages[-1]


def test_a_long_history_is_counted_while_the_screen_says_so(nights: Thursdays, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    # After a restart every game is replayed once; with many games that is done in the
    # background, and the screen is drawn again with them when it is done.
    monkeypatch.setattr(history_screen, "COUNT_IN_FRAME", 0)
    go = threading.Event()
    scored = history_screen.load_history

    def when_told(*args: Any, **kwargs: Any) -> Any:
        go.wait()
        return scored(*args, **kwargs)

    monkeypatch.setattr(history_screen, "load_history", when_told)
    table = at_the_table(nights, tmp_path)
    table.page.route = "/history"
    table.app.render()
    first = table.page.views[-1]
    assert "history-counting" in {c.identifier for c in walk(first)
                                  if isinstance(c, ft.Semantics)}
    go.set()
    for thread in threading.enumerate():
        if thread.name == "history-count":
            thread.join()
    table.page.run_pending()  # the redraw the counting thread asked the page's loop for
    again = table.page.views[-1]
    assert again is not first
    assert f"history-game-{nights.plague}" in {c.identifier for c in walk(again)
                                                if isinstance(c, ft.Semantics)}


def test_play_again_keeps_players_colours_and_house_rules() -> None:
    # R-SETUP-2 (b): a random building per estate; again, the buildings are drawn afresh
    rules = HouseRules(track_tie=TrackTie.BOTTOM_WINS, all_dead_variant=True)
    players = [("Dora", PlayerColour.BLUE), ("Emil", PlayerColour.PURPLE),
               ("Anna", PlayerColour.RED)]
    played = make_setup(players, SelectionMethod.ONE_PER_ESTATE, 1234, DeckMode.PHYSICAL, 1,
                        rules)
    again = draft_again(played).setup()
    assert list(zip(again.names, again.colours, strict=True)) == players
    assert (again.method, again.deck_mode, again.house_rules) == (
        SelectionMethod.ONE_PER_ESTATE, DeckMode.PHYSICAL, rules)
    assert again.seed != played.seed
    same = draft_again(played, setup_code(played)).setup()
    assert setup_code(same) == setup_code(played) and same.buildings == played.buildings


def test_play_again_with_the_same_code_from_the_result(nights: Thursdays, tmp_path: Path
                                                       ) -> None:
    table = at_the_table(nights, tmp_path)
    table.show(f"/history/game/{nights.plague}")
    table.tap("play-again-same")
    draft = table.app.tab.setup
    assert draft is not None and table.page.route == "/setup/checklist"
    assert setup_code(draft.setup()) == nights.store.game(nights.plague).setup_code
    assert [p.name for p in draft.players] == ["Anna", "Benjamin", "Cleo"]


def test_a_long_list_shows_the_newest_games_and_more_on_a_tap(
        nights: Thursdays, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(history_screen, "SHOWN", 2)
    table = at_the_table(nights, tmp_path)
    table.show("/history")

    def listed() -> list[str]:
        return [c.identifier for c in walk(table.view()) if isinstance(c, ft.Semantics)
                and c.identifier and c.identifier.startswith("history-game-")]

    assert listed() == [f"history-game-{nights.shared}", f"history-game-{nights.plague}"]
    assert "4 finished games." in table.texts("history-count")  # the figures count all four
    table.tap("history-more")
    assert table.page.route == "/history/newest/4"
    assert len(listed()) == 4 and "history-more" not in table.ids()


def test_the_past_games_list_the_newest_and_more_on_a_tap(
        nights: Thursdays, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A card for each of 1,000 stored games would take seconds to draw.
    from companion.ui.home import past_games

    monkeypatch.setattr(past_games, "SHOWN", 2)
    table = at_the_table(nights, tmp_path)
    table.show("/games")

    def listed() -> list[str]:
        return sorted(i for i in table.ids() if i.startswith("open-"))

    newest = [g.game_id for g in nights.store.list_games()]
    assert listed() == sorted(f"open-{g}" for g in newest[:2])
    assert "5 games stored." in table.texts("past-games-list")
    table.tap("past-games-more")
    assert table.page.route == "/games/newest/4"
    assert listed() == sorted(f"open-{g}" for g in newest[:4])
    table.tap("past-games-more")
    assert len(listed()) == 5 and "past-games-more" not in table.ids()


def listed_cards(view: ft.View) -> list[str]:
    return [c.identifier for c in walk(view) if isinstance(c, ft.Semantics)
            and c.identifier and c.identifier.startswith("history-game-")]


def test_the_first_frame_has_the_figures_and_the_rest_follows_below(
        nights: Thursdays, tmp_path: Path) -> None:
    table = Screens(tmp_path, nights.games)
    first = table.show("/history")
    drawn = {c.identifier for c in walk(first) if isinstance(c, ft.Semantics)}
    assert {"history-count", "history-group", "history-head-to-head"} <= drawn
    assert "history-csv" not in drawn and "history-filter-all" not in drawn
    assert listed_cards(first) == []
    assert table.page.run_pending() == 1
    assert table.page.views[-1] is first
    assert listed_cards(first) == [f"history-game-{g}" for g in (
        nights.shared, nights.plague, nights.tie, nights.first)]
    order = [c.identifier for c in walk(first) if isinstance(c, ft.Semantics) and c.identifier]
    # what came after is below what was shown: nothing already read moves
    assert order.index("history-head-to-head") < order.index("history-filter-all") \
        < order.index("history-csv") < order.index(f"history-game-{nights.shared}")


def test_a_players_first_frame_has_the_figures_and_the_chart_follows_below(
        nights: Thursdays, tmp_path: Path) -> None:
    table = Screens(tmp_path, nights.games)
    first = table.show(history_player_route("Anna"))
    drawn = [c.identifier for c in walk(first) if isinstance(c, ft.Semantics) and c.identifier]
    assert "player-figures" in drawn and "player-head-to-head" in drawn
    assert "vp-chart" not in drawn and "rename" not in drawn
    assert table.page.run_pending() == 1
    drawn = [c.identifier for c in walk(first) if isinstance(c, ft.Semantics) and c.identifier]
    assert drawn.index("player-head-to-head") < drawn.index("vp-chart") < drawn.index("rename")


def test_the_rest_of_a_screen_no_longer_shown_is_not_added(nights: Thursdays,
                                                           tmp_path: Path) -> None:
    table = Screens(tmp_path, nights.games)
    listed = table.show("/history")
    table.show("/")  # the player went back before the rest came
    table.page.run_pending()
    assert listed_cards(listed) == []
    assert table.page.views[-1] is not listed
