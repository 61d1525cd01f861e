"""End-game scoring (R-SCORE-1 to R-SCORE-7), explained point by point.

Scoring is where a table argues most, so `score` does not just add numbers: every point it
awards comes with a `Line` (a code plus parameters) saying why. The table UI translates the
codes; `Line.text()` is the English rendering the CLI prints. `EndState` is everything scoring
needs and nothing more, so a group that did not track its game can type it in by hand and get
the same result as a tracked game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from companion.rules.catalog import MAX_NUNS_IN_ROW, MAX_PLAYERS, MIN_PLAYERS, Estate, Special
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


class ScoringInputError(ValueError):
    """An end state that cannot be scored.

    `field` is the path of the offending value in the JSON form of the end state (for example
    `influence.peasantry.Dora`), so a player typing it in by hand knows exactly what to fix.
    """

    def __init__(self, field: str, message: str, rule: str | None = None) -> None:
        field, message = _one_line(field), _one_line(message)
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
        self.rule = rule


def _one_line(text: str) -> str:
    """A typed-in name may hold a line break or a tab; the error must still be one line."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


# --------------------------------------------------------------------------------------------
# The end state
# --------------------------------------------------------------------------------------------


def _frozen(mapping: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType(dict(mapping))


def _check_count(path: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScoringInputError(path, f"must be a whole number, not {value!r}")
    if value < 0:
        raise ScoringInputError(path, f"must not be negative (got {value})")


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
            estate: self._checked_arrival(f"arrival.{estate}", order)
            for estate, order in self._by_estate("arrival", self.arrival).items()
        }))
        set_(self, "specials", self._checked_specials())
        for name in ("hand", "gold", "markers", "rats"):
            set_(self, name, self._checked_counts(name, getattr(self, name)))
        if self.gold and Special.GOLD not in self.in_play and any(self.gold.values()):
            raise ScoringInputError(
                "gold", "Gold is held but gold (the Treasury) is not in in_play",
                "R-SCORE-4")
        _check_count("nuns", self.nuns)
        if self.nuns > MAX_NUNS_IN_ROW:
            raise ScoringInputError(
                "nuns", f"the nun row shows at most {MAX_NUNS_IN_ROW} nuns (got {self.nuns})",
                "R-SCORE-6")
        for estate in Estate:
            _track_order(self, estate)

    @staticmethod
    def _check_players(players: tuple[str, ...]) -> None:
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise ScoringInputError(
                "players", f"must name {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}",
                "R-SETUP-1")
        for index, name in enumerate(players):
            if not isinstance(name, str) or not name.strip():
                raise ScoringInputError(f"players[{index}]", f"must be a name, not {name!r}")
        duplicates = sorted({name for name in players if players.count(name) > 1})
        if duplicates:
            raise ScoringInputError("players", f"{_names(duplicates)} appears more than once")

    def _check_player(self, path: str, name: object) -> None:
        if name not in self.players:
            raise ScoringInputError(f"{path}.{name}" if isinstance(name, str) else path,
                                    f"unknown player {name!r} (players are "
                                    f"{_names(self.players)})")

    def _checked_counts(self, path: str, counts: object) -> Mapping[str, int]:
        if not isinstance(counts, Mapping):
            raise ScoringInputError(path, "must map player names to numbers")
        for name, value in counts.items():
            self._check_player(path, name)
            _check_count(f"{path}.{name}", value)
        return _frozen(counts)

    @staticmethod
    def _by_estate(path: str, mapping: Mapping[Estate, object]) -> dict[Estate, object]:
        if not isinstance(mapping, Mapping):
            raise ScoringInputError(path, "must map estates to values")
        result: dict[Estate, object] = {}
        for key, value in mapping.items():
            try:
                result[Estate(key)] = value
            except ValueError:
                raise ScoringInputError(
                    f"{path}.{key}", "unknown estate (estates are "
                    f"{', '.join(estate.value for estate in Estate)})") from None
        return result

    def _checked_arrival(self, path: str, order: object) -> tuple[str, ...]:
        if isinstance(order, str) or not isinstance(order, Iterable):
            raise ScoringInputError(path, "must list players from bottom to top")
        order = tuple(order)
        for name in order:
            if name not in self.players:
                raise ScoringInputError(path, f"unknown player {name!r} (players are "
                                              f"{_names(self.players)})")
        twice = sorted({name for name in order if order.count(name) > 1})
        if twice:
            raise ScoringInputError(path, f"{_names(twice)} listed more than once")
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
                    "in_play", f"unknown special-card type {item!r} (types are "
                    f"{', '.join(s.value for s in Special if s in SPECIALS_IN_PLAY)})")
            result.add(special)
        return frozenset(result)

    def _checked_specials(self) -> Mapping[Special, Mapping[str, int]]:
        if not isinstance(self.specials, Mapping):
            raise ScoringInputError("specials", "must map special-card types to counts")
        result: dict[Special, Mapping[str, int]] = {}
        for key, counts in self.specials.items():
            path = f"specials.{key}"
            if key == Special.GOLD:
                raise ScoringInputError(path, "Gold is scored on its own: use the gold map",
                                        "R-SCORE-4")
            try:
                special = Special(key)
            except ValueError:
                special = None
            if special not in SCORED_SPECIALS:
                raise ScoringInputError(
                    path, "unknown special-card type (types are "
                    f"{', '.join(s.value for s in SCORED_SPECIALS)})")
            checked = self._checked_counts(path, counts)
            if special not in self.in_play and any(checked.values()):
                raise ScoringInputError(
                    path, f"{special.value} cards are held but {special.value} is not in in_play",
                    "R-SCORE-3")
            result[special] = checked
        return MappingProxyType(result)


