"""The rulebook's worked example (seeds 001 and 003) as a script the table plays through.

Four players, Red starting, the row Fortune-teller's Tent, Monastery, Monastery: Red enters
the first Monastery with 4 cards, Yellow the Tent with 3, Green the second Monastery with none,
Blue the second Monastery with 1; then the Tent, the first and the second Monastery are
resolved as the book tells it. Each `Scene` is one tap on the round screen: the event that tap
records, what the example says happens (in the players' words and the English rulebook's terms)
and which control to tap. The narration's placeholders are the players' names (`{red}`,
`{yellow}`, `{green}`, `{blue}`) and the buildings' printed names (`{tent}`, `{monastery}`),
so a table reads them as its cards print them.

Where the game stands in the script is worked out from the public event log alone (`follow`):
the table taps the real controls, and the script only compares what was recorded with what the
book does. So an undo, a restart or a second tab all land on the right scene by themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.i18n import N_
from companion.rules import events as ev
from companion.rules.catalog import Building, PlayerColour
from companion.rules.setup import DeckMode, SelectionMethod, Setup, make_setup

RED, YELLOW, GREEN, BLUE = range(4)
TENT, MONASTERY_1, MONASTERY_2 = range(3)
ROW = (Building.FORTUNE_TELLERS_TENT, Building.MONASTERY, Building.MONASTERY)

PLAYERS: tuple[tuple[str, PlayerColour], ...] = (
    (N_("Red"), PlayerColour.RED),
    (N_("Yellow"), PlayerColour.YELLOW),
    (N_("Green"), PlayerColour.GREEN),
    (N_("Blue"), PlayerColour.BLUE),
)
"""Seated clockwise from the start player, as in the book; the names are said in the table's
language when the practice starts (they are stored with the game like any typed name)."""

SEED = 3
"""Any seed will do: the deck is the players' own (the book's row is recorded at the start)."""

BOOKKEEPING: tuple[type, ...] = (ev.SupplyDone, ev.BuildingResolved, ev.RoundEnded)
"""Steps the round screen records with the next tap (no tap of their own): not compared."""


@dataclass(frozen=True)
class Scene:
    """One tap of the example: `event` is what the tap records, `says` what happens in the
    book (one paragraph, its sentences in order), `tap` which control to tap with which value
    and `controls` their semantics identifiers on the round screen, in the order tapped."""

    key: str
    event: ev.Event | None
    says: tuple[str, ...]
    tap: str
    controls: tuple[str, ...] = ()


SCENES: tuple[Scene, ...] = (
    Scene("row", ev.BuildingsRevealed(ROW), (
        N_("Phase A of the rulebook's example: with four players, three building cards are "
           "revealed. From left to right: the {tent}, a {monastery} and a second {monastery}."),
    ), N_("Tap the {tent}, the {monastery} and the {monastery} again, then “They are laid "
          "out”."), ("pick-fortune_tellers_tent", "pick-monastery", "pick-monastery",
                     "reveal-confirm")),
    Scene("red", ev.Entered(RED, MONASTERY_1, 4), (
        N_("Phase B, the supply: each player takes the supply action of one of the three "
           "building cards: draw 2 population cards and look at 1 card of the Nun-row (the "
           "{tent}), draw 4 cards (a {monastery}) or discard 2 rats (the other {monastery}). "
           "Do it with your cards; the app counts none of it."),
        N_("Phase C: {red} is the starting player. He enters the first {monastery}: his disc goes "
           "on its slot 1 and he lays 4 of his cards face down in front of him."),
    ), N_("On the first {monastery}, tap 4."), ("enter-1-4",)),
    Scene("yellow", ev.Entered(YELLOW, TENT, 3), (
        N_("Clockwise, {yellow} is next: she enters the {tent} and lays 3 cards face down."),
    ), N_("On the {tent}, tap 3."), ("enter-0-3",)),
    Scene("green", ev.Entered(GREEN, MONASTERY_2, 0), (
        N_("{green} enters the second {monastery} but decides to play no cards: entering with "
           "none is allowed."),
    ), N_("On the second {monastery}, tap 0."), ("enter-2-0",)),
    Scene("blue", ev.Entered(BLUE, MONASTERY_2, 1), (
        N_("Last, {blue} also enters the second {monastery}: his disc goes on slot 2, after "
           "{green}'s, and he lays 1 card face down."),
    ), N_("On the second {monastery}, tap 1."), ("enter-2-1",)),
    Scene("tent", ev.Revealed(YELLOW, TENT, matching=2, other=1), (
        N_("Phase D: the buildings are resolved from left to right, the {tent} first. "
           "{yellow} is alone there and reveals her 3 cards: 2 witches and a monk."),
        N_("Each population card gives {yellow} 1 influence in the class of the {tent}, Magic: "
           "+3. The monk is of another class (the Church), so she takes 1 rat token."),
    ), N_("Tap 1 on the line of population cards of another class, then “Revealed: +3 "
          "influence”."), ("reveal-other-1", "reveal-confirm")),
    Scene("monastery-1", ev.Revealed(RED, MONASTERY_1, matching=1, other=3), (
        N_("Being alone in the {tent}, {yellow} takes its premium action: she looks at 2 cards "
           "of the Nun-row."),
        N_("Next, the first {monastery}: {red} is alone there and reveals his 4 cards: a monk, "
           "a king and 2 witches. +4 influence in the Church class; the king and the witches "
           "are of other classes: 3 rats."),
    ), N_("Tap 3 on the line of population cards of another class, then “Revealed: +4 "
          "influence”."), ("reveal-other-3", "reveal-confirm")),
    Scene("monastery-2", ev.Revealed(BLUE, MONASTERY_2, matching=0, other=0, swords=1), (
        N_("Alone in the first {monastery}, {red} takes its premium action: he discards 2 "
           "rats."),
        N_("Last, the second {monastery}: {green} played no cards, so he gains no influence "
           "and takes no rat (the app reveals his empty hand by itself). {blue}'s one card is "
           "a Sword: a special card gives no influence and no rat."),
    ), N_("Tap 1 on the line of Swords: that is all of {blue}'s cards, the tap records it."),
        ("reveal-swords-1",)),
    Scene("actions", None, (
        N_("Both played 0 population cards: on the tie, {green} entered first and takes the "
           "premium action, discarding 2 rats; {blue} takes the normal action and discards 1. "
           "And {blue}'s Sword: {green}, with the fewest Swords, gives {blue} half of his "
           "remaining hand cards."),
        N_("That is the rulebook's example. Next the round would end and round 2 begin. Play "
           "on as long as you like: a practice game is never counted."),
    ), N_("Leave the practice, or lay out round 2's buildings to play on.")),
)
"""The book's round, tap by tap; the last scene is the example's end (no tap expected)."""


def practice_setup(names: Sequence[str]) -> Setup:
    """The example's table: `names` (the four colours, in the table's language) with their
    colours, Red starting, the first-game buildings (R-SETUP-2 d) and the players' own deck,
    so the book's row can be laid out as it is printed."""
    players = [(name, colour) for name, (_, colour) in zip(names, PLAYERS, strict=True)]
    return make_setup(players, SelectionMethod.FIRST_GAME, SEED, DeckMode.PHYSICAL, RED)


