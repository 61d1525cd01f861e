"""The engine speaks in codes with values; this module gives them words.

Every `Refusal` of the engine and every prompt of the guide has exactly one msgid here (a test
checks that none is missing); the scoring's lines have theirs in `companion.i18n.scoring_lines`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.i18n import N_, Translator
from companion.i18n.names import building_name, estate_name, special_name
from companion.rules.catalog import Building, Estate, Special
from companion.rules.errors import Refusal, RuleViolation
from companion.rules.guide import StepHead

_BUILDING_VALUES = frozenset(b.value for b in Building)
_ESTATE_VALUES = frozenset(e.value for e in Estate)
_SPECIAL_VALUES = frozenset(s.value for s in Special)

VIOLATIONS: dict[Refusal, str] = {
    # a malformed event, or a game in the wrong state for any event
    Refusal.UNKNOWN_EVENT: N_("This is not an event of the game: {event}."),
    Refusal.MALFORMED_EVENT: N_("The event {event} has an invalid {field}."),
    Refusal.BAD_NUMBER: N_("{field}: {value} is not a possible number here."),
    Refusal.NO_SUCH_PLAYER: N_("There is no player {seat}."),
    Refusal.NO_SUCH_BUILDING: N_("There is no building {position} in round {round}'s row."),
    Refusal.NOT_STARTED: N_("A game begins with its setup."),
    Refusal.ALREADY_STARTED: N_("This game has already started."),
    Refusal.NOT_ALLOWED_NOW: N_("That is not possible now: {now}."),
    Refusal.NOT_YOUR_TURN: N_("It is not {player}'s turn: {now}."),
    # setup
    Refusal.PLAYER_COUNT: N_("Rattus Cartus is for 2 to 5 players."),
    Refusal.NAME_MISSING: N_("Every player needs a name."),
    Refusal.DUPLICATE_NAME: N_("Two players have the same name."),
    Refusal.DUPLICATE_COLOUR: N_("Two players have the same colour."),
    Refusal.DUPLICATE_PLAYER: N_("Every player needs their own name and colour."),
    Refusal.BAD_SEED: N_("The shuffle number is not valid."),
    Refusal.BAD_START_PLAYER: N_("The starting player must be one of the players."),
    Refusal.MANUAL_SELECTION_MISSING: N_("Choose the buildings: 5 cards per class."),
    Refusal.TOO_MANY_COPIES: "There are only {copies} cards of the {building}.",
    Refusal.FIVE_PER_ESTATE: N_("Each class needs exactly 5 building cards; {estate} has "
                                "{count}."),
    Refusal.BAD_DECK: N_("The building deck does not match the buildings in play."),
    Refusal.MALFORMED_SETUP: N_("The game has no valid setup."),
    Refusal.BAD_SETUP_CODE: N_("This setup code is not valid; check it and type it again."),
    Refusal.SETUP_CODE_PLAYERS: N_("This setup code is for {expected} players, not {given}."),
    # phase A
    Refusal.PHYSICAL_DECK: N_("The players shuffle the real cards; tell the app what was "
                              "revealed."),
    Refusal.BUILDINGS_PER_ROUND: N_("With {players} players, {expected} buildings are revealed "
                                    "each round, not {given}."),
    Refusal.DECK_MISMATCH: N_("The app's deck shows {row}: lay out those buildings."),
    Refusal.BUILDING_NOT_IN_PLAY: N_("The {building} is not in this game."),
    Refusal.ALL_SAME: N_("All revealed cards show the {building}: replace the last one with the "
                         "top card of the Replacement deck."),
    Refusal.BAD_REPLACEMENT: N_("Only the last card is replaced, and only while all revealed "
                                "cards show the same building."),
    Refusal.NO_COPY_LEFT: "The {building} has {copies} cards in this game: {discarded} "
                          "discarded with earlier rows, {under} under the Replacement deck. "
                          "So {left} can come up now, not {shown}.",
    # phase C
    Refusal.ALREADY_ENTERED: N_("{player} has already entered a building this round."),
    Refusal.PASS_NOT_IN_PLAY: N_("There are no Pass cards in this game (no Town Hall)."),
    Refusal.POINTLESS_PASS: N_("Nobody else is still to enter: passing would not change "
                               "anything, so enter a building."),
    Refusal.NO_PASS_CARD: N_("{player} cannot hold a Pass card: none was taken at the Town "
                             "Hall or received, or all were played."),
    # phase D
    Refusal.SWORD_NOT_IN_PLAY: N_("There are no Swords in this game (no Castle)."),
    Refusal.FLUTE_NOT_IN_PLAY: N_("There are no Flutes in this game (no Rat Catcher's Hut)."),
    Refusal.REVEAL_ORDER: N_("Buildings are resolved in row order and revealed in slot order: "
                             "{now}."),
    Refusal.REVEAL_COUNT: "{player} declared {declared} cards but revealed {revealed}.",
    Refusal.NO_CHOICE_NOW: N_("No such choice is needed now: {now}."),
    Refusal.NOT_A_CANDIDATE: N_("Only a player tied for the fewest can be chosen: "
                                "{candidates}."),
    Refusal.NO_HOSPITAL_ACTION: N_("Only a player taking the Hospital's action now can discard "
                                   "there."),
    Refusal.HOSPITAL_LIMIT: "The Hospital's action discards up to {up_to} hand cards here, not "
                            "{cards}.",
    Refusal.LAST_ROUND_NO_ACTIONS: N_("The last round has no actions: nobody discards at the "
                                      "Hospital; whoever would take the premium gains +1 "
                                      "influence instead."),
    Refusal.RESOLVE_IN_ROW_ORDER: N_("Buildings are resolved in row order: {now}."),
    # corrections of an earlier entry or reveal
    Refusal.NO_SUCH_ROUND: N_("Round {round} has not been played."),
    Refusal.NO_OPEN_QUESTION: N_("Nothing is to be answered for building {position} of round "
                                 "{round}."),
    Refusal.NO_HOSPITAL_DISCARDS: N_("Building {position} of round {round} is not a Hospital "
                                     "whose actions were taken: nothing was discarded there."),
    Refusal.HOSPITAL_CARDS_PER_PLAYER: "Say the hand cards of each of the {players} players in "
                                       "the Hospital, not {given}.",
    Refusal.NO_OPEN_DISPUTE: N_("{player} has no open dispute of this entry."),
    Refusal.NO_ENTRY: N_("{player} has not entered a building in round {round}."),
    Refusal.CORRECT_REVEAL_INSTEAD: "{player} revealed {revealed} cards there: correct the "
                                    "reveal, which changes the declared count too.",
    Refusal.BUILDING_ALREADY_RESOLVED: N_("That building is already resolved, and {player} has "
                                          "not revealed yet."),
    Refusal.NOT_REVEALED_YET: N_("{player} has not revealed yet; to change the declared count, "
                                 "correct the entry."),
    # the end of the game
    Refusal.SPECIAL_NOT_IN_PLAY: N_("There are no {special} cards in this game."),
    Refusal.GAME_NOT_FINISHED: N_("The game can be scored once the last round is over and "
                                  "every player's end values and the nuns are entered."),
    Refusal.ALREADY_CONFIRMED: N_("{player} has already confirmed their rats."),
    Refusal.GAME_SCORED: N_("The game is scored: a player's own notes no longer change it. "
                            "Ask the table for a correction."),
    # a player's own notes
    Refusal.NOT_A_PRIVATE_REASON: N_("The table records reveals, Flutes and Monasteries "
                                     "itself."),
    Refusal.ZERO_CHANGE: N_("A change of 0 rats changes nothing."),
    Refusal.SUPPLY_GAINS_NO_RATS: N_("Of the supplies, only discarded rats count here."),
    Refusal.RATS_NEGATIVE: "{player} has only {rats} rats.",
    Refusal.NO_SUCH_NUN_CARD: N_("The Nun-row has {cards} cards, numbered 1 to {cards}."),
    Refusal.NUNS_PER_CARD: N_("A population card shows 0 to 4 nuns."),
    Refusal.NO_SUCH_ENTRY: N_("There is no entry {entry_id} in this ledger."),
}
"""The one text of each refusal: an English msgid with the refusal's values as placeholders
(for a counted refusal, its plural msgid: see `COUNTED`)."""


def plural(one: str, many: str) -> tuple[str, str]:
    """A counted text's two msgids, marked for extraction like `t.plural`."""
    return one, many


