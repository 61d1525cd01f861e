"""A scripted table: players who play a whole game through the real UI, reading the screen.

The same story serves the browser tests (the walk's games on every device and in every
language, the last round with phones) and the benchmark's taps row, which plays the 4-player
story in chromium and counts the inputs it needed: so the figure is measured on any checkout,
from the story kept here, and it is the story the tests play. Every choice comes from a seeded
`random.Random`; every wait is for something the screen shows (see `support.flutter`).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from companion.rules.catalog import PlayerColour
from companion.rules.setup import DeckMode, SelectionMethod, Setup, make_setup, setup_code
from support.flutter import (
    TIMEOUT_MS,
    WHEEL_STEP,
    by_id,
    focus_field,
    identifiers,
    next_frame,
    tap,
    tap_and_redraw,
    type_into,
    wait_for_said,
    wait_for_text,
)

STEP = "[flt-semantics-identifier^='step-']"
REVEAL_NUMBERS = 3
"""A kind's number buttons at a reveal: 1-3 (`companion.ui.round.resolve.REVEAL_NUMBERS`)."""
END_FIELDS = ("hand", "swords", "flutes", "passes", "gold", "markers")
FOUR_PLAYERS = ("Anna", "Ben", "Cleo", "Dora")
FOUR_PLAYER_SEED = 4
"""The story of the 4-player game: its setup code's seed (the app's deck deals the same rows on
every run) and its choices, `random.Random(4)`."""
FIVE_PLAYERS = ("Anna", "Ben", "Cleo", "Dora", "Emil")
TWO_PLAYERS = ("Jana", "Lukas")
TWO_PLAYER_SEED = 2
"""The story of the 2-player game (the players' own deck): its setup code's seed (the starting
player) and its choices, `random.Random(2)`."""


def story_setup(names: tuple[str, ...], seed: int, deck: DeckMode) -> Setup:
    """The setup a story types in as its code: the first game's buildings, dealt from `seed`,
    so each run plays the same game and the taps row compares from run to run (a fresh seed
    each run drew other rows, and another count of taps)."""
    players = list(zip(names, PlayerColour, strict=False))
    return make_setup(players, SelectionMethod.FIRST_GAME, seed, deck)


def story_code(names: tuple[str, ...], seed: int, deck: DeckMode) -> str:
    return setup_code(story_setup(names, seed, deck))

_STEP_SHOWN = """() => {
    const e = document.querySelector("[flt-semantics-identifier^='step-']");
    return e && [e.getAttribute('flt-semantics-identifier'), e.textContent || ''];
}"""

Shoot = Callable[[Any, str], None]
"""Takes a screenshot of the page, named after the step it shows."""
Look = Callable[["Table", set[str]], None]


def no_pictures(page: Any, name: str) -> None:
    """The benchmark plays without screenshots."""


