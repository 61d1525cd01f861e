"""Influence and rats: derived from the round records, by one set of effects.

An event of phase C or D adds a step to the current round's record, and `derive_phase_d` makes
the effects of what it added, in the round's order (`reveal_effects`, `flute_effects`,
`action_effects`); a correction of an earlier record recomputes everything with `rederive`,
which makes the same effects for every stage in `order.round_order`. So the step-by-step state
and the recomputed one are equal by construction (tests check `rederive(state) == state`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from companion.rules.catalog import BUILDINGS, START_RATS, Building, Special
from companion.rules.events import RatReason
from companion.rules.order import Stage, cursor_of, round_order
from companion.rules.resolution import RatChange, SpecialOutcome, action_holders, special_result
from companion.rules.setup import Setup
from companion.rules.state import (
    ESTATE_INDEX,
    ESTATES,
    Cursor,
    GameState,
    LedgerEntry,
    Phase,
    Reveal,
    RevealCursor,
    RoundRecord,
    RoundResolved,
    Track,
)

_TRACK_OF = {b: ESTATE_INDEX[info.estate] for b, info in BUILDINGS.items()}


@dataclass(frozen=True, slots=True)
class Derived:
    """The parts of a `GameState` that follow from its records (same names as there)."""

    tracks: tuple[Track, ...]
    clock: int
    """Counts disc moves: the arrival stamps of the tracks."""
    ledgers: tuple[tuple[LedgerEntry, ...], ...]
    rats: tuple[int, ...]

    @staticmethod
    def start(players: int) -> Derived:
        return Derived(tuple(Track.start(players) for _ in ESTATES), 0, ((),) * players,
                       (START_RATS,) * players)

    @staticmethod
    def of(state: GameState) -> Derived:
        return Derived(state.tracks, state.clock, state.ledgers, state.rats)

    def moved(self, building: Building, player: int, by: int) -> Derived:
        """A disc moves `by` spaces and lands on top of the discs there (R-ROUND-D a)."""
        if not by:
            return self
        clock = self.clock + 1
        tracks = list(self.tracks)
        i = _TRACK_OF[building]
        tracks[i] = tracks[i].moved(player, by, clock)
        return Derived(tuple(tracks), clock, self.ledgers, self.rats)

    def with_entry(self, player: int, entry: LedgerEntry) -> Derived:
        """`entry` added to the player's ledger; a player never has fewer than 0 rats."""
        if not entry.delta:
            return self
        applied = max(entry.delta, -self.rats[player])
        rats = list(self.rats)
        rats[player] += applied
        ledgers = list(self.ledgers)
        ledgers[player] += (entry._replace(applied=applied),)
        return Derived(self.tracks, self.clock, tuple(ledgers), tuple(rats))


def with_derived(state: GameState, derived: Derived, **changes: Any) -> GameState:
    """The state with `derived` in place; a rats confirmation stays only for an unchanged count
    (R-SCORE-6: what is confirmed is the count shown at the plague check)."""
    confirmed = state.rats_confirmed
    if derived.rats != state.rats and True in confirmed:
        confirmed = tuple(c and old == new
                          for c, old, new in zip(confirmed, state.rats, derived.rats, strict=True))
    return replace(state, tracks=derived.tracks, clock=derived.clock, ledgers=derived.ledgers,
                   rats=derived.rats, rats_confirmed=confirmed, **changes)


@cache  # a few dozen ids a game, asked for at every rat a reveal or an action brings
def entry_id(round: int, building: int, reason: RatReason) -> str:
    return f"{round}.{building + 1}.{reason}"


def _public(d: Derived, player: int, delta: int, reason: RatReason, record: RoundRecord,
            building: int) -> Derived:
    entry = LedgerEntry(entry_id(record.number, building, reason), delta, delta, reason,
                        record.number, building, True)
    return d.with_entry(player, entry)


def reveal_effects(d: Derived, record: RoundRecord, player: int, building: int) -> Derived:
    """R-ROUND-D a: the disc moves one space per population and Joker card; each population
    card of another estate brings a rat."""
    reveal = record.reveals[player]
    if reveal is None:
        return d
    d = d.moved(record.row[building], player, reveal.matching + reveal.other + reveal.jokers)
    if reveal.other:
        d = _public(d, player, reveal.other, RatReason.REVEAL, record, building)
    return d


