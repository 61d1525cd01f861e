"""The scoring's explanation lines in words: one msgid per `scoring.Code`, for the table, the
CLI's `score` explanation and the stored report alike.

`companion.rules.scoring` explains every point with a `Line` (a code and values); `line_text`
renders it in any language of the catalogs. A line whose grammar depends on how many players it
names has a plural form (`LineText.plural`, chosen by gettext's plural rules for the count of
`LineText.count`); two lines read differently in one case (`VARIANTS`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.i18n import N_, Translator
from companion.i18n.names import estate_name
from companion.rules.catalog import Estate, Special
from companion.rules.house_rules import TrackTie
from companion.rules.scoring import Code, Line, Step


@dataclass(frozen=True)
class LineText:
    msgid: str
    plural: str | None = None
    """The msgid_plural, for lines that name one or several players."""
    count: str = "players"
    """The parameter that picks the plural form: a count, or players whose number counts."""
    minus: int = 0
    """Counted players left out of the count (the winner among the tied)."""


def plural(msgid: str, msgid_plural: str, count: str = "players", minus: int = 0) -> LineText:
    """A line with a singular and a plural form (extracted like `t.plural`)."""
    return LineText(msgid, msgid_plural, count, minus)


LINES: dict[Code, LineText] = {
    Code.ESTATE_NOBODY: LineText(N_("{estate}: nobody has influence; no VP.")),
    Code.ESTATE_TIE_PAIR: LineText(N_(
        "{estate}: {players} tie on {influence}; {on_top}'s disc lies on top of "
        "{underneath}'s, and {rule}.")),
    Code.ESTATE_TIE_STACK: LineText(N_(
        "{estate}: {players} tie on {influence}; their discs lie {top_down} from the top, and "
        "{rule}.")),
    Code.ESTATE_PLACE: LineText(N_("{estate}: {player} {place} with {influence} influence: "
                                   "{vp} VP.")),
    Code.ESTATE_UNPLACED: plural(
        "{estate}: {players} {place} with {influence} influence: no VP, only {places} places "
        "score.",
        "{estate}: {players} tie for {place} with {influence} influence: no VP, only {places} "
        "places score."),
    Code.ESTATE_ZERO: plural("{estate}: {players} has no influence: no VP.",
                             "{estate}: {players} have no influence: no VP."),
    Code.HAND_MOST: LineText(N_("Hand: {player} has the most population and Joker cards "
                                "({count}): {vp} VP.")),
    Code.HAND_TIE: LineText(N_("Hand: {players} tie for the most population and Joker cards "
                               "({count}): {vp} VP each.")),
    Code.HAND_NONE: LineText(N_("Hand: nobody holds population or Joker cards; no VP.")),
    Code.SPECIAL_MOST: LineText(N_("{special}: {player} has the most ({count}): {vp} VP.")),
    Code.SPECIAL_TIE: LineText(N_("{special}: {players} tie for the most ({count}): {vp} VP "
                                  "each.")),
    Code.SPECIAL_NONE: LineText(N_("{special}: nobody holds any; no VP.")),
    Code.GOLD_FIRST: LineText(N_("Gold: {player} has the most ({count}): {vp} VP.")),
    Code.GOLD_FIRST_TIE: LineText(N_("Gold: {players} tie for the most ({count}) and share "
                                     "{pool} VP: {vp} VP each; no second place.")),
    Code.GOLD_SECOND: LineText(N_("Gold: {player} has the second most ({count}): {vp} VP.")),
    Code.GOLD_SECOND_TIE: LineText(N_("Gold: {players} tie for the second most ({count}) and "
                                      "share {pool} VP: {vp} VP each.")),
    Code.GOLD_NO_SECOND_AFTER_TIE: plural(
        "Gold: {players} has the next most ({count}), but after a tie for the most there is no "
        "second place: no VP.",
        "Gold: {players} have the next most ({count}), but after a tie for the most there is "
        "no second place: no VP."),
    Code.GOLD_NO_SECOND_TWO_PLAYERS: plural(
        "Gold: {players} has the second most ({count}), but with 2 players second place scores "
        "nothing.",
        "Gold: {players} have the second most ({count}), but with 2 players second place "
        "scores nothing."),
    Code.GOLD_UNPLACED: plural("Gold: {players} has less Gold than that: no VP.",
                               "Gold: {players} have less Gold than that: no VP."),
    Code.GOLD_NONE: LineText(N_("Gold: nobody holds any; no VP.")),
    Code.MARKERS: LineText(N_("VP tokens: {player} {vp} VP.")),
    Code.TOTAL: LineText(N_("{player}: {total} VP (classes {estates}, hand {hand}, specials "
                            "{specials}, Gold {gold}, tokens {markers}).")),
    Code.PLAGUE_NUNS: plural("Plague: the Nun-row shows {nuns} nun.",
                             "Plague: the Nun-row shows {nuns} nuns.", count="nuns"),
    Code.PLAGUE_SURVIVES: plural(
        "Plague: {player} has {rats} rat, fewer than the nuns ({nuns}), and survives.",
        "Plague: {player} has {rats} rats, fewer than the nuns ({nuns}), and survives.",
        count="rats"),
    Code.PLAGUE_DIES: plural(
        "Plague: {player} has {rats} rat, more than the nuns ({nuns}), and dies.",
        "Plague: {player} has {rats} rats, more than the nuns ({nuns}), and dies.",
        count="rats"),
    Code.PLAGUE_ALL_DEAD: LineText(N_("Plague: everyone died, so everyone loses.")),
    Code.PLAGUE_VARIANT_SURVIVORS: plural(
        "Plague: everyone died; by the house rule {players}, with the fewest rats ({rats}), "
        "counts as a survivor.",
        "Plague: everyone died; by the house rule {players}, with the fewest rats ({rats}), "
        "count as survivors."),
    Code.WIN_MOST_VP: LineText(N_("{player} wins with {vp} VP.")),
    Code.WIN_FEWER_RATS: plural(
        "{tied} tie on {vp} VP; {player} has fewer rats ({rats} against {others_rats}) and "
        "wins.",
        "{tied} tie on {vp} VP; {player} has the fewest rats ({rats} against {others_rats}) "
        "and wins.", count="tied", minus=1),
    Code.WIN_SHARED: LineText(N_("{tied} tie on {vp} VP; {players} have the fewest rats "
                                 "({rats}) and share the victory.")),
    Code.DEAD_OUTSCORED: LineText(N_("{player} has more VP ({vp}) but died of the plague and "
                                     "loses.")),
    Code.NOBODY_WINS: LineText(N_("Nobody wins: everyone died of the plague.")),
}
"""The one text of each scoring line: msgids with the line's values as named placeholders."""

