"""The round fits the screens tables use: what the acting player taps is in sight, unscrolled.

Five players (the most), with everyone in the same building in round 1 (the fullest building
a table can have: five entries, reveals with cards of another estate, Jokers, Swords and
Flutes), then a round as it comes. At every step the controls of whoever acts now -- the count
buttons of phase C, the reveal steppers of phase D, the choice of a Sword or Flute target --
and the button that moves on must lie wholly inside the viewport, between the app bar and the
bottom bar, with nothing wider than the screen; when the players tap Done, the building's
resolution (Sword and Flute first, as R-ROUND-D a and R-SPECIAL-1/2 resolve them, then the
premium and the normal actions) must be on screen too. Checked on a 1366x768 laptop (the whole
game, to the end form), and in rounds 1 and 2 on a 1280x800 tablet, an 800x1280 tablet held
upright and a 1920x1080 screen too, the window turned to each at every step; each check reads
every tagged box in one round trip once the screen is still. The players stop at the end form
(nothing beyond its sides): the end form filled and the result are looked at whole, on every
device, by the walks (`test_every_control_reachable*.py`, their 5-player game among them).
With `RATTUS_SCREENSHOTS=1` the screenshots land in `screenshots/fits-<viewport>-<step>.png`
for a person to look at (a problem's always does).
"""

from __future__ import annotations

import contextlib
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

from support.flutter import BOTTOM_BAR, TOP_BAR
from support.story import FIVE_PLAYERS, STEP, Table, story_setup

from browser.table import (
    Offline,
    by_id,
    open_table,
    resize_table,
    screenshot,
    shooter,
    table_context,
    table_server,
    tap,
)
from companion.rules import events as ev
from companion.rules.catalog import Building
from companion.rules.deck import reveal_event
from companion.rules.engine import replay
from companion.rules.setup import DeckMode, Setup

VIEWPORTS = {
    "laptop-1366x768": {"width": 1366, "height": 768},
    "tablet-1280x800": {"width": 1280, "height": 800},
    "upright-800x1280": {"width": 800, "height": 1280},
    "screen-1920x1080": {"width": 1920, "height": 1080},
}
MOVES_ON = ("reveal-confirm", "actions-done", "end-round", "pass")
"""The buttons of the bottom bar: they must be on screen, below the body."""
ACTING = (
    r"enter-\d+-(\d+|more|fewer)",
    r"reveal-(other|jokers|swords|flutes)(-more|-fewer|-\d+)?",
    r"reveal-matching",
    r"choose-\d+",
    r"choice",
    r"hospital-\d+(-more|-fewer)?",
    r"prompt",
)
DECIDED = (r"special-(sword|flute)", r"premium-why", r"action-\d+", r"last-round-bonus")
"""What a building's resolution decided, on screen when the players tap what records its
actions as done: the next building's first reveal, the next round's row (issue 13), or, in
the last round, the end of the game."""


_BOXES = """async () => {
    const frame = () => new Promise(r => requestAnimationFrame(() => r()));
    const prompt = () => {
        const e = document.querySelector("[flt-semantics-identifier='prompt']");
        const r = e ? e.getBoundingClientRect() : null;
        return r ? [r.x, r.y, r.width, r.height].map(Math.round).join(',') : '';
    };
    let last = prompt(), same = 0;
    for (let i = 0; i < 600 && same < 3; i++) {
        await frame();
        const now = prompt();
        same = now === last ? same + 1 : 0;
        last = now;
    }
    return [...document.querySelectorAll('[flt-semantics-identifier]')].map(e => {
        const r = e.getBoundingClientRect();
        return [e.getAttribute('flt-semantics-identifier'), r.x, r.y, r.width, r.height];
    });
}"""
"""Every tagged node's box, read once the prompt has not moved for three frames (the screen
is still): one round trip for the whole check of a screen."""

Box = dict[str, float]


def tagged(page: Any) -> list[tuple[str, Box]]:
    """Every tagged node and its box, on the still screen."""
    return [(identifier, {"x": x, "y": y, "width": width, "height": height})
            for identifier, x, y, width, height in page.evaluate(_BOXES)]


