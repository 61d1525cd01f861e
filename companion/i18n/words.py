"""Every code the app says, in words: one registry (`TEXTS`) from each code of every kind to
its msgid, and `words(t, thing)`, which says a coded error, a scoring line or a guide's step in
the language of `t`.

The engine, the scoring, the store and the JSON gate speak in codes with values, never in
sentences. Each kind has its table below, keyed by its code (the JSON gate's reasons and the
system's by their names); `TEXTS` holds the tables by the kind of thing that carries the code,
and a test checks that every code of every kind has its words in every language. A text that
says a count has both forms (`Counted`), chosen by gettext's plural rules for the value its
`count` names. A few codes read differently in one case of their values (`VARIANTS`,
`NOT_NOW_FOR`, `OTHER_FORMS`, `PASSED`).

The store's problems keep their English msgids in the leaf `companion.store.problems` (the
logs need them without catalogs, and the English of `str(exc)` is composed there, like a
person's words here, so the two cannot drift apart); the registry takes them from there, with
a person's own words for an undo refused and a tap that came too late.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from companion.i18n import N_, Translator, plural
from companion.i18n.names import building_name, estate_name, place_name, special_name
from companion.rules.catalog import Building, Estate, Special
from companion.rules.errors import Refusal, RuleViolation
from companion.rules.guide import Prompt, StepHead
from companion.rules.house_rules import TrackTie
from companion.rules.scoring import Code, Line, Step
from companion.rules.scoring.input import PLAYER_LISTS, InputProblem, ScoringInputError, one_line
from companion.safe_json import JsonRefused
from companion.store.problems import COUNTED as STORE_COUNTED
from companion.store.problems import PROBLEMS as STORE_PROBLEMS
from companion.store.problems import SYSTEM_REASONS, reason_code
from companion.store.problems import StoreProblem as P
from companion.store.problems import problem_text as compose


@dataclass(frozen=True)
class Counted:
    """A text that says a count: its singular and plural msgids, and the value that counts (a
    number, or a list whose length counts)."""

    one: str
    many: str
    count: str
    minus: int = 0
    """Counted items left out of the count (the winner among the tied)."""


Said = str | Counted
"""A code's words: one msgid, or the two of a counted text."""


def counted(count: str, forms: tuple[str, str], minus: int = 0) -> Counted:
    """A counted text by the value that counts (`forms` marked for extraction by `plural`)."""
    return Counted(forms[0], forms[1], count, minus)


# -- the engine's refusals ------------------------------------------------------------------

REFUSALS: dict[Refusal, Said] = {
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
    Refusal.TOO_MANY_COPIES: counted("copies", plural(
        "There is only {copies} card of the {building}.",
        "There are only {copies} cards of the {building}.")),
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
    Refusal.NO_COPY_LEFT: counted("copies", plural(
        "The {building} has {copies} card in this game: {discarded} discarded with earlier "
        "rows, {under} under the Replacement deck. So {left} can come up now, not {shown}.",
        "The {building} has {copies} cards in this game: {discarded} discarded with earlier "
        "rows, {under} under the Replacement deck. So {left} can come up now, not {shown}.")),
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
    Refusal.REVEAL_COUNT: counted("declared", plural(
        "{player} declared {declared} card but revealed {revealed}.",
        "{player} declared {declared} cards but revealed {revealed}.")),
    Refusal.NO_CHOICE_NOW: N_("No such choice is needed now: {now}."),
    Refusal.NOT_A_CANDIDATE: N_("Only a player tied for the fewest can be chosen: "
                                "{candidates}."),
    Refusal.NO_HOSPITAL_ACTION: N_("Only a player taking the Hospital's action now can discard "
                                   "there."),
    Refusal.HOSPITAL_LIMIT: counted("up_to", plural(
        "The Hospital's action discards up to {up_to} hand card here, not {cards}.",
        "The Hospital's action discards up to {up_to} hand cards here, not {cards}.")),
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
    Refusal.HOSPITAL_CARDS_PER_PLAYER: counted("players", plural(
        "Only {players} player is in the Hospital: say one number of hand cards, not {given}.",
        "Say the hand cards of each of the {players} players in the Hospital, not {given}.")),
    Refusal.NO_OPEN_DISPUTE: N_("{player} has no open dispute of this entry."),
    Refusal.NO_ENTRY: N_("{player} has not entered a building in round {round}."),
    Refusal.CORRECT_REVEAL_INSTEAD: counted("revealed", plural(
        "{player} revealed {revealed} card there: correct the reveal, which changes the "
        "declared count too.",
        "{player} revealed {revealed} cards there: correct the reveal, which changes the "
        "declared count too.")),
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
    Refusal.RATS_NEGATIVE: counted("rats", plural("{player} has only {rats} rat.",
                                                  "{player} has only {rats} rats.")),
    Refusal.NO_SUCH_NUN_CARD: N_("The Nun-row has {cards} cards, numbered 1 to {cards}."),
    Refusal.NUNS_PER_CARD: N_("A population card shows 0 to 4 nuns."),
    Refusal.NO_SUCH_ENTRY: N_("There is no entry {entry_id} in this ledger."),
}
"""The one text of each refusal: an English msgid with the refusal's values as placeholders
(for a counted refusal, its plural msgid: see `COUNTED`)."""

