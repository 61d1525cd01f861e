"""Every control reachable, every text whole: three games, looked at on the way.

A control pushed past the right edge of a panel (the Hospital's hand-card steppers, on every
device) is missed by screen tests that look at chosen controls. Here the players of three
stories play their games through the real UI, a file each, so two walks run at once: the
4-player game on the app's deck from the wizard to round 5's row, a round in each language
(here); the 5-player game with the
players' own deck, a building of every estate and everyone in one building in the first and last
rounds (a crowded phase A on the laptop), in two parts that run at once:
`test_every_control_reachable_five_players.py` the wizard, round 1 and round 2's row, and
`..._five_players_late.py` its last four rounds, from round 5's row to the result; the 2-player
game with the players' own deck, its last four rounds from round 7's row to the result
(`..._two_players.py`). A game's late half is a game the engine played up to that row and
stored, which the table resumes. The rounds left out showed no kind of screen, and no control
but one card of the own deck's picker (the 2-player game's Market), that the walks do not look
at on every device and in every language; the 4-player game's rounds 5 to 8, its end form and
its result showed no control the 2-player game's last rounds and end do not show
(docs/decisions.md, "The late walks"); round 1's
row, the own deck's picker alone on the screen, is the 5-player game's first part's. Before a
tap the whole screen is checked by `support.reachable.look`: every node inside the window's
width, every enabled control scrollable wholly above the bottom bar, no text cut, every
control the engine offers for the step there (the Hospital's steppers among them), and on a
round's screen what the acting player taps in sight as the screen comes, unscrolled.

Each round is played in one of the four languages, in turn (switched with the app bar's
language button). A step is looked at where it shows something not looked at yet
(`Walk.devices_for`): a kind of screen (an entry, a reveal, a building's actions, a choice, a
row) is looked at on every device the first time it comes (the window resized to each, the
window's own device first and the upright tablet at one end), and again on one device (each
in turn) the first time it comes in each language, or with a kind of control not looked at
yet. So every device and every language meets every kind of screen the game shows (the
5-player game's first part, a round and the next one's row, meets every device), which the
test checks on the schedule at the end; a
step not looked at is still checked for every control the engine offers there, on the screen
as it is. The wizard, the phones panel and a player's private view (in round 2), the end form
and the result are looked at on every device. Screenshots of the first problem of each kind
land in `screenshots/reach-*`; with `RATTUS_SCREENSHOTS=1`, every kind of screen on every
device lands in `screenshots/walk-*`.

The stories are the ones a table lives, and the benchmark's taps row plays the first two
whole: the 4-player game undoes, redoes and undoes an entry in round 1, and its rows after
round 1 take one tap each; the 2-player game's server is stopped in the middle of round 8's
entries and the table's tab, opened anew, resumes it. At the end of the 2-player game and of
the 5-player game's second half the stored events are replayed and scored by the engine, and
the winner, every total, every rat count and every track on the screen must be the engine's;
every stored game keeps the teaching's order; no request may leave this machine, and none may
miss.
"""

from __future__ import annotations

import contextlib
import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from bench.taps import count_taps
from support.flutter import by_id, open_table, switch_language, tap, tap_and_redraw, type_into
from support.harness import (
    PICTURES_WANTED,
    SCREENSHOTS,
    Offline,
    picture,
    resize_table,
    screenshot,
    table_context,
    table_server,
)
from support.reachable import expected_controls, look
from support.screen_result import check_result_against_engine, stored_game
from support.story import (
    FIVE_PLAYERS,
    STEP,
    TWO_PLAYER_SEED,
    TWO_PLAYERS,
    Table,
    start_four_player_story,
    story_setup,
)
from support.teaching_order import late_lessons

from companion.rules.catalog import Building, PlayerColour
from companion.rules.house_rules import HouseRules
from companion.rules.setup import DeckMode, SelectionMethod, Setup, make_setup, setup_code
from companion.store.db import GameStore
from companion.store.session import Session

DEVICES = (
    ("laptop", {"width": 1366, "height": 768}),
    ("tablet", {"width": 1280, "height": 800}),
    ("upright", {"width": 800, "height": 1280}),
)
"""The devices tables use (a phone's page is the phones' tests' to look at)."""
LANGUAGES = ("en", "fr", "de", "nl")
NARROW = "upright"
"""The one device the server draws anew on a resize to it or from it (`frame.follow_resizes`)."""


