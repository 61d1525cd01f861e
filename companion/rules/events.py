"""Every event of a game: frozen dataclasses, each a thing that happened at the table.

Fields are only str, int, bool, None, StrEnum members, tuples of these, and nested frozen
dataclasses of these, so a generic codec can serialise any event by introspection (no
annotations-as-strings in this module, no dicts, lists or sets). `EVENT_TYPES` maps each class
name to its class.

Players are seat indices (0-based, clockwise); a building is its position in the round's row
(0-based). Private events (one player's rat ledger and nun-row notes) have `PRIVATE = True` and
a `player` field: the table's undo skips them, only the owner's device undoes them.
"""

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from companion.rules.catalog import Building, Special
from companion.rules.setup import Setup


class RatReason(StrEnum):
    """Why a player's rats changed (a ledger entry)."""

    REVEAL = "reveal"
    """+1 per population card not matching the building's estate (R-ROUND-D a)."""
    FLUTE = "flute"
    """A Flute result: the receiver takes 1, the giver discards 1 (R-SPECIAL-2)."""
    MONASTERY = "monastery"
    """Monastery action: discard 2 (premium) or 1 (normal)."""
    HOSPITAL = "hospital"
    """Hospital action: 1 (premium) plus one per hand card discarded."""
    SUPPLY_DISCARD = "supply_discard"
    """A supply action's rat symbol(s) (R-ROUND-B): only the player knows, so it is private."""
    CORRECTION = "correction"
    """The player corrects their own count."""


@dataclass(frozen=True)
class Event:
    PRIVATE: ClassVar[bool] = False


# --- start and phase A/B/E --------------------------------------------------------------------

@dataclass(frozen=True)
class GameStarted(Event):
    """The first event: the whole setup, so a replay never draws anything again (R-SETUP)."""

    setup: Setup


@dataclass(frozen=True)
class BuildingsRevealed(Event):
    """Phase A (R-ROUND-A): the row of buildings for this round, left to right.

    `replaced` are the cards that were replaced because all revealed cards showed the same
    building (in the order they were put under the replacement stack). In digital mode the
    event must equal `reveal_event(state)`; in physical mode the engine checks it.
    """

    row: tuple[Building, ...]
    replaced: tuple[Building, ...] = ()


@dataclass(frozen=True)
class SupplyDone(Event):
    """Phase B (R-ROUND-B) is over: every player has done a supply action."""


@dataclass(frozen=True)
class RoundEnded(Event):
    """Phase E (R-ROUND-E): discs return, buildings are discarded, the start player moves on."""


# --- phase C ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Entered(Event):
    """R-ROUND-C: `player` puts a disc on the leftmost free slot of `building` (its position in
    the row) and lays `cards` cards face down (0 allowed)."""

    player: int
    building: int
    cards: int


@dataclass(frozen=True)
class Passed(Event):
    """R-ROUND-C / R-SPECIAL-3: `player` plays a Pass card at the start of their turn."""

    player: int


# --- phase D ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Revealed(Event):
    """R-ROUND-D a: `player` reveals the cards played in `building`.

    `matching`/`other`: population cards of the building's estate / of another estate; then
    Jokers, Swords and Flutes. The total must equal the declared number of cards.
    """

    player: int
    building: int
    matching: int
    other: int
    jokers: int = 0
    swords: int = 0
    flutes: int = 0


@dataclass(frozen=True)
class SpecialTargetChosen(Event):
    """R-SPECIAL-1/2: on a tie for fewest Swords (Flutes), the winner names `player`: the one
    who gives half their hand (who receives the rat)."""

    building: int
    special: Special
    player: int


@dataclass(frozen=True)
class HospitalDiscarded(Event):
    """Hospital action: `player` discards `cards` hand cards to discard as many rats (up to 3
    with the premium, 2 with the normal action)."""

    building: int
    player: int
    cards: int


@dataclass(frozen=True)
class BuildingResolved(Event):
    """R-ROUND-D b/c: the actions of `building` are done and its played cards discarded."""

    building: int


# --- corrections ------------------------------------------------------------------------------

