"""Whole games at the table, in a real chromium: from the setup wizard to the winner.

A seeded "table" plays through the UI only, reading what to do from the screen's semantics
identifiers (never from the server's memory): four players on a laptop with the app's deck, and
two players in German on a tablet held upright with their own deck and a server restart in the
middle. At the end the stored events are replayed with the engine and scored, and the winner,
every total and every influence track on the screen must be the engine's. Every request must
stay on this machine. Each game writes its number of UI inputs to `screenshots/` for the
taps-per-player-per-round benchmark.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections import Counter
from pathlib import Path
from typing import Any

from companion.bench.taps import record_taps

from browser.table import (
    SCREENSHOTS,
    Offline,
    by_id,
    open_table,
    screenshot,
    settle,
    table_server,
    tap,
)

LAPTOP = {"width": 1280, "height": 800}
TABLET_PORTRAIT = {"width": 800, "height": 1280}
STEP = "[flt-semantics-identifier^='step-']"
END_FIELDS = ("hand", "swords", "flutes", "passes", "gold", "markers")


def inputs_file(players: int) -> Path:
    """Where a whole-game test leaves its input count (read by the taps benchmark)."""
    return SCREENSHOTS / f"taps-{players}p.json"


class Table:
    """The players at the table: they tap the screen, and count every input they make."""

    def __init__(self, page: Any, rng: random.Random, shots: str) -> None:
        self.page = page
        self.rng = rng
        self.shots = shots
        self.inputs: Counter[str] = Counter()
        self.shot: set[str] = set()
        self.used: Counter[str] = Counter()
        """Physical deck: building cards laid out so far."""

    # -- reading the screen -------------------------------------------------------------

    def ids(self) -> list[str]:
        found: list[str] = self.page.eval_on_selector_all(
            "[flt-semantics-identifier]",
            "els => els.map(e => e.getAttribute('flt-semantics-identifier'))")
        return found

    def marker(self) -> str:
        self.page.locator(STEP).first.wait_for()
        value: str = self.page.locator(STEP).first.get_attribute("flt-semantics-identifier")
        return value

    def text(self, identifier: str) -> str:
        return str(by_id(self.page, identifier).first.text_content() or "")

    def wait_past(self, marker: str) -> None:
        """Until the screen shows a later (or earlier) step of the game than `marker`."""
        self.page.wait_for_function(
            """old => {
                const now = document.querySelector("[flt-semantics-identifier^='step-']");
                return now && now.getAttribute('flt-semantics-identifier') !== old;
            }""", arg=marker, timeout=20_000)

    # -- acting -------------------------------------------------------------------------

    def tap(self, identifier: str, kind: str) -> None:
        tap(self.page, identifier)
        self.inputs[kind] += 1

    def step_tap(self, identifier: str, kind: str) -> None:
        """A tap that moves the game on: wait for the redrawn screen."""
        before = self.marker()
        self.tap(identifier, kind)
        self.wait_past(before)

    def stepper(self, identifier: str, times: int, kind: str) -> None:
        for value in range(1, times + 1):
            self.tap(f"{identifier}-more", kind)
            self.page.wait_for_function(
                "([id, v]) => { const e = document.querySelector("
                "`[flt-semantics-identifier='${id}']`); return e && e.textContent.trim() === v; }",
                arg=[identifier, str(value)], timeout=10_000)

    def type_number(self, identifier: str, value: int, kind: str) -> None:
        field = by_id(self.page, identifier).locator("input").first
        field.click()
        field.fill(str(value))
        self.inputs[kind] += 1

    def screenshot_once(self, name: str) -> None:
        if name not in self.shot:
            self.shot.add(name)
            screenshot(self.page, f"{self.shots}-{name}")

    # -- one prompt ---------------------------------------------------------------------

    def play_step(self) -> bool:
        """Do whatever the screen asks now; False once the winner is shown."""
        ids = set(self.ids())
        if "winner" in ids:
            return False
        if "end-form" in ids:
            self.screenshot_once("end-form")
            self.fill_end_values(ids)
            return True
        if "reveal-matching" in ids:
            self.reveal(ids)
        elif "reveal-confirm" in ids:
            self.reveal_buildings(ids)
        elif "supply-done" in ids:
            self.screenshot_once("b-supply")
            self.step_tap("supply-done", "B")
        elif "enter-0-0" in ids:
            self.enter(ids)
        elif any(i.startswith("choose-") for i in ids):
            self.screenshot_once("d-choice")
            choice = self.rng.choice(sorted(i for i in ids if i.startswith("choose-")))
            self.step_tap(choice, "D")
        elif "actions-done" in ids:
            self.actions(ids)
        elif "end-round" in ids:
            self.screenshot_once("e-round-end")
            self.step_tap("end-round", "E")
        else:
            raise AssertionError(f"no prompt on the screen: {sorted(ids)}")
        return True

    def reveal_buildings(self, ids: set[str]) -> None:
        picks = sorted(i for i in ids if i.startswith("pick-"))
        if picks:  # the players' own deck: tap the cards that "came up"
            self.screenshot_once("a-physical")
            count = 2 if "row-0" not in ids else 0
            free = [p for p in picks if self.used[p] < 5]
            for pick in self.rng.sample(free, count):
                self.used[pick] += 1
                self.tap(pick, "A")
                settle(self.page)
        else:
            self.screenshot_once("a-reveal")
        self.step_tap("reveal-confirm", "A")

    def enter(self, ids: set[str]) -> None:
        self.screenshot_once("c-enter")
        if "pass" in ids and self.rng.random() < 0.15:
            self.step_tap("pass", "C")
            return
        buildings = sorted({int(i.split("-")[1]) for i in ids if re.fullmatch(r"enter-\d+-0", i)})
        cards = self.rng.choice([0, 1, 1, 2, 2, 3, 3, 4, 5])
        self.step_tap(f"enter-{self.rng.choice(buildings)}-{cards}", "C")

    def reveal(self, ids: set[str]) -> None:
        self.screenshot_once("d-reveal")
        declared = int(self.text("reveal-matching").split()[0])
        left = declared
        for kind in ("other", "jokers", "swords", "flutes"):
            if f"reveal-{kind}-more" in ids and left and self.rng.random() < 0.35:
                n = min(left, self.rng.choice([1, 1, 2]))
                self.stepper(f"reveal-{kind}", n, "D")
                left -= n
        if left < declared:
            self.screenshot_once("d-reveal-mixed")
        self.step_tap("reveal-confirm", "D")

    def actions(self, ids: set[str]) -> None:
        self.screenshot_once("d-actions")
        if any(i.startswith("special-") for i in ids):
            self.screenshot_once("d-actions-special")
        if "last-round-bonus" in ids:
            self.screenshot_once("d-last-round")
        for i in sorted(ids):
            if re.fullmatch(r"hospital-\d+-more", i) and self.rng.random() < 0.5:
                self.stepper(i.removesuffix("-more"), 1, "D")
        self.step_tap("actions-done", "D")

    def fill_end_values(self, ids: set[str]) -> None:
        """What everyone holds first; the rats (from the ledgers) and the nuns only at the
        plague check, the step after it (R-SCORE-6)."""
        players = sorted({int(i.split("-")[1]) for i in ids
                          if re.fullmatch(r"end-\d+-hand", i)})
        if "end-holdings" in ids:
            assert not any(i.endswith("-rats") for i in ids) and "end-nuns" not in ids
            for p in players:
                for key in END_FIELDS:
                    if f"end-{p}-{key}" in ids:
                        high = {"hand": 12, "markers": 12}.get(key, 3)
                        value = self.rng.randint(0, high)
                        if value:
                            self.type_number(f"end-{p}-{key}", value, "end")
            screenshot(self.page, f"{self.shots}-end-holdings")
            self.step_tap("end-holdings", "end")
            ids = set(self.ids())
        assert {f"end-{p}-rats" for p in players} <= ids
        self.type_number("end-nuns", self.rng.randint(6, 16), "end")
        screenshot(self.page, f"{self.shots}-end-filled")
        self.step_tap("end-score", "end")

    def play_until(self, done: Any, limit: int = 2000) -> None:
        for _ in range(limit):
            if done() or not self.play_step():
                return
        raise AssertionError("the game did not end")


# -- the setup wizard, as the players go through it -------------------------------------


def set_up(page: Any, names: list[str], method: str, deck: str, counts: Counter[str]) -> None:
    def press(identifier: str) -> None:
        tap(page, identifier)
        counts["setup"] += 1

    press("new-game")
    by_id(page, "setup-players").wait_for()
    for index, name in enumerate(names):
        if index >= 2:
            press("add-player")
            settle(page)
        field = by_id(page, f"player-name-{index}").locator("input").first
        field.click()
        field.fill(name)
        counts["setup"] += 1
    press("next")
    by_id(page, "setup-buildings").wait_for()
    press(f"method-{method}")
    settle(page)
    by_id(page, "buildings-result").wait_for()
    press("next")
    by_id(page, "setup-code").wait_for()
    if deck != "digital":
        press(f"deck-{deck}")
        settle(page)
    press("next")
    by_id(page, "setup-checklist").wait_for()
    press("start-game")
    by_id(page, "play").wait_for()
    press("play")
    page.locator(STEP).first.wait_for()


# -- checking the screen against the engine ---------------------------------------------


def stored_game(data_dir: Path) -> tuple[Any, list[Any]]:
    from companion.rules import replay
    from companion.store.db import EventStatus, GameStore

    store = GameStore.open(data_dir)
    try:
        (game,) = store.list_games()
        events = [e.event for e in store.events(game.game_id) if e.status is EventStatus.ACTIVE]
    finally:
        store.close()
    return replay(events), events


def check_result_against_engine(table: Table, data_dir: Path, lang: str) -> Any:
    """R-SCORE-1..7: the winner, every total and every track on the screen are the engine's."""
    from companion.i18n import translator
    from companion.rules.scoring import score
    from companion.rules.state import ESTATES, Phase
    from companion.rules.endgame import end_state
    from companion.ui.shared.tracks import track_label

    state, _ = stored_game(data_dir)
    assert state.phase is Phase.FINISHED
    result = score(end_state(state))
    shown = table.text("winner")
    if result.winners:
        for name in result.winners:
            assert name in shown
        assert str(result.player(result.winners[0]).total) in shown
    for seat, player in enumerate(result.players):
        assert table.text(f"total-{seat}").strip() == str(player.total)
        assert table.text(f"rats-{seat}").strip() == str(player.rats)
    t = translator(lang)
    for estate, track in zip(ESTATES, state.tracks, strict=True):
        assert track_label(t, estate, track, state.setup.names) in table.text(f"track-{estate}")
    return result