class Walk:
    """The `look` of a scripted table: resize, switch language, check the whole screen."""

    def __init__(self, name: str, data_dir: Path, first_language: int) -> None:
        self.name = name
        self.data_dir = data_dir
        self.first_language = first_language
        self.steps = 0
        self.lang = LANGUAGES[first_language]
        self.problems: list[str] = []
        self.devices: Counter[str] = Counter()
        self.languages: Counter[str] = Counter()
        self.visited_side_screens = False
        self.shots: set[object] = set()
        self.offered: Counter[str] = Counter()
        """The controls the engine offered on the way, step by step."""
        self.met: set[tuple[str, str, str]] = set()
        """(device or "-", language, kind) of every step: "-" when it was not looked at."""
        self.controls_looked_at: set[str] = set()
        """The kinds of control looked at (identifiers with their numbers as `#`)."""

    # -- the page ---------------------------------------------------------------------

    @staticmethod
    def device(page: Any) -> str:
        return next(d for d, size in DEVICES if size == page.viewport_size)

    def tour(self, page: Any) -> list[tuple[str, dict[str, int]]]:
        """Every device, the window's own first, the wide ones together and the upright at
        one end: one redraw of the server's for a narrow screen per tour."""
        current = self.device(page)
        wide = [d for d, _ in DEVICES if d not in (current, NARROW)]
        order = [current, *wide] + ([NARROW] if current != NARROW else [])
        return [(d, dict(DEVICES)[d]) for d in order]

    def resize(self, page: Any, size: dict[str, int]) -> None:
        """Turn the window to `size`; `look` waits for the screen to be still before it reads
        it."""
        resize_table(page, size)

    def switch_language(self, page: Any, lang: str) -> None:
        if lang == self.lang:
            return
        switch_language(page, lang)
        page.locator(STEP).first.wait_for()
        self.lang = lang

    def check(self, page: Any, where: str, expected: set[str] = frozenset(),  # type: ignore[assignment]
              in_sight: bool = False) -> None:
        found = look(page, where, expected, in_sight)
        self.problems += found
        lang, device, what = where.split(" ", 2)
        kind = re.sub(r"[^a-z]+", "-", re.sub(r"step-\d+ ", "", what))[:40]
        if found and kind not in self.shots:
            self.shots.add(kind)
            screenshot(page, f"reach-{self.name}-{kind}")
        elif PICTURES_WANTED and (kind, device) not in self.shots:
            # for a person to look at every screen on every device (an evening's review)
            self.shots.add((kind, device))
            picture(page, f"walk-{self.name}-{kind}-{device}-{lang}")

    # -- the hook the table calls before each tap ------------------------------------

    def __call__(self, table: Table, ids: set[str]) -> None:
        page = table.page
        self.steps += 1
        if "winner" in ids or "end-form" in ids:
            end = "result" if "winner" in ids else "end-form"
            for device, size in self.tour(page):  # the end's screens on every device
                self.resize(page, size)
                self.check(page, f"{self.lang} {device} {end}")
            self.devices.update(d for d, _ in DEVICES)
            return
        round_number = table.round_number()
        self.switch_language(page, LANGUAGES[(self.first_language + round_number - 1)
                                             % len(LANGUAGES)])
        expected = expected_controls(self.data_dir)
        self.offered.update(expected)
        kind = screen_kind(ids)
        step = table.marker()
        looked_on = self.devices_for(page, kind, ids)
        if not looked_on:
            self.met.add(("-", self.lang, kind))
            self.problems += [f"{self.lang} {step}: {i} missing (the engine offers it)"
                              for i in sorted(expected - ids)]
        for device in looked_on:
            self.met.add((device, self.lang, kind))
            self.resize(page, dict(DEVICES)[device])
            self.devices[device] += 1
            self.languages[self.lang] += 1
            self.check(page, f"{self.lang} {device} {step} {kind}", expected, in_sight=True)
        if round_number == 2 and not self.visited_side_screens:
            self.visited_side_screens = True
            self.side_screens(page, ids)

    def devices_for(self, page: Any, kind: str, ids: set[str]) -> list[str]:
        """Where this step is looked at: on every device that has not looked at this kind of
        screen yet (the window's own first, so it is not resized for nothing); else, when the
        language has not, or when the screen holds a kind of control not looked at yet, on
        one device, each in turn from step to step; else nowhere."""
        looked = {(d, k) for d, _, k in self.met if d != "-"}
        lacking = [d for d, _ in self.tour(page) if (d, kind) not in looked]
        controls = {re.sub(r"\d+", "#", i) for i in ids}
        if lacking:
            devices = lacking
        elif (not any(m[0] != "-" and m[1] == self.lang and m[2] == kind for m in self.met)
              or controls - self.controls_looked_at):
            devices = [DEVICES[self.steps % len(DEVICES)][0]]  # each device in turn
        else:
            devices = []
        if devices:
            self.controls_looked_at |= controls
        return devices

    def unmet(self) -> list[str]:
        """The (device, kind) and (language, kind) the game showed and no look saw."""
        looked = {(d, lang, k) for d, lang, k in self.met if d != "-"}
        kinds = {k for _, _, k in self.met}
        return ([f"{d} {k}" for d, _ in DEVICES for k in sorted(kinds)
                 if not any(m[0] == d and m[2] == k for m in looked)]
                + [f"{lang} {k}" for _, lang, k in sorted(self.met)
                   if not any(m[1] == lang and m[2] == k for m in looked)])

    def setup_screen(self, page: Any, name: str) -> None:
        for device, size in self.tour(page):
            self.resize(page, size)
            self.check(page, f"{self.lang} {device} {name}")

    def side_screens(self, page: Any, ids: set[str]) -> None:
        """A player's private view (from their seat chip) and the phones panel, on every
        device, then back to the round where it stood."""
        chip = next(i for i in sorted(ids) if re.fullmatch(r"seat-chip-0(-now)?", i))
        tap(page, chip)
        by_id(page, "private-done").wait_for()
        for device, size in self.tour(page):
            self.resize(page, size)
            self.check(page, f"{self.lang} {device} private-view")
        tap(page, "private-done")
        page.locator(STEP).first.wait_for()
        tap(page, "back")
        by_id(page, "phones").wait_for()
        tap(page, "phones")
        by_id(page, "phones-panel").wait_for()
        for device, size in self.tour(page):
            self.resize(page, size)
            self.check(page, f"{self.lang} {device} phones-panel")
        tap(page, "back")
        by_id(page, "play").wait_for()
        tap(page, "play")
        page.locator(STEP).first.wait_for()