# --------------------------------------------------------------------------------------------
# The result and its explanation
# --------------------------------------------------------------------------------------------


class Step(StrEnum):
    """The scoring steps in rulebook order; every explanation line belongs to one."""

    ESTATES = "estates"
    HAND = "hand"
    SPECIALS = "specials"
    GOLD = "gold"
    MARKERS = "markers"
    TOTALS = "totals"
    PLAGUE = "plague"
    WINNER = "winner"


class Code(StrEnum):
    """What an explanation line says; the table UI keys its translations on these."""

    ESTATE_NOBODY = "estate_nobody"
    ESTATE_TIE_PAIR = "estate_tie_pair"
    ESTATE_TIE_STACK = "estate_tie_stack"
    ESTATE_PLACE = "estate_place"
    ESTATE_UNPLACED = "estate_unplaced"
    ESTATE_ZERO = "estate_zero"
    HAND_MOST = "hand_most"
    HAND_TIE = "hand_tie"
    HAND_NONE = "hand_none"
    SPECIAL_MOST = "special_most"
    SPECIAL_TIE = "special_tie"
    SPECIAL_NONE = "special_none"
    GOLD_FIRST = "gold_first"
    GOLD_FIRST_TIE = "gold_first_tie"
    GOLD_SECOND = "gold_second"
    GOLD_SECOND_TIE = "gold_second_tie"
    GOLD_NO_SECOND_AFTER_TIE = "gold_no_second_after_tie"
    GOLD_NO_SECOND_TWO_PLAYERS = "gold_no_second_two_players"
    GOLD_UNPLACED = "gold_unplaced"
    GOLD_NONE = "gold_none"
    MARKERS = "markers"
    TOTAL = "total"
    PLAGUE_NUNS = "plague_nuns"
    PLAGUE_SURVIVES = "plague_survives"
    PLAGUE_DIES = "plague_dies"
    PLAGUE_ALL_DEAD = "plague_all_dead"
    PLAGUE_VARIANT_SURVIVORS = "plague_variant_survivors"
    WIN_MOST_VP = "win_most_vp"
    WIN_FEWER_RATS = "win_fewer_rats"
    WIN_SHARED = "win_shared"
    DEAD_OUTSCORED = "dead_outscored"
    NOBODY_WINS = "nobody_wins"


Param = str | int | tuple[str, ...]


@dataclass(frozen=True)
class Line:
    """One explained fact. `params` holds names (str or tuples of them), numbers, and enum
    members (Estate, Special, TrackTie) a translation can look up."""

    step: Step
    code: Code
    params: Mapping[str, Param]

    def text(self) -> str:
        return ENGLISH[self.code](self.params)

    def players(self) -> tuple[str, ...]:
        """Every player the line names, in the order it names them."""
        named: list[str] = []
        for key in _PLAYER_PARAMS:
            value = self.params.get(key, ())
            names = (value,) if isinstance(value, str) else value
            if isinstance(names, tuple):
                named.extend(name for name in names if name not in named)
        return tuple(named)


_PLAYER_PARAMS = ("player", "players", "tied", "on_top", "underneath", "top_down")