TO_THE_PLAYER: dict[Refusal, Said] = {
    Refusal.ALREADY_CONFIRMED: N_("You have already confirmed your rats."),
    Refusal.RATS_NEGATIVE: counted("rats", plural("You have only {rats} rat.",
                                                  "You have only {rats} rats.")),
}
"""The refusals of a player's own input that name that player, as their own phone says them
to them (`words(..., to_player=True)`); the table's words name the player for the group."""

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

LAST_ROUND_NOW: dict[str, str] = {
    "take_actions": N_("the last round's bonus in the {building} is to be given (phase D)"),
    "end_round": N_("the last round is to be ended (phase E)"),
}
"""The clauses the last round says otherwise, as its prompts do (`LAST_ROUND_PROMPTS`)."""

# -- the guide's steps ---------------------------------------------------------------------

PROMPTS: dict[str, str] = {
    Prompt.START_GAME: N_("Set up a new game."),
    Prompt.REVEAL_BUILDINGS: N_("Round {round}: reveal {count} buildings."),
    Prompt.SUPPLY: N_("Supplies: each player picks one revealed building and takes its "
                      "supplies."),
    Prompt.ENTER: N_("{player}: enter a building."),
    Prompt.REVEAL_CARDS: N_("{player}: reveal your cards in the {building}."),
    Prompt.CHOOSE_SWORD_GIVER: N_("{player}: choose who gives you half their hand."),
    Prompt.CHOOSE_FLUTE_RECEIVER: N_("{player}: choose who receives the rat."),
    Prompt.TAKE_ACTIONS: N_("The players in the {building} take their actions."),
    Prompt.END_ROUND: N_("End of the round: discs back, the starting player card passes to the "
                         "left."),
    Prompt.END_VALUES: N_("The game is over: enter the hands, special cards, victory points and "
                          "the nuns."),
    Prompt.FINISHED: N_("The game is over."),
}
"""The guide's `Step` as one sentence for the table (`companion.rules.guide.step_at`)."""

LAST_ROUND_PROMPTS: dict[str, str] = {
    Prompt.TAKE_ACTIONS: N_("The {building} in the last round: no actions."),
    Prompt.END_ROUND: N_("End of the last round: discs back, and the game ends."),
}
"""The prompts the last round says otherwise: it has no premium or normal actions (R-ROUND-D
b, last round), and after it the game ends, so the starting player card stays where it is
(R-ROUND-E is the end of a round that another follows)."""

# -- the scoring's lines and what a typed-in end state gets wrong -----------------------------

