"""The scoring's explanation lines in the table's language.

`companion.rules.scoring` explains every point with a `Line` (a code and parameters) and
renders English for the CLI; the table says the same in German or English. The templates here
mirror `scoring.ENGLISH` code for code; a code without a template falls back to the English
sentence, so a new line never shows up blank.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.i18n import N_, Translator
from companion.i18n.names import estate_name
from companion.rules.catalog import Estate, Special
from companion.rules.house_rules import TrackTie
from companion.rules.scoring import Code, Line, Step

TEMPLATES: dict[Code, str] = {
    Code.ESTATE_NOBODY: N_("{estate}: nobody has influence; no VP."),
    Code.ESTATE_TIE_PAIR: N_("{estate}: {players} tie on {influence}; {on_top}'s disc lies on "
                             "top of {underneath}'s, and {rule}."),
    Code.ESTATE_TIE_STACK: N_("{estate}: {players} tie on {influence}; their discs lie "
                              "{top_down} from the top, and {rule}."),
    Code.ESTATE_PLACE: N_("{estate}: {player} takes place {place} with {influence} influence: "
                          "{vp} VP."),
    Code.ESTATE_UNPLACED: N_("{estate}: place {place} with {influence} influence, no VP (only "
                             "{places} places score): {players}."),
    Code.ESTATE_ZERO: N_("{estate}: no influence, no VP: {players}."),
    Code.HAND_MOST: N_("Hand: {player} has the most population and Joker cards ({count}): "
                       "{vp} VP."),
    Code.HAND_TIE: N_("Hand: {players} tie for the most population and Joker cards ({count}): "
                      "{vp} VP each."),
    Code.HAND_NONE: N_("Hand: nobody holds population or Joker cards; no VP."),
    Code.SPECIAL_MOST: N_("{special}: {player} has the most ({count}): {vp} VP."),
    Code.SPECIAL_TIE: N_("{special}: {players} tie for the most ({count}): {vp} VP each."),
    Code.SPECIAL_NONE: N_("{special}: nobody holds any; no VP."),
    Code.GOLD_FIRST: N_("Gold: {player} has the most ({count}): {vp} VP."),
    Code.GOLD_FIRST_TIE: N_("Gold: {players} tie for the most ({count}) and share {pool} VP: "
                            "{vp} VP each; no second place."),
    Code.GOLD_SECOND: N_("Gold: {player} has the second most ({count}): {vp} VP."),
    Code.GOLD_SECOND_TIE: N_("Gold: {players} tie for the second most ({count}) and share "
                             "{pool} VP: {vp} VP each."),
    Code.GOLD_NO_SECOND_AFTER_TIE: N_("Gold: the next most ({count}), but after a tie for the "
                                      "most there is no second place, no VP: {players}."),
    Code.GOLD_NO_SECOND_TWO_PLAYERS: N_("Gold: the second most ({count}), but with 2 players "
                                        "second place scores nothing: {players}."),
    Code.GOLD_UNPLACED: N_("Gold: less than that, no VP: {players}."),
    Code.GOLD_NONE: N_("Gold: nobody holds any; no VP."),
    Code.MARKERS: N_("VP markers: {player} {vp} VP."),
    Code.TOTAL: N_("{player}: {total} VP (estates {estates}, hand {hand}, special cards "
                   "{specials}, Gold {gold}, markers {markers})."),
    Code.PLAGUE_NUNS: N_("Plague: the nun row shows {nuns} nuns."),
    Code.PLAGUE_SURVIVES: N_("Plague: {player} has {rats} rats, not more than the {nuns} nuns, "
                             "and survives."),
    Code.PLAGUE_DIES: N_("Plague: {player} has {rats} rats, more than the {nuns} nuns, and "
                         "dies."),
    Code.PLAGUE_ALL_DEAD: N_("Plague: everyone died, so everyone loses."),
    Code.PLAGUE_VARIANT_SURVIVORS: N_("Plague: everyone died; by the house rule the fewest rats "
                                      "({rats}) count as survivors: {players}."),
    Code.WIN_MOST_VP: N_("{player} wins with {vp} VP."),
    Code.WIN_FEWER_RATS: N_("{tied} tie on {vp} VP; {player} has the fewest rats ({rats}; the "
                            "others {others_rats}) and wins."),
    Code.WIN_SHARED: N_("{tied} tie on {vp} VP; with the fewest rats ({rats}) {players} share "
                        "the victory."),
    Code.DEAD_OUTSCORED: N_("{player} has more VP ({vp}) but died of the plague and loses."),
    Code.NOBODY_WINS: N_("Nobody wins: everyone died of the plague."),
}

SPECIAL_PLURALS: dict[Special, str] = {
    Special.SWORD: N_("Swords"),
    Special.FLUTE: N_("Flutes"),
    Special.PASS: N_("Pass cards"),
    Special.GOLD: N_("Gold"),
}

TIE_CLAUSES: dict[TrackTie, str] = {
    TrackTie.TOP_WINS: N_("the disc on top wins"),
    TrackTie.BOTTOM_WINS: N_("by the house rule the disc underneath wins"),
}

STEPS: dict[Step, str] = {
    Step.ESTATES: N_("Estates (R-SCORE-1)"),
    Step.HAND: N_("Hand (R-SCORE-2)"),
    Step.SPECIALS: N_("Special cards (R-SCORE-3)"),
    Step.GOLD: N_("Gold (R-SCORE-4)"),
    Step.MARKERS: N_("Victory-point markers (R-SCORE-5)"),
    Step.TOTALS: N_("Totals"),
    Step.PLAGUE: N_("Plague (R-SCORE-6)"),
    Step.WINNER: N_("Winner (R-SCORE-7)"),
}


def names(t: Translator, players: tuple[str, ...] | str) -> str:
    """"Anna", "Anna and Ben", "Anna, Ben and Cleo" in the table's language."""
    found = (players,) if isinstance(players, str) else tuple(players)
    if len(found) <= 1:
        return "".join(found)
    return t("{first} and {last}", first=", ".join(found[:-1]), last=found[-1])


def _word(t: Translator, key: str, value: Any) -> Any:
    if key == "estate":
        return estate_name(t, Estate(value))
    if key == "special":
        return t(SPECIAL_PLURALS[Special(value)])
    if key == "rule":
        return t(TIE_CLAUSES[TrackTie(value)])
    if isinstance(value, tuple):
        return names(t, value)
    return value


def line_text(t: Translator, line: Line) -> str:
    template = TEMPLATES.get(line.code)
    if template is None:
        return line.text()
    params: Mapping[str, Any] = {k: _word(t, k, v) for k, v in line.params.items()}
    try:
        return t(template, **params)
    except (KeyError, IndexError, ValueError):
        return line.text()


def step_title(t: Translator, step: Step) -> str:
    return t(STEPS[step])