def flute_effects(d: Derived, setup: Setup, record: RoundRecord, building: int, settled: bool
                  ) -> Derived:
    """R-SPECIAL-2: the receiver takes a rat, the giver discards one (if they have one)."""
    entrants = record.occupants[building]
    if len(entrants) < 2 or not setup.special_in_play(Special.FLUTE):
        return d
    if not any(r is not None and r.flutes for r in (record.reveals[p] for p in entrants)):
        return d
    flute = special_result(Special.FLUTE, record, entrants, building, settled)
    if flute.receiver is None or flute.giver is None:
        return d
    d = _public(d, flute.receiver, 1, RatReason.FLUTE, record, building)
    return _public(d, flute.giver, -1, RatReason.FLUTE, record, building)


def action_effects(d: Derived, setup: Setup, record: RoundRecord, building: int) -> Derived:
    """R-ROUND-D b: Monastery and Hospital rats; in the last round the +1 influence."""
    held = action_holders(setup, record, building)
    for change in held.rat_changes:
        d = _public(d, change.player, change.delta, change.reason, record, building)
    if held.last_round_bonus is not None:
        d = d.moved(record.row[building], held.last_round_bonus, 1)
    return d


def complete(record: RoundRecord, building: int) -> bool:
    """Everyone in the building has revealed."""
    return all(record.reveals[p] is not None for p in record.occupants[building])


def derive_round(d: Derived, setup: Setup, record: RoundRecord, over: bool) -> Derived:
    """Every effect the records of one round make, in the order the round resolves. `over`:
    the round is past phase D, so a Sword/Flute choice nobody made is defaulted."""
    for stage, b in round_order(setup.player_count, len(record.row)):
        entrants = record.occupants[b]
        if stage is Stage.REVEAL:
            for p in entrants:
                d = reveal_effects(d, record, p, b)
            if entrants and complete(record, b):
                d = flute_effects(d, setup, record, b, over or record.resolved[b])
        elif record.resolved[b]:
            d = action_effects(d, setup, record, b)
    return d


NO_CARDS = Reveal(0, 0)
"""The reveal of a player who declared 0 cards: nothing to show, so nothing to wait for."""


def declared(record: RoundRecord, player: int) -> int:
    entry = record.entry(player)
    return entry.cards if entry is not None else 0


def _flute_settled(setup: Setup, record: RoundRecord, entrants: tuple[int, ...], building: int
                   ) -> bool:
    """Everyone in the building has revealed and no tie for fewest Flutes waits for its choice
    (R-SPECIAL-2): the Flute's rats, if any, are due."""
    reveals = [record.reveals[p] for p in entrants]
    if None in reveals:
        return False
    if len(entrants) < 3 or not setup.special_in_play(Special.FLUTE):
        return True
    if not any(r is not None and r.flutes for r in reveals):
        return True
    result = special_result(Special.FLUTE, record, entrants, building, settled=False)
    return result.outcome is not SpecialOutcome.CHOICE_NEEDED


def _added_effects(d: Derived, setup: Setup, old: RoundRecord, new: RoundRecord
                   ) -> Derived | None:
    """`d` (the effects of the round `old`) with the effects of what `new` records beyond it, in
    the round's order: a reveal, a Flute due once its building is complete (or its tie chosen),
    a building's actions. None if `old` holds a step after one that `new` adds (a correction
    moved an entry): then only a full `rederive` keeps the round's order."""
    added = False
    for stage, b in round_order(setup.player_count, len(new.row)):
        entrants = new.occupants[b]
        if not entrants:
            continue
        if stage is Stage.REVEAL:
            for p in entrants:
                was, now = old.reveals[p] is not None, new.reveals[p] is not None
                if now and not was:
                    d, added = reveal_effects(d, new, p, b), True
                elif was and (added or not now):
                    return None
            if len(entrants) < 2:
                continue
            was = _flute_settled(setup, old, entrants, b)
            now = was or _flute_settled(setup, new, entrants, b)
            if now and not was:
                d, added = flute_effects(d, setup, new, b, settled=False), True
            elif was and added:
                return None
        else:
            was, now = old.resolved[b], new.resolved[b]
            if now and not was:
                d, added = action_effects(d, setup, new, b), True
            elif was and (added or not now):
                return None
    return d


