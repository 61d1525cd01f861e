"""The rulebook's example (seeds 001 and 003), played as a practice game on the real screens.

A table taps "Try the rulebook's example" on the home screen and then, scene by scene, the
controls the narration names, on the real round screen with the real engine and store. After
each building the rulebook's numbers are checked against the engine (R-ROUND-C, R-ROUND-D,
R-SPECIAL-1): influence, rats, who takes the premium and why, the Sword. A practice game is
marked in the store and never counted (the history, its CSV, BG Stats).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.sessions import game_state, logged_events
from support.table_screens import Screens

from companion.history.figures import csv_text, load_history
from companion.practice.example import (
    BLUE,
    GREEN,
    MONASTERY_1,
    MONASTERY_2,
    RED,
    ROW,
    SCENES,
    TENT,
    YELLOW,
    follow,
)
from companion.rules import apply, guide
from companion.rules import events as ev
from companion.rules.catalog import Estate
from companion.rules.guide import step_at
from companion.rules.resolution import PremiumReason, SpecialOutcome
from companion.rules.state import Phase
from companion.server.games import OpenGames
from companion.store.bgstats import game_play_link
from companion.store.db import GameStore, StoreError

SCENE = {scene.key: scene for scene in SCENES}


class Table(Screens):
    """The table's browser without a browser, from the home screen on."""

    def __init__(self, tmp: Path, lang: str = "en", width: int = 1280) -> None:
        self.tmp = tmp
        self.store = GameStore.open(tmp)
        super().__init__(tmp, OpenGames(self.store), lang, width)

    @property
    def session(self) -> Any:
        if self.app.session is None:
            self.view()
        assert self.app.session is not None
        return self.app.session

    @property
    def state(self) -> Any:
        return game_state(self.session)

    def try_the_example(self) -> str:
        self.page.route = "/"
        self.tap("try-example")
        assert self.page.route.endswith("/play"), self.page.route
        self.view()
        return self.page.route.split("/")[2]

    def play_scene(self, key: str) -> None:
        """What the narration says to tap, tapped: it must be on the screen first."""
        scene = SCENE[key]
        assert follow(self.session.public_events()).scene is scene
        assert self.texts("practice-tap")
        for control in scene.controls:
            self.tap(control)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    found = Table(tmp_path)
    yield found
    found.store.close()


def test_one_tap_sets_up_the_rulebooks_table_on_the_round_screen(table: Table) -> None:
    game_id = table.try_the_example()
    state = table.state
    assert state.setup.names == ("Red", "Yellow", "Green", "Blue")
    assert state.setup.start_player == RED
    assert state.record.row == ROW
    assert table.store.game(game_id).practice
    ids = table.ids()
    assert {"practice-narration", "leave-practice", "enter-1-4"} <= ids
    says = table.texts("practice-says")
    assert "Fortune Teller's Tent" in says and "Nun-row" in says and "estate" not in says
    assert table.texts("practice-tap") == "On the first Monastery, tap 4."


