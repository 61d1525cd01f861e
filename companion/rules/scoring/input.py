"""The scoring's input: `EndState`, everything scoring needs and nothing more, checked on
construction so a built `EndState` always scores.

A group that did not track its game can type it in by hand and get the same result as a
tracked game; `ScoringInputError` names the path of the value to fix, and says what is wrong
with it as an `InputProblem` code and its values (`companion.i18n.words` words them).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from companion.rules.catalog import (
    MAX_NUNS_IN_ROW,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Estate,
    Special,
)
from companion.rules.errors import Param
from companion.rules.house_rules import HouseRules, TrackTie

SCORED_SPECIALS: tuple[Special, ...] = (Special.SWORD, Special.FLUTE, Special.PASS)
"""R-SCORE-3: the special-card types scored by majority; Gold has its own rule (R-SCORE-4)."""
SPECIALS_IN_PLAY: frozenset[Special] = frozenset((*SCORED_SPECIALS, Special.GOLD))
"""The stacks a game may leave out (R-SETUP-3); Jokers are always laid out."""

ESTATE_VP: tuple[int, ...] = (10, 5, 2)
ESTATE_VP_TWO_PLAYERS: tuple[int, ...] = (10, 5)
MAJORITY_VP, MAJORITY_TIE_VP = 2, 1
GOLD_FIRST_VP, GOLD_SECOND_VP = 6, 3
GOLD_FIRST_TIE_POOL = GOLD_FIRST_VP + GOLD_SECOND_VP


class InputProblem(StrEnum):
    """What is wrong with an end state's value; each has a text in the catalogs."""

    NOT_A_WHOLE_NUMBER = "not_a_whole_number"
    NEGATIVE = "negative"
    PLAYER_COUNT = "player_count"
    NOT_A_NAME = "not_a_name"
    NAME_TWICE = "name_twice"
    UNKNOWN_PLAYER = "unknown_player"
    NOT_A_PLAYER_MAP = "not_a_player_map"
    NOT_AN_ESTATE_MAP = "not_an_estate_map"
    UNKNOWN_ESTATE = "unknown_estate"
    NOT_AN_ORDER = "not_an_order"
    LISTED_TWICE = "listed_twice"
    UNKNOWN_SPECIAL_IN_PLAY = "unknown_special_in_play"
    NOT_A_SPECIALS_MAP = "not_a_specials_map"
    GOLD_IN_SPECIALS = "gold_in_specials"
    UNKNOWN_SPECIAL = "unknown_special"
    SPECIAL_NOT_IN_PLAY = "special_not_in_play"
    GOLD_NOT_IN_PLAY = "gold_not_in_play"
    TOO_MANY_NUNS = "too_many_nuns"
    TIE_NOT_LISTED = "tie_not_listed"
    TIE_PARTLY_LISTED = "tie_partly_listed"