VARIANTS: dict[Code, LineText] = {
    Code.PLAGUE_SURVIVES: plural(
        "Plague: {player} has {rats} rat, as many as the nuns, and survives.",
        "Plague: {player} has {rats} rats, as many as the nuns, and survives.", count="rats"),
    Code.WIN_SHARED: plural(
        "{tied} tie on {vp} VP; they also tie on {rats} rat and share the victory.",
        "{tied} tie on {vp} VP; they also tie on {rats} rats and share the victory.",
        count="rats"),
}
"""The same line in its other case: as many rats as nuns; everyone tied also on rats."""


def _variant(line: Line) -> bool:
    p = line.params
    if line.code is Code.PLAGUE_SURVIVES:
        return p["rats"] == p["nuns"]
    if line.code is Code.WIN_SHARED:
        return p["players"] == p["tied"]
    return False


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


def _word(t: Translator, key: str, value: Any) -> Any:
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


def line_text(t: Translator, line: Line) -> str:
    """The line in the language of `t`."""
    text = VARIANTS[line.code] if _variant(line) else LINES[line.code]
    words: Mapping[str, Any] = {k: _word(t, k, v) for k, v in line.params.items()}
    if text.plural is None:
        return t(text.msgid, **words)
    counted = line.params[text.count]
    n = (len(counted) if isinstance(counted, tuple)
         else counted if isinstance(counted, int) else 1) - text.minus
    return t.plural(text.msgid, text.plural, n, **words)


def step_title(t: Translator, step: Step) -> str:
    return t(STEPS[step])


def explanation(t: Translator, lines: tuple[Line, ...]) -> list[str]:
    """Every line of a scoring explanation, in order."""
    return [line_text(t, line) for line in lines]
