"""A first game taught on the table's screens: from the setup's switch to the scoring.

The real `TableApp` on the stand-in page (`Table` of the round screen's stories); the table's
taps go through the session on the real engine, and at each step the story reads which
teaching cards the screen shows, as the browser tests read semantics identifiers.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import flet as ft
import pytest
from support.fake_page import FakePage, walk
from test_teaching_due import tap as table_taps
from test_ui_round import Table, four_players

from companion.i18n import LANGUAGES, translator
from companion.i18n.names import building_name
from companion.rules.catalog import Building, PlayerColour
from companion.rules.setup import SelectionMethod
from companion.rules.views import Phase
from companion.server.config import TableConfig
from companion.server.games import OpenGames
from companion.store.db import GameStore
from companion.teaching import progress
from companion.teaching.lessons import LESSONS
from companion.ui.routes import table_app
from companion.ui.setup.draft import PlayerDraft, SetupDraft

SPECIALS = {Building.CASTLE: 5, Building.RAT_CATCHERS_HUT: 5, Building.MONASTERY: 5,
            Building.FARM: 5, Building.TOWN_HALL: 5, Building.PALACE: 5}
"""A set with the Sword, the Flute and the Pass in play."""


def cards_on(table: Table) -> set[str]:
    """The lessons on the screen (the buildings new in the row share one card, a line each)."""
    return {i.removeprefix("lesson-") for i in table.ids()
            if i.startswith("lesson-") and not i.endswith(("-got-it", "-more"))
            and i != "lesson-buildings"}


def words_in(table: Table, identifier: str) -> str:
    """What a card says, its spans too (a building's line is one text of two spans)."""
    return " ".join(" ".join([str(c.value or ""), *(span.text or "" for span in c.spans or ())])
                    for c in walk(table.find(identifier)) if isinstance(c, ft.Text))


def got_its(table: Table) -> list[str]:
    """The "Got it" buttons on the screen: one per teaching card."""
    return sorted(i for i in table.ids() if i.startswith("lesson-") and i.endswith("-got-it"))


def read_the_cards(table: Table, said: dict[str, str] | None = None) -> set[str]:
    """A table that reads every card of the step, one at a time ("Got it" brings the next):
    the lessons it was shown; `said` gets each card's words."""
    seen: set[str] = set()
    while got := got_its(table):
        assert len(got) == 1, got  # one card above the controls
        cards = cards_on(table)
        if said is not None:
            for card in cards - set(said):
                said[card] = words_in(table, f"lesson-{card}")
        seen |= cards
        table.tap(got[0])
    return seen


def play_and_watch(table: Table, said: dict[str, str] | None = None
                   ) -> list[tuple[int, set[str]]]:
    """The game played to its scoring, the screen drawn at every step and every card read:
    (step, its cards); `said` gets each card's words where it first shows."""
    watched = []
    while True:
        at = table.session.table_view().game_events
        watched.append((at, read_the_cards(table, said)))
        view = table.session.decision_view().view
        if view.phase is Phase.FINISHED:
            return watched
        table_taps(table.session, view, round_specials=True)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_first_game_shows_each_card_once_at_its_rules_first_use(tmp_path: Path,
                                                                  lang: str) -> None:
    with Table(tmp_path, four_players(SelectionMethod.CHOSEN, manual=SPECIALS), lang=lang) as table:
        progress.start(table.session, first_game=True, newcomers=())
        said: dict[str, str] = {}
        watched = play_and_watch(table, said)
        t = translator(lang)
        for card, words in said.items():  # in the table's language, at its first showing
            lesson = LESSONS[card]
            title = building_name(t, lesson.building) if lesson.building else t(lesson.title)
            assert title in words and t(lesson.body) in words, (lang, card, words)
            assert lang == "en" or t(lesson.body) != lesson.body, (lang, card)
        steps_of: dict[str, list[int]] = {}
        for at, cards in watched:
            for card in cards:
                steps_of.setdefault(card, []).append(at)
        assert all(len(steps) == 1 for steps in steps_of.values()), steps_of
        assert {"draw-buildings", "supplies", "enter", "reveal", "actions", "sword", "flute",
                "last-round", "end-hands", "plague", "scoring"} <= set(steps_of)
        assert steps_of["draw-buildings"] == [1]  # the game's first screen
        # R-COMP-4: each building of the set, the first round it is in the row
        assert {c for c in steps_of if c.startswith("building-")} == {
            f"building-{b.value}" for b in SPECIALS}
        order = sorted(steps_of, key=lambda card: steps_of[card][0])
        assert order.index("enter") < order.index("reveal") < order.index("end-hands") \
            < order.index("plague") < order.index("scoring")


def test_got_it_and_tell_me_more(tmp_path: Path) -> None:
    with Table(tmp_path, four_players()) as table:
        progress.start(table.session, first_game=True, newcomers=())
        table.tap("lesson-draw-buildings-more")  # R-ROUND-A: the reference opens at its entry
        assert table.page.dialogs and "lesson-draw-buildings" in table.ids()
        table.page.dialogs.clear()
        table.tap("lesson-draw-buildings-got-it")
        assert "lesson-draw-buildings" not in table.ids()
        assert cards_on(table) == {"supplies"}  # the next card of the step
        table.tap("lesson-supplies-got-it")
        table.tap("lesson-enter-got-it")
        # the app's deck's row is folded into the first entry: its buildings are taught there
        row = {c for c in cards_on(table) if c.startswith("building-")}
        said = "".join(str(span.text) for c in _walk(table.find("lesson-buildings"))
                       for span in (getattr(c, "spans", None) or []))
        assert row and "Monastery · Discarding rats" in said
        table.tap("lesson-buildings-got-it")  # one tap for the row's buildings
        assert not {c for c in cards_on(table) if c.startswith("building-")}
        assert cards_on(table) == {"actions"}


def test_a_first_entry_shows_one_card_at_a_time_above_its_controls(tmp_path: Path) -> None:
    """R-ROUND-A..D, R-SCORE-2: the game's first entry uses six lessons (the row, the supply,
    entering, the row's buildings, the premium action, the hand kept). One card stands above
    the entry's controls at a time and says how many wait; "Got it" brings the next, and the
    count buttons are on the screen throughout."""
    with Table(tmp_path, four_players(), lang="de") as table:
        progress.start(table.session, first_game=False, newcomers=(0, 1, 2, 3))
        assert "5 weitere Tipps nach diesem" in table.texts("lesson-draw-buildings")
        read = []
        while got := got_its(table):
            assert len(got) == 1, got
            assert {"prompt", "enter-0-1", "enter-1-1"} <= table.ids()
            read.append(got[0].removeprefix("lesson-").removesuffix("-got-it"))
            table.tap(got[0])
        assert read == ["draw-buildings", "supplies", "enter", "buildings", "actions",
                        "hand-scores"]
        assert "weitere Tipp" not in table.texts()


def test_a_card_left_waiting_comes_at_the_next_step_that_uses_it(tmp_path: Path) -> None:
    """The first player enters without reading on: the entry's lessons come, one by one, at
    the next players' entries (R-ROUND-C), each shown once."""
    with Table(tmp_path, four_players()) as table:
        progress.start(table.session, first_game=True, newcomers=())
        shown = [cards_on(table)]
        for _ in range(3):
            table_taps(table.session, table.session.decision_view().view, round_specials=False)
            shown.append(cards_on(table))
        assert shown == [{"draw-buildings"}, {"enter"}, {f"building-{b.value}" for b in
                                                         table.session.table_view().row},
                         {"actions"}]


def test_a_card_survives_a_restart_at_its_step(tmp_path: Path) -> None:
    with Table(tmp_path, four_players()) as table:
        progress.start(table.session, first_game=True, newcomers=())
        assert "draw-buildings" in cards_on(table)
    again = Table.__new__(Table)  # the server restarted: the same store, the same game
    again.store = GameStore.open(tmp_path)
    again.page = FakePage()
    with again:
        again.games = OpenGames(again.store)
        again.app = table_app(again.page,  # type: ignore[arg-type]
                              TableConfig(data_dir=tmp_path, host_key="k" * 32), again.games)
        again.app.authorized = True
        again.session = again.games.open(table.session.game_id)
        again.page.route = f"/game/{table.session.game_id}/play"
        assert "draw-buildings" in cards_on(again)
        view = again.session.decision_view().view
        table_taps(again.session, view, round_specials=False)
        assert "draw-buildings" not in cards_on(again)


def test_old_hands_see_no_card_and_one_newcomer_brings_them(tmp_path: Path) -> None:
    with Table(tmp_path / "old", four_players(SelectionMethod.CHOSEN, manual=SPECIALS)) as old:
        assert all(cards == set() for _at, cards in play_and_watch(old))
    with Table(tmp_path / "mixed", four_players()) as mixed:
        progress.start(mixed.session, first_game=False, newcomers=(1,))
        assert "draw-buildings" in cards_on(mixed)
        assert "For Ben, new to the game" in mixed.texts("lesson-draw-buildings")


def test_what_do_i_do_now_says_the_step_and_its_rules(tmp_path: Path) -> None:
    with Table(tmp_path, four_players()) as table:  # no teaching asked: the help is there anyway
        table.tap("what-now")
        dialog = table.page.dialogs[-1]
        words = " ".join(str(getattr(c, "value", "")) for c in _walk(dialog))
        assert "Replacement deck" in words  # R-ROUND-A


def test_the_setup_teaches_its_pieces_and_the_game_keeps_the_switch(tmp_path: Path) -> None:
    with Table(tmp_path, four_players()) as table:
        draft = SetupDraft(players=[PlayerDraft("Anna", PlayerColour.RED),
                                    PlayerDraft("Ben", PlayerColour.BLUE, new=True)])
        table.app.tab.setup = draft
        table.app.session = None
        table.page.route = "/setup/checklist"
        ids = table.ids()
        assert {"opening", "lesson-setup-board", "lesson-setup-rats",
                "lesson-setup-specials"} <= ids
        table.tap("lesson-setup-rats-got-it")
        assert "lesson-setup-rats" not in table.ids()
        table.tap("start-game")
        game = table.page.route.split("/")[2]
        taught = progress.teaching_of(table.app.games.open(game))
        assert taught.newcomers == (1,) and not taught.first_game
        assert {"setup-board", "setup-rats", "setup-specials"} <= set(taught.shown)


def switch_on(table: Table) -> bool:
    """What "First game: teach us as we play" shows on the options screen."""
    table.page.route = "/setup/options"
    return bool(next(c for c in _walk(table.find("first-game"))
                     if isinstance(c, ft.Switch)).value)


def tick(table: Table, identifier: str) -> None:
    """A tap on a checkbox or the switch of the wizard, as Flet calls its handler."""
    box = next(c for c in _walk(table.find(identifier)) if getattr(c, "on_change", None))
    box.on_change(None)


def test_the_teaching_follows_the_players_new_to_the_game(tmp_path: Path) -> None:
    """Everyone ticked "new to the game": the switch is on by itself, and the game is taught."""
    with Table(tmp_path, four_players()) as table:
        table.app.session = None
        table.app.tab.setup = SetupDraft(players=[PlayerDraft("Anke", PlayerColour.RED),
                                                  PlayerDraft("Bernd", PlayerColour.BLUE)])
        assert not switch_on(table)
        table.page.route = "/setup/players"
        tick(table, "newcomer-0")
        tick(table, "newcomer-1")
        assert switch_on(table)
        table.page.route = "/setup/checklist"
        assert "opening" in table.ids()
        table.tap("start-game")
        taught = progress.teaching_of(table.app.games.open(table.page.route.split("/")[2]))
        assert taught.on and taught.newcomers == (0, 1)


def test_a_table_that_switches_the_teaching_off_is_not_taught(tmp_path: Path) -> None:
    """The switch by hand wins over the ticks, whether they come before or after it."""
    with Table(tmp_path, four_players()) as table:
        table.app.session = None
        draft = SetupDraft(players=[PlayerDraft("Anke", PlayerColour.RED, new=True),
                                    PlayerDraft("Bernd", PlayerColour.BLUE)])
        table.app.tab.setup = draft
        assert switch_on(table)
        tick(table, "first-game")
        assert not switch_on(table) and not draft.taught
        table.page.route = "/setup/players"
        tick(table, "newcomer-1")
        assert not switch_on(table)
        table.page.route = "/setup/checklist"
        assert "opening" not in table.ids()
        table.tap("start-game")
        game = table.app.games.open(table.page.route.split("/")[2])
        assert not progress.teaching_of(game).on


def test_old_hands_switch_the_teaching_on_by_hand(tmp_path: Path) -> None:
    with Table(tmp_path, four_players()) as table:
        table.app.session = None
        table.app.tab.setup = SetupDraft(players=[PlayerDraft("Anke", PlayerColour.RED),
                                                  PlayerDraft("Bernd", PlayerColour.BLUE)])
        assert not switch_on(table)
        tick(table, "first-game")
        assert switch_on(table)
        table.page.route = "/setup/checklist"
        table.tap("start-game")
        taught = progress.teaching_of(table.app.games.open(table.page.route.split("/")[2]))
        assert taught.first_game and taught.on


def _walk(control: object) -> list[Any]:
    from test_ui_round import walk

    return list(walk(control))