def screen_kind(ids: set[str]) -> str:
    if "reveal-matching" in ids:
        return "reveal"
    if any(i.startswith("actions-of-") for i in ids):
        return "actions"
    if "enter-0-0" in ids:
        return "enter"
    if any(i.startswith("choose-") for i in ids):
        return "choice"
    if "reveal-confirm" in ids:
        return "row"
    return "other"


def four_players(page: Any, look_: Walk) -> Table:
    """The benchmark's 4-player story, with its entry undone and redone in round 1."""
    return start_four_player_story(page, Counter(), look=look_)


EVERY_SPECIAL = (Building.BREWERY, Building.TOWN_HALL, Building.HOSPITAL, Building.CASTLE,
                 Building.RAT_CATCHERS_HUT, Building.TREASURY)
"""One building of each estate, chosen by hand (R-SETUP-2 a): the Hospital's steppers, the
Brewery's draws, Swords (Castle), Flutes (Rat Catcher's Hut), Passes (Town Hall) and Gold
(Treasury) all come up."""


def every_special_setup(names: tuple[str, ...]) -> Setup:
    """Five players with their own deck, whose building picker stands above the round's
    actions from round 2 on."""
    players = list(zip(names, PlayerColour, strict=False))
    return make_setup(players, SelectionMethod.CHOSEN, 5, DeckMode.PHYSICAL, 0, HouseRules(),
                      manual={b: 5 for b in EVERY_SPECIAL})


def every_special_code(names: tuple[str, ...]) -> str:
    """The setup code a table would read off another device, made by the engine."""
    return setup_code(every_special_setup(names))


