"""Five players with their own deck on a 1366x768 laptop: what the acting player taps is in
sight without scrolling, in round 6, with a dispute open.

The Dutch evening: from round 2 on the building picker of phase A lay half under the bottom bar,
and by round 6 wholly below the fold, with only the greyed "They are laid out" in view (the
last building's actions and the round's end stood above it); in phase C the dispute banner
pushed a building's 10, 11, 12 and 13+ below the screen's foot. The game is stored up to round
5's last building (a whole game of the engine's own, cut there, played by that evening's
players, four of them with a paired phone) with a dispute of a rat count, so the test spends
its time on round 6: the picker before each pick, the entry with the dispute above it, and the
German reveal panel, where a label broke inside a word ("Bevölkerungsk / arten") and the
steppers must stay in sight too. Every screen is also looked at whole (`support.reachable.look`:
every control reachable, no text cut, no word broken across lines). Then the same game's end
form, on a 1280x800 tablet in German, Dutch and French: every empty field holds its label on
one line ("Summe der Siegpunktmarker" broke onto a second line the field cut off).

One Dutch table and one tab serve both tests (the game at round 6 and the same game at its
end form stored side by side): each starts on the home screen (`back_home`) at its own size,
drawn anew for it (`drawn_for`), and resumes its own game, so neither depends on the other.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from support.flutter import BOTTOM_BAR, TOP_BAR, by_id, identifiers, switch_language, tap
from support.harness import (
    Offline,
    TableServer,
    back_home,
    drawn_for,
    one_table_page,
    picture,
    screenshot,
    table_server,
)
from support.reachable import inside, look, scan, settle
from support.simulate import random_game
from support.story import STEP, Table

from companion.rules import apply
from companion.rules import events as ev
from companion.rules.catalog import Building
from companion.rules.setup import DeckMode, SelectionMethod

LAPTOP = {"width": 1366, "height": 768}
SEED = 33
"""A whole 5-player game of the first-game set on the players' own deck, made by the engine
(`rules.simulate.random_game`); its round 6 row is that evening's, Market, Fortune Teller's
Tent and Castle (the Tent's long actions make its card the tallest), with no replacement."""


NAMES = ("Anouk", "Bram", "Chris", "Dewi", "Evi")
PHONES = (0, 1, 2, 3)
"""That evening's table: four players with a paired phone, whose chips each show one, so the
way to the corrections goes onto a line of its own and everything below moves down."""


def the_evenings_game() -> list[ev.Event]:
    """The engine's whole game (`SEED`), played by that evening's players."""
    game = random_game(SEED, 5, deck_mode=DeckMode.PHYSICAL, method=SelectionMethod.FIRST_GAME,
                       private=False)
    first = game[0]
    assert isinstance(first, ev.GameStarted)
    return [ev.GameStarted(replace(first.setup, names=NAMES)), *game[1:]]


def stored_at_round_six(data_dir: Path) -> tuple[str, tuple[Building, ...]]:
    """The game stored up to round 5's last building, whose actions (with the round's end)
    the row of round 6 records (R-ROUND-A, R-ROUND-D, R-ROUND-E); one player disputes a rat
    count of a reveal; four phones are paired. Returns the game's id and the row of round 6
    as the deck deals it."""
    from companion.phones.seats import SeatRegistry
    from companion.store.db import GameStore
    from companion.store.session import Session

    game = the_evenings_game()
    ends = [i for i, e in enumerate(game) if isinstance(e, ev.RoundEnded)]
    cut = ends[4] - 1
    assert isinstance(game[cut], ev.BuildingResolved), game[cut]
    row = next(e for e in game[cut:] if isinstance(e, ev.BuildingsRevealed))
    assert not row.replaced, row
    state = None
    for event in game[:cut]:
        state = apply(state, event)
    assert state is not None
    player, entry = next((p, e.entry_id) for p in range(4, -1, -1) for e in state.ledgers[p]
                         if e.entry_id.endswith(".reveal"))
    first = game[0]
    assert isinstance(first, ev.GameStarted)
    with GameStore.open(data_dir) as store:
        session = Session.start(store, first)
        for event in game[1:cut]:
            session.submit(event)
        session.submit(ev.RatChangeDisputed(player, entry))
        game_id = str(session.game_id)
    seats = SeatRegistry.in_data_dir(data_dir)
    try:
        for seat in PHONES:
            seats.claim(seats.issue_token(game_id, seat))
    finally:
        seats.close()
    return game_id, row.row


def out_of_sight(page: Any, pattern: str, height: int) -> list[str]:
    """The controls whose identifiers match, not wholly between the app bar and the bottom bar
    (`in_sight`; nor in the bottom bar) as the screen stands, unscrolled (a control Flutter
    left out of the tree is not there)."""
    settle(page)
    nodes = scan(page)
    bottom = height - (BOTTOM_BAR if any(n["id"] == "bottom-bar" for n in nodes) else 0)
    found = [n for n in nodes if n["id"] and re.fullmatch(pattern, n["id"])]
    assert found, f"no {pattern} on the screen"
    return [f"{n['id']} y={round(n['y'])} h={round(n['height'])}" for n in found
            if not in_sight(n, bottom) and not inside(n, bottom - 8, height)]


def in_sight(node: dict[str, Any], bottom: float) -> bool:
    """Wholly between the bars. Flutter clips a node's box to the scrolling body, so a control
    half under the bottom bar has a box that ends where the body ends: one that reaches the
    body's end is taken for cut there."""
    return inside(node, TOP_BAR, bottom) and node["y"] + node["height"] < bottom - 1


Served = tuple[TableServer, tuple[str, tuple[Building, ...]], str]
"""The Dutch table, the game at round 6 with its row, and the game at its end form."""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    data_dir = tmp_path_factory.mktemp("own-deck") / "data"
    at_round_six = stored_at_round_six(data_dir)
    at_the_end_form = stored_at_the_end_form(data_dir)
    with table_server(data_dir, lang="nl") as server:
        yield server, at_round_six, at_the_end_form


@pytest.fixture(scope="module")
def page(served: Served, browser: Any) -> Iterator[Any]:
    """The tab, opened on the laptop; nothing it loads may leave this machine (each test
    watches its own requests as well)."""
    offline = Offline()
    with one_table_page(browser, served[0].table_url, offline, "nl-NL", LAPTOP) as shared:
        yield shared
    assert offline.outside == []


def test_round_six_on_the_laptop_keeps_the_picker_and_the_counts_in_sight(
        served: Served, page: Any) -> None:
    # R-ROUND-A (the players' own deck), R-ROUND-C (the counts), R-ROUND-D a (the reveal)
    server, (game_id, row), _ = served
    offline = Offline()
    offline.install(page.context)
    height = LAPTOP["height"]
    problems: list[str] = []
    back_home(page, server.table_url)
    drawn_for(page, LAPTOP)
    tap(page, f"resume-{game_id}")
    tap(page, "play")
    page.locator(STEP).first.wait_for()
    ids = set(identifiers(page))
    assert any(i.startswith("actions-of-") for i in ids) and "end-round-info" in ids, ids
    assert any(i.startswith("dispute-") for i in ids), ids
    picture(page, "own-deck-laptop-picker-nl")
    problems += look(page, "nl round-6 picker")
    # what the row's tap records, the last building's actions, is in sight with it
    problems += [f"the last building's actions: {p}"
                 for p in out_of_sight(page, r"action-\d", height)]
    for index, building in enumerate(row):
        problems += [f"before pick {index + 1}: {p}"
                     for p in out_of_sight(page, r"pick-[a-z_]+(-gone)?", height)]
        tap(page, f"pick-{building.value}")
        by_id(page, f"row-{index}").wait_for()
    problems += [f"after the picks: {p}"
                 for p in out_of_sight(page, r"pick-[a-z_]+(-gone)?|reveal-undo-pick|"
                                             r"reveal-confirm", height)]
    picture(page, "own-deck-laptop-row-picked-nl")
    problems += look(page, "nl round-6 row picked")
    if problems:
        screenshot(page, "own-deck-laptop-picker-problem")
    table = Table(page, random.Random(SEED))
    table.step_tap("reveal-confirm", "A")
    by_id(page, "enter-0-0").wait_for()
    picture(page, "own-deck-laptop-entry-with-a-dispute-nl")
    counts = out_of_sight(page, r"enter-\d+-(1[0-2]|more)", height)
    problems += [f"entry with a dispute: {p}" for p in counts]
    problems += look(page, "nl round-6 entry")
    if counts:
        screenshot(page, "own-deck-laptop-counts-problem")
    switch_language(page, "de")
    page.locator(STEP).first.wait_for()
    problems += look(page, "de round-6 entry")
    while "reveal-matching" not in set(identifiers(page)):
        table.step_tap("enter-0-3", "C")
    picture(page, "own-deck-laptop-reveal-de")
    reveal = [f"reveal with a dispute: {p}" for p in out_of_sight(
        page, r"reveal-(other|jokers|swords|flutes)(-more|-fewer|-\d+)?", height)]
    reveal += look(page, "de round-6 reveal")
    problems += reveal
    if reveal:
        screenshot(page, "own-deck-laptop-reveal-de-problem")
    assert problems == [], "\n".join(problems)
    assert offline.outside == []


def stored_at_the_end_form(data_dir: Path) -> str:
    """The same game stored up to the end form: nobody's holdings entered yet (R-SCORE)."""
    from companion.store.db import GameStore
    from companion.store.session import Session

    game = the_evenings_game()
    first = game[0]
    assert isinstance(first, ev.GameStarted)
    with GameStore.open(data_dir) as store:
        session = Session.start(store, first)
        for event in game[1:next(i for i, e in enumerate(game)
                                 if isinstance(e, ev.EndValuesEntered))]:
            session.submit(event)
        return str(session.game_id)


def test_the_end_forms_fields_hold_their_labels_on_one_line(served: Served, page: Any) -> None:
    # R-SCORE-1..5: what everyone holds, typed in; an empty field draws its label inside
    # itself, and "Summe der Siegpunktmarker" broke onto a second line the field cut off
    server, _, game_id = served
    offline = Offline()
    offline.install(page.context)
    problems: list[str] = []
    back_home(page, server.table_url)
    drawn_for(page, {"width": 1280, "height": 800})
    tap(page, f"resume-{game_id}")
    tap(page, "play")
    by_id(page, "end-form").wait_for()
    for lang in ("de", "nl", "fr"):
        switch_language(page, lang)
        by_id(page, "end-form").wait_for()
        picture(page, f"own-deck-end-form-{lang}")
        found = look(page, f"{lang} end-form")
        if found:
            screenshot(page, f"own-deck-end-form-{lang}-problem")
        problems += found
    assert problems == [], "\n".join(problems)
    assert offline.outside == []
