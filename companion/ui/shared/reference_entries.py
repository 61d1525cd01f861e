"""The rules reference's words: the whole game as the players read it, entry by entry.

Data only, apart from the screen that draws it (`rules_reference`): each entry names the rules
of RULES.md it explains (shown as a detail, never inside a sentence), a title and a few short
paragraphs, all msgids in the English rulebook's words ("class", "starting player card",
"victory point token", "Replacement deck"). A test checks that every rule of RULES.md has an
entry and that no sentence holds a rule's ID.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.i18n import N_
from companion.rules.errors import Refusal, RuleViolation


@dataclass(frozen=True)
class Entry:
    key: str
    section: str
    rules: tuple[str, ...]
    title: str
    paragraphs: tuple[str, ...]


SETUP = N_("Setup")
ROUND = N_("A round")
SPECIALS = N_("Special cards")
BUILDINGS = N_("Buildings")
END = N_("End of the game")
HOUSE = N_("House rules")


def _building(key: str, title: str, *paragraphs: str) -> Entry:
    return Entry(key, BUILDINGS, ("R-COMP-4",), title, paragraphs)


ENTRIES: tuple[Entry, ...] = (
    Entry("players", SETUP, ("R-SETUP-1", "R-COMP-1", "R-COMP-2", "R-COMP-5"),
          N_("Players and pieces"), (
              N_("Rattus Cartus is for 2 to 5 players. Each player takes the discs of one "
                 "colour and rats worth 10, kept secret."),
              N_("The 84 population cards belong to six classes, 14 cards each: Peasantry, "
                 "Bourgeoisie, Church, Chivalry, Magic and Royalty. Each card shows 0 to 4 "
                 "nuns."),
              N_("Rat tokens are worth 1, 3 or 5 rats. Each victory point token shows its "
                 "printed value."),
          )),
    Entry("buildings-in-play", SETUP, ("R-SETUP-2", "R-COMP-4"), N_("The buildings in play"), (
        N_("There are 12 buildings, two per class, with 5 cards each. A game uses 30 building "
           "cards: 5 per class."),
        N_("The table picks them in one of four ways: the players choose; one building per "
           "class at random, with all 5 of its cards; per class, its 10 cards shuffled and 5 "
           "drawn; or the first-game set: 5 each of Farm, Market, Monastery, Castle, Palace and "
           "Fortune Teller's Tent."),
        N_("Cards of the same building may show different supply symbols."),
    )),
    Entry("special-stacks", SETUP, ("R-SETUP-3", "R-COMP-3"), N_("Special cards and Jokers"), (
        N_("The box holds 12 Swords, 12 Flutes, 12 Pass cards, 15 Gold and 15 Jokers."),
        N_("A special card's stack is laid out only when its building is in play: Swords with "
           "the Castle, Flutes with the Rat Catcher's Hut, Pass cards with the Town Hall, Gold "
           "with the Treasury. Jokers are always laid out."),
    )),
    Entry("deal", SETUP, ("R-SETUP-4", "R-SETUP-5", "R-SETUP-7"),
          N_("Nun-row, hands and the Replacement deck"), (
              N_("Five population cards are laid face down as the Nun-row. Each player is "
                 "dealt 5 population cards."),
              N_("The building cards are shuffled and the Replacement deck is taken from them "
                 "face down: 10 cards with 2 players, 12 with 3, 6 with 4 or 5."),
              N_("A starting player is chosen and takes the starting player card."),
          )),
    Entry("rounds", SETUP, ("R-SETUP-6",), N_("How many rounds"), (
        N_("2 players play 10 rounds, 3 players 9, 4 or 5 players 8."),
        N_("Each round reveals 2 buildings with 2 or 3 players, 3 with 4 or 5. The round that "
           "takes the last card of the building deck is the last round."),
    )),
    Entry("draw-buildings", ROUND, ("R-ROUND-A",), N_("Draw new building cards"), (
        N_("Lay out 2 buildings (2 or 3 players) or 3 (4 or 5 players) in a row from the "
           "building deck."),
        N_("If all of them show the same building, replace the last one with the top card of "
           "the Replacement deck and put the replaced card face down under that deck. Repeat "
           "until they are not all the same."),
    )),
    Entry("supplies", ROUND, ("R-ROUND-B",), N_("Supplies"), (
        N_("Each player picks one revealed building card and does the supply symbols printed "
           "on it: draw population cards, discard a rat (once per symbol), look at one card of "
           "the Nun-row."),
        N_("Players go in turn from the starting player, or all at once if everyone agrees. "
           "The building picked here need not be the one you enter."),
        N_("Cards of one building may show different symbols: one Monastery says draw 4, "
           "another discard 2 rats."),
    )),
    Entry("enter", ROUND, ("R-ROUND-C",), N_("Enter buildings and play population cards"), (
        N_("From the starting player clockwise, each player puts a disc on the leftmost free "
           "space of one revealed building, says how many cards they play there and lays them "
           "face down. Playing 0 cards is allowed."),
        N_("Several players may enter the same building. Who entered first always means who "
           "put their disc down first."),
        N_("Instead of entering, you may play a Pass card at the start of your turn: you enter "
           "after all the others."),
    )),
    Entry("resolve", ROUND, ("R-ROUND-D",), N_("Resolve buildings"), (
        N_("The buildings are resolved one after another in row order. In each, the players "
           "reveal their cards in the order they entered."),
        N_("Each population card, of any class, and each Joker gives 1 influence in the "
           "building's class."),
        N_("Swords and Flutes give neither influence nor rats: they are resolved right then, "
           "before the actions."),
        N_("A disc that lands on a space where other discs already are goes on top of them. "
           "This order decides ties on the track."),
        N_("Then the actions are taken, and all played cards are discarded: Jokers and special "
           "cards go back to their stacks. Cards gained from actions are kept."),
    )),
    Entry("rats", ROUND, ("R-ROUND-D",), N_("Rats"), (
        N_("Each population card you reveal in a building of another class brings you 1 rat. "
           "Jokers bring none."),
        N_("Your rats stay hidden until the plague check at the end of the game."),
        N_("The Monastery, the Hospital, the Flute and the supply symbols make you discard "
           "rats. You only discard rats you have: a discard stops at 0."),
    )),
    Entry("actions", ROUND, ("R-ROUND-D",), N_("Premium and normal actions"), (
        N_("The player who played the most population and Joker cards in a building takes its "
           "premium action. A tie: whoever entered the building first."),
        N_("Everyone else there takes the normal action."),
        N_("A player who played 0 cards still takes the normal action, and even the premium "
           "when alone, or first in with everyone else also at 0."),
        N_("The premium player acts first, then the others in the order they entered."),
    )),
    Entry("two-players", ROUND, ("R-ROUND-D",), N_("The 2-player rule"), (
        N_("With 2 players only one premium action is taken per round. The player who played "
           "more population and Joker cards, in whichever building, takes the premium of their "
           "building; the other takes the normal action of theirs."),
        N_("A tie: whoever entered a building first that round."),
        N_("So every building of the round is revealed before any building's actions: the one "
           "premium needs both players' counts. The actions then follow in row order."),
    )),
    Entry("last-round", ROUND, ("R-ROUND-D",), N_("The last round"), (
        N_("The last round has no actions. In each building, the player who would take the "
           "premium gains 1 influence in the building's class instead; the others get "
           "nothing."),
        N_("With 2 players there is one such bonus in the whole round, given after both "
           "reveals."),
        N_("The last round is easy to see: the building deck is empty."),
    )),
    Entry("end-of-round", ROUND, ("R-ROUND-E",), N_("End of the round"), (
        N_("All discs come back, the round's buildings are discarded and the starting player "
           "card passes to the left."),
        N_("Then the next round begins with new building cards, unless this was the last "
           "round: then the game is scored."),
    )),
    Entry("sword", SPECIALS, ("R-SPECIAL-1",), N_("Sword"), (
        N_("A Sword is played face down like a population card. At the reveal, whoever in the "
           "building played the fewest Swords (0 counts) gives half their hand, rounded down, "
           "to whoever played the most. The giver chooses the cards."),
        N_("A tie for the most: whoever entered first receives. A tie for the fewest: the "
           "receiver chooses who gives. If everyone played as many Swords, nothing happens."),
    )),
    Entry("flute", SPECIALS, ("R-SPECIAL-2",), N_("Flute"), (
        N_("Flutes are compared like Swords: whoever played the most Flutes discards 1 rat, "
           "and whoever played the fewest takes 1."),
        N_("If the player with the most Flutes has no rat, the other still takes 1 from the "
           "supply."),
    )),
    Entry("pass", SPECIALS, ("R-SPECIAL-3", "R-ROUND-C"), N_("Pass card"), (
        N_("At the start of your turn to enter, you may play a Pass card: the next player goes "
           "on, and your turn comes again when all the others have entered or passed."),
        N_("You may pass again, each time with another Pass card."),
    )),
    Entry("gold", SPECIALS, ("R-SPECIAL-3", "R-SCORE-4"), N_("Gold"), (
        N_("Gold cannot be played. It stays in your hand: it can be discarded at the Hospital "
           "and lost to a Sword."),
        N_("At the end, the most Gold scores 6 victory points and the second most 3."),
    )),
    _building("palace", N_("Palace"),
              N_("Premium action: take 2 victory point tokens."),
              N_("Normal action: take 1 victory point token.")),
    _building("treasury", N_("Treasury"),
              N_("Premium action: take 2 Gold."),
              N_("Normal action: take 1 Gold.")),
    _building("castle", N_("Castle"),
              N_("Premium action: take 2 Swords."),
              N_("Normal action: take 1 Sword.")),
    _building("watchtower", N_("Watchtower"),
              N_("Premium action: every player who entered no Watchtower this round and holds "
                 "at least as many hand cards as you gives you 3 hand cards of their choice, "
                 "or all they have if fewer."),
              N_("Normal action: none, but it protects you from every Watchtower premium this "
                 "round."),
              N_("Hand sizes are compared once, before any card moves. The Watchtower is not "
                 "recommended with 5 players.")),
    _building("monastery", N_("Monastery"),
              N_("Premium action: discard 2 rats."),
              N_("Normal action: discard 1 rat.")),
    _building("hospital", N_("Hospital"),
              N_("Premium action: discard 1 rat, then discard up to 3 hand cards to discard as "
                 "many rats."),
              N_("Normal action: discard up to 2 hand cards to discard as many rats.")),
    _building("farm", N_("Farm"),
              N_("Premium action: draw 4 population cards."),
              N_("Normal action: draw 2 population cards.")),
    _building("brewery", N_("Brewery"),
              N_("Premium action: draw 1 card per influence gained this round."),
              N_("Normal action: draw 1 card per 2 influence gained this round, rounded "
                 "down.")),
    _building("market", N_("Market"),
              N_("Premium action: take 2 Jokers."),
              N_("Normal action: take 1 Joker.")),
    _building("town_hall", N_("Town Hall"),
              N_("Premium action: take 2 Pass cards."),
              N_("Normal action: take 1 Pass card.")),
    _building("rat_catchers_hut", N_("Rat Catcher's Hut"),
              N_("Premium action: take 2 Flutes."),
              N_("Normal action: take 1 Flute.")),
    _building("fortune_tellers_tent", N_("Fortune Teller's Tent"),
              N_("Premium action: look at 2 cards of the Nun-row."),
              N_("Normal action: look at 1 card of the Nun-row."),
              N_("The cards are only looked at: they stay where they are.")),
    Entry("score-classes", END, ("R-SCORE-1",), N_("Scoring the classes"), (
        N_("In each class the most influence scores 10 victory points, the second 5 and the "
           "third 2. With 0 influence in a class you never score it."),
        N_("With 2 players only 10 and 5 are given; if only one player has influence, they "
           "get 10 and nobody 5."),
        N_("Track points are never shared: on a tie the disc on top wins, because it arrived "
           "later, unless the table chose the other house rule."),
    )),
    Entry("score-hand", END, ("R-SCORE-2", "R-SCORE-3"), N_("Scoring the hand"), (
        N_("Most population and Joker cards in hand: 2 victory points; a tie: 1 each."),
        N_("The same for Swords, for Flutes and for Pass cards, each on its own, when they "
           "were in play."),
        N_("No cards never score."),
    )),
    Entry("score-gold", END, ("R-SCORE-4",), N_("Scoring Gold"), (
        N_("Only when the Treasury was in play: the most Gold scores 6 victory points, the "
           "second most 3."),
        N_("A tie for the most: the tied players share 9, rounded down, and there is no "
           "second place. A tie for second: they share 3."),
        N_("With 2 players there is no second place for Gold. No Gold never scores."),
    )),
    Entry("score-tokens", END, ("R-SCORE-5",), N_("Victory point tokens"), (
        N_("Each victory point token counts the value printed on it."),
        N_("At the end the app asks each player for the total of their tokens."),
    )),
    Entry("plague", END, ("R-SCORE-6",), N_("The plague"), (
        N_("Everyone reveals their rats, the Nun-row is turned over and its nuns are counted."),
        N_("A player with more rats than nuns dies of the plague and loses, whatever their "
           "victory points. As many rats as nuns survives."),
    )),
    Entry("winner", END, ("R-SCORE-7",), N_("The winner"), (
        N_("The surviving player with the most victory points wins. A tie: fewer rats wins; "
           "still tied, the victory is shared."),
        N_("If everyone dies, everyone loses, unless the table plays the house rule for that."),
    )),
    Entry("house-track-tie", HOUSE, ("R-SCORE-1",), N_("Ties on a track"), (
        N_("The rulebook's sentence on ties is damaged. The app reads it so: the disc on top "
           "wins, because it arrived later."),
        N_("At setup the table may choose the other reading: the disc underneath wins, because "
           "it arrived first. The choice is shown and kept with the game."),
    )),
    Entry("house-all-dead", HOUSE, ("R-SCORE-7",), N_("If everyone dies"), (
        N_("Off unless the table turns it on at setup: if everyone dies of the plague, the "
           "players with the fewest rats count as survivors, and the winner is found among "
           "them as usual."),
        N_("While at least one player survives, it changes nothing."),
    )),
)
"""The reference in the order a game is played."""

BY_KEY: dict[str, Entry] = {e.key: e for e in ENTRIES}

REFUSAL_RULES: dict[Refusal, str] = {
    Refusal.PLAYER_COUNT: "R-SETUP-1",
    Refusal.MANUAL_SELECTION_MISSING: "R-SETUP-2",
    Refusal.FIVE_PER_ESTATE: "R-SETUP-2",
    Refusal.TOO_MANY_COPIES: "R-COMP-4",
    Refusal.BUILDINGS_PER_ROUND: "R-SETUP-6",
    Refusal.ALL_SAME: "R-ROUND-A",
    Refusal.BAD_REPLACEMENT: "R-ROUND-A",
    Refusal.NO_COPY_LEFT: "R-ROUND-A",
    Refusal.ALREADY_ENTERED: "R-ROUND-C",
    Refusal.PASS_NOT_IN_PLAY: "R-SETUP-3",
    Refusal.POINTLESS_PASS: "R-SPECIAL-3",
    Refusal.NO_PASS_CARD: "R-SPECIAL-3",
    Refusal.SWORD_NOT_IN_PLAY: "R-SETUP-3",
    Refusal.FLUTE_NOT_IN_PLAY: "R-SETUP-3",
    Refusal.SPECIAL_NOT_IN_PLAY: "R-SETUP-3",
    Refusal.REVEAL_ORDER: "R-ROUND-D",
    Refusal.RESOLVE_IN_ROW_ORDER: "R-ROUND-D",
    Refusal.NOT_A_CANDIDATE: "R-SPECIAL-1",
    Refusal.HOSPITAL_LIMIT: "R-COMP-4",
    Refusal.NO_HOSPITAL_ACTION: "R-COMP-4",
    Refusal.LAST_ROUND_NO_ACTIONS: "last-round",
    Refusal.GAME_NOT_FINISHED: "R-SETUP-6",
    Refusal.NUNS_PER_CARD: "R-COMP-2",
    Refusal.SUPPLY_GAINS_NO_RATS: "R-ROUND-B",
}
"""Which entry explains a refusal (a rule ID, or an entry's key where a rule has several
entries), for the refusals a rule of the game explains; the others (a malformed event, a
correction of the app's records) have none."""


def entry_for(rule_or_key: str | None) -> Entry | None:
    """The entry that explains `rule_or_key`: an entry's key, or a rule ID of RULES.md (its
    first entry, in the order of the game)."""
    if rule_or_key is None:
        return None
    if rule_or_key in BY_KEY:
        return BY_KEY[rule_or_key]
    return next((e for e in ENTRIES if rule_or_key in e.rules), None)


def why_of(exc: Exception) -> str | None:
    """The entry a refusal's "Why?" opens (see `entry_for`), or None."""
    if not isinstance(exc, RuleViolation):
        return None
    target = REFUSAL_RULES.get(exc.code)
    if target is None and exc.rule.startswith("R-") and entry_for(exc.rule) is not None:
        target = exc.rule
    return target