LINES: dict[Code, Said] = {
    Code.ESTATE_NOBODY: N_("{estate}: nobody has influence; no VP."),
    Code.ESTATE_TIE_PAIR: N_(
        "{estate}: {players} tie on {influence}; {on_top}'s disc lies on top of "
        "{underneath}'s, and {rule}."),
    Code.ESTATE_TIE_STACK: N_(
        "{estate}: {players} tie on {influence}; their discs lie {top_down} from the top, and "
        "{rule}."),
    Code.ESTATE_PLACE: N_("{estate}: {player} {place} with {influence} influence: "
                          "{vp} VP."),
    Code.ESTATE_UNPLACED: counted("players", plural(
        "{estate}: {players} {place} with {influence} influence: no VP, only {places} places "
        "score.",
        "{estate}: {players} tie for {place} with {influence} influence: no VP, only {places} "
        "places score.")),
    Code.ESTATE_ZERO: counted("players", plural("{estate}: {players} has no influence: no VP.",
                                                "{estate}: {players} have no influence: no VP.")),
    Code.HAND_MOST: N_("Hand: {player} has the most population and Joker cards "
                       "({count}): {vp} VP."),
    Code.HAND_TIE: N_("Hand: {players} tie for the most population and Joker cards "
                      "({count}): {vp} VP each."),
    Code.HAND_NONE: N_("Hand: nobody holds population or Joker cards; no VP."),
    Code.SPECIAL_MOST: N_("{special}: {player} has the most ({count}): {vp} VP."),
    Code.SPECIAL_TIE: N_("{special}: {players} tie for the most ({count}): {vp} VP "
                         "each."),
    Code.SPECIAL_NONE: N_("{special}: nobody holds any; no VP."),
    Code.GOLD_FIRST: N_("Gold: {player} has the most ({count}): {vp} VP."),
    Code.GOLD_FIRST_TIE: N_("Gold: {players} tie for the most ({count}) and share "
                            "{pool} VP: {vp} VP each; no second place."),
    Code.GOLD_SECOND: N_("Gold: {player} has the second most ({count}): {vp} VP."),
    Code.GOLD_SECOND_TIE: N_("Gold: {players} tie for the second most ({count}) and "
                             "share {pool} VP: {vp} VP each."),
    Code.GOLD_NO_SECOND_AFTER_TIE: counted("players", plural(
        "Gold: {players} has the next most ({count}), but after a tie for the most there is no "
        "second place: no VP.",
        "Gold: {players} have the next most ({count}), but after a tie for the most there is "
        "no second place: no VP.")),
    Code.GOLD_NO_SECOND_TWO_PLAYERS: counted("players", plural(
        "Gold: {players} has the second most ({count}), but with 2 players second place scores "
        "nothing.",
        "Gold: {players} have the second most ({count}), but with 2 players second place "
        "scores nothing.")),
    Code.GOLD_UNPLACED: counted("players", plural(
        "Gold: {players} has less Gold than that: no VP.",
        "Gold: {players} have less Gold than that: no VP.")),
    Code.GOLD_NONE: N_("Gold: nobody holds any; no VP."),
    Code.MARKERS: N_("VP tokens: {player} {vp} VP."),
    Code.TOTAL: N_("{player}: {total} VP (classes {estates}, hand {hand}, specials "
                   "{specials}, Gold {gold}, tokens {markers})."),
    Code.PLAGUE_NUNS: counted("nuns", plural("Plague: the Nun-row shows {nuns} nun.",
                                             "Plague: the Nun-row shows {nuns} nuns.")),
    Code.PLAGUE_SURVIVES: counted("rats", plural(
        "Plague: {player} has {rats} rat, fewer than the nuns ({nuns}), and survives.",
        "Plague: {player} has {rats} rats, fewer than the nuns ({nuns}), and survives.")),
    Code.PLAGUE_DIES: counted("rats", plural(
        "Plague: {player} has {rats} rat, more than the nuns ({nuns}), and dies.",
        "Plague: {player} has {rats} rats, more than the nuns ({nuns}), and dies.")),
    Code.PLAGUE_ALL_DEAD: N_("Plague: everyone died, so everyone loses."),
    Code.PLAGUE_VARIANT_SURVIVORS: counted("players", plural(
        "Plague: everyone died; by the house rule {players}, with the fewest rats ({rats}), "
        "counts as a survivor.",
        "Plague: everyone died; by the house rule {players}, with the fewest rats ({rats}), "
        "count as survivors.")),
    Code.WIN_MOST_VP: N_("{player} wins with {vp} VP."),
    Code.WIN_FEWER_RATS: counted("tied", plural(
        "{tied} tie on {vp} VP; {player} has fewer rats ({rats} against {others_rats}) and "
        "wins.",
        "{tied} tie on {vp} VP; {player} has the fewest rats ({rats} against {others_rats}) "
        "and wins."), minus=1),
    Code.WIN_SHARED: N_("{tied} tie on {vp} VP; {players} have the fewest rats "
                        "({rats}) and share the victory."),
    Code.DEAD_OUTSCORED: N_("{player} has more VP ({vp}) but died of the plague and "
                            "loses."),
    Code.NOBODY_WINS: N_("Nobody wins: everyone died of the plague."),
}
"""The one text of each scoring line: msgids with the line's values as named placeholders; a
line whose grammar depends on how many players it names is counted by them."""