def _line(step: Step, code: Code, **params: Param) -> Line:
    return Line(step, code, MappingProxyType(params))


@dataclass(frozen=True)
class PlayerScore:
    name: str
    estates: Mapping[Estate, int]
    """VP per estate, every estate present, in catalog order."""
    hand: int
    specials: Mapping[Special, int]
    """VP per scored special type (Sword, Flute, Pass), every type present."""
    gold: int
    markers: int
    rats: int
    survives: bool
    """Whether the player can win: survived the plague, or counts as a survivor under the
    all-dead variant (R-SCORE-7)."""

    @property
    def total(self) -> int:
        return (sum(self.estates.values()) + self.hand + sum(self.specials.values())
                + self.gold + self.markers)


@dataclass(frozen=True)
class ScoreResult:
    players: tuple[PlayerScore, ...]
    """In seating (input) order."""
    winners: tuple[str, ...]
    """Empty when nobody wins; more than one when the victory is shared."""
    everyone_died: bool
    """Every player's rats exceed the nuns, whether or not the all-dead variant saved some."""
    explanation: tuple[Line, ...]

    def player(self, name: str) -> PlayerScore:
        return next(p for p in self.players if p.name == name)

    def lines(self, step: Step) -> tuple[Line, ...]:
        return tuple(line for line in self.explanation if line.step is step)

    def about(self, player: str) -> tuple[Line, ...]:
        """The lines that name `player`: their own scoring sheet, for "why did I get that?"."""
        return tuple(line for line in self.explanation if player in line.players())

    @property
    def tie_break(self) -> tuple[Line, ...]:
        """The ladder that decided the winner, in the words a player reads."""
        return self.lines(Step.WINNER)

    def text(self) -> tuple[str, ...]:
        return tuple(line.text() for line in self.explanation)


# --------------------------------------------------------------------------------------------
# Scoring, step by step as the rulebook does it
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Award:
    """The VP one step gives each player, and why."""

    vp: Mapping[str, int]
    lines: tuple[Line, ...]


def score(end: EndState) -> ScoreResult:
    """Score a finished game: estates, hand, specials, Gold, markers, plague, winner."""
    estates = {estate: _score_estate(end, estate) for estate in Estate}        # R-SCORE-1
    hand = _score_hand(end)                                                     # R-SCORE-2
    specials = {special: _score_special(end, special)                          # R-SCORE-3
                for special in SCORED_SPECIALS if special in end.in_play}
    gold = _score_gold(end)                                                     # R-SCORE-4
    markers = _score_markers(end)                                               # R-SCORE-5

    survivors, everyone_died, plague = _plague(end)                            # R-SCORE-6

    def vp(award: _Award | None, player: str) -> int:
        return award.vp.get(player, 0) if award else 0

    players = tuple(
        PlayerScore(
            name=player,
            estates=MappingProxyType({e: vp(estates[e], player) for e in Estate}),
            hand=vp(hand, player),
            specials=MappingProxyType({s: vp(specials.get(s), player) for s in SCORED_SPECIALS}),
            gold=vp(gold, player),
            markers=vp(markers, player),
            rats=end.rats.get(player, 0),
            survives=player in survivors,
        )
        for player in end.players
    )
    winners, ladder = _winners(players)                                        # R-SCORE-7
    totals = tuple(_line(Step.TOTALS, Code.TOTAL, player=p.name, total=p.total,
                         estates=sum(p.estates.values()), hand=p.hand,
                         specials=sum(p.specials.values()), gold=p.gold, markers=p.markers)
                   for p in players)

    explanation = (
        *(line for estate in Estate for line in estates[estate].lines),
        *hand.lines,
        *(line for award in specials.values() for line in award.lines),
        *(gold.lines if gold else ()),
        *markers.lines,
        *totals,
        *plague,
        *ladder,
    )
    return ScoreResult(players, winners, everyone_died, explanation)


def _track_order(end: EndState, estate: Estate) -> list[list[str]]:
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
        if len(group) > 1 and place < len(_estate_vp(end)):
            missing = [p for p in group if p not in arrival]
            if missing:
                which = "" if missing == group else f" ({_names(missing)} not listed)"
                raise ScoringInputError(
                    f"arrival.{estate}",
                    f"{_names(group)} tie on {level} influence; list them from bottom to top "
                    f"to say whose disc lies on top{which}", "R-SCORE-1")
            group.sort(key=arrival.index,
                       reverse=end.house_rules.track_tie is TrackTie.TOP_WINS)
        groups.append(group)
        place += len(group)
    return groups


