"""What a first game is taught, one lesson per rule, in the order a table meets them.

A lesson is data: an identifier (what the store remembers as shown), the rules it teaches
(IDs of RULES.md, the entry "Tell me more" opens), the decision it changes (the engine's step,
by its prompt, where a table first chooses differently for knowing the rule: the lesson is due
no later than that step) and a title and two to four sentences as msgids, in the players' words
and the English rulebook's terms (TERMS.md: "class", "starting player card", "Replacement
deck", the phase names). When a lesson is due is `due`'s business;
how it looks, the UI's. No lesson says a number only a player may know: the words are the
same for every table.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.i18n import N_
from companion.rules.catalog import Building
from companion.rules.guide import Prompt


@dataclass(frozen=True)
class Lesson:
    id: str
    rules: tuple[str, ...]
    """The rules it teaches; the first is where "Tell me more" opens the reference."""
    decision: Prompt
    """The decision the rule changes: the lesson is shown at or before the first step that
    takes it (`due`). How many cards to play is phase C's entry: the premium action and the
    cards kept in hand change it, so they are taught there, not when the cards are revealed
    or counted."""
    title: str
    body: str
    building: Building | None = None
    """A building's own lesson (the first round it is in the row): the screen shows those of
    one row together, each under the building's name."""

    @property
    def rule(self) -> str:
        return self.rules[0]


SETUP_BOARD = Lesson(
    "setup-board", ("R-COMP-1", "R-SCORE-1"), Prompt.START_GAME,
    N_("The influence board"),
    N_("The influence board has one track for each of the six classes. Every card you play "
       "into a building moves your disc up the track of that building's class. At the end, the "
       "most influence in a class scores 10 victory points, the second 5 and the third 2."))
SETUP_RATS = Lesson(
    "setup-rats", ("R-SETUP-1", "R-SCORE-6"), Prompt.START_GAME,
    N_("The rat tokens"),
    N_("Everyone starts with rat tokens worth 10 and keeps them hidden. You get more rats by "
       "playing cards of another class into a building. At the very end the plague comes: "
       "whoever has more rats than there are nuns in the Nun-row dies and cannot win."))
SETUP_SPECIALS = Lesson(
    "setup-specials", ("R-SETUP-3", "R-COMP-3"), Prompt.START_GAME,
    N_("The special-card stacks"),
    N_("Swords, Flutes, Pass cards and Gold are only laid out when the building that hands "
       "them out is in play: the Castle, the Rat Catcher's Hut, the Town Hall and the "
       "Treasury. Jokers are always there. You take these cards through building actions."))

SETUP_LESSONS: tuple[Lesson, ...] = (SETUP_BOARD, SETUP_RATS, SETUP_SPECIALS)
"""Taught on the setup checklist, each beside the item that lays its pieces out."""

SETUP_ITEMS: dict[str, str] = {"discs": SETUP_BOARD.id, "rats": SETUP_RATS.id,
                               "specials": SETUP_SPECIALS.id}
"""Checklist item -> the lesson taught beside it."""

DRAW_BUILDINGS = Lesson(
    "draw-buildings", ("R-ROUND-A", "R-SETUP-5"), Prompt.REVEAL_BUILDINGS,
    N_("Draw new building cards"),
    N_("Every round begins by laying out 2 building cards in a row (3 with 4 or 5 players). "
       "If they all show the same building, the last one is swapped for the top card of the "
       "Replacement deck. These buildings are where you play your cards this round."))
SUPPLIES = Lesson(
    "supplies", ("R-ROUND-B",), Prompt.SUPPLY,
    N_("Supplies"),
    N_("Each player picks one building card of the row and does what its supply symbols "
       "show: draw population cards, discard a rat, or look at one card of the Nun-row. You "
       "need not enter the building you picked. Go in turn order, or all at once."))
ENTER = Lesson(
    "enter", ("R-ROUND-C",), Prompt.ENTER,
    N_("Enter buildings and play population cards"),
    N_("From the holder of the starting player card, clockwise: put one of your discs on the "
       "next free space of a building, say how many cards you play there and lay them face "
       "down (0 is allowed). Several players may enter the same building; who went in first "
       "wins its ties."))
PASS = Lesson(
    "pass", ("R-SPECIAL-3", "R-ROUND-C"), Prompt.ENTER,
    N_("Playing a Pass card"),
    N_("At the start of your turn you may play a Pass card instead of entering: the next "
       "player goes, and you are up again once the others have entered. Each Pass costs one "
       "Pass card."))
REVEAL = Lesson(
    "reveal", ("R-ROUND-D",), Prompt.REVEAL_CARDS,
    N_("Resolve buildings: the cards are turned over"),
    N_("Building by building, in the order of the discs, each player turns their cards face "
       "up. Every population card and every Joker gives 1 influence in the building's class. "
       "Every population card of another class also gives you 1 rat; Jokers never do. Swords "
       "and Flutes give neither."))
ACTIONS = Lesson(
    "actions", ("R-ROUND-D",), Prompt.ENTER,
    N_("Premium action and normal action"),
    N_("In each building, whoever played the most population and Joker cards takes its "
       "premium action; on a tie, whoever entered first. Everyone else in it takes the normal "
       "action, even with 0 cards played."))