VARIANTS: dict[Code, Said] = {
    Code.PLAGUE_SURVIVES: counted("rats", plural(
        "Plague: {player} has {rats} rat, as many as the nuns, and survives.",
        "Plague: {player} has {rats} rats, as many as the nuns, and survives.")),
    Code.WIN_SHARED: counted("rats", plural(
        "{tied} tie on {vp} VP; they also tie on {rats} rat and share the victory.",
        "{tied} tie on {vp} VP; they also tie on {rats} rats and share the victory.")),
}
"""The same line in its other case: as many rats as nuns; everyone tied also on rats."""

STEPS: dict[Step, str] = {
    Step.ESTATES: N_("Classes"),
    Step.HAND: N_("Hand"),
    Step.SPECIALS: N_("Special cards"),
    Step.GOLD: N_("Gold"),
    Step.MARKERS: N_("Victory point tokens"),
    Step.TOTALS: N_("Totals"),
    Step.PLAGUE: N_("Plague"),
    Step.WINNER: N_("Winner"),
}
"""The scoring's steps, as the explanation's headings."""

SPECIAL_PLURALS: dict[Special, str] = {
    Special.SWORD: N_("Swords"),
    Special.FLUTE: N_("Flutes"),
    Special.PASS: N_("Pass cards"),
    Special.GOLD: N_("Gold"),
}

TIE_CLAUSES: dict[TrackTie, str] = {
    TrackTie.TOP_WINS: N_("the top disc wins"),
    TrackTie.BOTTOM_WINS: N_("by the house rule the bottom disc wins"),
}

PLACES: dict[int, str] = {
    1: N_("1st"), 2: N_("2nd"), 3: N_("3rd"), 4: N_("4th"), 5: N_("5th"),
}
"""Places on a track (at most 5 players)."""

PLACE_COUNTS: dict[int, str] = {2: N_("two"), 3: N_("three")}

INPUT_PROBLEMS: dict[InputProblem, Said] = {
    InputProblem.NOT_A_WHOLE_NUMBER: N_("must be a whole number, not {value}"),
    InputProblem.NEGATIVE: N_("must not be negative (got {value})"),
    InputProblem.PLAYER_COUNT: N_("must name {low} to {high} players, not {count}"),
    InputProblem.NOT_A_NAME: N_("must be a name, not {value}"),
    InputProblem.UNKNOWN_PLAYER: N_("unknown player {name} (players are {players})"),
    InputProblem.NOT_A_PLAYER_MAP: N_("must map player names to numbers"),
    InputProblem.NOT_AN_ESTATE_MAP: N_("must map classes to values"),
    InputProblem.UNKNOWN_ESTATE: N_("unknown class (classes are {estates})"),
    InputProblem.NOT_AN_ORDER: N_("must list players from bottom to top"),
    InputProblem.UNKNOWN_SPECIAL_IN_PLAY: N_("unknown special-card type {value} (types are "
                                             "{types})"),
    InputProblem.NOT_A_SPECIALS_MAP: N_("must map special-card types to counts"),
    InputProblem.GOLD_IN_SPECIALS: N_("Gold is scored on its own: use the gold map"),
    InputProblem.UNKNOWN_SPECIAL: N_("unknown special-card type (types are {types})"),
    InputProblem.SPECIAL_NOT_IN_PLAY: N_("{special} cards are held but {special} is not in "
                                         "in_play"),
    InputProblem.GOLD_NOT_IN_PLAY: N_("Gold is held but gold (the Treasury) is not in in_play"),
    InputProblem.TOO_MANY_NUNS: N_("the Nun-row shows at most {most} nuns (got {count})"),
    InputProblem.TIE_NOT_LISTED: N_("{players} tie on {influence} influence; list them from "
                                    "bottom to top to say whose disc lies on top"),
    InputProblem.NAME_TWICE: counted("names", plural("{names} appears more than once",
                                                     "{names} appear more than once")),
    InputProblem.LISTED_TWICE: counted("names", plural("{names} listed more than once",
                                                       "{names} listed more than once")),
    InputProblem.TIE_PARTLY_LISTED: counted("missing", plural(
        "{players} tie on {influence} influence; list them from bottom to top to say whose "
        "disc lies on top ({missing} not listed)",
        "{players} tie on {influence} influence; list them from bottom to top to say whose "
        "disc lies on top ({missing} not listed)")),
}
"""The one text of each problem of a typed-in end state; counted by the list of players a
problem names ("Anna kommt", "Anna und Ben kommen")."""