def _estate_vp(end: EndState) -> tuple[int, ...]:
    return ESTATE_VP_TWO_PLAYERS if len(end.players) == 2 else ESTATE_VP


def _score_estate(end: EndState, estate: Estate) -> _Award:
    """R-SCORE-1: places by influence; a track tie is never shared but ranked by the discs."""
    table = _estate_vp(end)
    influence = end.influence.get(estate, {})
    vp: dict[str, int] = {}
    lines: list[Line] = []
    groups = _track_order(end, estate)
    if not groups:
        return _Award(vp, (_line(Step.ESTATES, Code.ESTATE_NOBODY, estate=estate),))
    place = 0
    for group in groups:
        level = influence[group[0]]
        if place >= len(table):
            lines.append(_line(Step.ESTATES, Code.ESTATE_UNPLACED, estate=estate,
                               players=tuple(group), place=place + 1, influence=level,
                               places=len(table)))
            place += len(group)
            continue
        if len(group) > 1:
            arrival = end.arrival[estate]
            top_down = tuple(sorted(group, key=arrival.index, reverse=True))
            if len(group) == 2:
                lines.append(_line(Step.ESTATES, Code.ESTATE_TIE_PAIR, estate=estate,
                                   players=tuple(group), influence=level, on_top=top_down[0],
                                   underneath=top_down[1], rule=end.house_rules.track_tie))
            else:
                lines.append(_line(Step.ESTATES, Code.ESTATE_TIE_STACK, estate=estate,
                                   players=tuple(group), influence=level, top_down=top_down,
                                   rule=end.house_rules.track_tie))
        for player in group:
            if place < len(table):
                vp[player] = table[place]
                lines.append(_line(Step.ESTATES, Code.ESTATE_PLACE, estate=estate,
                                   player=player, place=place + 1, influence=level,
                                   vp=table[place]))
            else:
                lines.append(_line(Step.ESTATES, Code.ESTATE_UNPLACED, estate=estate,
                                   players=(player,), place=place + 1, influence=level,
                                   places=len(table)))
            place += 1
    zero = tuple(p for p in end.players if influence.get(p, 0) == 0)
    if zero:
        lines.append(_line(Step.ESTATES, Code.ESTATE_ZERO, estate=estate, players=zero))
    return _Award(vp, tuple(lines))


def _most(end: EndState, counts: Mapping[str, int]) -> tuple[tuple[str, ...], int]:
    """The players holding the most (zero never counts), and how many they hold."""
    best = max((counts.get(p, 0) for p in end.players), default=0)
    if best == 0:
        return (), 0
    return tuple(p for p in end.players if counts.get(p, 0) == best), best


def _majority(end: EndState, counts: Mapping[str, int], step: Step,
              codes: tuple[Code, Code, Code], **params: Param) -> _Award:
    """Most 2 VP, a tie 1 VP each, zero never scores (R-SCORE-2, R-SCORE-3)."""
    most_code, tie_code, none_code = codes
    leaders, count = _most(end, counts)
    if not leaders:
        return _Award({}, (_line(step, none_code, **params),))
    if len(leaders) == 1:
        return _Award({leaders[0]: MAJORITY_VP},
                      (_line(step, most_code, player=leaders[0], count=count, vp=MAJORITY_VP,
                             **params),))
    return _Award({p: MAJORITY_TIE_VP for p in leaders},
                  (_line(step, tie_code, players=leaders, count=count, vp=MAJORITY_TIE_VP,
                         **params),))


def _score_hand(end: EndState) -> _Award:
    return _majority(end, end.hand, Step.HAND,
                     (Code.HAND_MOST, Code.HAND_TIE, Code.HAND_NONE))


def _score_special(end: EndState, special: Special) -> _Award:
    return _majority(end, end.specials.get(special, {}), Step.SPECIALS,
                     (Code.SPECIAL_MOST, Code.SPECIAL_TIE, Code.SPECIAL_NONE), special=special)


