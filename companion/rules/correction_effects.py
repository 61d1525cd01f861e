"""What a correction leaves the players to do by hand.

A correction (`EntryCorrected`, `RevealCorrected`, and the answers to what it asks,
`TieChosenAfterCorrection`, `HospitalCorrected`) recomputes everything the app derives; but
the cards, discs and rat tokens on the table moved as the app said at the time. When a
correction moves a premium, Camille must now take 1 Gold more and Lucas give 1 back; when it
moves a reveal, discs move on the tracks. `correction_effects(before, after)` compares the
resolutions of the rounds a correction changed and lists, per player, what changes hands:
codes and values, no sentences (the UI words them, `companion.ui.round.questions`).

What is compared, per round, for the buildings as far as they went:
- the reveals: influence per estate and rats for cards of another estate (R-ROUND-D a);
- the Sword's half hand and the Flute's rat, once every player there revealed (R-SPECIAL-1/2);
- the actions, once they were taken (R-ROUND-D b): the goods taken, the cards drawn, the
  nun-row cards looked at, the rats the Monastery and the Hospital's premium discard, the
  Watchtower's hand cards; in the last round the +1 influence instead.

The hand cards discarded at the Hospital (and the rats they discard) are what the table said
was discarded, a record of what the players did, so they are never something to do.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum

from companion.rules import events as ev
from companion.rules.catalog import ActionKind, Estate
from companion.rules.resolution import BuildingResolution, resolve_building
from companion.rules.state import GameState, RoundRecord


class Item(StrEnum):
    """What a player takes more of or gives back."""

    VP_MARKERS = "vp_markers"
    GOLD = "gold"
    SWORDS = "swords"
    JOKERS = "jokers"
    PASSES = "passes"
    FLUTES = "flutes"
    POPULATION = "population"
    """Population cards drawn (Farm, Brewery)."""
    NUN_LOOKS = "nun_looks"
    """Nun-row cards looked at (Fortune Teller's Tent): one looked at too many cannot be
    undone, so only a look gained is something to do."""


class Cause(StrEnum):
    """Why hand cards went from one player to another."""

    SWORD = "sword"
    """R-SPECIAL-1: the player with the fewest Swords gives half their hand."""
    WATCHTOWER = "watchtower"
    """The Watchtower's premium: 3 hand cards from each player there was no Watchtower of who
    held at least as many hand cards as the taker."""


class EffectKind(StrEnum):
    ITEMS = "items"
    """`player` takes `change` more `item` (negative: gives that many back)."""
    RATS = "rats"
    """`player` takes `change` rats (negative: discards that many)."""
    INFLUENCE = "influence"
    """`player` moves their disc `change` spaces on the `estate`'s track (negative: back)."""
    GIVE_CARDS = "give_cards"
    """`player` now gives `other` hand cards (`cause`: half their hand, or up to 3)."""
    CARDS_BACK = "cards_back"
    """`player` gives `other` back the hand cards `other` gave them (`cause`)."""


_KIND_ORDER = {kind: i for i, kind in enumerate(EffectKind)}
_ITEM_ORDER = {item: i for i, item in enumerate(Item)}
_ESTATE_ORDER = {estate: i for i, estate in enumerate(Estate)}


@dataclass(frozen=True)
class Effect:
    """One thing a player must now do at the table, in `round`'s record."""

    kind: EffectKind
    round: int
    player: int
    change: int = 0
    item: Item | None = None
    estate: Estate | None = None
    other: int | None = None
    cause: Cause | None = None

    def order(self) -> tuple[int, int, int, int, int]:
        return (self.round, self.player, _KIND_ORDER[self.kind],
                _ITEM_ORDER[self.item] if self.item is not None else
                _ESTATE_ORDER[self.estate] if self.estate is not None else 0,
                self.other if self.other is not None else -1)


CORRECTIONS: tuple[type[ev.Event], ...] = (
    ev.EntryCorrected, ev.RevealCorrected, ev.TieChosenAfterCorrection, ev.HospitalCorrected)
"""The events that correct a round already recorded (and answer what a correction asks)."""


def is_correction(event: object) -> bool:
    return isinstance(event, CORRECTIONS)


def keeps_the_list(event: object) -> bool:
    """Whether the table's `event` leaves what corrections listed still to do: another
    correction (the effects add up) or a dismissed dispute (the table looked at an entry and
    kept it); any other step of the game means the table has played on."""
    return isinstance(event, (*CORRECTIONS, ev.DisputeDismissed))


_ITEMS: dict[ActionKind, Item] = {
    ActionKind.TAKE_VP_MARKERS: Item.VP_MARKERS, ActionKind.TAKE_GOLD: Item.GOLD,
    ActionKind.TAKE_SWORDS: Item.SWORDS, ActionKind.TAKE_JOKERS: Item.JOKERS,
    ActionKind.TAKE_PASSES: Item.PASSES, ActionKind.TAKE_FLUTES: Item.FLUTES,
    ActionKind.DRAW_POPULATION: Item.POPULATION, ActionKind.BREWERY_DRAW: Item.POPULATION,
    ActionKind.LOOK_AT_NUN_ROW: Item.NUN_LOOKS,
}


@dataclass
class _Tally:
    """What one round's record made the players do, summed per player."""

    items: Counter[tuple[int, Item]] = field(default_factory=Counter)
    rats: Counter[int] = field(default_factory=Counter)
    influence: Counter[tuple[int, Estate]] = field(default_factory=Counter)
    cards: set[tuple[Cause, int, int]] = field(default_factory=set)
    """(cause, giver, receiver) of hand cards."""


def _count_reveals(tally: _Tally, res: BuildingResolution) -> None:
    for r in res.reveals:
        if r.reveal is not None:
            tally.influence[(r.player, res.estate)] += r.reveal.population
            tally.rats[r.player] += r.rats


def _count_specials(tally: _Tally, res: BuildingResolution) -> None:
    flute, sword = res.flute, res.sword
    if flute is not None and flute.giver is not None and flute.receiver is not None:
        tally.rats[flute.receiver] += 1
        tally.rats[flute.giver] -= 1
    if sword is not None and sword.giver is not None and sword.receiver is not None:
        tally.cards.add((Cause.SWORD, sword.giver, sword.receiver))


def _count_actions(tally: _Tally, res: BuildingResolution) -> None:
    if res.last_round_bonus is not None:
        tally.influence[(res.last_round_bonus, res.estate)] += 1
    for a in res.actions:
        kind = a.action.kind
        if kind in _ITEMS:
            amount = a.draws if kind is ActionKind.BREWERY_DRAW else a.action.amount
            tally.items[(a.player, _ITEMS[kind])] += amount or 0
        elif kind in (ActionKind.DISCARD_RATS, ActionKind.HOSPITAL):
            tally.rats[a.player] -= a.action.amount
        elif kind is ActionKind.WATCHTOWER_COLLECT:
            tally.cards.update((Cause.WATCHTOWER, giver, a.player)
                               for giver in a.watchtower_from if giver != a.player)


def _tally(state: GameState, record: RoundRecord) -> _Tally:
    tally = _Tally()
    for b in range(len(record.row)):
        if not record.occupants[b]:
            continue
        res = resolve_building(state, record.number, b)
        _count_reveals(tally, res)
        if not res.complete:
            continue
        _count_specials(tally, res)
        if record.resolved and record.resolved[b]:
            _count_actions(tally, res)
    return tally


def _round_effects(number: int, was: _Tally, now: _Tally) -> list[Effect]:
    found: list[Effect] = []
    for player, item in set(was.items) | set(now.items):
        change = now.items[(player, item)] - was.items[(player, item)]
        if change and not (item is Item.NUN_LOOKS and change < 0):
            found.append(Effect(EffectKind.ITEMS, number, player, change, item=item))
    for player in set(was.rats) | set(now.rats):
        change = now.rats[player] - was.rats[player]
        if change:
            found.append(Effect(EffectKind.RATS, number, player, change))
    for player, estate in set(was.influence) | set(now.influence):
        change = now.influence[(player, estate)] - was.influence[(player, estate)]
        if change:
            found.append(Effect(EffectKind.INFLUENCE, number, player, change, estate=estate))
    for cause, giver, receiver in was.cards - now.cards:
        found.append(Effect(EffectKind.CARDS_BACK, number, receiver, other=giver, cause=cause))
    for cause, giver, receiver in now.cards - was.cards:
        found.append(Effect(EffectKind.GIVE_CARDS, number, giver, other=receiver, cause=cause))
    return found


def correction_effects(before: GameState, after: GameState) -> tuple[Effect, ...]:
    """What the players must now give, take, discard or move so the table matches `after`,
    where it matched `before` (the same game before one or more corrections): per round the
    correction changed, per player, in seat order."""
    found: list[Effect] = []
    for was, now in zip(before.rounds, after.rounds, strict=False):
        if was != now:
            found += _round_effects(now.number, _tally(before, was), _tally(after, now))
    return tuple(sorted(found, key=Effect.order))