def stored_until_late_rounds(setup: Setup, choices: int) -> Callable[[Path], str]:
    """What writes the engine's game of `setup` (choices of `random.Random(choices)`) stored
    up to the last building of the round before its last four (of 8 with five players, of 10
    with two: R-SETUP-6), one for each language, whose actions (with the round's end) the next
    round's row records (R-ROUND-A, R-ROUND-D, R-ROUND-E), into a data directory; it gives the
    game's id."""
    def store(data_dir: Path) -> str:
        from support.simulate import random_game

        from companion.rules import events as ev

        game = random_game(choices, len(setup.names), private=False, setup=setup)
        ends = [i for i, e in enumerate(game) if isinstance(e, ev.RoundEnded)]
        resumed_at = setup.rounds - len(LANGUAGES) + 1
        cut = ends[resumed_at - 2] - 1
        assert isinstance(game[cut], ev.BuildingResolved), game[cut]
        with GameStore.open(data_dir) as store:
            session = Session.start(store, game[0])
            session.submit_all(game[1:cut])
            return str(session.game_id)
    return store


def resumed(choices: int, crowded_rounds: frozenset[int] = frozenset(), row_size: int = 2
            ) -> Callable[[Any, Walk], Table]:
    """The stored game resumed from the home screen at the row where it was stored, played on
    with the choices of `random.Random(choices)`."""
    def play(page: Any, look_: Walk) -> Table:
        resume = page.locator("[flt-semantics-identifier^='resume-']").first
        tap(page, str(resume.get_attribute("flt-semantics-identifier")))
        by_id(page, "play").wait_for()
        tap(page, "play")
        page.locator(STEP).first.wait_for()
        return Table(page, random.Random(choices), look=look_, crowded_rounds=crowded_rounds,
                     row_size=row_size)
    return play


def five_players_every_special(page: Any, look_: Walk) -> Table:
    """The wizard's screens looked at too, on every device; the buildings from a setup
    code; everyone in the first building in the first and the last round."""
    tap_and_redraw(page, "new-game")
    by_id(page, "setup-players").wait_for()
    for index, name in enumerate(FIVE_PLAYERS):
        if index >= 2:
            tap_and_redraw(page, "add-player")
        type_into(page, f"player-name-{index}", name)
    look_.setup_screen(page, "setup-players")
    tap(page, "next")
    by_id(page, "setup-buildings").wait_for()
    type_into(page, "code-input", every_special_code(FIVE_PLAYERS))
    tap_and_redraw(page, "apply-code")
    by_id(page, "card-hospital").wait_for()
    look_.setup_screen(page, "setup-buildings")
    tap(page, "next")
    by_id(page, "setup-code").wait_for()
    look_.setup_screen(page, "setup-options")
    tap(page, "next")
    by_id(page, "setup-checklist").wait_for()
    look_.setup_screen(page, "setup-checklist")
    tap(page, "start-game")
    by_id(page, "play").wait_for()
    look_.setup_screen(page, "game")
    tap(page, "play")
    page.locator(STEP).first.wait_for()
    return Table(page, random.Random(5), look=look_, crowded_rounds=frozenset({1, 8}),
                 row_size=3)


@dataclass(frozen=True)
class Story:
    play: Callable[[Any, Walk], Table]
    first_language: int
    restart_in_round: int | None = None
    """The server is stopped and started again two taps into this round (R-ROUND-C: in the
    middle of the entries), and the table's tab is opened anew and resumes the game."""
    stored: Callable[[Path], str] | None = None
    """Writes the game the table resumes into the data directory before the server starts."""
    until_round: int | None = None
    """The walk looks at the first step of this round and stops there (the rest is another
    file's)."""
    hospital_steppers: bool = False
    """The Hospital's steppers come up (its players discard) and are looked for."""


STORIES = {"four-players": Story(four_players, 0, until_round=5),
           "two-players-real-deck": Story(
               resumed(TWO_PLAYER_SEED), 1, restart_in_round=8,
               stored=stored_until_late_rounds(
                   story_setup(TWO_PLAYERS, TWO_PLAYER_SEED, DeckMode.PHYSICAL),
                   TWO_PLAYER_SEED)),
           "five-players-round-1": Story(five_players_every_special, 2, until_round=2),
           "five-players-rounds-5-8": Story(
               resumed(5, crowded_rounds=frozenset({8}), row_size=3), 2,
               stored=stored_until_late_rounds(every_special_setup(FIVE_PLAYERS), 5),
               hospital_steppers=True)}


def mid_round(table: Table, round_number: int) -> Callable[[], bool]:
    """True once the screen has shown two steps of `round_number`."""
    seen: set[str] = set()

    def done() -> bool:
        if table.round_number() == round_number:
            seen.add(table.marker())
        return len(seen) > 2
    return done


