"""Corrections through the real client: a reveal of round 1 corrected in round 2 moves the track,
and a phone's dispute leads to a correction that asks for the Hospital's discards.

Both games are stored before the server starts (round 1 played, round 2 at its entries), so
each story spends its time on the correction: resume, the corrections, the entry, the
steppers, save. The stories share the module's server and one tab of the table
(`one_table_page`), each starting on the home screen. What a correction does to the game is
the fake page's to check in full (`tests/test_ui_corrections.py`); here the editor's steppers,
its save and the screens it changes are redrawn by the real client.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from support.flutter import TIMEOUT_MS, by_id, tap
from support.harness import TableServer, back_home, drawn_for, one_table_page, picture, table_server
from support.sessions import game_state

from companion.i18n import translator
from companion.rules import events as ev
from companion.rules import reveal_event
from companion.rules.catalog import Estate, PlayerColour
from companion.rules.guide import Prompt, RevealCards, TakeActions, step_at
from companion.rules.house_rules import HouseRules
from companion.rules.setup import DeckMode, SelectionMethod, make_setup
from companion.store.db import GameStore
from companion.store.session import Session
from companion.ui.shared.tracks import track_label

LAPTOP = {"width": 1280, "height": 900}
STEP = "[flt-semantics-identifier^='step-']"
NAMES = ("Anna", "Ben", "Cleo", "Dora")


def stored_in_round_two(data_dir: Path) -> str:
    """Round 1: Anna enters the Monastery with 2 cards, Cleo with 0, Ben and Dora the Markets;
    everyone reveals cards of the building's own estate. Round 2 stands at its first entry."""
    setup = make_setup(list(zip(NAMES, PlayerColour, strict=False)), SelectionMethod.FIRST_GAME,
                       1234, DeckMode.DIGITAL, 0, HouseRules())
    store = GameStore.open(data_dir)
    try:
        session = Session.start(store, ev.GameStarted(setup))
        for event in (reveal_event(game_state(session)), ev.SupplyDone(), ev.Entered(0, 0, 2),
                      ev.Entered(1, 1, 1), ev.Entered(2, 0, 0), ev.Entered(3, 2, 3)):
            session.submit(event)
        while (step := step_at(game_state(session))).prompt is not Prompt.END_ROUND:
            if isinstance(step, RevealCards):
                session.submit(ev.Revealed(step.reveal.player, step.reveal.building,
                                           step.reveal.declared, 0))
            else:
                assert isinstance(step, TakeActions), step
                session.submit(ev.BuildingResolved(step.building))
        session.submit(ev.RoundEnded())
        session.submit(reveal_event(game_state(session)))
        session.submit(ev.SupplyDone())
        return str(session.game_id)
    finally:
        store.close()


def marker(page: Any) -> str:
    page.locator(STEP).first.wait_for()
    return str(page.locator(STEP).first.get_attribute("flt-semantics-identifier"))


def church_track(page: Any) -> str:
    return str(by_id(page, "track-church").first.text_content() or "")


@dataclass(frozen=True)
class Served:
    server: TableServer
    corrected: str
    """The game whose reveal of round 1 is corrected (`stored_in_round_two`)."""
    disputed: str
    """The game with a disputed Hospital (`stored_with_a_disputed_hospital`)."""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    data_dir = tmp_path_factory.mktemp("corrections")
    corrected = stored_in_round_two(data_dir)
    disputed = stored_with_a_disputed_hospital(data_dir)
    with table_server(data_dir, lang="en") as server:
        yield Served(server, corrected, disputed)


@pytest.fixture(scope="module")
def page(served: Served, browser: Any) -> Iterator[Any]:
    with one_table_page(browser, served.server.table_url, viewport=LAPTOP) as shared:
        yield shared


def test_a_corrected_reveal_of_round_one_moves_the_church_track(served: Served,
                                                                 page: Any) -> None:
    # R-ROUND-D a: every population card and Joker revealed gives 1 influence.
    game_id = served.corrected
    en = translator("en")
    back_home(page, served.server.table_url)
    drawn_for(page, LAPTOP)
    tap(page, f"resume-{game_id}")
    tap(page, "play")
    tap(page, "open-corrections")
    by_id(page, "fix-1-0").wait_for()
    assert "Anna 2" in church_track(page)
    picture(page, "corrections-list")
    tap(page, "fix-1-0")
    by_id(page, "fix-save").wait_for()
    for _ in range(2):
        before = by_id(page, "fix-jokers").first.text_content()
        tap(page, "fix-jokers-more")
        page.wait_for_function(
            "old => document.querySelector(\"[flt-semantics-identifier='fix-jokers']\")"
            ".textContent.trim() !== old", arg=before, timeout=TIMEOUT_MS)
    picture(page, "corrections-editor")
    before = marker(page)
    tap(page, "fix-save")
    page.wait_for_function(
        "old => { const m = document.querySelector(\"[flt-semantics-identifier^='step-']\");"
        " return m && m.getAttribute('flt-semantics-identifier') !== old; }",
        arg=before, timeout=TIMEOUT_MS)
    store = GameStore.open(served.server.data_dir)
    try:
        state = game_state(Session.resume(store, game_id))
    finally:
        store.close()
    assert state.influence(0, Estate.CHURCH) == 4
    expected = track_label(en, Estate.CHURCH, state.track(Estate.CHURCH), NAMES)
    page.wait_for_function(
        "want => (document.querySelector(\"[flt-semantics-identifier='track-church']\")"
        "?.textContent || '').includes(want)", arg=expected, timeout=TIMEOUT_MS)
    assert "Anna 4" in church_track(page)
    picture(page, "corrections-saved")


