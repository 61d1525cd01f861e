"""The order a round resolves in (R-ROUND-D), written once.

`round_order` lists the stages of phase D; `cursor_of` (what the table does next) is its first
open stage, and `derive.derive_round` (influence and rats after a correction) makes the effects
of its stages in the same order, so the two cannot disagree.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache

from companion.rules.catalog import Special
from companion.rules.resolution import SpecialOutcome, special_result
from companion.rules.setup import Setup
from companion.rules.state import (
    ActionsCursor,
    ChooseCursor,
    Cursor,
    RevealCursor,
    RoundRecord,
    RoundResolved,
)


class Stage(StrEnum):
    REVEAL = "reveal"
    """The players in a building reveal in slot order; then a Sword/Flute tie is chosen."""
    ACTIONS = "actions"
    """The building's actions (R-ROUND-D b/c)."""


@cache
def round_order(players: int, buildings: int) -> tuple[tuple[Stage, int], ...]:
    """Buildings in row order, each revealed, then its actions. With 2 players every reveal of
    the round comes first: the round's one premium is known only then (see round_premium)."""
    row = range(buildings)
    if players == 2:
        return tuple((Stage.REVEAL, b) for b in row) + tuple((Stage.ACTIONS, b) for b in row)
    return tuple((stage, b) for b in row for stage in (Stage.REVEAL, Stage.ACTIONS))


DONE = RoundResolved()


def _open_reveal(record: RoundRecord, building: int) -> Cursor | None:
    """The building's next reveal, or the Sword/Flute choice its winner still owes."""
    entrants = record.occupants[building]
    reveals = record.reveals
    swords = flutes = 0
    for p in entrants:
        reveal = reveals[p]
        if reveal is None:
            return RevealCursor(building, p)
        swords += reveal.swords
        flutes += reveal.flutes
    if len(entrants) > 2:  # a tie for fewest needs three players
        for special, played in ((Special.SWORD, swords), (Special.FLUTE, flutes)):
            if played:
                result = special_result(special, record, entrants, building, settled=False)
                if result.outcome is SpecialOutcome.CHOICE_NEEDED and result.most is not None:
                    return ChooseCursor(building, result.most, special)
    return None


def cursor_of(setup: Setup, record: RoundRecord) -> Cursor:
    """Phase D: the first stage of `round_order` still open in the round `record`."""
    for stage, b in round_order(setup.player_count, len(record.row)):
        if not record.occupants[b] or record.resolved[b]:
            continue  # a resolved building defaults any choice nobody made (settled)
        if stage is Stage.REVEAL:
            cursor = _open_reveal(record, b)
            if cursor is not None:
                return cursor
        else:
            return ActionsCursor(b)
    return DONE