def write_inputs(players: int, rounds: int, table: Table, setup_inputs: int,
                 seconds: float) -> dict[str, Any]:
    game = sum(v for k, v in table.inputs.items() if k != "undo")
    report = {
        "players": players, "rounds": rounds, "game_inputs": game,
        "setup_inputs": setup_inputs, "by_phase": dict(table.inputs),
        "inputs_per_player_per_round": round(game / (players * rounds), 2),
        "seconds": round(seconds, 1),
    }
    SCREENSHOTS.mkdir(exist_ok=True)
    inputs_file(players).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return report


def _context(browser: Any, offline: Offline, locale: str, viewport: dict[str, int]) -> Any:
    context = browser.new_context(locale=locale, viewport=viewport)
    offline.install(context)
    return context


# -- the stories --------------------------------------------------------------------------


def test_four_players_play_a_whole_game_to_the_winner(tmp_path: Path, browser: Any) -> None:
    # R-SETUP-6: 8 rounds of 3 buildings; R-SCORE: the screen's result is the engine's.
    offline = Offline()
    started = time.monotonic()
    with table_server(tmp_path, lang="en") as server:
        page = _context(browser, offline, "en-GB", LAPTOP).new_page()
        offline.watch(page)
        open_table(page, server.table_url)
        by_id(page, "home").wait_for()
        counts: Counter[str] = Counter()
        set_up(page, ["Anna", "Ben", "Cleo", "Dora"], "first_game", "digital", counts)
        table = Table(page, random.Random(4), "game-4p")
        undo_and_redo_an_entry(table)
        table.play_until(lambda: False)
        table.screenshot_once("result")
        page.mouse.wheel(0, 900)
        screenshot(page, "game-4p-result-chart")
        check_result_against_engine(table, tmp_path, "en")
    report = write_inputs(4, 8, table, counts["setup"], time.monotonic() - started)
    record_taps(report["game_inputs"], 4, 8,
                "tests/browser/test_game_play.py::test_four_players_play_a_whole_game_to_the_winner")
    print(json.dumps(report))
    assert offline.outside == []
    assert offline.missing == []