COUNTED: dict[Refusal, tuple[str, tuple[str, str]]] = {
    Refusal.REVEAL_COUNT: ("declared", plural(
        "{player} declared {declared} card but revealed {revealed}.",
        "{player} declared {declared} cards but revealed {revealed}.")),
    Refusal.HOSPITAL_LIMIT: ("up_to", plural(
        "The Hospital's action discards up to {up_to} hand card here, not {cards}.",
        "The Hospital's action discards up to {up_to} hand cards here, not {cards}.")),
    Refusal.RATS_NEGATIVE: ("rats", plural("{player} has only {rats} rat.",
                                           "{player} has only {rats} rats.")),
    Refusal.NO_COPY_LEFT: ("copies", plural(
        "The {building} has {copies} card in this game: {discarded} discarded with earlier "
        "rows, {under} under the Replacement deck. So {left} can come up now, not {shown}.",
        "The {building} has {copies} cards in this game: {discarded} discarded with earlier "
        "rows, {under} under the Replacement deck. So {left} can come up now, not {shown}.")),
    Refusal.TOO_MANY_COPIES: ("copies", plural(
        "There is only {copies} card of the {building}.",
        "There are only {copies} cards of the {building}.")),
    Refusal.HOSPITAL_CARDS_PER_PLAYER: ("players", plural(
        "Only {players} player is in the Hospital: say one number of hand cards, not {given}.",
        "Say the hand cards of each of the {players} players in the Hospital, not {given}.")),
    Refusal.CORRECT_REVEAL_INSTEAD: ("revealed", plural(
        "{player} revealed {revealed} card there: correct the reveal, which changes the "
        "declared count too.",
        "{player} revealed {revealed} cards there: correct the reveal, which changes the "
        "declared count too.")),
}
"""Refusals that show a count, by the value that counts: "1 rat", never "1 rats"."""

