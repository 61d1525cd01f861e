"""What the round screen remembers between taps before anything is submitted.

Steppers and the physical-deck row are half-made inputs: they are not events yet, so the
session does not hold them. Each table browser tab keeps its own (in its `TabState`), and
a draft is forgotten as soon as the game moves past the step it was for.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.rules import events
from companion.rules.catalog import Building
from companion.rules.views import EndValues, Reveal
from companion.ui.endgame.typed import OnShow


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
    hospital_seen: dict[tuple[int, int, int], int] = field(default_factory=dict)
    """(round, building, player) -> the discard recorded (on the player's phone) when this
    tab last changed its own: one recorded since came first, and replaces this tab's."""
    hospital_answers: dict[tuple[int, int, int], int] = field(default_factory=dict)
    """(round, building, player) -> hand cards discarded, as the table says them again after
    a correction moved that Hospital's premium."""
    end_values: dict[str, str] = field(default_factory=dict)
    """The end-of-game form as typed: "<seat>-<field>" and "nuns" -> text."""
    end_drawn: dict[int, EndValues | None] = field(default_factory=dict)
    """Per seat whose holdings the table typed: what was recorded for it when the first of
    them was typed. A player's phone that records others meanwhile wins: the form's tap is
    refused for that player instead of overwriting what the phone sent unseen."""
    end_shown: tuple[EndValues | None, ...] = ()
    """What was recorded for each seat when the end form was last drawn."""
    end_moved: dict[int, EndValues | None] = field(default_factory=dict)
    """Per seat whose recorded holdings the last draw changed under a form the table had not
    typed into (a phone's values): what the form showed before. The browser's messages for a
    text typed just before may arrive after that draw; the first of them counts as typed over
    the form as it stood, so the phone's stand and the host is asked to type again."""
    end_fields: dict[str, OnShow] = field(default_factory=dict)
    """The end form's fields on show by their keys, as `end_values`' (`endgame.typed`)."""
    editing_end: bool = False
    """The scored game's end values are open for correction."""
    count_pages: dict[tuple[int, int, int], int] = field(default_factory=dict)
    """Phase C: (round, turns so far, building) -> which 13 card counts its buttons show
    (0 = 0-12); keyed by the turn, so the next player starts at 0-12 again."""

    def discards(self, round_: int) -> dict[tuple[int, int], int]:
        """The Hospital discards entered for `round_`: (building, player) -> hand cards."""
        return {(b, p): n for (r, b, p), n in self.hospital.items() if r == round_}

    def took_back(self, event: object) -> None:
        """The table undid `event`: a step of the end form goes back into the form as it was
        sent, so undoing the scoring shows the form exactly as before (the nuns included)
        instead of empty fields that would then be scored as 0."""
        if isinstance(event, events.NunsCounted):
            self.end_values["nuns"] = str(event.nuns)
        elif isinstance(event, events.EndValuesEntered):
            for key in END_KEYS:
                value = getattr(event, key)
                if value is not None:
                    self.end_values[f"{event.player}-{key}"] = str(value)


END_KEYS = ("hand", "swords", "flutes", "passes", "gold", "markers", "rats")
"""The fields of `EndValuesEntered` the end form shows, by the form's own keys."""


def reveal_draft(own: RoundDrafts, round_: int, player: int, building: int) -> RevealDraft:
    key = (round_, player, building)
    if own.reveal is None or own.reveal.key != key:
        own.reveal = RevealDraft(key)
    return own.reveal


def row_draft(own: RoundDrafts, round_: int) -> RoundDrafts:
    if own.row_round != round_:
        own.row, own.replaced, own.row_round = [], [], round_
    return own


@dataclass
class Fix:
    """One entry as the editor shows it: the record, changed by the taps so far."""

    game_id: str
    round: int
    player: int
    building: int
    cards: int
    reveal: Reveal | None
    """None while the player has not revealed: then the declared count is edited instead."""
    counts: dict[str, int] = field(default_factory=dict)
    """The reveal's parts as tapped (matching, other, jokers, swords, flutes)."""

    @property
    def total(self) -> int:
        return sum(self.counts.values()) if self.reveal is not None else self.cards