_ENGLISH: dict[InputProblem, str] = {
    InputProblem.NOT_A_WHOLE_NUMBER: "must be a whole number, not {value}",
    InputProblem.NEGATIVE: "must not be negative (got {value})",
    InputProblem.PLAYER_COUNT: "must name {low} to {high} players, not {count}",
    InputProblem.NOT_A_NAME: "must be a name, not {value}",
    InputProblem.NAME_TWICE: "{names} appears more than once",
    InputProblem.UNKNOWN_PLAYER: "unknown player {name} (players are {players})",
    InputProblem.NOT_A_PLAYER_MAP: "must map player names to numbers",
    InputProblem.NOT_AN_ESTATE_MAP: "must map classes to values",
    InputProblem.UNKNOWN_ESTATE: "unknown class (classes are {estates})",
    InputProblem.NOT_AN_ORDER: "must list players from bottom to top",
    InputProblem.LISTED_TWICE: "{names} listed more than once",
    InputProblem.UNKNOWN_SPECIAL_IN_PLAY: "unknown special-card type {value} (types are {types})",
    InputProblem.NOT_A_SPECIALS_MAP: "must map special-card types to counts",
    InputProblem.GOLD_IN_SPECIALS: "Gold is scored on its own: use the gold map",
    InputProblem.UNKNOWN_SPECIAL: "unknown special-card type (types are {types})",
    InputProblem.SPECIAL_NOT_IN_PLAY: "{special} cards are held but {special} is not in in_play",
    InputProblem.GOLD_NOT_IN_PLAY: "Gold is held but gold (the Treasury) is not in in_play",
    InputProblem.TOO_MANY_NUNS: "the Nun-row shows at most {most} nuns (got {count})",
    InputProblem.TIE_NOT_LISTED: "{players} tie on {influence} influence; list them from bottom "
                                 "to top to say whose disc lies on top",
    InputProblem.TIE_PARTLY_LISTED: "{players} tie on {influence} influence; list them from "
                                    "bottom to top to say whose disc lies on top ({missing} not "
                                    "listed)",
}
"""The English of each problem, for logs and tracebacks only: what a person reads comes from
the catalogs (the same English there, in the other languages their words)."""
_ENGLISH_OF_MANY = {InputProblem.NAME_TWICE: "{names} appear more than once"}
"""A text whose verb agrees with the players it names, when it names more than one."""

PLAYER_LISTS = frozenset({"names", "players", "missing"})
"""The values that list players ("Anna, Ben and Cem"); other lists are JSON keys ("a, b")."""


class ScoringInputError(ValueError):
    """An end state that cannot be scored.

    `field` is the path of the offending value in the JSON form of the end state (for example
    `influence.peasantry.Dora`), so a player typing it in by hand knows exactly what to fix;
    `code` says what is wrong with it and `params` the values its text needs (a value the
    player typed that is not what it should be comes as it is written, `'acht'`, `1.5`).
    `str()` and `message` are English, for logs; a person reads `code` in their language.
    """

    def __init__(self, field: str, code: InputProblem, rule: str | None = None,
                 **params: Param) -> None:
        field = one_line(field)
        message = one_line(_english(code, params))
        super().__init__(f"{field}: {message}")
        self.field = field
        self.code = code
        self.params: dict[str, Param] = params
        self.message = message
        self.rule = rule

    def __repr__(self) -> str:
        return f"ScoringInputError({self.field!r}, {self.code.value!r}, {self.params!r})"


def _english(code: InputProblem, params: Mapping[str, Param]) -> str:
    words: dict[str, object] = {}
    for key, value in params.items():
        if isinstance(value, list):
            words[key] = _names(value) if key in PLAYER_LISTS else ", ".join(value)
        else:
            words[key] = value
    names = params.get("names")
    many = isinstance(names, list) and len(names) > 1
    return (_ENGLISH_OF_MANY.get(code, _ENGLISH[code]) if many else _ENGLISH[code]).format(**words)


