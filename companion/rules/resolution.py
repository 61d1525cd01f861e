"""How one building of one round resolves (R-ROUND-D, R-SPECIAL): a pure function of the records.

The UI, the replay printout and the engine's own effects all read `resolve_building`, so what
the table is told and what the engine does are the same thing.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from companion.rules.catalog import (
    BUILDINGS,
    Action,
    ActionKind,
    Building,
    Estate,
    Special,
)
from companion.rules.events import RatReason
from companion.rules.setup import Setup
from companion.rules.state import GameState, Reveal, RoundRecord
from companion.rules.twins import copy_number


class PremiumReason(StrEnum):
    """Why a player takes the premium action (R-ROUND-D b)."""

    MOST_CARDS = "most_cards"
    FIRST_IN_ON_TIE = "first_in_on_tie"
    ALONE = "alone"
    TWO_PLAYER_RULE = "two_player_rule"
    """2 players: the one premium of the round goes to whoever played more cards (tie: entered
    first), in the building they entered."""
    AS_TAKEN = "as_taken"
    """A Hospital whose actions were taken: a later correction moved its premium, and until
    the table says again what was discarded (`HospitalCorrected`) it stays where it was taken."""


class SpecialOutcome(StrEnum):
    """The result of comparing Swords (Flutes) in a building (R-SPECIAL-1/2)."""

    ALL_EQUAL = "all_equal"
    """Everyone there played as many (a player alone, or nobody played any): nothing happens."""
    SINGLE = "single"
    """One player played the fewest."""
    CHOSEN = "chosen"
    """Several tied for fewest; the winner chose."""
    CHOICE_NEEDED = "choice_needed"
    """Several tied for fewest; the winner must choose now (SpecialTargetChosen)."""
    DEFAULTED = "defaulted"
    """A later correction created a tie nobody chose for: the earliest entrant of the tied."""


@dataclass(frozen=True)
class SpecialResult:
    special: Special
    outcome: SpecialOutcome
    most: int | None
    """Who played the most (earliest entrant on a tie); the one who chooses on a tie for fewest."""
    fewest: int | None
    """Who played the fewest (as chosen on a tie); None while a choice is needed."""
    candidates: tuple[int, ...]
    """Everyone tied for fewest, in slot order."""

    @property
    def happens(self) -> bool:
        return self.outcome is not SpecialOutcome.ALL_EQUAL and self.fewest is not None

    @property
    def giver(self) -> int | None:
        """Sword: who gives half their hand; Flute: who gives (discards) a rat."""
        if not self.happens:
            return None
        return self.fewest if self.special is Special.SWORD else self.most

    @property
    def receiver(self) -> int | None:
        if not self.happens:
            return None
        return self.most if self.special is Special.SWORD else self.fewest

    @property
    def exchange(self) -> tuple[int, int] | None:
        """(giver, receiver) once the special happens: the two a table names together."""
        giver, receiver = self.giver, self.receiver
        return None if giver is None or receiver is None else (giver, receiver)


@dataclass(frozen=True)
class PlayerReveal:
    player: int
    slot: int
    """1-based slot on the building card (= entry order)."""
    declared: int
    reveal: Reveal | None
    """None until revealed."""

    @property
    def influence(self) -> int:
        return self.reveal.population if self.reveal else 0

    @property
    def rats(self) -> int:
        return self.reveal.other if self.reveal else 0


@dataclass(frozen=True)
class ActionTaken:
    player: int
    premium: bool
    action: Action
    draws: int | None = None
    """Brewery: the population cards to draw (from the influence gained this round)."""
    hospital_cards: int | None = None
    """Hospital: the hand cards the player discarded (as recorded; 0 if none)."""
    watchtower_from: tuple[int, ...] = ()
    """Watchtower premium: the players who entered no Watchtower this round; those holding at
    least as many hand cards as the taker (compared before any card moves) give 3 each."""


class RatChange(NamedTuple):
    player: int
    delta: int
    reason: RatReason


@dataclass(frozen=True)
class BuildingResolution:
    round: int
    building: int
    kind: Building
    estate: Estate
    reveals: tuple[PlayerReveal, ...]
    """In slot order."""
    complete: bool
    """Every player there has revealed."""
    sword: SpecialResult | None
    """None if the Sword is not in play or the reveals are not complete."""
    flute: SpecialResult | None
    premium: int | None
    premium_reason: PremiumReason | None
    normal: tuple[int, ...]
    """Everyone else there, in entry order."""
    last_round: bool
    actions: tuple[ActionTaken, ...]
    """Premium first, then the others in entry order; none in the last round."""
    last_round_bonus: int | None
    """Last round: the player who would take the premium gains +1 influence instead."""
    rat_changes: tuple[RatChange, ...]
    """Flute, Monastery and Hospital; reveal rats are in `reveals`."""
    copy: int | None = None
    """Which card of the row the building is, where the row holds another card of it
    (`twins.copy_number`): the screens name it apart from its twin."""

    @property
    def entrants(self) -> tuple[int, ...]:
        return tuple(r.player for r in self.reveals)


_ALL_EQUAL = {s: SpecialResult(s, SpecialOutcome.ALL_EQUAL, None, None, ())
              for s in (Special.SWORD, Special.FLUTE)}


def _revealed(record: RoundRecord, player: int) -> Reveal:
    """The reveal of a player the caller knows has revealed (the building is complete)."""
    reveal = record.reveals[player]
    if reveal is None:
        raise ValueError(f"player {player} has not revealed in round {record.number}")
    return reveal


def special_result(special: Special, record: RoundRecord, entrants: tuple[int, ...], building: int,
                   settled: bool) -> SpecialResult:
    attr = "swords" if special is Special.SWORD else "flutes"
    counts: list[int] = [getattr(_revealed(record, p), attr) for p in entrants]
    high, low = max(counts), min(counts)
    if high == low:
        return _ALL_EQUAL[special]
    most = entrants[counts.index(high)]
    candidates = tuple(p for p, c in zip(entrants, counts, strict=True) if c == low)
    if len(candidates) == 1:
        return SpecialResult(special, SpecialOutcome.SINGLE, most, candidates[0], candidates)
    chosen = record.choice(building, special)
    if chosen in candidates:
        return SpecialResult(special, SpecialOutcome.CHOSEN, most, chosen, candidates)
    if settled:
        return SpecialResult(special, SpecialOutcome.DEFAULTED, most, candidates[0], candidates)
    return SpecialResult(special, SpecialOutcome.CHOICE_NEEDED, most, None, candidates)


def round_premium(record: RoundRecord, players: int) -> tuple[int, PremiumReason] | None:
    """2 players (R-ROUND-D b): the one premium of the round, once both reveals are in.

    [ruling] Only then is it known, so with 2 players all the round's reveals come before any
    building's actions.
    """
    reveals = record.reveals
    if players != 2 or any(r is None for r in reveals) or not record.turns:
        return None
    cards = [r.population for r in reveals if r is not None]
    if cards[0] != cards[1]:
        return (0 if cards[0] > cards[1] else 1), PremiumReason.TWO_PLAYER_RULE
    first = min(range(players), key=record.entry_index)
    return first, PremiumReason.TWO_PLAYER_RULE


def _round_premium_as_taken(record: RoundRecord, players: int
                            ) -> tuple[int, PremiumReason] | None:
    """2 players: the round's one premium, where a Hospital's actions were taken for it (a
    correction that moved it elsewhere waits for the table's answer, `HospitalCorrected`)."""
    held = round_premium(record, players)
    if held is None:
        return None
    for building, holder in record.hospital_premium:
        entrants = record.occupants[building]
        taken = holder if holder is not None else next(
            (p for p in range(players) if p not in entrants), None)
        if taken is not None and taken != held[0]:
            return taken, PremiumReason.AS_TAKEN
    return held


def _premium(record: RoundRecord, players: int, building: int, entrants: tuple[int, ...],
             as_taken: bool = True) -> tuple[int | None, PremiumReason | None]:
    if not entrants:
        return None, None
    cards = [_revealed(record, p).population for p in entrants]
    if players == 2:
        held = (_round_premium_as_taken if as_taken else round_premium)(record, players)
        if held is None:
            return None, None
        holder = held[0]
        if holder not in entrants:
            return None, None
        if len(entrants) == 1:
            return holder, PremiumReason.TWO_PLAYER_RULE
    if len(entrants) == 1:
        return entrants[0], PremiumReason.ALONE
    high = max(cards)
    winner = entrants[cards.index(high)]
    return winner, (PremiumReason.MOST_CARDS if cards.count(high) == 1
                    else PremiumReason.FIRST_IN_ON_TIE)


def _action_rats(action: Action, player: int, hospital_cards: int) -> RatChange | None:
    if action.kind is ActionKind.DISCARD_RATS:
        return RatChange(player, -action.amount, RatReason.MONASTERY)
    if action.kind is ActionKind.HOSPITAL:
        delta = -(action.amount + hospital_cards)
        return RatChange(player, delta, RatReason.HOSPITAL) if delta else None
    return None


@dataclass(frozen=True)
class Holders:
    """R-ROUND-D b for one building: who takes the premium and why, the others, the actions in
    order with their rat changes, and in the last round who gains +1 influence instead."""

    premium: int | None = None
    reason: PremiumReason | None = None
    normal: tuple[int, ...] = ()
    actions: tuple[ActionTaken, ...] = ()
    rat_changes: tuple[RatChange, ...] = ()
    last_round_bonus: int | None = None


def taken_premium(record: RoundRecord, building: int) -> tuple[bool, int | None]:
    """Whether the Hospital `building`'s actions were taken, and by which premium holder."""
    for b, holder in record.hospital_premium:
        if b == building:
            return True, holder
    return False, None


def premium_holder(setup: Setup, record: RoundRecord, building: int) -> int | None:
    """Who takes the premium in `building` by the records as they stand now (corrections
    included), whoever took it when the actions were done."""
    players = setup.player_count
    if players == 2 and round_premium(record, players) is None:
        return None
    return _premium(record, players, building, record.occupants[building], as_taken=False)[0]


def _holders(setup: Setup, record: RoundRecord, building: int, entrants: tuple[int, ...]
             ) -> tuple[int | None, PremiumReason | None, tuple[int, ...]] | None:
    """The premium holder, why, and the others in entry order; None while, with 2 players,
    the round's one premium is not known yet. A Hospital keeps the premium holder its actions
    were taken for until the table has answered a correction that moved it."""
    players = setup.player_count
    if players == 2 and round_premium(record, players) is None:
        return None
    premium, reason = _premium(record, players, building, entrants)
    taken, holder = taken_premium(record, building)
    if taken and holder is not None and holder != premium and holder in entrants:
        premium, reason = holder, PremiumReason.AS_TAKEN
    return premium, reason, tuple([p for p in entrants if p != premium])


def _in_action_order(building: Building, premium: int | None, normal: tuple[int, ...]
                     ) -> list[tuple[int, bool, Action]]:
    """(player, premium?, action): the premium first, then the others in entry order."""
    info = BUILDINGS[building]
    first = [(premium, True, info.premium)] if premium is not None else []
    return first + [(p, False, info.normal) for p in normal]


def _hospital_cards(record: RoundRecord, building: int, player: int, action: Action) -> int:
    return min(record.hospital_cards(building, player), action.hand_cards_up_to)


def holders_and_actions(setup: Setup, record: RoundRecord, building: int,
                        entrants: tuple[int, ...]) -> Holders:
    """R-ROUND-D b, once every player in the building has revealed: the premium holder and
    why, the others, the actions in order (premium first, then entry order) with their rat
    changes, and in the last round the +1 influence instead of any action."""
    actions: list[ActionTaken] = []
    changes: list[RatChange] = []
    held = _holders(setup, record, building, entrants)
    if held is None:
        return Holders()
    premium, reason, normal = held
    if record.number == setup.rounds:
        return Holders(premium, reason, normal, last_round_bonus=premium)
    for p, is_premium, action in _in_action_order(record.row[building], premium, normal):
        draws: int | None = None
        cards: int | None = None
        givers: tuple[int, ...] = ()
        if action.kind is ActionKind.BREWERY_DRAW:
            draws = _revealed(record, p).population // action.amount
        elif action.kind is ActionKind.HOSPITAL:
            cards = _hospital_cards(record, building, p, action)
        elif action.kind is ActionKind.WATCHTOWER_COLLECT:
            guarded = {t.player for t in record.turns
                       if t.building is not None and record.row[t.building] is Building.WATCHTOWER}
            givers = tuple(q for q in range(setup.player_count) if q not in guarded)
        actions.append(ActionTaken(p, is_premium, action, draws, cards, givers))
        change = _action_rats(action, p, cards or 0)
        if change:
            changes.append(change)
    return Holders(premium, reason, normal, tuple(actions), tuple(changes))


_RAT_ACTIONS = (ActionKind.DISCARD_RATS, ActionKind.HOSPITAL)
_CHANGES_RATS = frozenset(b for b, info in BUILDINGS.items()
                          if info.premium.kind in _RAT_ACTIONS or info.normal.kind in _RAT_ACTIONS)


def action_holders(setup: Setup, record: RoundRecord, building: int) -> Holders:
    """What the engine keeps of a building's actions: the rat changes (Monastery, Hospital)
    and, in the last round, who gains +1 influence: `holders_and_actions` without the actions
    nobody reads there (`actions` stays empty), as every building's resolution ends here."""
    kind = record.row[building]
    last = record.number == setup.rounds
    if not last and kind not in _CHANGES_RATS:
        return Holders()
    held = _holders(setup, record, building, record.occupants[building])
    if held is None:
        return Holders()
    premium, reason, normal = held
    if last:
        return Holders(premium, reason, normal, last_round_bonus=premium)
    changes: list[RatChange] = []
    for p, _, action in _in_action_order(kind, premium, normal):
        hospital = action.kind is ActionKind.HOSPITAL
        change = _action_rats(action, p, _hospital_cards(record, building, p, action)
                              if hospital else 0)
        if change:
            changes.append(change)
    return Holders(premium, reason, normal, rat_changes=tuple(changes))


def _declared(record: RoundRecord, player: int) -> int:
    entry = record.entry(player)
    return entry.cards if entry is not None else 0


def resolve(setup: Setup, record: RoundRecord, building: int, settled: bool
            ) -> BuildingResolution:
    """The resolution of `building` in `record`. `settled`: the building's actions are done (or
    the round is over), so a Sword/Flute choice nobody made is defaulted rather than asked for."""
    kind = record.row[building]
    info = BUILDINGS[kind]
    entrants = record.entrants(building)
    reveals = tuple(
        PlayerReveal(p, slot, _declared(record, p), record.reveals[p])
        for slot, p in enumerate(entrants, 1))
    complete = all(r.reveal is not None for r in reveals)
    last_round = record.number == setup.rounds
    sword = flute = None
    held = Holders()
    rat_changes: list[RatChange] = []
    if complete and entrants:
        if setup.special_in_play(Special.SWORD):
            sword = special_result(Special.SWORD, record, entrants, building, settled)
        if setup.special_in_play(Special.FLUTE):
            flute = special_result(Special.FLUTE, record, entrants, building, settled)
            if flute.receiver is not None and flute.giver is not None:
                rat_changes.append(RatChange(flute.receiver, +1, RatReason.FLUTE))
                rat_changes.append(RatChange(flute.giver, -1, RatReason.FLUTE))
        held = holders_and_actions(setup, record, building, entrants)
        rat_changes.extend(held.rat_changes)
    return BuildingResolution(
        round=record.number, building=building, kind=kind, estate=info.estate, reveals=reveals,
        complete=complete, sword=sword, flute=flute, premium=held.premium,
        premium_reason=held.reason, normal=held.normal, last_round=last_round,
        actions=held.actions, last_round_bonus=held.last_round_bonus,
        rat_changes=tuple(rat_changes), copy=copy_number(record.row, building))


def resolve_building(state: GameState, round: int, building: int) -> BuildingResolution:
    """The resolution of `building` (position in the row) in round `round` (1-based)."""
    record = state.round_record(round)
    settled = round < state.round or state.phase not in ("C", "D") or (
        building < len(record.resolved) and record.resolved[building])
    return resolve(state.setup, record, building, settled)