def _score_gold(end: EndState) -> _Award | None:
    """R-SCORE-4: 6 and 3; a tie for first shares 9 and leaves no second place; a tie for
    second shares 3; with 2 players nobody scores second."""
    if Special.GOLD not in end.in_play:
        return None
    leaders, count = _most(end, end.gold)
    if not leaders:
        return _Award({}, (_line(Step.GOLD, Code.GOLD_NONE),))
    vp: dict[str, int] = {}
    lines: list[Line] = []
    if len(leaders) == 1:
        vp[leaders[0]] = GOLD_FIRST_VP
        lines.append(_line(Step.GOLD, Code.GOLD_FIRST, player=leaders[0], count=count,
                           vp=GOLD_FIRST_VP))
    else:
        share = GOLD_FIRST_TIE_POOL // len(leaders)
        vp.update({p: share for p in leaders})
        lines.append(_line(Step.GOLD, Code.GOLD_FIRST_TIE, players=leaders, count=count,
                           pool=GOLD_FIRST_TIE_POOL, vp=share))
    rest = {p: n for p, n in end.gold.items() if p not in leaders}
    seconds, second_count = _most(end, rest)
    if seconds:
        if len(leaders) > 1:
            lines.append(_line(Step.GOLD, Code.GOLD_NO_SECOND_AFTER_TIE, players=seconds,
                               count=second_count))
        elif len(end.players) == 2:
            lines.append(_line(Step.GOLD, Code.GOLD_NO_SECOND_TWO_PLAYERS, players=seconds,
                               count=second_count))
        elif len(seconds) == 1:
            vp[seconds[0]] = GOLD_SECOND_VP
            lines.append(_line(Step.GOLD, Code.GOLD_SECOND, player=seconds[0],
                               count=second_count, vp=GOLD_SECOND_VP))
        else:
            share = GOLD_SECOND_VP // len(seconds)
            vp.update({p: share for p in seconds})
            lines.append(_line(Step.GOLD, Code.GOLD_SECOND_TIE, players=seconds,
                               count=second_count, pool=GOLD_SECOND_VP, vp=share))
    below = tuple(p for p in end.players
                  if end.gold.get(p, 0) > 0 and p not in leaders and p not in seconds)
    if below:
        lines.append(_line(Step.GOLD, Code.GOLD_UNPLACED, players=below))
    return _Award(vp, tuple(lines))


def _score_markers(end: EndState) -> _Award:
    """R-SCORE-5: markers count their printed value."""
    vp = {p: end.markers.get(p, 0) for p in end.players if end.markers.get(p, 0)}
    return _Award(vp, tuple(_line(Step.MARKERS, Code.MARKERS, player=p, vp=v)
                            for p, v in vp.items()))


def _plague(end: EndState) -> tuple[frozenset[str], bool, tuple[Line, ...]]:
    """R-SCORE-6: more rats than nuns dies; as many survives. With everyone dead the optional
    variant (R-SCORE-7) lets the fewest rats count as survivors."""
    lines = [_line(Step.PLAGUE, Code.PLAGUE_NUNS, nuns=end.nuns)]
    survivors: set[str] = set()
    for player in end.players:
        rats = end.rats.get(player, 0)
        if rats > end.nuns:
            lines.append(_line(Step.PLAGUE, Code.PLAGUE_DIES, player=player, rats=rats,
                               nuns=end.nuns))
        else:
            survivors.add(player)
            lines.append(_line(Step.PLAGUE, Code.PLAGUE_SURVIVES, player=player, rats=rats,
                               nuns=end.nuns))
    everyone_died = not survivors
    if everyone_died:
        if end.house_rules.all_dead_variant:
            fewest = min(end.rats.get(p, 0) for p in end.players)
            survivors = {p for p in end.players if end.rats.get(p, 0) == fewest}
            lines.append(_line(Step.PLAGUE, Code.PLAGUE_VARIANT_SURVIVORS,
                               players=tuple(p for p in end.players if p in survivors),
                               rats=fewest))
        else:
            lines.append(_line(Step.PLAGUE, Code.PLAGUE_ALL_DEAD))
    return frozenset(survivors), everyone_died, tuple(lines)