# -- the store's problems, an undo refused, a tap too late -----------------------------------

UNDO_REFUSALS: dict[P, str] = {
    P.NOTHING_TO_UNDO: N_("Nothing to undo: the game is at its start."),
    P.NOTHING_TO_REDO: N_("Nothing to redo."),
    P.NO_PRIVATE_UNDO: N_("{player} has no entry left to undo."),
    P.NO_PRIVATE_REDO: N_("{player} has no entry to redo."),
    P.ENTRIES_FINAL: N_("The game is scored: {player}’s entries are final."),
    P.UNDO_ILLEGAL_LATER: N_("Cannot undo {step}: the later steps would no longer be legal. "
                             "{violation}"),
    P.REDO_ILLEGAL_LATER: N_("Cannot redo {step}: the later steps would no longer be legal. "
                             "{violation}"),
    P.OWN_STEP_CLOSED: N_("Too late to take it back: something was recorded after "
                          "{player}’s input. The table can still undo it."),
    P.UNDO_NO_LONGER_LEGAL: N_("Cannot undo: {step} after it would no longer be legal. "
                               "{violation}"),
}
"""The refusals of undo and redo, with the step and the player in words."""

UNDONE_STEPS: dict[str, str] = {
    "GameStarted": N_("the start of the game"),
    "BuildingsRevealed": N_("the buildings of a round"),
    "SupplyDone": N_("the supplies"),
    "RoundEnded": N_("the end of a round"),
    "Entered": N_("an entry into a building"),
    "Passed": N_("a Pass card"),
    "Revealed": N_("a reveal in a building"),
    "SpecialTargetChosen": N_("the choice in a building"),
    "HospitalDiscarded": N_("the actions in a building"),
    "BuildingResolved": N_("the actions in a building"),
    "EntryCorrected": N_("the correction of an entry"),
    "RevealCorrected": N_("the correction of a reveal"),
    "TieChosenAfterCorrection": N_("the choice between tied buildings"),
    "HospitalCorrected": N_("the correction of the Hospital’s discards"),
    "EndValuesEntered": N_("the end values"),
    "NunsCounted": N_("the end values"),
    "RatsChanged": N_("a change of rats"),
    "NunCardNoted": N_("a note of a Nun-row card"),
    "RatChangeDisputed": N_("a dispute"),
    "DisputeDismissed": N_("the check of a dispute"),
    "RatsConfirmed": N_("the confirmation of the rats"),
}
"""Each step by its event's class name, as the refusal carries it."""

PASSED: dict[str, str] = {
    Prompt.ENTER: N_("That was for {player}'s entry, which is already recorded."),
    Prompt.REVEAL_CARDS: N_("That was for {player}'s reveal in the {building}, which is "
                            "already recorded."),
    Prompt.CHOOSE_SWORD_GIVER: N_("That was for {player}'s choice in the {building}, which is "
                                  "already recorded."),
    Prompt.CHOOSE_FLUTE_RECEIVER: N_("That was for {player}'s choice in the {building}, which "
                                     "is already recorded."),
    Prompt.REVEAL_BUILDINGS: N_("That was for the buildings of round {round}, which are "
                                "already recorded."),
    Prompt.END_ROUND: N_("That was for the end of the game, which is already recorded."),
}
"""A deciding tap's step refused as passed, by the step it was made for (the ones the round
screen decides)."""

PASSED_ELSE = N_("That was for a step that is already recorded.")
STEP_NOT_REACHED = N_("The table went back since that tap's screen was drawn: nothing was "
                      "recorded.")

STORE: dict[P, Said] = {
    **{code: STORE_PROBLEMS[code] if code not in STORE_COUNTED else
       counted(STORE_COUNTED[code][0], STORE_COUNTED[code][1]) for code in P},
    **UNDO_REFUSALS,
    P.STEP_PASSED: PASSED_ELSE,
    P.STEP_NOT_REACHED: STEP_NOT_REACHED,
}
"""What a person reads of each store problem: the leaf's msgids, but an undo refused and a
tap too late in the table's own words (the leaf's English is for the logs)."""

