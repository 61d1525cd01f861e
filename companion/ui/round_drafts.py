"""What the round screen remembers between taps before anything is submitted.

Steppers and the physical-deck row are half-made inputs: they are not events yet, so the
session does not hold them. Each table browser tab keeps its own (keyed by its `TableApp`),
and a draft is forgotten as soon as the game moves past the step it was for.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from weakref import WeakKeyDictionary

from companion.rules.catalog import Building


@dataclass
class RevealDraft:
    """One player's reveal as tapped so far; population cards of the building's own estate
    fill whatever the steppers leave (the most common case needs no tap at all)."""

    key: tuple[int, int, int]
    """(round, player, building): the reveal this draft belongs to."""
    other: int = 0
    jokers: int = 0
    swords: int = 0
    flutes: int = 0

    def rest(self) -> int:
        return self.other + self.jokers + self.swords + self.flutes


@dataclass
class RoundDrafts:
    reveal: RevealDraft | None = None
    row: list[Building] = field(default_factory=list)
    """Phase A with the players' own deck: the buildings tapped so far, left to right."""
    replaced: list[Building] = field(default_factory=list)
    row_round: int = 0
    hospital: dict[tuple[int, int, int], int] = field(default_factory=dict)
    """(round, building, player) -> hand cards to discard at the Hospital."""
    end_values: dict[str, str] = field(default_factory=dict)
    """The end-of-game form as typed: "<seat>-<field>" and "nuns" -> text."""
    editing_end: bool = False
    """The scored game's end values are open for correction."""
    count_pages: dict[tuple[int, int, int], int] = field(default_factory=dict)
    """Phase C: (round, turns so far, building) -> which 13 card counts its buttons show
    (0 = 0-12); keyed by the turn, so the next player starts at 0-12 again."""


_DRAFTS: WeakKeyDictionary[Any, RoundDrafts] = WeakKeyDictionary()


def drafts(app: Any) -> RoundDrafts:
    found = _DRAFTS.get(app)
    if found is None:
        found = _DRAFTS[app] = RoundDrafts()
    return found


def reveal_draft(app: Any, round_: int, player: int, building: int) -> RevealDraft:
    own = drafts(app)
    key = (round_, player, building)
    if own.reveal is None or own.reveal.key != key:
        own.reveal = RevealDraft(key)
    return own.reveal


def row_draft(app: Any, round_: int) -> RoundDrafts:
    own = drafts(app)
    if own.row_round != round_:
        own.row, own.replaced, own.row_round = [], [], round_
    return own