def _winners(players: tuple[PlayerScore, ...]) -> tuple[tuple[str, ...], tuple[Line, ...]]:
    """R-SCORE-7: the surviving player with the most VP; a tie goes to fewer rats; a tie on
    both is a shared victory."""
    alive = [p for p in players if p.survives]
    if not alive:
        return (), (_line(Step.WINNER, Code.NOBODY_WINS),)
    best_vp = max(p.total for p in alive)
    tied = [p for p in alive if p.total == best_vp]
    fewest = min(p.rats for p in tied)
    winners = tuple(p.name for p in tied if p.rats == fewest)
    lines = [_line(Step.WINNER, Code.DEAD_OUTSCORED, player=p.name, vp=p.total)
             for p in players if not p.survives and p.total > best_vp]
    if len(tied) == 1:
        lines.append(_line(Step.WINNER, Code.WIN_MOST_VP, player=winners[0], vp=best_vp))
    elif len(winners) == 1:
        lines.append(_line(Step.WINNER, Code.WIN_FEWER_RATS, tied=tuple(p.name for p in tied),
                           vp=best_vp, player=winners[0], rats=fewest,
                           others_rats=tuple(str(p.rats) for p in tied if p.rats != fewest)))
    else:
        lines.append(_line(Step.WINNER, Code.WIN_SHARED, tied=tuple(p.name for p in tied),
                           vp=best_vp, players=winners, rats=fewest))
    return winners, tuple(lines)


# --------------------------------------------------------------------------------------------
# English rendering (the CLI's words; the table UI translates the codes itself)
# --------------------------------------------------------------------------------------------


def _ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th') }"


def _title(value: object) -> str:
    return str(value).capitalize()


_SPECIAL_PLURAL = {Special.SWORD: "Swords", Special.FLUTE: "Flutes", Special.PASS: "Passes"}
_PLACES_WORD = {2: "two", 3: "three"}


def _rule_clause(rule: object) -> str:
    return ("the top disc wins" if rule == TrackTie.TOP_WINS
            else "by the house rule the bottom disc wins")


def _has(players: tuple[str, ...]) -> str:
    return "has" if len(players) == 1 else "have"


def _each(vp: int, players: tuple[str, ...]) -> str:
    return f"{vp} VP" if len(players) == 1 else f"{vp} VP each"


def _p(params: Mapping[str, Param], key: str) -> tuple[str, ...]:
    value = params[key]
    return value if isinstance(value, tuple) else (str(value),)