def matching(nodes: list[tuple[str, Box]], patterns: tuple[str, ...]) -> dict[str, Box]:
    """The first node of each identifier that matches one of `patterns`."""
    found: dict[str, Box] = {}
    for identifier, box in nodes:
        if identifier not in found and any(re.fullmatch(p, identifier) for p in patterns):
            found[identifier] = box
    return found


def beyond_the_sides(nodes: list[tuple[str, Box]], width: int) -> list[str]:
    """The tagged nodes that reach beyond the screen's sides (sideways scrolling, clipping)."""
    return [f"{i} x={round(b['x'])} w={round(b['width'])}" for i, b in nodes
            if b["width"] > 0 and (b["x"] < -0.5 or b["x"] + b["width"] > width + 0.5)]


def outside(box: Box, width: float, top: float, bottom: float) -> bool:
    return (box["x"] < 0 or box["x"] + box["width"] > width + 0.5
            or box["y"] < top - 0.5 or box["y"] + box["height"] > bottom + 0.5)


def screen_of(page: Any) -> str:
    return next(name for name, size in VIEWPORTS.items() if size == page.viewport_size)


class FitsCheck:
    """The `look` of the scripted table: every step's acting controls against the viewport,
    on the smallest screen (the table's own) at every step, and in rounds 1 and 2 on every
    screen (the window turned to each before the tap: from the laptop to the upright tablet
    at one step, back at the next, so each step costs three turns and one of the server's
    redraws for a narrow screen). Stops the game at the end form, once it is checked."""

    def __init__(self, every_screen_until: int = 2) -> None:
        self.every_screen_until = every_screen_until
        self.steps = 0
        self.looked: Counter[str] = Counter()
        self.problems: list[str] = []
        self.shot: set[tuple[str, str]] = set()
        self.at_end = False

    def __call__(self, table: Table, ids: set[str]) -> None:
        page = table.page
        if "end-form" in ids:
            resize_table(page, VIEWPORTS[SMALLEST])
            self.problems += [f"end-form beyond the sides: {wide}" for wide in
                              beyond_the_sides(tagged(page), VIEWPORTS[SMALLEST]["width"])]
            table.screenshot_once("end-form")
            self.at_end = True
            raise AtTheEndForm
        self.steps += 1
        step = table.marker()
        kind = self.kind(ids)
        if kind:
            table.screenshot_once(kind)
        if table.round_number() > self.every_screen_until:
            if resize_table(page, VIEWPORTS[SMALLEST]):
                by_id(page, "prompt").first.wait_for()
            self.check(page, SMALLEST, step)
            return
        order = SCREEN_ORDER if screen_of(page) == SCREEN_ORDER[0] else SCREEN_ORDER[::-1]
        for name in order:
            if resize_table(page, VIEWPORTS[name]):
                by_id(page, "prompt").first.wait_for()
            self.check(page, name, step)

    def check(self, page: Any, name: str, step: str) -> None:
        """The acting controls and what moves on, on the screen as `name` shows it."""
        viewport = VIEWPORTS[name]
        width, height = viewport["width"], viewport["height"]
        self.looked[name] += 1
        nodes = tagged(page)
        ids = {i for i, _ in nodes}
        found: list[str] = []
        # Only a drawn bottom bar covers the foot of the view (`support.reachable.look` reads
        # it the same way): round 1's first entry has none, as nobody holds a Pass card yet,
        # and a row that needed a replacement (its notice two lines above the counts) pushed
        # the 10-12 counts into the band a bar would cover, which read as a problem (CI run
        # r180 of b6a8959).
        body_bottom = height - (BOTTOM_BAR if "bottom-bar" in ids else 0)
        checked = matching(nodes, ACTING)
        if "actions-done" in ids or any(i.startswith("actions-of-") for i in ids):
            checked |= matching(nodes, DECIDED)
        for identifier, box in checked.items():
            if outside(box, width, TOP_BAR, body_bottom):
                found.append(f"{name} {step} {identifier} {box}")
        for identifier, box in matching(nodes, MOVES_ON).items():
            if outside(box, width, body_bottom - 8, height):
                found.append(f"{name} {step} {identifier} (bottom bar) {box}")
        found += [f"{name} {step} beyond the sides: {wide}"
                  for wide in beyond_the_sides(nodes, width)]
        kind = self.kind(ids)
        if found and (name, kind) not in self.shot:
            self.shot.add((name, kind))  # the first problem of each kind, always pictured
            screenshot(page, f"fits-{name}-problem-{kind}")
        self.problems += found
    @staticmethod
    def kind(ids: set[str]) -> str:
        if "reveal-matching" in ids:
            return "d-reveal-" + str(len([i for i in ids if re.fullmatch(r"revealed-\d+", i)]))
        if "actions-done" in ids or any(i.startswith("actions-of-") for i in ids):
            return "d-actions-" + str(len([i for i in ids if re.fullmatch(r"action-\d+", i)]))
        if "enter-0-0" in ids:
            return "c-enter"
        if any(i.startswith("choose-") for i in ids):
            return "d-choice"
        if "end-round" in ids:
            return "e-round-end"
        if "reveal-confirm" in ids:
            return "a-reveal"
        return ""


