"""A teaching card fits the table's screens, in French, and the step's controls stay in sight.

A first game (the setup's switch on) stands at its first entry: the busiest teaching screen
(the row, the supply, entering, the row's buildings, the premium action and the hand kept, all
due before the first player chooses). One card stands above the entry's controls at a time. On
a 1366x768 laptop, a 1280x800 tablet and an 800x1280 tablet held upright, each card's "Got it"
and "Tell me more" lie within the screen without scrolling, and so does the entry's first count
button; "Tell me more" opens the rules reference, and "Got it" brings the next card. With
`RATTUS_SCREENSHOTS=1`, screenshots land in `screenshots/teaching-<viewport>.png` for a person
to look at.

One French table and one tab serve every test, each starting on the home screen
(`back_home`). One first game serves the three devices, as the walks do: at each card the
window turns to each device in turn, drawn anew for it (`drawn_for`), and the card's buttons
are measured there; a problem names its device. The cards do not depend on the window's size
(the server keeps the lesson where it stands while the screen is drawn anew), so what a
device would see with a game of its own it sees here.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.flutter import bring_into_view, by_id, still_box, tap
from support.harness import TableServer, back_home, drawn_for, one_table_page, picture, table_server

VIEWPORTS = {
    "laptop-1366x768": {"width": 1366, "height": 768},
    "upright-800x1280": {"width": 800, "height": 1280},
    "tablet-1280x800": {"width": 1280, "height": 800},
}
"""In the order the window turns at a card, and back at the next: every turn goes to or from
the upright tablet, which the server draws anew, so a card costs two draws (the laptop to the
tablet directly passes through the upright one anyway, `drawn_for`)."""


def got_its(page: Any) -> list[str]:
    """The "Got it" buttons on the screen: one per teaching card."""
    found: list[str] = page.eval_on_selector_all(
        "[flt-semantics-identifier^='lesson-'][flt-semantics-identifier$='-got-it']",
        "els => els.map(e => e.getAttribute('flt-semantics-identifier'))")
    return found


FIRST_ENTRY = ("draw-buildings", "supplies", "enter", "buildings", "actions", "hand-scores")
"""The cards of a first game's first entry, in the order they come."""


def first_entry_of_a_first_game(data_dir: Path) -> str:
    """A stored 4-player first game at its first entry: the app's deck's first row is laid out
    by the first entry's tap, so nothing is decided before it."""
    from companion.rules import events as ev
    from companion.rules.catalog import PlayerColour
    from companion.rules.setup import DeckMode, SelectionMethod, make_setup
    from companion.store.db import GameStore
    from companion.store.session import Session
    from companion.teaching import progress

    names = ("Friederike", "Anne-Sophie", "Maximilian", "Jonas")
    setup = make_setup(list(zip(names, list(PlayerColour), strict=False)),
                       SelectionMethod.FIRST_GAME, 4, DeckMode.DIGITAL, 0)
    with GameStore.open(data_dir) as store:
        session = Session.start(store, ev.GameStarted(setup))
        progress.start(session, first_game=True, newcomers=())
        assert session.decision_view().view.next_row is None
        return session.game_id


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TableServer, str]]:
    """One French table for the module, with a first game at its first entry."""
    data_dir = tmp_path_factory.mktemp("teaching")
    game = first_entry_of_a_first_game(data_dir)
    with table_server(data_dir, lang="fr") as server:
        yield server, game


@pytest.fixture(scope="module")
def page(served: tuple[TableServer, str], browser: Any) -> Iterator[Any]:
    with one_table_page(browser, served[0].table_url, locale="fr-FR") as shared:
        yield shared


def out_of_reach(page: Any, name: str, lesson: str) -> list[str]:
    """The card's buttons and the entry's first count button that do not lie wholly within
    the screen of device `name`, as it stands, nothing scrolled; each named with the device."""
    viewport = VIEWPORTS[name]
    found = []
    for identifier in (f"lesson-{lesson}-got-it", f"lesson-{lesson}-more", "enter-0-1"):
        box = still_box(by_id(page, identifier).first)
        if not (0 <= box["x"] and box["x"] + box["width"] <= viewport["width"]
                and 0 <= box["y"] and box["y"] + box["height"] <= viewport["height"]):
            found.append(f"{name} {lesson}: {identifier} at {box}")
    return found


def test_a_teaching_card_fits_and_its_buttons_are_in_reach(
        served: tuple[TableServer, str], page: Any) -> None:
    server, game = served
    devices = list(VIEWPORTS)
    back_home(page, server.table_url)
    drawn_for(page, VIEWPORTS[devices[0]])
    tap(page, f"resume-{game}")
    tap(page, "play")
    by_id(page, "lesson-draw-buildings").wait_for(timeout=60_000)
    problems: list[str] = []
    for lesson in FIRST_ENTRY:
        by_id(page, f"lesson-{lesson}").first.wait_for()
        for name in devices:
            drawn_for(page, VIEWPORTS[name])
            by_id(page, f"lesson-{lesson}").first.wait_for()
            assert got_its(page) == [f"lesson-{lesson}-got-it"], name
            problems += out_of_reach(page, name, lesson)
            if lesson == FIRST_ENTRY[0]:
                picture(page, f"teaching-{name}")
        devices.reverse()
        if lesson == "enter":
            tap(page, "lesson-enter-more")
            by_id(page, "rules-reference").wait_for()
            tap(page, "close-rules")
            by_id(page, "rules-reference").wait_for(state="detached")
        tap(page, f"lesson-{lesson}-got-it")
        by_id(page, f"lesson-{lesson}").wait_for(state="detached")
    assert problems == [], "\n".join(problems)
    assert by_id(page, "prompt").count() == 1


def test_a_first_game_is_switched_on_at_setup_and_the_help_is_in_the_bar(
        served: tuple[TableServer, str], page: Any) -> None:
    """In French on the upright tablet: a player new to the game switches the teaching on by
    itself, the goal of the game stands above the checklist, the pieces' cards beside their
    items, then "What do I do now?" on the round screen."""
    from support.flutter import tap_and_redraw, type_into

    viewport = VIEWPORTS["upright-800x1280"]
    back_home(page, served[0].table_url)
    drawn_for(page, viewport)
    tap_and_redraw(page, "new-game")
    by_id(page, "setup-players").wait_for()
    for index, name in enumerate(("Friederike", "Anne-Sophie")):
        type_into(page, f"player-name-{index}", name)
    tap_and_redraw(page, "newcomer-1")  # the whole screen is drawn anew
    tap_and_redraw(page, "next")
    by_id(page, "setup-buildings").wait_for()
    tap_and_redraw(page, "next")
    by_id(page, "first-game").wait_for()
    tap_and_redraw(page, "next")
    by_id(page, "opening").wait_for()
    picture(page, "teaching-opening-upright-800x1280")
    for lesson in ("setup-specials", "setup-rats", "setup-board"):
        found = by_id(page, f"lesson-{lesson}-got-it").first
        bring_into_view(page, found)
        box = still_box(found)
        assert box["x"] + box["width"] <= viewport["width"], (lesson, box)
    tap_and_redraw(page, "start-game")
    tap(page, "play")
    by_id(page, "lesson-draw-buildings").wait_for(timeout=60_000)
    tap(page, "what-now")
    by_id(page, "help-now").wait_for()
    picture(page, "teaching-help-upright-800x1280")
    tap(page, "close-help")
    by_id(page, "help-now").wait_for(state="detached")