class Table:
    """The players at the table: they tap the screen, and count every input they make."""

    def __init__(self, page: Any, rng: random.Random, shoot: Shoot = no_pictures,
                 look: Look | None = None, crowded_rounds: frozenset[int] = frozenset(),
                 off_estate: int | None = None, row_size: int = 2) -> None:
        self.page = page
        self.rng = rng
        self.shoot = shoot
        self.look = look
        """Called with the screen's identifiers before each prompt is answered (a layout
        check, say)."""
        self.crowded_rounds = crowded_rounds
        """Rounds in which everyone enters the first building, none passes, and the reveals
        use every kind of card: the fullest building a table can have."""
        self.off_estate = off_estate
        """If set, every player enters the first building with this many cards, all of
        another estate (R-ROUND-D a: a rat each), so every reveal changes someone's ledger;
        otherwise the entries and reveals are chosen at random."""
        self.row_size = row_size
        """With the players' own deck, the building cards that come up each round (R-SETUP-6:
        2 with 2 or 3 players, 3 with 4 or 5)."""
        self.inputs: Counter[str] = Counter()
        self.shot: set[str] = set()
        self.used: Counter[str] = Counter()
        """Physical deck: building cards laid out so far."""

    # -- reading the screen -------------------------------------------------------------

    def ids(self) -> list[str]:
        return identifiers(self.page)

    def marker(self) -> str:
        """The step the screen shows. A redraw at the same step keeps the view where it was
        scrolled, so the marker (at the top) may be out of sight, or, far above, left out of
        the semantics tree: the players scroll back up, as a person would, until it is."""
        return self.step_shown()[0]

    def step_shown(self) -> tuple[str, str]:
        """The step's marker and its words ("Round 3 of 8 ..."), read in one round trip."""
        for _ in range(40):
            found = self.page.evaluate(_STEP_SHOWN)
            if found:
                return found[0], found[1]
            self.page.mouse.wheel(0, -WHEEL_STEP)
            next_frame(self.page)
        self.page.locator(STEP).first.wait_for(state="attached")
        found = self.page.evaluate(_STEP_SHOWN)
        return found[0], found[1]

    def text(self, identifier: str) -> str:
        return str(by_id(self.page, identifier).first.text_content() or "")

    def wait_past(self, marker: str) -> None:
        """Until the screen shows a later (or earlier) step of the game than `marker`."""
        self.page.wait_for_function(
            """old => {
                const now = document.querySelector("[flt-semantics-identifier^='step-']");
                return now && now.getAttribute('flt-semantics-identifier') !== old;
            }""", arg=marker, timeout=TIMEOUT_MS)

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
            wait_for_text(self.page, identifier, str(value))

    def type_number(self, identifier: str, value: int, kind: str) -> None:
        type_into(self.page, identifier, str(value))
        self.inputs[kind] += 1

    def screenshot_once(self, name: str) -> None:
        if name not in self.shot:
            self.shot.add(name)
            self.shoot(self.page, name)

    # -- one prompt ---------------------------------------------------------------------

    def play_step(self) -> bool:
        """Do whatever the screen asks now; False once the winner is shown."""
        ids = set(self.ids())
        if self.look is not None:
            self.look(self, ids)
        if "winner" in ids:
            return False
        if "end-form" in ids:
            self.screenshot_once("end-form")
            self.fill_end_values(ids)
            return True
        self.folded(ids)
        if "reveal-matching" in ids:
            self.reveal(ids)
        elif "reveal-confirm" in ids:
            self.reveal_buildings(ids)
        elif "enter-0-0" in ids:
            self.enter(ids)
        elif any(i.startswith("choose-") for i in ids):
            self.screenshot_once("d-choice")
            choice = self.rng.choice(sorted(i for i in ids if i.startswith("choose-")))
            self.step_tap(choice, "D")
        elif "actions-done" in ids:
            self.step_tap("actions-done", "D")
        elif "end-round" in ids:
            self.screenshot_once("e-round-end")
            self.step_tap("end-round", "E")
        else:
            raise AssertionError(f"no prompt on the screen: {sorted(ids)}")
        return True

    def folded(self, ids: set[str]) -> None:
        """What the screen shows above the next tap, which records it too, so it costs no tap
        of its own: the supply (B), a building's actions with the Hospital's discards (D), the
        round's end (E). Only the Hospital's discards take taps: they are data."""
        if "supply-info" in ids:
            self.screenshot_once("b-supply")
        if "end-round-info" in ids:
            self.screenshot_once("e-round-end")
        if any(i.startswith("actions-of-") for i in ids):
            self.screenshot_once("d-actions")
            if any(i.startswith("special-") for i in ids):
                self.screenshot_once("d-actions-special")
            if "last-round-bonus" in ids:
                self.screenshot_once("d-last-round")
        for i in sorted(ids):
            if re.fullmatch(r"hospital-\d+-more", i) and self.rng.random() < 0.5:
                self.stepper(i.removesuffix("-more"), 1, "D")

    def reveal_buildings(self, ids: set[str]) -> None:
        picks = sorted(i for i in ids if i.startswith("pick-"))
        if picks:  # the players' own deck: tap the cards that "came up"
            self.screenshot_once("a-physical")
            count = self.row_size if "row-0" not in ids else 0
            # a card with no copy left says so on its face and takes no tap (R-COMP-4)
            free = [p for p in picks if not p.endswith("-gone") and self.used[p] < 5]
            for pick in self.rng.sample(free, count):
                self.used[pick] += 1
                laid = len([i for i in self.ids() if re.fullmatch(r"row-\d+", i)])
                self.tap(pick, "A")
                by_id(self.page, f"row-{laid}").wait_for()
        else:
            self.screenshot_once("a-reveal")
        self.step_tap("reveal-confirm", "A")

    def round_number(self) -> int:
        """The round the screen shows ("Round 3 of 8", "Runde 3 von 10": the first number)."""
        return int(re.findall(r"\d+", self.step_shown()[1])[0])

    def crowded(self) -> bool:
        return bool(self.crowded_rounds) and self.round_number() in self.crowded_rounds

    def enter(self, ids: set[str]) -> None:
        self.screenshot_once("c-enter")
        if self.off_estate is not None:
            self.step_tap(f"enter-0-{self.off_estate}", "C")
            return
        if self.crowded():
            self.step_tap(f"enter-0-{self.rng.choice([3, 4, 5])}", "C")
            return
        if "pass" in ids and self.rng.random() < 0.15:
            self.step_tap("pass", "C")
            return
        buildings = sorted({int(i.split("-")[1]) for i in ids if re.fullmatch(r"enter-\d+-0", i)})
        cards = self.rng.choice([0, 1, 1, 2, 2, 3, 3, 4, 5])
        self.step_tap(f"enter-{self.rng.choice(buildings)}-{cards}", "C")

    def reveal(self, ids: set[str]) -> None:
        """A kind's count is one tap on its number; the tap that leaves no card of the
        building's own estate records the reveal, and so does the number of the building's
        own estate among population cards of two (the rest are of another); otherwise the
        confirm does. The cards are chosen first, then tapped."""
        self.screenshot_once("d-reveal")
        declared = int(self.text("reveal-matching").split()[0])
        if self.off_estate is not None:
            if declared:
                self.stepper("reveal-other", declared, "D")
            self.step_tap("reveal-confirm", "D")
            return
        left = declared
        share = 0.6 if self.crowded() else 0.35
        cards: dict[str, int] = {}
        for kind in ("other", "jokers", "swords", "flutes"):
            if f"reveal-{kind}-more" in ids and left and self.rng.random() < share:
                cards[kind] = n = min(left, self.rng.choice([1, 1, 2]))
                left -= n
                if not left:
                    break
        if left < declared:
            self.screenshot_once("d-reveal-mixed")
        split = "other" in cards and 0 < left <= REVEAL_NUMBERS
        taps = [(kind, n) for kind, n in cards.items() if not (split and kind == "other")]
        for i, (kind, n) in enumerate(taps):
            if not left and i == len(taps) - 1:
                self.step_tap(f"reveal-{kind}-{n}", "D")
                return
            self.tap(f"reveal-{kind}-{n}", "D")
            wait_for_text(self.page, f"reveal-{kind}", str(n))
        if split:
            self.screenshot_once("d-reveal-split")
            self.step_tap(f"reveal-mixed-{left}", "D")
        else:
            self.step_tap("reveal-confirm", "D")

    def fill_end_values(self, ids: set[str]) -> None:
        """What everyone holds first; the rats and the nuns only at the plague check, the
        step after it (R-SCORE-6): the rats the app knows are filled in (the phones'), the
        others are counted from the tokens and typed."""
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
            self.shoot(self.page, "end-holdings")
            self.step_tap("end-holdings", "end")
            ids = set(self.ids())
        assert {f"end-{p}-rats" for p in players} <= ids
        for p in players:
            # a count the app cannot know (no phone, no rats kept in the app) starts empty:
            # the player's rat tokens are counted and typed
            if not focus_field(self.page, f"end-{p}-rats").input_value():
                self.type_number(f"end-{p}-rats", self.rng.randint(0, 12), "end")
        self.type_number("end-nuns", self.rng.randint(6, 16), "end")
        self.shoot(self.page, "end-filled")
        self.step_tap("end-score", "end")

    def play_until(self, done: Any, limit: int = 2000) -> None:
        for _ in range(limit):
            if done() or not self.play_step():
                return
        raise AssertionError("the game did not end")


