"""Where the copies of each building are (R-COMP-4, R-SETUP-2, R-SETUP-5, R-ROUND-A).

A game has `setup.copies(b)` cards of building `b`. Once revealed, a card is accounted for:
in this round's row, discarded with an earlier row (R-ROUND-E), or put face down under the
replacement stack because all revealed cards showed the same building (R-ROUND-A). With the
players' own deck the table says what came up, so a card beyond the copies is a mistake.

The replacement stack starts with `setup.replacement_count` unknown cards; each replacement
takes its top card and puts the replaced one under it. So after R replacements the first
R - (stack size) of the cards put under have come up again (into a row, where they count),
and the others still lie under the stack. Pure functions of the setup and the round records,
so the table's view can ask them as well as the engine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from companion.rules.catalog import Building
from companion.rules.setup import Setup
from companion.rules.state import RoundRecord


@dataclass(frozen=True)
class Whereabouts:
    """Where the revealed copies of one building are."""

    discarded: int
    """In the rows of earlier rounds (discarded at their ends)."""
    in_row: int
    """In this round's row."""
    under_stack: int
    """Put under the replacement stack and not come up again."""

    @property
    def accounted(self) -> int:
        return self.discarded + self.in_row + self.under_stack


def _still_under(setup: Setup, put_under: Sequence[Building]) -> list[Building]:
    came_back = max(0, len(put_under) - setup.replacement_count)
    return list(put_under[came_back:])


def whereabouts(setup: Setup, rounds: Sequence[RoundRecord], row: Sequence[Building] = (),
                replaced: Sequence[Building] = ()) -> dict[Building, Whereabouts]:
    """Per building in play: where its revealed copies are after `rounds` (the game's round
    records, the current one last) and then `row` with `replaced`: a row being laid out now
    (phase A, the current round's record has no row yet). Without `row`, the current
    round's own row (if it has one) is the row on the table."""
    records = [r for r in rounds if r.row]
    current: Sequence[Building] = row
    earlier = records
    if not row and rounds and rounds[-1].row:
        current, earlier = rounds[-1].row, records[:-1]
    discarded = Counter(b for r in earlier for b in r.row)
    here = Counter(current)
    put_under = [b for r in records for b in r.replaced] + list(replaced if row else ())
    under = Counter(_still_under(setup, put_under))
    return {b: Whereabouts(discarded[b], here[b], under[b])
            for b in dict.fromkeys(setup.buildings)}


def copies_left(setup: Setup, rounds: Sequence[RoundRecord], row: Sequence[Building] = (),
                replaced: Sequence[Building] = ()) -> dict[Building, int]:
    """Per building in play: how many of its cards can still come up (0: every copy is
    accounted for, so a row showing it again is refused). `row`/`replaced`: a row being
    laid out now, tapped so far (see `whereabouts`)."""
    found = whereabouts(setup, rounds, row, replaced)
    return {b: max(0, setup.copies(b) - w.accounted) for b, w in found.items()}


def over_the_copies(setup: Setup, rounds: Sequence[RoundRecord], row: Sequence[Building],
                    replaced: Sequence[Building]) -> tuple[Building, Whereabouts, int] | None:
    """A building that the new row (with its replacements) shows more often than copies are
    left of: (building, where its copies were before this row, how many this row shows); or
    None if every card shown can be there. `rounds` are the game's rounds so far, the
    current one without its row."""
    before = whereabouts(setup, rounds)
    after = whereabouts(setup, rounds, row, replaced)
    for b in dict.fromkeys((*row, *replaced)):
        if b in after and after[b].accounted > setup.copies(b):
            shown = row.count(b) + replaced.count(b)
            return b, before[b], shown
    return None