NOT_NOW_FOR: dict[str, str] = {
    "RatsConfirmed": N_("Rats are confirmed for the plague check once the last round is over; "
                        "now {now}."),
}
"""NOT_ALLOWED_NOW for an event that has its own reason to wait (by the event's name)."""

NOW: dict[str, str] = {
    "start_game": N_("a game is to be set up"),
    "reveal_buildings": N_("the buildings of round {round} are to be revealed (phase A)"),
    "supply": N_("the players are taking their supplies (phase B)"),
    "enter": N_("{actor} is to enter a building (phase C)"),
    "reveal_cards": N_("{actor} is to reveal their cards in the {building} (phase D)"),
    "choose_sword_giver": N_("{actor} is to choose who gives half their hand (Sword)"),
    "choose_flute_receiver": N_("{actor} is to choose who receives the rat (Flute)"),
    "take_actions": N_("the actions of the {building} are to be taken (phase D)"),
    "end_round": N_("round {round} is to be ended (phase E)"),
    "end_values": N_("the game is over: enter the hands, specials, VP tokens and nuns"),
    "finished": N_("the game is over"),
}
"""What the table must do now, as the clause a "not now" refusal ends with."""


def _words(t: Translator, params: Mapping[str, Any]) -> dict[str, Any]:
    """A refusal's values as words: game terms translated, lists of names joined."""
    words: dict[str, Any] = {}
    for key, value in params.items():
        if key == "building" and value in _BUILDING_VALUES:
            value = building_name(t, Building(value))
        elif key == "estate" and value in _ESTATE_VALUES:
            value = estate_name(t, Estate(value))
        elif key == "special" and value in _SPECIAL_VALUES:
            value = special_name(t, Special(value))
        elif key == "row" and isinstance(value, list):
            value = ", ".join(building_name(t, Building(b)) for b in value)
        elif isinstance(value, list):
            value = ", ".join(str(v) for v in value)
        words[key] = value
    prompt = params.get("prompt")
    if isinstance(prompt, str) and prompt in NOW:
        words["now"] = t(NOW[prompt], **{"actor": "", "building": "", "round": "", **words})
    return words


def refusal_text(t: Translator, exc: RuleViolation) -> str:
    """A refusal in the table's language, without its rule ID."""
    params = exc.params
    template = VIOLATIONS[exc.code]
    if exc.code is Refusal.NOT_ALLOWED_NOW and params.get("event") in NOT_NOW_FOR:
        template = NOT_NOW_FOR[str(params["event"])]
    counted = COUNTED.get(exc.code)
    count = params.get(counted[0]) if counted is not None else None
    if counted is not None and isinstance(count, int):
        one, many = counted[1]
        words = _words(t, params)
        return t.plural(one, many, count, **{k: v for k, v in words.items() if k != "n"})
    return t(template, **_words(t, params))


def violation_text(t: Translator, exc: Exception) -> str:
    """A broken rule in the table's language: a sentence for the players, without the rule's
    ID, which `rule_reference` gives to a player who asks for it."""
    if not isinstance(exc, RuleViolation):
        return str(exc)
    return refusal_text(t, exc)


def rule_reference(t: Translator, exc: Exception) -> str | None:
    """Where a refusal stands in the rules ("Rule R-SETUP-1"), for a detail a curious player
    opens; None for a refusal that no rule of the rulebook names."""
    rule = getattr(exc, "rule", None) if isinstance(exc, RuleViolation) else None
    return t("Rule {rule}", rule=rule) if rule and rule != "EVENT" else None


PROMPTS: dict[str, str] = {
    "start_game": N_("Set up a new game."),
    "reveal_buildings": N_("Round {round}: reveal {count} buildings."),
    "supply": N_("Supplies: each player picks one revealed building and takes its "
                 "supplies."),
    "enter": N_("{player}: enter a building."),
    "reveal_cards": N_("{player}: reveal your cards in the {building}."),
    "choose_sword_giver": N_("{player}: choose who gives you half their hand."),
    "choose_flute_receiver": N_("{player}: choose who receives the rat."),
    "take_actions": N_("The players in the {building} take their actions."),
    "end_round": N_("End of the round: discs back, the starting player card passes to the left."),
    "end_values": N_("The game is over: enter the hands, special cards, victory points and "
                     "the nuns."),
    "finished": N_("The game is over."),
}


def prompt_text(t: Translator, step: StepHead) -> str:
    """The guide's `Step` as one sentence for the table (`companion.rules.guide.step_at`)."""
    code = step.prompt.value
    params: dict[str, Any] = {"round": step.round, **step.params}
    building = params.get("building")
    if isinstance(building, str) and building in _BUILDING_VALUES:
        params["building"] = building_name(t, Building(building))
    template = PROMPTS.get(code)
    if template is None:
        return code
    try:
        return t(template, **params)
    except (KeyError, IndexError):
        return code