CROWDED_SEED = 75
"""The first-game buildings with the app's deck, 5 players, a seed whose first row needed the
replacement rule twice for the longest name (R-ROUND-A): its banner stands above the entry
buttons of round 1, the most crowded first entry there is. A seed of its own each run found
this once and by chance (CI run r180); one seed, checked below, keeps the suite's outcome the
same on every run."""


def crowded_setup() -> Setup:
    setup = story_setup(FIVE_PLAYERS, CROWDED_SEED, DeckMode.DIGITAL)
    state = replay([ev.GameStarted(setup)])
    assert state is not None
    row = reveal_event(state)
    assert row.replaced == (Building.FORTUNE_TELLERS_TENT,) * 2, row
    return setup


def stored_crowded_game(data_dir: Path) -> str:
    """The game started as the wizard starts it from `crowded_setup`'s code (the wizard is
    walked through on every device by the walks); its id."""
    from companion.store.db import GameStore
    from companion.store.session import Session

    with GameStore.open(data_dir) as store:
        return str(Session.start(store, ev.GameStarted(crowded_setup())).game_id)


SMALLEST = "laptop-1366x768"
SCREEN_ORDER = (SMALLEST, "tablet-1280x800", "screen-1920x1080", "upright-800x1280")
"""The screens in the order a step of rounds 1 and 2 is looked at on them, and backwards at the
next step: the wide ones together (the window grows or shrinks, the screen is laid out
again), the upright at one end (the server draws it anew, and again when the window turns
back)."""


class AtTheEndForm(Exception):
    """Raised by the check once the end form is checked: the players stop there (the end form
    and the result are looked at whole on every device by the walks,
    `test_every_control_reachable*.py`, the 5-player result among them)."""


def test_five_players_in_one_building_fit_the_screen(tmp_path: Path, browser: Any) -> None:
    # R-ROUND-C/D, R-SPECIAL-1/2: every step with 5 players (R-SETUP-6: 8 rounds of 3
    # buildings) on the smallest screen, rounds 1 and 2 on every screen; the end form fits
    # too. One game: the window is turned to each screen at each step of rounds 1 and 2,
    # where four games once played the same steps, one per screen. The game starts as the
    # wizard would start it (the wizard fits: the walks and `test_languages_fit`).
    offline = Offline()
    check = FitsCheck()
    game_id = stored_crowded_game(tmp_path)
    with table_server(tmp_path, lang="en") as server:
        context = table_context(browser, offline, "en-GB", VIEWPORTS[SMALLEST])
        page = context.new_page()
        open_table(page, server.table_url)
        tap(page, f"resume-{game_id}")
        by_id(page, "play").wait_for()
        tap(page, "play")
        page.locator(STEP).first.wait_for()
        table = Table(page, random.Random(5), shooter(f"fits-{SMALLEST}-whole"), look=check,
                      crowded_rounds=frozenset({1, 8}))
        with contextlib.suppress(AtTheEndForm):
            table.play_until(lambda: False)
        context.close()
    assert check.at_end
    assert check.steps > 20
    every_screen = min(check.looked[name] for name in SCREEN_ORDER[1:])
    assert every_screen > 20 and check.looked[SMALLEST] == check.steps, check.looked
    assert check.problems == []
    assert offline.outside == []
