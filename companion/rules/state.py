"""The state of a game: immutable values, the fold of its events (see engine.apply).

A round keeps its raw records (row, entries in time order incl. passes, reveals, choices,
Hospital discards, resolved buildings) in a `RoundRecord`; influence tracks and rat ledgers are
derived from those records and kept up to date incrementally, and recomputed from the records
when an earlier record is corrected. So are the round's occupants and turn queue, which every
event of phases C and D asks for.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import NamedTuple

from companion.rules.catalog import BUILDINGS, Building, Estate, Special
from companion.rules.events import RatReason
from companion.rules.setup import Setup

ESTATES: tuple[Estate, ...] = tuple(Estate)


ESTATE_INDEX = {e: i for i, e in enumerate(ESTATES)}


class Phase(StrEnum):
    A = "A"
    """Reveal the round's buildings (R-ROUND-A)."""
    B = "B"
    """Supply (R-ROUND-B)."""
    C = "C"
    """Enter buildings (R-ROUND-C)."""
    D = "D"
    """Resolve the buildings in row order (R-ROUND-D)."""
    E = "E"
    """End of the round (R-ROUND-E)."""
    END = "END"
    """After the last round: entering hands, specials, VP markers and the nuns (R-SCORE)."""
    FINISHED = "FINISHED"
    """Everything entered: the game can be scored."""


class Track(NamedTuple):
    """One estate's influence track: each player's value, and when their disc arrived on its
    current space (a game-wide counter), so the stacking order on a space is known (R-ROUND-D a:
    a disc landing on an occupied space goes on top; R-SCORE-1 ties)."""

    values: tuple[int, ...]
    arrivals: tuple[int, ...]

    def value(self, player: int) -> int:
        return self.values[player]

    def order_on_space(self, value: int) -> tuple[int, ...]:
        """The players whose disc is on `value`, bottom to top (first arrived first)."""
        here = [p for p, v in enumerate(self.values) if v == value]
        return tuple(sorted(here, key=self.arrivals.__getitem__))

    def moved(self, player: int, by: int, clock: int) -> Track:
        values = list(self.values)
        arrivals = list(self.arrivals)
        values[player] += by
        arrivals[player] = clock
        return Track(tuple(values), tuple(arrivals))

    @staticmethod
    def start(players: int) -> Track:
        """Every disc on the first space, stacked in seating order (R-SETUP: setup step 2)."""
        return Track((0,) * players, tuple(range(-players, 0)))


class Turn(NamedTuple):
    """One turn of phase C, in time order: an entry (`building` set) or a Pass (`None`)."""

    player: int
    building: int | None
    cards: int = 0

    @property
    def passed(self) -> bool:
        return self.building is None


class Reveal(NamedTuple):
    """The cards one player revealed in their building (R-ROUND-D a)."""

    matching: int
    other: int
    jokers: int = 0
    swords: int = 0
    flutes: int = 0

    @property
    def population(self) -> int:
        """Population + Joker cards: the influence gained and the count for the premium."""
        return self.matching + self.other + self.jokers

    @property
    def total(self) -> int:
        return self.population + self.swords + self.flutes


class Choice(NamedTuple):
    """A Sword/Flute tie for fewest, decided by the winner (R-SPECIAL-1/2)."""

    building: int
    special: Special
    player: int


class HospitalRecord(NamedTuple):
    building: int
    player: int
    cards: int