# -- the setup wizard, as the players go through it -------------------------------------


def set_up(page: Any, names: list[str], method: str, deck: str, counts: Counter[str],
           code: str | None = None) -> None:
    """The wizard as a table goes through it; with `code`, the buildings, the seed and the deck
    are taken from a setup code typed in (one game every run) instead of `method` with a fresh
    seed and `deck`."""
    def press(identifier: str) -> None:
        tap_and_redraw(page, identifier)
        counts["setup"] += 1

    press("new-game")
    by_id(page, "setup-players").wait_for()
    for index, name in enumerate(names):
        if index >= 2:
            press("add-player")
        type_into(page, f"player-name-{index}", name)
        counts["setup"] += 1
    press("next")
    by_id(page, "setup-buildings").wait_for()
    if code is None:
        press(f"method-{method}")
    else:
        type_into(page, "code-input", code)
        counts["setup"] += 1
        press("apply-code")
        # "Setup code taken over." stands 3.5 s over the foot of the screen, where round 1's
        # highest counts will be: a player reads it before the next screens, and so waits here.
        said = by_id(page, "message").first
        said.wait_for()
        said.wait_for(state="detached")
    by_id(page, "buildings-result").wait_for()
    press("next")
    by_id(page, "setup-code").wait_for()
    if deck != "digital" and code is None:
        press(f"deck-{deck}")
    press("next")
    by_id(page, "setup-checklist").wait_for()
    press("start-game")
    by_id(page, "play").wait_for()
    press("play")
    page.locator(STEP).first.wait_for()




