"""End-game scoring (R-SCORE-1 to R-SCORE-7), step by step as the rulebook does it.

Every point `score` awards comes with a `Line` saying why: scoring is where a table argues most.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from companion.rules.catalog import Estate, Special
from companion.rules.scoring.input import (
    GOLD_FIRST_TIE_POOL,
    GOLD_FIRST_VP,
    GOLD_SECOND_VP,
    MAJORITY_TIE_VP,
    MAJORITY_VP,
    SCORED_SPECIALS,
    EndState,
    estate_vp,
    track_order,
)
from companion.rules.scoring.result import (
    Code,
    Line,
    Param,
    PlayerScore,
    ScoreResult,
    Step,
    line,
)


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
    totals = tuple(line(Step.TOTALS, Code.TOTAL, player=p.name, total=p.total,
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


def _score_estate(end: EndState, estate: Estate) -> _Award:
    """R-SCORE-1: places by influence; a track tie is never shared but ranked by the discs."""
    table = estate_vp(end)
    influence = end.influence.get(estate, {})
    vp: dict[str, int] = {}
    lines: list[Line] = []
    groups = track_order(end, estate)
    if not groups:
        return _Award(vp, (line(Step.ESTATES, Code.ESTATE_NOBODY, estate=estate),))
    place = 0
    for group in groups:
        level = influence[group[0]]
        if place >= len(table):
            lines.append(line(Step.ESTATES, Code.ESTATE_UNPLACED, estate=estate,
                               players=tuple(group), place=place + 1, influence=level,
                               places=len(table)))
            place += len(group)
            continue
        if len(group) > 1:
            arrival = end.arrival[estate]
            top_down = tuple(sorted(group, key=arrival.index, reverse=True))
            if len(group) == 2:
                lines.append(line(Step.ESTATES, Code.ESTATE_TIE_PAIR, estate=estate,
                                   players=tuple(group), influence=level, on_top=top_down[0],
                                   underneath=top_down[1], rule=end.house_rules.track_tie))
            else:
                lines.append(line(Step.ESTATES, Code.ESTATE_TIE_STACK, estate=estate,
                                   players=tuple(group), influence=level, top_down=top_down,
                                   rule=end.house_rules.track_tie))
        for player in group:
            if place < len(table):
                vp[player] = table[place]
                lines.append(line(Step.ESTATES, Code.ESTATE_PLACE, estate=estate,
                                   player=player, place=place + 1, influence=level,
                                   vp=table[place]))
            else:
                lines.append(line(Step.ESTATES, Code.ESTATE_UNPLACED, estate=estate,
                                   players=(player,), place=place + 1, influence=level,
                                   places=len(table)))
            place += 1
    zero = tuple(p for p in end.players if influence.get(p, 0) == 0)
    if zero:
        lines.append(line(Step.ESTATES, Code.ESTATE_ZERO, estate=estate, players=zero))
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
        return _Award({}, (line(step, none_code, **params),))
    if len(leaders) == 1:
        return _Award({leaders[0]: MAJORITY_VP},
                      (line(step, most_code, player=leaders[0], count=count, vp=MAJORITY_VP,
                             **params),))
    return _Award({p: MAJORITY_TIE_VP for p in leaders},
                  (line(step, tie_code, players=leaders, count=count, vp=MAJORITY_TIE_VP,
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
        return _Award({}, (line(Step.GOLD, Code.GOLD_NONE),))
    vp: dict[str, int] = {}
    lines: list[Line] = []
    if len(leaders) == 1:
        vp[leaders[0]] = GOLD_FIRST_VP
        lines.append(line(Step.GOLD, Code.GOLD_FIRST, player=leaders[0], count=count,
                           vp=GOLD_FIRST_VP))
    else:
        share = GOLD_FIRST_TIE_POOL // len(leaders)
        vp.update({p: share for p in leaders})
        lines.append(line(Step.GOLD, Code.GOLD_FIRST_TIE, players=leaders, count=count,
                           pool=GOLD_FIRST_TIE_POOL, vp=share))
    rest = {p: n for p, n in end.gold.items() if p not in leaders}
    seconds, second_count = _most(end, rest)
    if seconds:
        if len(leaders) > 1:
            lines.append(line(Step.GOLD, Code.GOLD_NO_SECOND_AFTER_TIE, players=seconds,
                               count=second_count))
        elif len(end.players) == 2:
            lines.append(line(Step.GOLD, Code.GOLD_NO_SECOND_TWO_PLAYERS, players=seconds,
                               count=second_count))
        elif len(seconds) == 1:
            vp[seconds[0]] = GOLD_SECOND_VP
            lines.append(line(Step.GOLD, Code.GOLD_SECOND, player=seconds[0],
                               count=second_count, vp=GOLD_SECOND_VP))
        else:
            share = GOLD_SECOND_VP // len(seconds)
            vp.update({p: share for p in seconds})
            lines.append(line(Step.GOLD, Code.GOLD_SECOND_TIE, players=seconds,
                               count=second_count, pool=GOLD_SECOND_VP, vp=share))
    below = tuple(p for p in end.players
                  if end.gold.get(p, 0) > 0 and p not in leaders and p not in seconds)
    if below:
        lines.append(line(Step.GOLD, Code.GOLD_UNPLACED, players=below))
    return _Award(vp, tuple(lines))


def _score_markers(end: EndState) -> _Award:
    """R-SCORE-5: markers count their printed value."""
    vp = {p: end.markers.get(p, 0) for p in end.players if end.markers.get(p, 0)}
    return _Award(vp, tuple(line(Step.MARKERS, Code.MARKERS, player=p, vp=v)
                            for p, v in vp.items()))


def _plague(end: EndState) -> tuple[frozenset[str], bool, tuple[Line, ...]]:
    """R-SCORE-6: more rats than nuns dies; as many survives. With everyone dead the optional
    variant (R-SCORE-7) lets the fewest rats count as survivors."""
    lines = [line(Step.PLAGUE, Code.PLAGUE_NUNS, nuns=end.nuns)]
    survivors: set[str] = set()
    for player in end.players:
        rats = end.rats.get(player, 0)
        if rats > end.nuns:
            lines.append(line(Step.PLAGUE, Code.PLAGUE_DIES, player=player, rats=rats,
                               nuns=end.nuns))
        else:
            survivors.add(player)
            lines.append(line(Step.PLAGUE, Code.PLAGUE_SURVIVES, player=player, rats=rats,
                               nuns=end.nuns))
    everyone_died = not survivors
    if everyone_died:
        if end.house_rules.all_dead_variant:
            fewest = min(end.rats.get(p, 0) for p in end.players)
            survivors = {p for p in end.players if end.rats.get(p, 0) == fewest}
            lines.append(line(Step.PLAGUE, Code.PLAGUE_VARIANT_SURVIVORS,
                               players=tuple(p for p in end.players if p in survivors),
                               rats=fewest))
        else:
            lines.append(line(Step.PLAGUE, Code.PLAGUE_ALL_DEAD))
    return frozenset(survivors), everyone_died, tuple(lines)


def _winners(players: tuple[PlayerScore, ...]) -> tuple[tuple[str, ...], tuple[Line, ...]]:
    """R-SCORE-7: the surviving player with the most VP; a tie goes to fewer rats; a tie on
    both is a shared victory."""
    alive = [p for p in players if p.survives]
    if not alive:
        return (), (line(Step.WINNER, Code.NOBODY_WINS),)
    best_vp = max(p.total for p in alive)
    tied = [p for p in alive if p.total == best_vp]
    fewest = min(p.rats for p in tied)
    winners = tuple(p.name for p in tied if p.rats == fewest)
    lines = [line(Step.WINNER, Code.DEAD_OUTSCORED, player=p.name, vp=p.total)
             for p in players if not p.survives and p.total > best_vp]
    if len(tied) == 1:
        lines.append(line(Step.WINNER, Code.WIN_MOST_VP, player=winners[0], vp=best_vp))
    elif len(winners) == 1:
        lines.append(line(Step.WINNER, Code.WIN_FEWER_RATS, tied=tuple(p.name for p in tied),
                           vp=best_vp, player=winners[0], rats=fewest,
                           others_rats=tuple(str(p.rats) for p in tied if p.rats != fewest)))
    else:
        lines.append(line(Step.WINNER, Code.WIN_SHARED, tied=tuple(p.name for p in tied),
                           vp=best_vp, players=winners, rats=fewest))
    return winners, tuple(lines)