@dataclass(frozen=True)
class RoundRecord:
    """What happened in one round, as recorded (and corrected) at the table."""

    number: int
    start_player: int
    row: tuple[Building, ...] = ()
    replaced: tuple[Building, ...] = ()
    turns: tuple[Turn, ...] = ()
    reveals: tuple[Reveal | None, ...] = ()
    """Per seat; None until revealed."""
    choices: tuple[Choice, ...] = ()
    hospital: tuple[HospitalRecord, ...] = ()
    resolved: tuple[bool, ...] = ()
    """Per building of the row: actions done (R-ROUND-D b/c)."""
    influence: tuple[tuple[int, ...], ...] = ()
    """After the round ended: influence per estate (catalog order) per player."""
    hospital_premium: tuple[tuple[int, int | None], ...] = ()
    """(building, premium holder) of each Hospital as its actions were taken: its discards
    were recorded for that holder, so a correction that moves the premium changes no rat
    until the table says again what was discarded (`HospitalCorrected`)."""
    occupants: tuple[tuple[int, ...], ...] = field(default=(), compare=False, repr=False)
    """Per building of the row, the players in it in slot order: derived from `turns` (see
    `with_turns`) and kept because every phase-D event asks for it."""
    queue: tuple[int, ...] = field(default=(), compare=False, repr=False)
    """Phase C: who is still to enter, the one to act first (guide.turn_queue of the turns),
    kept because every entry asks for it. A correction never changes it: it keeps who entered
    when."""

    def entry(self, player: int) -> Turn | None:
        for turn in self.turns:
            if turn.player == player and turn.building is not None:
                return turn
        return None

    def entry_index(self, player: int) -> int:
        """Position of the player's entry in time order (passes included); -1 if none."""
        for i, turn in enumerate(self.turns):
            if turn.player == player and turn.building is not None:
                return i
        return -1

    def entrants(self, building: int) -> tuple[int, ...]:
        """The players in `building`, in slot order (= entry order)."""
        return self.occupants[building]

    def with_turns(self, turns: tuple[Turn, ...]) -> RoundRecord:
        """This record with `turns` in place of its own (and the occupants that follow)."""
        slots: list[list[int]] = [[] for _ in self.row]
        for turn in turns:
            if turn.building is not None:
                slots[turn.building].append(turn.player)
        return replace(self, turns=turns, occupants=tuple(map(tuple, slots)))

    def entries(self) -> tuple[Turn, ...]:
        return tuple(t for t in self.turns if not t.passed)

    def estate(self, building: int) -> Estate:
        return BUILDINGS[self.row[building]].estate

    def choice(self, building: int, special: Special) -> int | None:
        for c in self.choices:
            if c.building == building and c.special == special:
                return c.player
        return None

    def hospital_cards(self, building: int, player: int) -> int:
        for h in self.hospital:
            if h.building == building and h.player == player:
                return h.cards
        return 0


@dataclass(frozen=True, slots=True)
class RevealCursor:
    """Phase D: `player` is to reveal their cards in `building`."""

    building: int
    player: int


@dataclass(frozen=True, slots=True)
class ChooseCursor:
    """Phase D: `player`, who played the most `special`s in `building`, names who of those tied
    for fewest gives (Sword) or receives (Flute) (R-SPECIAL-1/2)."""

    building: int
    player: int
    special: Special


@dataclass(frozen=True, slots=True)
class ActionsCursor:
    """Phase D: the players in `building` take their actions (R-ROUND-D b/c)."""

    building: int


@dataclass(frozen=True, slots=True)
class RoundResolved:
    """Phase D is over: every building of the round is resolved."""


Cursor = RevealCursor | ChooseCursor | ActionsCursor | RoundResolved
"""Phase D: the next thing to do (see order.cursor_of)."""


class LedgerEntry(NamedTuple):
    """One change of a player's rats. `delta` is the change as recorded, `applied` the change
    actually made (a player never has fewer than 0 rats). Entries derived from public events
    (`public`) carry ids "round.building.reason"; a player's own notes "round.pN"."""

    entry_id: str
    delta: int
    applied: int
    reason: RatReason
    round: int
    building: int | None
    public: bool
    disputed: bool = False


class EntryChange(NamedTuple):
    """One ledger entry as a correction changed it: the rats it counted before (`was`) and
    after (`now`), 0 where there was (or is) no such entry."""

    entry_id: str
    round: int
    building: int | None
    reason: RatReason
    was: int
    now: int