def undo_and_redo_an_entry(table: Table) -> None:
    """Round 1: the first entry is taken back, put back, taken back again and replaced by
    another; the stored game must hold only the replacement (see the final replay)."""
    while "enter-0-0" not in set(table.ids()):
        table.play_step()
    before = table.marker()
    table.step_tap("enter-0-3", "undo")  # made to be undone: no table's tap
    after = table.marker()
    table.step_tap("undo", "undo")
    assert table.marker() == before
    said = wait_for_said(table.page, "Undone: ")
    assert re.fullmatch(f"Undone: ({'|'.join(FOUR_PLAYERS)})'s entry into the .+", said), said
    table.shoot(table.page, "undone-entry")
    table.step_tap("redo", "undo")
    assert table.marker() == after
    assert wait_for_said(table.page, "Redone: ").endswith(said[9:])
    table.step_tap("undo", "undo")
    assert table.marker() == before
    table.step_tap("enter-1-2", "C")


def start_four_player_story(page: Any, setup_inputs: Counter[str],
                            shoot: Shoot = no_pictures, look: Look | None = None) -> Table:
    """The 4-player game of the benchmark and the walk, from the home screen to round 1 with
    one entry undone and redone (undo taps are counted apart); the table that plays it on."""
    by_id(page, "home").wait_for()
    set_up(page, list(FOUR_PLAYERS), "first_game", "digital", setup_inputs,
           story_code(FOUR_PLAYERS, FOUR_PLAYER_SEED, DeckMode.DIGITAL))
    table = Table(page, random.Random(FOUR_PLAYER_SEED), shoot, look=look)
    undo_and_redo_an_entry(table)
    return table


def play_four_player_story(page: Any, setup_inputs: Counter[str],
                           shoot: Shoot = no_pictures) -> Table:
    """From the home screen to the winner: the 4-player game."""
    table = start_four_player_story(page, setup_inputs, shoot)
    table.play_until(lambda: False)
    return table


def start_two_player_story(page: Any, setup_inputs: Counter[str],
                           shoot: Shoot = no_pictures, look: Look | None = None) -> Table:
    """The 2-player game of the walk and the benchmark, set up with the players' own deck;
    the table that plays it on from round 1."""
    set_up(page, list(TWO_PLAYERS), "first_game", "physical", setup_inputs,
           story_code(TWO_PLAYERS, TWO_PLAYER_SEED, DeckMode.PHYSICAL))
    return Table(page, random.Random(TWO_PLAYER_SEED), shoot, look=look)


def play_two_player_story(page: Any, setup_inputs: Counter[str],
                          shoot: Shoot = no_pictures) -> Table:
    """From the home screen to the winner: the 2-player game (without the test's restart,
    which changes no choice)."""
    by_id(page, "home").wait_for()
    table = start_two_player_story(page, setup_inputs, shoot)
    table.play_until(lambda: False)
    return table