@pytest.mark.slow
def test_every_control_is_reachable_on_every_device_in_every_language(
        tmp_path: Path, browser: Any) -> None:
    walk_through("four-players", tmp_path, browser)


def walk_through(story: str, tmp_path: Path, browser: Any) -> None:
    """The story `story` played whole, looked at on the way (the test of each story: this
    one, and the two other files of the walk, one story each so two walks can run at once)."""
    # R-ROUND-A..E, R-SPECIAL-1/2, R-SCORE: whole games, every screen they show; the result
    # is the engine's replay of the stored game
    told = STORIES[story]
    offline = Offline()
    data_dir = tmp_path / "data"
    walk = Walk(story, data_dir, told.first_language)
    lang = LANGUAGES[told.first_language]

    def open_page(server: Any) -> Any:
        context = table_context(browser, offline, "en-GB", DEVICES[0][1])
        page = context.new_page()
        offline.watch(page)
        open_table(page, server.table_url)
        by_id(page, "home").wait_for()
        return page

    def play_until(table: Table, done: Callable[[], bool]) -> None:
        try:
            table.play_until(done)
        except Exception:
            with contextlib.suppress(Exception):  # what the table showed when it stopped
                table.page.screenshot(path=str(SCREENSHOTS / f"reach-{story}-stopped.png"),
                                      timeout=10_000)
            raise

    if told.stored is not None:
        told.stored(data_dir)
    with table_server(data_dir, lang=lang) as server:
        page = open_page(server)
        table = told.play(page, walk)
        if told.until_round is not None:
            until = told.until_round
            play_until(table, lambda: table.round_number() >= until)
            walk(table, set(table.ids()))
            page.context.close()
        elif told.restart_in_round is None:
            play_until(table, lambda: False)
            check_result_against_engine(table, data_dir, walk.lang)
            page.context.close()
        else:
            play_until(table, mid_round(table, told.restart_in_round))
            where = table.marker()
            page.context.close()
    if told.restart_in_round is not None:
        with table_server(data_dir, lang=lang) as server:
            page = open_page(server)
            # a tap, as the table's other taps are: a mouse click would leave the pointer
            # there, and a track's disc drawn under it later shows its name as a tooltip
            resume = page.locator("[flt-semantics-identifier^='resume-']").first
            tap(page, str(resume.get_attribute("flt-semantics-identifier")))
            by_id(page, "play").wait_for()
            tap(page, "play")
            table.page = page
            walk.lang = lang  # a new tab starts in the server's language
            assert table.marker() == where
            play_until(table, lambda: False)
            check_result_against_engine(table, data_dir, walk.lang)
            page.context.close()
    # R-ROUND-A..E, R-SCORE-2: had the table been taught, every rule would have come before
    # the first decision it changes at every step of this story, in whichever language
    _, events = stored_game(data_dir)
    with GameStore.open(tmp_path / "taught") as store:
        assert late_lessons(Session.start(store, events[0]), events) == []
    if story == "four-players":  # the benchmark's taps row counts this story the same way
        counted = count_taps(table.inputs, 4, 4)
        assert set(counted.by_phase) >= {"A", "C", "D"}
        # the supply (B) and the round's end (E) take no tap of their own (the next tap records
        # them), nor does round 1's row (A), laid out with the first entry; the rows of rounds
        # 2 to 4 are each the tap that records the last building's actions
        assert "B" not in counted.by_phase and "E" not in counted.by_phase
        assert counted.by_phase["A"] == 3
    if told.hospital_steppers:  # the Hospital's steppers were looked for
        assert any(re.fullmatch(r"hospital-\d+-more", i) for i in walk.offered), walk.offered
    assert walk.visited_side_screens or told.stored is not None
    if told.until_round is None or told.until_round > len(LANGUAGES):
        # four rounds or more played, a language each
        assert set(walk.languages) == set(LANGUAGES), walk.languages
    assert set(walk.devices) == {d for d, _ in DEVICES}, walk.devices
    assert walk.unmet() == []  # every device and every language met every kind of screen
    assert {k for _, _, k in walk.met} >= {"enter", "reveal", "actions"}, walk.met
    (tmp_path.parent / f"reach-{story}.txt").write_text("\n".join(walk.problems))
    assert walk.problems == []
    assert offline.outside == []
    assert offline.missing == []