def one_line(text: str) -> str:
    """A typed-in name may hold a line break or a tab; the error must still be one line."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


# --------------------------------------------------------------------------------------------
# The end state
# --------------------------------------------------------------------------------------------


def _frozen(mapping: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType(dict(mapping))


def _check_count(path: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScoringInputError(path, InputProblem.NOT_A_WHOLE_NUMBER, value=repr(value))
    if value < 0:
        raise ScoringInputError(path, InputProblem.NEGATIVE, value=value)


def _names(players: Iterable[str]) -> str:
    names = list(players)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


@dataclass(frozen=True)
class EndState:
    """What the table knows once the last round is over and the plague is revealed.

    Maps may leave players out (they have 0 there) and estates out (nobody has influence).
    `arrival[estate]` lists players from the first to reach their current track space to the
    last (bottom of a stack to its top); only the order among tied players matters, and it is
    needed only where a tie decides who scores (R-SCORE-1). `hand` counts population and Joker
    cards; `markers` is the printed total of a player's VP markers. Construction validates
    everything and normalises the maps into read-only copies, so a built `EndState` always
    scores.
    """

    players: tuple[str, ...]
    house_rules: HouseRules = field(default_factory=HouseRules)
    in_play: frozenset[Special] = frozenset()
    influence: Mapping[Estate, Mapping[str, int]] = field(default_factory=dict)
    arrival: Mapping[Estate, tuple[str, ...]] = field(default_factory=dict)
    hand: Mapping[str, int] = field(default_factory=dict)
    specials: Mapping[Special, Mapping[str, int]] = field(default_factory=dict)
    gold: Mapping[str, int] = field(default_factory=dict)
    markers: Mapping[str, int] = field(default_factory=dict)
    rats: Mapping[str, int] = field(default_factory=dict)
    nuns: int = 0

    def __post_init__(self) -> None:
        players = tuple(self.players)
        self._check_players(players)
        set_ = object.__setattr__
        set_(self, "players", players)
        set_(self, "in_play", self._checked_in_play())
        set_(self, "influence", MappingProxyType({
            estate: self._checked_counts(f"influence.{estate}", counts)
            for estate, counts in self._by_estate("influence", self.influence).items()
        }))
        set_(self, "arrival", MappingProxyType({
            estate: self._checked_arrival(estate, order)
            for estate, order in self._by_estate("arrival", self.arrival).items()
        }))
        set_(self, "specials", self._checked_specials())
        for name in ("hand", "gold", "markers", "rats"):
            set_(self, name, self._checked_counts(name, getattr(self, name)))
        if self.gold and Special.GOLD not in self.in_play and any(self.gold.values()):
            raise ScoringInputError("gold", InputProblem.GOLD_NOT_IN_PLAY, "R-SCORE-4")
        _check_count("nuns", self.nuns)
        if self.nuns > MAX_NUNS_IN_ROW:
            raise ScoringInputError("nuns", InputProblem.TOO_MANY_NUNS, "R-SCORE-6",
                                    most=MAX_NUNS_IN_ROW, count=self.nuns)
        for estate in Estate:
            track_order(self, estate)

    @staticmethod
    def _check_players(players: tuple[str, ...]) -> None:
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise ScoringInputError("players", InputProblem.PLAYER_COUNT, "R-SETUP-1",
                                    low=MIN_PLAYERS, high=MAX_PLAYERS, count=len(players))
        for index, name in enumerate(players):
            if not isinstance(name, str) or not name.strip():
                raise ScoringInputError(f"players[{index}]", InputProblem.NOT_A_NAME,
                                        value=repr(name))
        duplicates = sorted({name for name in players if players.count(name) > 1})
        if duplicates:
            raise ScoringInputError("players", InputProblem.NAME_TWICE, names=duplicates)

    def _check_player(self, path: str, name: object) -> None:
        if name not in self.players:
            raise ScoringInputError(f"{path}.{name}" if isinstance(name, str) else path,
                                    InputProblem.UNKNOWN_PLAYER, name=repr(name),
                                    players=list(self.players))

    def _checked_counts(self, path: str, counts: object) -> Mapping[str, int]:
        if not isinstance(counts, Mapping):
            raise ScoringInputError(path, InputProblem.NOT_A_PLAYER_MAP)
        for name, value in counts.items():
            self._check_player(path, name)
            _check_count(f"{path}.{name}", value)
        return _frozen(counts)

    @staticmethod
    def _by_estate(path: str, mapping: Mapping[Estate, object]) -> dict[Estate, object]:
        if not isinstance(mapping, Mapping):
            raise ScoringInputError(path, InputProblem.NOT_AN_ESTATE_MAP)
        result: dict[Estate, object] = {}
        for key, value in mapping.items():
            try:
                result[Estate(key)] = value
            except ValueError:
                raise ScoringInputError(f"{path}.{key}", InputProblem.UNKNOWN_ESTATE,
                                        estates=[e.value for e in Estate]) from None
        return result

    def _checked_arrival(self, estate: Estate, order: object) -> tuple[str, ...]:
        path = f"arrival.{estate}"
        if isinstance(order, str) or not isinstance(order, Iterable):
            raise ScoringInputError(path, InputProblem.NOT_AN_ORDER)
        order = tuple(order)
        for name in order:
            if name not in self.players:
                raise ScoringInputError(path, InputProblem.UNKNOWN_PLAYER, name=repr(name),
                                        players=list(self.players))
        twice = sorted({name for name in order if order.count(name) > 1})
        if twice:
            raise ScoringInputError(path, InputProblem.LISTED_TWICE, names=twice,
                                    estate=estate.value)
        return order

    def _checked_in_play(self) -> frozenset[Special]:
        result: set[Special] = set()
        for item in self.in_play:
            try:
                special = Special(item)
            except ValueError:
                special = None
            if special not in SPECIALS_IN_PLAY:
                raise ScoringInputError(
                    "in_play", InputProblem.UNKNOWN_SPECIAL_IN_PLAY, value=repr(item),
                    types=[s.value for s in Special if s in SPECIALS_IN_PLAY])
            result.add(special)
        return frozenset(result)

    def _checked_specials(self) -> Mapping[Special, Mapping[str, int]]:
        if not isinstance(self.specials, Mapping):
            raise ScoringInputError("specials", InputProblem.NOT_A_SPECIALS_MAP)
        result: dict[Special, Mapping[str, int]] = {}
        for key, counts in self.specials.items():
            path = f"specials.{key}"
            if key == Special.GOLD:
                raise ScoringInputError(path, InputProblem.GOLD_IN_SPECIALS, "R-SCORE-4")
            try:
                special = Special(key)
            except ValueError:
                special = None
            if special not in SCORED_SPECIALS:
                raise ScoringInputError(path, InputProblem.UNKNOWN_SPECIAL,
                                        types=[s.value for s in SCORED_SPECIALS])
            checked = self._checked_counts(path, counts)
            if special not in self.in_play and any(checked.values()):
                raise ScoringInputError(path, InputProblem.SPECIAL_NOT_IN_PLAY, "R-SCORE-3",
                                        special=special.value)
            result[special] = checked
        return MappingProxyType(result)


def track_order(end: EndState, estate: Estate) -> list[list[str]]:
    """The players with influence in `estate`, grouped by influence from most to least, each
    group in the order the track tie rule ranks them (R-SCORE-1).

    A tie that decides who scores must be ordered by `arrival`; one further down may stay
    unordered, since no VP depend on it.
    """
    influence = end.influence.get(estate, {})
    arrival = end.arrival.get(estate, ())
    levels = sorted({v for v in influence.values() if v > 0}, reverse=True)
    groups: list[list[str]] = []
    place = 0
    for level in levels:
        group = [p for p in end.players if influence.get(p, 0) == level]
        if len(group) > 1 and place < len(estate_vp(end)):
            missing = [p for p in group if p not in arrival]
            if missing == group:
                raise ScoringInputError(f"arrival.{estate}", InputProblem.TIE_NOT_LISTED,
                                        "R-SCORE-1", players=group, influence=level,
                                        estate=estate.value)
            if missing:
                raise ScoringInputError(f"arrival.{estate}", InputProblem.TIE_PARTLY_LISTED,
                                        "R-SCORE-1", players=group, influence=level,
                                        missing=missing, estate=estate.value)
            group.sort(key=arrival.index,
                       reverse=end.house_rules.track_tie is TrackTie.TOP_WINS)
        groups.append(group)
        place += len(group)
    return groups


def estate_vp(end: EndState) -> tuple[int, ...]:
    return ESTATE_VP_TWO_PLAYERS if len(end.players) == 2 else ESTATE_VP