def test_the_example_played_through_gives_the_rulebooks_numbers(table: Table) -> None:
    table.try_the_example()
    # R-ROUND-C: from the start player clockwise, each on the leftmost free slot
    for key in ("red", "yellow", "green", "blue"):
        table.play_scene(key)
    record = table.state.record
    assert record.entrants(MONASTERY_1) == (RED,) and record.entrants(TENT) == (YELLOW,)
    assert record.entrants(MONASTERY_2) == (GREEN, BLUE)
    assert table.state.phase is Phase.D

    # R-ROUND-D: the Tent first. Yellow: 2 witches and a monk, +3 Magic, 1 rat.
    table.play_scene("tent")
    state = table.state
    assert state.influence(YELLOW, Estate.MAGIC) == 3
    assert state.rats[YELLOW] == 11
    tent = table.session.table_view().resolutions[TENT]
    assert (tent.premium, tent.premium_reason) == (YELLOW, PremiumReason.ALONE)
    assert [(a.player, a.premium, a.action.amount) for a in tent.actions] == [(YELLOW, True, 2)]

    # Red: a monk, a king and 2 witches: +4 Church, 3 rats; the premium discards 2.
    table.play_scene("monastery-1")
    state = table.state
    assert state.influence(RED, Estate.CHURCH) == 4
    assert state.rats[RED] == 13
    first = table.session.table_view().resolutions[MONASTERY_1]
    assert (first.premium, first.premium_reason) == (RED, PremiumReason.ALONE)
    assert [(a.player, a.premium, a.action.amount) for a in first.actions] == [(RED, True, 2)]

    # Green played none, Blue a Sword: no influence, no rat; the tie at 0 cards goes to
    # Green, who entered first (premium: discard 2), Blue the normal action (discard 1);
    # R-SPECIAL-1: Green, with the fewest Swords, gives half his hand to Blue.
    table.play_scene("monastery-2")
    state = table.state
    assert state.rats[RED] == 11  # the first Monastery's premium, recorded with this tap
    assert state.influence(GREEN, Estate.CHURCH) == 0
    assert state.influence(BLUE, Estate.CHURCH) == 0
    assert state.rats[GREEN] == 10 and state.rats[BLUE] == 10
    second = table.session.table_view().resolutions[MONASTERY_2]
    assert (second.premium, second.premium_reason) == (GREEN, PremiumReason.FIRST_IN_ON_TIE)
    assert second.normal == (BLUE,)
    assert [(a.player, a.premium, a.action.amount) for a in second.actions] == [
        (GREEN, True, 2), (BLUE, False, 1)]
    assert second.sword is not None and second.sword.outcome is SpecialOutcome.SINGLE
    assert (second.sword.giver, second.sword.receiver) == (GREEN, BLUE)

    # the example's end: its actions above round 2's row, and the way on or out
    assert follow(table.session.public_events()).scene is SCENE["actions"]
    assert "half of his remaining hand" in table.texts("practice-says")
    assert {"actions-of-2", "leave-practice"} <= table.ids()
    for building in ("farm", "market", "castle"):
        table.tap(f"pick-{building}")
    table.tap("reveal-confirm")
    assert table.state.rats == (11, 11, 8, 9)
    assert table.state.round == 2
    assert follow(table.session.public_events()).beyond
    assert "playing on" in table.texts("practice-narration")


def test_a_tap_other_than_the_examples_is_said_and_can_be_undone(table: Table) -> None:
    table.try_the_example()
    table.play_scene("red")
    table.tap("enter-1-3")  # Yellow into the first Monastery, not the Tent
    assert "practice-tap" not in table.ids()
    said = table.texts("practice-departed")
    assert "Yellow's entry into the Monastery" in said
    assert "On the Fortune Teller's Tent, tap 3." in table.texts("practice-narration")
    table.tap("practice-undo")
    assert logged_events(table.session)[-1] == ev.Entered(RED, MONASTERY_1, 4)
    assert "practice-departed" not in table.ids()
    table.play_scene("yellow")


def test_a_restart_in_the_middle_of_the_practice_continues_it(tmp_path: Path) -> None:
    first = Table(tmp_path)
    game_id = first.try_the_example()
    for key in ("red", "yellow", "green", "blue", "tent"):
        first.play_scene(key)
    first.store.close()

    again = Table(tmp_path)
    again.page.route = f"/game/{game_id}/play"
    assert again.texts("practice-scene") == "step 6 of 8"
    assert "a monk, a king and 2 witches" in again.texts("practice-says")
    again.play_scene("monastery-1")
    assert again.state.influence(RED, Estate.CHURCH) == 4
    again.page.route = "/"
    assert "resume-practice" in again.ids()
    assert f"resume-{game_id}" not in again.ids()  # a real game's offer, not the practice's
    again.store.close()


def test_leave_the_practice_is_one_tap_from_every_screen_of_it(table: Table) -> None:
    game_id = table.try_the_example()
    for route in (f"/game/{game_id}", f"/game/{game_id}/play", f"/game/{game_id}/phones",
                  f"/game/{game_id}/private/0"):
        table.page.route = route
        table.tap("leave-practice")
        assert table.page.route == "/"
        assert "leave-practice" not in table.ids()


def test_the_narration_in_german_uses_the_rulebooks_words(tmp_path: Path) -> None:
    table = Table(tmp_path, lang="de")
    table.try_the_example()
    assert table.state.setup.names == ("Rot", "Gelb", "Grün", "Blau")
    says = table.texts("practice-says")
    assert "Wahrsagerzelt" in says and "Nonnenreihe" in says and "Kloster" in says
    assert table.texts("leave-practice") == "Übung verlassen"
    table.store.close()


# -- never counted ------------------------------------------------------------------------