def opening_events(names: Sequence[str]) -> tuple[ev.Event, ev.Event]:
    """The practice game's start and the book's row (phase A), recorded with one tap."""
    return ev.GameStarted(practice_setup(names)), ev.BuildingsRevealed(ROW)


@dataclass(frozen=True)
class Progress:
    """Where a practice game stands in the script: `scene` is the next one (the last scene
    once the example is played through); `departed` the first recorded tap that differs from
    the book (None while the table follows it), `expected` the book's at that point."""

    scene: Scene
    index: int
    departed: ev.Event | None = None
    expected: Scene | None = None

    @property
    def beyond(self) -> bool:
        """The table played on past the book's round (still practice)."""
        return self.index >= len(SCENES)


def follow(public_events: Sequence[ev.Event]) -> Progress:
    """The scene a game's public event log (its `GameStarted` first) has reached."""
    taps = [e for e in public_events[1:] if not isinstance(e, BOOKKEEPING)]
    played = [s for s in SCENES if s.event is not None]
    for index, event in enumerate(taps):
        if index >= len(played):
            return Progress(SCENES[-1], len(SCENES))
        if event != played[index].event:
            return Progress(played[index], index, departed=event, expected=played[index])
    index = min(len(taps), len(SCENES) - 1)
    return Progress(SCENES[index], index)