TWO_PLAYERS = Lesson(
    "two-players", ("R-ROUND-D",), Prompt.ENTER,
    N_("Two players: one premium per round"),
    N_("With 2 players there is only one premium action per round. Whoever played more "
       "population and Joker cards in all takes the premium in their building; on a tie, "
       "whoever entered first. The other player takes the normal action."))
SWORD = Lesson(
    "sword", ("R-SPECIAL-1",), Prompt.TAKE_ACTIONS,
    N_("The Sword"),
    N_("A Sword gives no influence and no rats. In its building, whoever played the fewest "
       "Swords (none counts) gives half of their hand, rounded down and cards of their "
       "choice, to whoever played the most."))
FLUTE = Lesson(
    "flute", ("R-SPECIAL-2",), Prompt.TAKE_ACTIONS,
    N_("The Flute"),
    N_("A Flute gives no influence and no rats. In its building, whoever played the fewest "
       "Flutes (none counts) takes 1 rat, and whoever played the most discards 1 rat."))
LAST_ROUND = Lesson(
    "last-round", ("R-ROUND-D", "R-SETUP-6"), Prompt.ENTER,
    N_("The last round"),
    N_("This round empties the building deck: it is the last. Its buildings have no actions: "
       "in each one, whoever would take the premium action gains 1 influence in its class "
       "instead. Then the game ends."))
HAND_SCORES = Lesson(
    "hand-scores", ("R-SCORE-2", "R-SCORE-3"), Prompt.ENTER,
    N_("What stays in your hand scores too"),
    N_("You need not play every card: what you keep counts at the end of the game. The most "
       "population and Joker cards in hand scores 2 victory points (a tie: 1 each), and so do "
       "the most Swords, the most Flutes and the most Pass cards."))
END_HANDS = Lesson(
    "end-hands", ("R-SCORE-2", "R-SCORE-3", "R-SCORE-4", "R-SCORE-5"),
    Prompt.END_VALUES,
    N_("Hands and special cards"),
    N_("Now everyone counts their hand. The most population and Joker cards scores 2 victory "
       "points (a tie: 1 each); the same for Swords, Flutes and Pass cards. Gold: the most "
       "scores 6, the second 3. Victory point tokens count what is printed on them."))
PLAGUE = Lesson(
    "plague", ("R-SCORE-6",), Prompt.END_VALUES,
    N_("The plague"),
    N_("Everyone now shows their rats, and the Nun-row is turned over: count its nuns. "
       "Whoever has more rats than that dies of the plague and cannot win, however many "
       "points they have. Exactly as many survives."))
SCORING = Lesson(
    "scoring", ("R-SCORE-1", "R-SCORE-7"), Prompt.FINISHED,
    N_("The scoring"),
    N_("Each class scores 10 victory points for the most influence, 5 for the second and 2 "
       "for the third (only 10 and 5 with 2 players); 0 influence scores nothing. The winner "
       "has the most points among the living; on a tie, fewer rats; still tied, they share "
       "the win."))

BUILDING_WHY: dict[Building, str] = {
    Building.PALACE: N_("Victory point tokens are points you keep, whatever happens on the "
                        "influence board."),
    Building.TREASURY: N_("Gold cannot be played: kept in hand, it scores at the end (the most "
                          "6, the second 3)."),
    Building.CASTLE: N_("Swords take cards: in a building, whoever played the fewest gives "
                        "half their hand to whoever played the most."),
    Building.WATCHTOWER: N_("Its premium takes 3 hand cards from each player with at least as "
                            "many who entered no Watchtower; entering one protects you."),
    Building.MONASTERY: N_("Discarding rats is what keeps you alive when the plague comes."),
    Building.HOSPITAL: N_("It turns hand cards into discarded rats, one rat for each card."),
    Building.FARM: N_("More population cards: more to play, more influence."),
    Building.BREWERY: N_("Cards for the influence you gained this round: strong after a big "
                         "play."),
    Building.MARKET: N_("Jokers give influence like population cards and never bring rats."),
    Building.TOWN_HALL: N_("Pass cards let you wait and enter once you know where the others "
                           "went."),
    Building.RAT_CATCHERS_HUT: N_("Flutes move rats: in a building, whoever played the fewest "
                                  "takes a rat and whoever played the most discards one."),
    Building.FORTUNE_TELLERS_TENT: N_("A look at the Nun-row tells you how many rats the plague "
                                      "will spare."),
}
"""Why a building is worth entering, in a sentence: its actions are on its card beside it."""


def building_lesson(building: Building) -> Lesson:
    return Lesson(f"building-{building.value}", ("R-COMP-4", "R-ROUND-D"), Prompt.ENTER,
                  N_("New in the row"), BUILDING_WHY[building], building)


ROUND_LESSONS: tuple[Lesson, ...] = (
    DRAW_BUILDINGS, SUPPLIES, ENTER, PASS, ACTIONS, TWO_PLAYERS, HAND_SCORES, REVEAL, SWORD,
    FLUTE, LAST_ROUND, END_HANDS, PLAGUE, SCORING)

LESSONS: dict[str, Lesson] = {lesson.id: lesson for lesson in (
    *SETUP_LESSONS, *ROUND_LESSONS, *(building_lesson(b) for b in Building))}
"""Every lesson by its identifier, in the order a game meets them."""