def finished_events(names: tuple[str, ...]) -> list[ev.Event]:
    """A whole game, everyone passing where allowed, empty hands at the end."""
    from companion.practice.example import practice_setup

    state = apply(None, ev.GameStarted(practice_setup(names)))
    events: list[ev.Event] = [ev.GameStarted(state.setup)]
    first_game = sorted(set(state.setup.buildings))
    rows = iter([tuple(first_game[:3]), tuple(first_game[3:])] * 4)
    while state.phase is not Phase.END:
        step = step_at(state)
        event: ev.Event
        match step:
            case guide.RevealBuildings():
                event = ev.BuildingsRevealed(next(rows))
            case guide.Supply():
                event = ev.SupplyDone()
            case guide.Enter(actor=actor, can_pass=can_pass):
                event = ev.Passed(actor) if can_pass else ev.Entered(actor, 0, 0)
            case guide.RevealCards(reveal=reveal):
                event = ev.Revealed(reveal.player, reveal.building, 0, 0)
            case guide.TakeActions(building=building):
                event = ev.BuildingResolved(building)
            case _:
                event = ev.RoundEnded()
        state = apply(state, event)
        events.append(event)
    events += [ev.EndValuesEntered(p, hand=0, markers=5, rats=0) for p in range(4)]
    events.append(ev.NunsCounted(5))
    return events


def store_game(games: OpenGames, names: tuple[str, ...], practice: bool) -> str:
    events = finished_events(names)
    session = games.start(events[0], practice=practice)
    session.submit_all(events[1:])
    return session.game_id


def test_a_finished_practice_game_is_never_counted(tmp_path: Path) -> None:
    store = GameStore.open(tmp_path)
    games = OpenGames(store)
    practice = store_game(games, ("Red", "Yellow", "Green", "Blue"), practice=True)
    real = store_game(games, ("Anna", "Ben", "Cleo", "Dora"), practice=False)
    assert store.game(practice).finished and store.game(practice).practice
    assert not store.game(real).practice  # a game started without the marker is real
    assert [g.game_id for g in load_history(store)] == [real]
    rows = csv_text(load_history(store))
    assert real in rows and practice not in rows and "Yellow" not in rows
    game_play_link(store, real)
    with pytest.raises(StoreError, match="practice"):
        game_play_link(store, practice)
    store.close()


def test_the_game_lists_say_practice(tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli import main

    table = Table(tmp_path)
    game_id = table.try_the_example()
    table.page.route = "/games"
    assert "rulebook's example" in table.texts(f"practice-{game_id}")
    table.store.close()
    assert main(["games", "--data-dir", str(tmp_path), "--lang", "en"]) == 0
    line = next(line for line in capsys.readouterr().out.splitlines() if game_id in line)
    assert "[practice, not counted]" in line


def test_a_practice_game_stays_practice_through_export_and_import(tmp_path: Path) -> None:
    from companion.store.records import dumps, export_game, import_record, parse_record

    table = Table(tmp_path / "here")
    game_id = table.try_the_example()
    record = export_game(table.store, game_id)
    assert record["practice"] is True
    table.store.close()
    with GameStore.open(tmp_path / "there") as other:
        imported = import_record(other, parse_record(dumps(record)))
        assert other.game(imported).practice
    with pytest.raises(Exception, match="true or false|expected_bool"):
        parse_record(dumps({**record, "practice": "yes"}))


def test_a_game_stored_before_the_marker_is_a_real_game(tmp_path: Path) -> None:
    import sqlite3

    from companion.store.db import DB_FILENAME

    with GameStore.open(tmp_path) as store:
        game_id = store_game(OpenGames(store), ("Anna", "Ben", "Cleo", "Dora"), practice=False)
    old = sqlite3.connect(tmp_path / DB_FILENAME)  # the file as schema 4 left it
    old.execute("ALTER TABLE games DROP COLUMN practice")
    old.execute("DROP TABLE game_settings")  # schema 6's, the teaching's settings
    old.execute("PRAGMA user_version = 4")
    old.commit()
    old.close()
    with GameStore.open(tmp_path) as store:  # the app opens it: the flag's column arrives
        assert not store.game(game_id).practice
        assert [g.game_id for g in load_history(store)] == [game_id]


def test_a_finished_practice_offers_no_bg_stats(tmp_path: Path) -> None:
    store = GameStore.open(tmp_path)
    practice = store_game(OpenGames(store), ("Red", "Yellow", "Green", "Blue"), practice=True)
    store.close()
    table = Table(tmp_path)
    table.page.route = f"/game/{practice}/play"
    ids = table.ids()
    assert "score-table" in ids and "leave-practice" in ids
    assert "bgstats-qr" not in ids
    table.store.close()


def test_undoing_the_books_row_asks_for_it_again(table: Table) -> None:
    table.try_the_example()
    table.tap("undo")
    assert follow(table.session.public_events()).scene is SCENE["row"]
    assert "They are laid out" in table.texts("practice-tap")
    table.play_scene("row")
    assert table.state.record.row == ROW
    table.play_scene("red")