# -- the JSON gate --------------------------------------------------------------------------

JSON_REFUSALS: dict[str, str] = {
    "too_large": N_("is larger than {size}"),
    "not_utf8": N_("is not UTF-8 text (byte {byte})"),
    "too_deep": N_("is nested more than {levels} levels deep"),
    "number_too_long": N_("has a number of {length} digits (at most {most})"),
    "not_a_number": N_("has {name}, which is not a JSON number"),
    "not_json": N_("is not valid JSON (line {line}, column {column})"),
    "duplicate_key": N_("given twice in the same JSON object"),
    "lone_surrogate": N_("has text with a lone UTF-16 surrogate (\\ud800-\\udfff), which no "
                         "character is"),
}
"""The one text of each reason the JSON gate refuses a document for."""

OTHER_FORMS: dict[str, str] = {
    "characters": N_("has a number written with {characters} characters (at most {most})"),
    "number": N_("has a number too large to use ({number})"),
}
"""A reason's other case, by the value only it names (a decimal number, not an integer)."""

KINDS: dict[type, str] = {
    bool: N_("true/false"),
    str: N_("a string"),
    int: N_("a number"),
    float: N_("a number"),
    list: N_("a list"),
    dict: N_("an object"),
}
"""What a JSON value is, for "must be ..., not a string"."""

TEXTS: dict[type, Mapping[Any, Said]] = {
    RuleViolation: REFUSALS,
    StepHead: PROMPTS,
    Line: LINES,
    Step: STEPS,
    ScoringInputError: INPUT_PROBLEMS,
    JsonRefused: JSON_REFUSALS,
    OSError: SYSTEM_REASONS,
    P: STORE,
}
"""The one registry: each kind of thing that carries a code, with its codes' words."""

CODES: dict[type, type[Enum] | None] = {
    RuleViolation: Refusal, StepHead: Prompt, Line: Code, Step: Step,
    ScoringInputError: InputProblem, JsonRefused: None, OSError: None, P: P,
}
"""The enum of each kind's codes (None: codes by name, not an enum)."""

VALUE_WORDS: tuple[Mapping[Any, Said], ...] = (
    TO_THE_PLAYER, NOT_NOW_FOR, NOW, LAST_ROUND_NOW, LAST_ROUND_PROMPTS, VARIANTS, SPECIAL_PLURALS,
    TIE_CLAUSES, PLACES, PLACE_COUNTS, UNDONE_STEPS, PASSED, OTHER_FORMS, KINDS)
"""The words a code's values and cases are said in."""


def words(t: Translator, thing: object, /, names: Sequence[str] | None = None,
          to_player: bool = False, **said: Any) -> str:
    """`thing` in the language of `t`: an engine's refusal (without its rule ID), a guide's
    step, a scoring line or step, a typed-in end state's problem, the JSON gate's refusal or
    any error of the store; another error as its own message.

    `names`: the game's players, by which a store problem names a seat ("Anna", else "Player
    2"); `said`: values already in words, for those a caller works out from the game (the
    building a passed tap was for); `to_player`: said to the player whose own input it
    refused, on their phone (`TO_THE_PLAYER`)."""
    if isinstance(thing, RuleViolation):
        return _refusal(t, thing, to_player)
    if isinstance(thing, StepHead):
        return _prompt(t, thing)
    if isinstance(thing, Line):
        return _line(t, thing)
    if isinstance(thing, Step):
        return t(STEPS[thing])
    if isinstance(thing, ScoringInputError):
        return _input_problem(t, thing)
    if isinstance(thing, JsonRefused):
        return _json_refusal(t, thing)
    code, values = getattr(thing, "code", None), getattr(thing, "values", None)
    if isinstance(code, P) and isinstance(values, dict):
        text = _store_problem(t, code, {**values, **said}, names)
        path = getattr(thing, "path", None)
        return f"{path}: {text}" if isinstance(path, str) and path else text
    return str(thing)


def _say(t: Translator, text: Said, values: Mapping[str, Any], words: Mapping[str, Any]) -> str:
    """A code's text filled with `words` (its `values` in words); a counted text in the form
    for the count among `values`."""
    if isinstance(text, str):
        return t(text, **words)
    number = values.get(text.count)
    n = (number if isinstance(number, int) else len(number)
         if isinstance(number, tuple | list) else 1 if isinstance(number, str) else 2)
    return t.plural(text.one, text.many, n - text.minus,
                    **{k: v for k, v in words.items() if k != "n"})


