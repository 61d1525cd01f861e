"""The scoring's result: VP per player and step, the winners, and an explanation of every point
as `Line`s (a code and values; `companion.i18n.words` gives them words)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from companion.rules.catalog import Estate, Special


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


def line(step: Step, code: Code, **params: Param) -> Line:
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