class RatsCorrected(NamedTuple):
    """What one correction of `round`, made by the table in `at_round`, did to one player's
    rats: their ledger entries it changed and the change of their count (`change`, after
    minus before). Private like the ledger it is read from: only the player's own view holds
    it, so their device can say what the table corrected and what it did to their rats."""

    round: int
    at_round: int
    change: int
    entries: tuple[EntryChange, ...]


class Dispute(NamedTuple):
    """A player's dispute of one of their ledger entries, open until the table corrects that
    round or dismisses it: public, so the table sees it wherever it matters."""

    player: int
    entry_id: str
    round: int
    building: int | None


@dataclass(frozen=True)
class EndValues:
    """R-SCORE: what a player holds at the end of the game."""

    hand: int
    swords: int
    flutes: int
    passes: int
    gold: int
    markers: int
    rats: int | None = None


@dataclass(frozen=True)
class GameState:
    setup: Setup
    round: int
    """1-based; during END/FINISHED the last round's number."""
    phase: Phase
    rounds: tuple[RoundRecord, ...]
    """Every round begun, in order; the last one is the current one (history per round)."""
    tracks: tuple[Track, ...]
    """Influence per estate, in catalog order (`track(estate)`)."""
    clock: int
    """Counts disc moves: the arrival stamps of the tracks."""
    ledgers: tuple[tuple[LedgerEntry, ...], ...]
    """Per seat: every change of that player's rats, in time order (private!)."""
    rats: tuple[int, ...]
    """Per seat: current rats (private!)."""
    nun_notes: tuple[tuple[int | None, ...], ...]
    """Per seat: the nuns the player noted for nun-row cards 1-5 (private!)."""
    deck_pos: int = 0
    """Digital mode: the building cards dealt from `setup.deck` so far."""
    replacement: tuple[Building, ...] = ()
    """Digital mode: the replacement stack now, top first."""
    used: tuple[Building, ...] = ()
    """Building cards revealed in the rows so far (physical mode checks copies with it)."""
    end_values: tuple[EndValues | None, ...] = ()
    nuns: int | None = None
    cursor: Cursor | None = None
    """Phase D: order.cursor_of the current round, kept so it is worked out once per event."""
    rats_confirmed: tuple[bool, ...] = ()
    """Per seat: the player confirmed their current rats for the plague check (R-SCORE-6)."""
    disputes: tuple[Dispute, ...] = ()
    """Disputes still open, in the order they were made (see `Dispute`)."""
    rats_corrected: tuple[tuple[RatsCorrected, ...], ...] = ()
    """Per seat (private!): each correction that changed the player's ledger, in order; empty
    (no tuple per seat) until the first one."""
    own_notes: tuple[tuple[int, int], ...] = ()
    """Per seat: (round, how many of their own rat notes the player made in it) for their
    latest note, so the next one's id "round.pN" is known without reading the ledger."""

    # --- convenient views of the current round -----------------------------------------------

    @property
    def players(self) -> int:
        return self.setup.player_count

    @property
    def record(self) -> RoundRecord:
        return self.rounds[-1]

    @property
    def start_player(self) -> int:
        return self.record.start_player

    @property
    def row(self) -> tuple[Building, ...]:
        return self.record.row

    @property
    def turns(self) -> tuple[Turn, ...]:
        """This round's entries and passes, in time order."""
        return self.record.turns

    @property
    def reveals(self) -> tuple[Reveal | None, ...]:
        return self.record.reveals

    @property
    def is_last_round(self) -> bool:
        return self.round == self.setup.rounds

    def track(self, estate: Estate) -> Track:
        return self.tracks[ESTATE_INDEX[estate]]

    def influence(self, player: int, estate: Estate) -> int:
        return self.tracks[ESTATE_INDEX[estate]].values[player]

    def ledger(self, player: int) -> tuple[LedgerEntry, ...]:
        return self.ledgers[player]

    def round_record(self, number: int) -> RoundRecord:
        return self.rounds[number - 1]