# -- the engine's refusals and the guide's steps ----------------------------------------------

_BUILDING_VALUES = frozenset(b.value for b in Building)
_ESTATE_VALUES = frozenset(e.value for e in Estate)
_SPECIAL_VALUES = frozenset(s.value for s in Special)


def _place(t: Translator, building: str, copy: object) -> str:
    """A building of the row by its value, and by its card of the row where a step says it has
    a twin there (`copy`, `names.place_name`)."""
    return place_name(t, Building(building), copy if isinstance(copy, int) else None)


def _refusal_words(t: Translator, params: Mapping[str, Any]) -> dict[str, Any]:
    """A refusal's values as words: game terms translated, lists of names joined."""
    words: dict[str, Any] = {}
    for key, value in params.items():
        if key == "building" and value in _BUILDING_VALUES:
            value = _place(t, value, params.get("copy"))
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
        clause = (LAST_ROUND_NOW.get(prompt) if params.get("last_round") else None) \
            or NOW[prompt]
        words["now"] = t(clause, **{"actor": "", "building": "", "round": "", **words})
    return words


def _refusal(t: Translator, exc: RuleViolation, to_player: bool = False) -> str:
    text = (TO_THE_PLAYER.get(exc.code) if to_player else None) or REFUSALS[exc.code]
    if exc.code is Refusal.NOT_ALLOWED_NOW and exc.params.get("event") in NOT_NOW_FOR:
        text = NOT_NOW_FOR[str(exc.params["event"])]
    return _say(t, text, exc.params, _refusal_words(t, exc.params))


def rule_reference(t: Translator, exc: Exception) -> str | None:
    """Where a refusal stands in the rules ("Rule R-SETUP-1"), for a detail a curious player
    opens; None for a refusal that no rule of the rulebook names."""
    rule = getattr(exc, "rule", None) if isinstance(exc, RuleViolation) else None
    return t("Rule {rule}", rule=rule) if rule and rule != "EVENT" else None


def _prompt(t: Translator, step: StepHead) -> str:
    params: dict[str, Any] = {"round": step.round, **step.params}
    building = params.get("building")
    if isinstance(building, str) and building in _BUILDING_VALUES:
        params["building"] = _place(t, building, params.get("copy"))
    template = (LAST_ROUND_PROMPTS.get(step.prompt) if step.is_last_round else None) \
        or PROMPTS.get(step.prompt)
    if template is None:
        return step.prompt.value
    try:
        return t(template, **params)
    except (KeyError, IndexError):
        return step.prompt.value


# -- the scoring's lines and a typed-in end state's problems ----------------------------------

def names(t: Translator, players: tuple[str, ...] | str) -> str:
    """"Anna", "Anna and Ben", "Anna, Ben and Cleo" in the table's language."""
    found = (players,) if isinstance(players, str) else tuple(players)
    if len(found) <= 1:
        return "".join(found)
    return t("{first} and {last}", first=", ".join(found[:-1]), last=found[-1])


def winners_words(t: Translator, winners: list[tuple[str, int]]) -> str:
    """"Anna (54 SP) und Ben (54 SP)": a finished game's winners from their names and VP, as
    the list of games shows them."""
    return names(t, tuple(t("{player} ({vp} VP)", player=name, vp=vp) for name, vp in winners))


def _line_word(t: Translator, key: str, value: Any) -> Any:
    if key == "estate":
        return estate_name(t, Estate(value))
    if key == "special":
        return t(SPECIAL_PLURALS[Special(value)])
    if key == "rule":
        return t(TIE_CLAUSES[TrackTie(value)])
    if key == "place":
        return t(PLACES[int(value)])
    if key == "places":
        return t(PLACE_COUNTS[int(value)]) if int(value) in PLACE_COUNTS else value
    if key == "top_down":  # a stack, read from the top: a list, not a group
        return ", ".join(value)
    if isinstance(value, tuple):
        return names(t, value)
    return value


def _variant(line: Line) -> bool:
    p = line.params
    if line.code is Code.PLAGUE_SURVIVES:
        return p["rats"] == p["nuns"]
    if line.code is Code.WIN_SHARED:
        return p["players"] == p["tied"]
    return False