def stored_with_a_disputed_hospital(data_dir: Path) -> str:
    """Round 1 (the players' own deck): Anna takes the Hospital's premium with 1 card and
    discards 3 hand cards, Ben (0 cards) the normal action with 2; Anna disputes her Hospital
    rats on her phone. Round 2 stands at its first entry."""
    from companion.rules.catalog import Building

    manual = {Building.PALACE: 5, Building.CASTLE: 5, Building.HOSPITAL: 5, Building.FARM: 5,
              Building.TOWN_HALL: 5, Building.FORTUNE_TELLERS_TENT: 5}
    setup = make_setup(list(zip(NAMES, PlayerColour, strict=False)), SelectionMethod.CHOSEN,
                       1234, DeckMode.PHYSICAL, 0, HouseRules(), manual=manual)
    store = GameStore.open(data_dir)
    try:
        session = Session.start(store, ev.GameStarted(setup))
        for event in (ev.BuildingsRevealed((Building.HOSPITAL, Building.FARM, Building.PALACE)),
                      ev.SupplyDone(), ev.Entered(0, 0, 1), ev.Entered(1, 0, 0),
                      ev.Entered(2, 1, 0), ev.Entered(3, 1, 0), ev.Revealed(0, 0, 1, 0),
                      ev.HospitalDiscarded(0, 0, 3), ev.HospitalDiscarded(0, 1, 2)):
            session.submit(event)
        while isinstance(step := step_at(game_state(session)), TakeActions):
            session.submit(ev.BuildingResolved(step.building))
        session.submit(ev.RatChangeDisputed(0, "1.1.hospital"))
        session.submit(ev.RoundEnded())
        session.submit(ev.BuildingsRevealed((Building.FARM, Building.PALACE, Building.CASTLE)))
        session.submit(ev.SupplyDone())
        return str(session.game_id)
    finally:
        store.close()


def test_a_dispute_leads_to_a_correction_that_asks_for_the_hospitals_discards(
        served: Served, page: Any) -> None:
    # R-ROUND-D b: Anna's dispute is on the round screen; the table finds Ben played 2 Church
    # cards, so the Hospital's premium was his: the correction settles the dispute and asks
    # the table for the discards again instead of cutting Anna's 3 to 2.
    from support.flutter import tap_and_redraw, wait_for_text

    game_id = served.disputed
    back_home(page, served.server.table_url)
    drawn_for(page, LAPTOP)
    tap(page, f"resume-{game_id}")
    tap(page, "play")
    dispute = "dispute-0-1.1.hospital"
    by_id(page, dispute).wait_for()
    assert "Anna disputes their rats from the Hospital in round 1" in str(
        by_id(page, "dispute-text-0-1.1.hospital").first.text_content())
    picture(page, "dispute-on-the-round-screen")
    tap_and_redraw(page, "open-corrections")
    by_id(page, dispute).wait_for()
    tap_and_redraw(page, "fix-1-1")
    for count in ("1", "2"):
        tap(page, "fix-matching-more")
        wait_for_text(page, "fix-matching", count)
    tap_and_redraw(page, "fix-save")
    question = "question-hospital-1-0"
    by_id(page, question).wait_for()
    assert by_id(page, dispute).count() == 0
    assert "gave the premium to Ben" in str(
        by_id(page, "question-text-hospital-1-0").first.text_content())
    wait_for_text(page, "answer-hospital-1-0-0", "2")
    wait_for_text(page, "answer-hospital-1-0-1", "2")
    tap(page, "answer-hospital-1-0-1-more")
    wait_for_text(page, "answer-hospital-1-0-1", "3")
    picture(page, "correction-asks-for-the-hospital")
    tap(page, "answer-hospital-1-0")
    by_id(page, question).wait_for(state="detached")
    store = GameStore.open(served.server.data_dir)
    try:
        events = store.active_events(game_id)
    finally:
        store.close()
    assert events[-2:] == [ev.RevealCorrected(1, 1, 2, 0), ev.HospitalCorrected(1, 0, (2, 3))]