def derive_phase_d(state: GameState, record: RoundRecord, **changes: Any) -> GameState:
    """Phase D of the current round from its records (R-ROUND-D): `state` with `record` as its
    current round, where `record` is the round `state` holds plus a step of phase C or D (the
    last entry, a reveal, a choice, a building resolved; or none, after a correction).

    The reveals of 0 declared cards the cursor comes to are made (nothing to wait for,
    R-ROUND-D a), the effects of what the step added are made in the round's order, the cursor
    moves to the next open stage, and once the round is resolved the phase is E. If the step
    comes before a step recorded already (a correction moved an entry), everything derived is
    recomputed (`rederive`) instead.
    """
    setup = state.setup
    cursor: Cursor | None = cursor_of(setup, record)
    while isinstance(cursor, RevealCursor) and declared(record, cursor.player) == 0:
        reveals = list(record.reveals)
        reveals[cursor.player] = NO_CARDS
        record = replace(record, reveals=tuple(reveals))
        cursor = cursor_of(setup, record)
    if isinstance(cursor, RoundResolved):
        changes["phase"], cursor = Phase.E, None
    d = _added_effects(Derived.of(state), setup, state.rounds[-1], record)
    rounds = state.rounds[:-1] + (record,)
    if d is None:
        return rederive(replace(state, rounds=rounds, cursor=cursor, **changes))
    return with_derived(state, d, rounds=rounds, cursor=cursor, **changes)


def rederive(state: GameState) -> GameState:
    """Influence, rats and round snapshots recomputed from the records, after a correction;
    the players' own ledger notes keep their place among the derived entries."""
    setup = state.setup
    d = Derived.start(state.players)
    rounds = []
    for record in state.rounds:
        over = record.number < state.round or state.phase not in (Phase.C, Phase.D)
        d = derive_round(d, setup, record, over)
        if record.influence:
            record = replace(record, influence=tuple(t.values for t in d.tracks))
        rounds.append(record)
    ledgers = []
    rats = []
    for old, new in zip(state.ledgers, d.ledgers, strict=True):
        count, entries = START_RATS, []
        for e in _merge(old, new):
            applied = max(e.delta, -count)
            count += applied
            entries.append(e if e.applied == applied else e._replace(applied=applied))
        rats.append(count)
        ledgers.append(tuple(entries))
    return with_derived(state, Derived(d.tracks, d.clock, tuple(ledgers), tuple(rats)),
                        rounds=tuple(rounds))


def _merge(old: tuple[LedgerEntry, ...], derived: tuple[LedgerEntry, ...]
           ) -> tuple[LedgerEntry, ...]:
    """The new derived entries, in their order, with the player's own entries (and disputes)
    kept where they were relative to the derived entries that still exist."""
    disputed = {e.entry_id for e in old if e.disputed}
    derived = tuple(e._replace(disputed=True) if e.entry_id in disputed else e for e in derived)
    position = {e.entry_id: i for i, e in enumerate(derived)}
    out: list[LedgerEntry] = []
    i = 0
    for entry in old:
        if entry.public:
            j = position.get(entry.entry_id)
            if j is not None and j >= i:
                out.extend(derived[i:j + 1])
                i = j + 1
        else:
            while i < len(derived) and derived[i].round < entry.round:
                out.append(derived[i])
                i += 1
            out.append(entry)
    out.extend(derived[i:])
    return tuple(out)



def rats_moved(state: GameState, round: int, building: int,
               changes: tuple[RatChange, ...]) -> tuple[RatChange, ...]:
    """`changes` (a resolution's Flute, Monastery and Hospital rats at `building` in `round`)
    as the ledgers applied them: a loss stops at the rats the player had, and a change that
    moved no rat is left out (R-ROUND-D b, the ruling on discarding)."""
    out = []
    for change in changes:
        wanted = entry_id(round, building, change.reason)
        applied = next((e.applied for e in state.ledgers[change.player]
                        if e.public and e.entry_id == wanted), 0)
        if applied:
            out.append(change._replace(delta=applied))
    return tuple(out)