def _line(t: Translator, line: Line) -> str:
    text = VARIANTS[line.code] if _variant(line) else LINES[line.code]
    return _say(t, text, line.params,
                {k: _line_word(t, k, v) for k, v in line.params.items()})


def _input_problem(t: Translator, error: ScoringInputError) -> str:
    """Lists of players joined in the person's language; other lists are JSON keys, as typed;
    on one line."""
    words = {key: (names(t, tuple(value)) if key in PLAYER_LISTS else ", ".join(value))
             if isinstance(value, list) else value for key, value in error.params.items()}
    return one_line(_say(t, INPUT_PROBLEMS[error.code], error.params, words))


def field_problem(t: Translator, error: ScoringInputError) -> str:
    """"influence.church.Dora: unknown player 'Dora' (...)": the field to fix, then what is
    wrong with it, as the score command prints it."""
    return f"{error.field}: {words(t, error)}"


# -- the JSON gate --------------------------------------------------------------------------

def _json_refusal(t: Translator, exc: JsonRefused) -> str:
    """The gate's refusal in words, after the key at fault when there is one."""
    message = next((text for key, text in OTHER_FORMS.items() if key in exc.values),
                   JSON_REFUSALS.get(exc.reason))
    try:
        said = t(message, **exc.values) if message else exc.problem
    except (KeyError, IndexError):  # a refusal raised without the values its text names
        said = exc.problem
    return f"{exc.where}: {said}" if exc.where else said


def kind(t: Translator, value: object) -> str:
    """What a JSON value is, for "must be ..., not a string"."""
    if value is None:
        return "null"
    return t(KINDS[type(value)]) if type(value) in KINDS else type(value).__name__


# -- the store's problems -------------------------------------------------------------------

def system_reason(t: Translator, reason: Any) -> Any:
    """A reason from the system ("No such file or directory", "database is locked") in `t`'s
    language, from its code (errno or sqlite error name); another reason as it is."""
    code = reason_code(reason) if isinstance(reason, str) else None
    return t(SYSTEM_REASONS[code]) if code is not None else reason


def os_error_reason(t: Translator, exc: OSError) -> Any:
    """Why the system refused a file (`exc`), in `t`'s language: an OSError's strerror is the
    system's English, worded here from its errno like the store's own problems."""
    return system_reason(t, exc.strerror or str(exc))


def _inner(t: Translator, value: Any) -> Any:
    """A value that is itself a problem (an event's decoding inside a damaged game, the
    engine's refusal inside a refused record) in the same language; another as it is."""
    code = getattr(value, "code", None)
    if isinstance(value, RuleViolation | JsonRefused) or (
            isinstance(code, P) and isinstance(getattr(value, "values", None), dict)):
        return words(t, value)
    return value


def step_name(t: Translator, event: object) -> str:
    """A refused step by its event's class name; an unknown one as "the step"."""
    return t(UNDONE_STEPS.get(str(event), N_("the step")))


def player_name(t: Translator, player: object, names: Sequence[str] | None) -> str:
    """A seat by the player's name where the game is known, else "Player 2"."""
    if isinstance(player, int) and not isinstance(player, bool):
        if names is not None and 0 <= player < len(names):
            return names[player]
        return t("Player {n}", n=player + 1)
    return str(player)


def _store_problem(t: Translator, code: P, values: Mapping[str, Any],
                   names: Sequence[str] | None) -> str:
    if code in UNDO_REFUSALS:
        violation = values.get("violation")
        return t(UNDO_REFUSALS[code], player=player_name(t, values.get("player"), names),
                 step=step_name(t, values.get("event")),
                 violation=_inner(t, violation) if violation is not None else "").strip()
    if code is P.STEP_PASSED:
        prompt, player, building = (values.get(key) for key in ("prompt", "player", "building"))
        return t(PASSED.get(prompt, PASSED_ELSE) if isinstance(prompt, str) else PASSED_ELSE,
                 player=player_name(t, player, names) if player is not None else "",
                 building=building if isinstance(building, str) else "",
                 round=values.get("round"))
    if code is P.STEP_NOT_REACHED:
        return t(STEP_NOT_REACHED)
    said = {key: system_reason(t, value) if key == "reason" else value
            for key, value in values.items()}
    return compose(t, code, said, lambda value: _inner(t, value))