@dataclass(frozen=True)
class EntryCorrected(Event):
    """A recorded entry was wrong: in `round`, `player` entered `building` with `cards` cards.

    The entry keeps its place in time (slot order and "entered first" follow from it); a
    reveal already recorded moves along with it. Everything derived is recomputed.
    """

    round: int
    player: int
    building: int
    cards: int


@dataclass(frozen=True)
class RevealCorrected(Event):
    """A recorded reveal was wrong: `player`'s cards in `round` were these. The declared count
    becomes their total. Everything derived is recomputed."""

    round: int
    player: int
    matching: int
    other: int
    jokers: int = 0
    swords: int = 0
    flutes: int = 0


@dataclass(frozen=True)
class TieChosenAfterCorrection(Event):
    """R-SPECIAL-1/2: a correction made a tie for fewest Swords (Flutes) in `building` of
    `round`, which was resolved already; the winner there names `player` (the one who gives
    half their hand / receives the rat), as they would have at the time."""

    round: int
    building: int
    special: Special
    player: int


@dataclass(frozen=True)
class HospitalCorrected(Event):
    """R-ROUND-D b: a correction moved the premium of the Hospital `building` of `round`,
    which was resolved already; the table says again how many hand cards each player there
    discarded (`cards`, in slot order), within the limits of the actions they now take."""

    round: int
    building: int
    cards: tuple[int, ...]


# --- end of game ------------------------------------------------------------------------------

@dataclass(frozen=True)
class EndValuesEntered(Event):
    """What `player` holds at the end (R-SCORE): population + Joker cards in hand, special cards,
    and the printed total of their VP markers. `rats`, if given, is the count of the rat tokens
    shown at the plague check and overrides the app's ledger; entering again replaces."""

    player: int
    hand: int
    swords: int = 0
    flutes: int = 0
    passes: int = 0
    gold: int = 0
    markers: int = 0
    rats: int | None = None


@dataclass(frozen=True)
class NunsCounted(Event):
    """R-SCORE-6: the nuns shown on the revealed nun row (0-20)."""

    nuns: int


# --- private: one player's own ledger and notes -----------------------------------------------

@dataclass(frozen=True)
class RatsChanged(Event):
    """`player` notes a change of their own rats that only they know about (a supply discard,
    a Hospital discard the table did not record, or a correction of their count)."""

    PRIVATE: ClassVar[bool] = True
    player: int
    delta: int
    reason: RatReason


@dataclass(frozen=True)
class NunCardNoted(Event):
    """`player` saw nun-row card `position` (1-5) and notes its `nuns` (0-4)."""

    PRIVATE: ClassVar[bool] = True
    player: int
    position: int
    nuns: int


@dataclass(frozen=True)
class RatChangeDisputed(Event):
    """`player` marks a ledger entry as doubtful (to be checked with the table)."""

    PRIVATE: ClassVar[bool] = True
    player: int
    entry_id: str


@dataclass(frozen=True)
class DisputeDismissed(Event):
    """The table checked `player`'s dispute of ledger entry `entry_id` with them and found the
    entry right: the dispute is closed (public: the table shows open disputes until a
    correction of their round or this)."""

    player: int
    entry_id: str


@dataclass(frozen=True)
class RatsConfirmed(Event):
    """R-SCORE-6: after the last round, `player` confirms on their own device that the rats it
    shows are the ones they will reveal at the plague check.

    Only from the end phase on, once per player: a second confirmation is refused (its log entry
    would be a no-op that the player's own undo would then have to take back as well). A later
    change of that player's rats (their own note, a table correction) takes the confirmation
    back, so a confirmed count is always the current one.
    """

    PRIVATE: ClassVar[bool] = True
    player: int


EVENT_TYPES: dict[str, type[Event]] = {
    cls.__name__: cls
    for cls in (
        GameStarted, BuildingsRevealed, SupplyDone, Entered, Passed, Revealed,
        SpecialTargetChosen, HospitalDiscarded, BuildingResolved, RoundEnded,
        EntryCorrected, RevealCorrected, TieChosenAfterCorrection, HospitalCorrected,
        EndValuesEntered, NunsCounted,
        RatsChanged, NunCardNoted, RatChangeDisputed, RatsConfirmed, DisputeDismissed,
    )
}