ENGLISH: Mapping[Code, Callable[[Mapping[str, Param]], str]] = {
    Code.ESTATE_NOBODY: lambda p: f"{_title(p['estate'])}: nobody has influence; no VP.",
    Code.ESTATE_TIE_PAIR: lambda p: (
        f"{_title(p['estate'])}: {_names(_p(p, 'players'))} tie on {p['influence']}; "
        f"{p['on_top']}'s disc lies on top of {p['underneath']}'s, and "
        f"{_rule_clause(p['rule'])}."),
    Code.ESTATE_TIE_STACK: lambda p: (
        f"{_title(p['estate'])}: {_names(_p(p, 'players'))} tie on {p['influence']}; "
        f"their discs lie {', '.join(_p(p, 'top_down'))} from the top, and "
        f"{_rule_clause(p['rule'])}."),
    Code.ESTATE_PLACE: lambda p: (
        f"{_title(p['estate'])}: {p['player']} {_ordinal(int(p['place']))} with "  # type: ignore[arg-type]
        f"{p['influence']} influence: {p['vp']} VP."),
    Code.ESTATE_UNPLACED: lambda p: (
        f"{_title(p['estate'])}: {_names(_p(p, 'players'))} "
        f"{'' if len(_p(p, 'players')) == 1 else 'tie for '}"
        f"{_ordinal(int(p['place']))} with {p['influence']} influence: no VP, "  # type: ignore[arg-type]
        f"only {_PLACES_WORD.get(int(p['places']), p['places'])} places score."),  # type: ignore[arg-type]
    Code.ESTATE_ZERO: lambda p: (
        f"{_title(p['estate'])}: {_names(_p(p, 'players'))} {_has(_p(p, 'players'))} "
        f"no influence: no VP."),
    Code.HAND_MOST: lambda p: (
        f"Hand: {p['player']} has the most population and Joker cards ({p['count']}): "
        f"{p['vp']} VP."),
    Code.HAND_TIE: lambda p: (
        f"Hand: {_names(_p(p, 'players'))} tie for the most population and Joker cards "
        f"({p['count']}): {p['vp']} VP each."),
    Code.HAND_NONE: lambda p: "Hand: nobody holds population or Joker cards; no VP.",
    Code.SPECIAL_MOST: lambda p: (
        f"{_SPECIAL_PLURAL[p['special']]}: {p['player']} has the most ({p['count']}): "  # type: ignore[index]
        f"{p['vp']} VP."),
    Code.SPECIAL_TIE: lambda p: (
        f"{_SPECIAL_PLURAL[p['special']]}: {_names(_p(p, 'players'))} tie for the most "  # type: ignore[index]
        f"({p['count']}): {p['vp']} VP each."),
    Code.SPECIAL_NONE: lambda p: (
        f"{_SPECIAL_PLURAL[p['special']]}: nobody holds any; no VP."),  # type: ignore[index]
    Code.GOLD_FIRST: lambda p: f"Gold: {p['player']} has the most ({p['count']}): {p['vp']} VP.",
    Code.GOLD_FIRST_TIE: lambda p: (
        f"Gold: {_names(_p(p, 'players'))} tie for the most ({p['count']}) and share "
        f"{p['pool']} VP: {p['vp']} VP each; no second place."),
    Code.GOLD_SECOND: lambda p: (
        f"Gold: {p['player']} has the second most ({p['count']}): {p['vp']} VP."),
    Code.GOLD_SECOND_TIE: lambda p: (
        f"Gold: {_names(_p(p, 'players'))} tie for the second most ({p['count']}) and share "
        f"{p['pool']} VP: {p['vp']} VP each."),
    Code.GOLD_NO_SECOND_AFTER_TIE: lambda p: (
        f"Gold: {_names(_p(p, 'players'))} {_has(_p(p, 'players'))} the next most "
        f"({p['count']}), but after a tie for the most there is no second place: no VP."),
    Code.GOLD_NO_SECOND_TWO_PLAYERS: lambda p: (
        f"Gold: {_names(_p(p, 'players'))} {_has(_p(p, 'players'))} the second most "
        f"({p['count']}), but with 2 players second place scores nothing."),
    Code.GOLD_UNPLACED: lambda p: (
        f"Gold: {_names(_p(p, 'players'))} {_has(_p(p, 'players'))} less Gold than that: no VP."),
    Code.GOLD_NONE: lambda p: "Gold: nobody holds any; no VP.",
    Code.MARKERS: lambda p: f"VP markers: {p['player']} {p['vp']} VP.",
    Code.TOTAL: lambda p: (
        f"{p['player']}: {p['total']} VP (estates {p['estates']}, hand {p['hand']}, "
        f"specials {p['specials']}, Gold {p['gold']}, markers {p['markers']})."),
    Code.PLAGUE_NUNS: lambda p: f"Plague: the nun row shows {p['nuns']} nuns.",
    Code.PLAGUE_SURVIVES: lambda p: (
        f"Plague: {p['player']} has {p['rats']} rats, "
        f"{'as many as' if p['rats'] == p['nuns'] else 'fewer than'} the {p['nuns']} nuns, "
        f"and survives."),
    Code.PLAGUE_DIES: lambda p: (
        f"Plague: {p['player']} has {p['rats']} rats, more than the {p['nuns']} nuns, "
        f"and dies."),
    Code.PLAGUE_ALL_DEAD: lambda p: "Plague: everyone died, so everyone loses.",
    Code.PLAGUE_VARIANT_SURVIVORS: lambda p: (
        f"Plague: everyone died; by the house rule {_names(_p(p, 'players'))}, with the "
        f"fewest rats ({p['rats']}), "
        f"{'counts as a survivor' if len(_p(p, 'players')) == 1 else 'count as survivors'}."),
    Code.WIN_MOST_VP: lambda p: f"{p['player']} wins with {p['vp']} VP.",
    Code.WIN_FEWER_RATS: lambda p: (
        f"{_names(_p(p, 'tied'))} tie on {p['vp']} VP; {p['player']} has "
        f"{'fewer' if len(_p(p, 'tied')) == 2 else 'the fewest'} rats "
        f"({p['rats']} against {_names(_p(p, 'others_rats'))}) and wins."),
    Code.WIN_SHARED: lambda p: (
        f"{_names(_p(p, 'tied'))} tie on {p['vp']} VP; "
        + (f"they also tie on {p['rats']} rats and share the victory."
           if _p(p, 'players') == _p(p, 'tied') else
           f"{_names(_p(p, 'players'))} have the fewest rats ({p['rats']}) and share the "
           f"victory.")),
    Code.DEAD_OUTSCORED: lambda p: (
        f"{p['player']} has more VP ({p['vp']}) but died of the plague and loses."),
    Code.NOBODY_WINS: lambda p: "Nobody wins: everyone died of the plague.",
}
"""The English sentence for each code; a translation supplies the same set for its language."""