def undo_and_redo_an_entry(table: Table) -> None:
    """Round 1: the first entry is taken back, put back, taken back again and replaced by
    another; the stored game must hold only the replacement (see the final replay)."""
    while "enter-0-0" not in set(table.ids()):
        table.play_step()
    before = table.marker()
    table.step_tap("enter-0-3", "C")
    after = table.marker()
    table.step_tap("undo", "undo")
    assert table.marker() == before
    table.step_tap("redo", "undo")
    assert table.marker() == after
    table.step_tap("undo", "undo")
    assert table.marker() == before
    table.step_tap("enter-1-2", "C")


def test_two_players_in_german_on_a_tablet_with_a_restart_halfway(
        tmp_path: Path, browser: Any) -> None:
    # R-SETUP-6: 10 rounds of 2 buildings; the game resumes after the server restarts.
    offline = Offline()
    started = time.monotonic()
    counts: Counter[str] = Counter()
    rng = random.Random(2)
    with table_server(tmp_path, lang="de") as first:
        page = _context(browser, offline, "de-DE", TABLET_PORTRAIT).new_page()
        offline.watch(page)
        open_table(page, first.table_url)
        by_id(page, "home").wait_for()
        set_up(page, ["Jana", "Lukas"], "first_game", "physical", counts)
        table = Table(page, rng, "game-2p")
        table.play_until(lambda: "Runde 6 von 10" in table.text(table.marker()))
        halfway = table.marker()
        page.close()
    with table_server(tmp_path, lang="de") as second:
        page = _context(browser, offline, "de-DE", TABLET_PORTRAIT).new_page()
        offline.watch(page)
        open_table(page, second.table_url)
        resume = page.locator("[flt-semantics-identifier^='resume-']")
        resume.first.click()
        by_id(page, "play").wait_for()
        tap(page, "play")
        table.page = page
        assert table.marker() == halfway
        table.screenshot_once("resumed")
        table.play_until(lambda: False)
        table.screenshot_once("result")
        check_result_against_engine(table, tmp_path, "de")
    write_inputs(2, 10, table, counts["setup"], time.monotonic() - started)
    assert offline.outside == []
    assert offline.missing == []

