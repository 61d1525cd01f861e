"""What a correction leaves for the table to answer: the rules need a person's choice that the
records cannot give.

A correction recomputes everything derived from the records (`derive.rederive`). Two things it
cannot decide alone, because the table decided them at the time for records that were
different: a tie for fewest Swords (Flutes) in a building already resolved (R-SPECIAL-1/2: the
winner chooses), and the discards at a Hospital whose premium moved to another player
(R-ROUND-D b: the limits were the other player's). Each is an open `Question` naming its round
and building until the table answers it (`TieChosenAfterCorrection`, `HospitalCorrected`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from companion.rules.catalog import BUILDINGS, Building, Special
from companion.rules.resolution import (
    SpecialOutcome,
    premium_holder,
    special_result,
    taken_premium,
)
from companion.rules.setup import Setup
from companion.rules.state import GameState, Phase, RoundRecord


class QuestionKind(StrEnum):
    TIE = "tie"
    """R-SPECIAL-1/2: the winner (`chooser`) names one of `candidates`."""
    HOSPITAL = "hospital"
    """R-ROUND-D b: the premium moved from `was` to `now`; the discards are asked again."""


@dataclass(frozen=True)
class Question:
    kind: QuestionKind
    round: int
    building: int
    special: Special | None = None
    chooser: int | None = None
    candidates: tuple[int, ...] = ()
    was: int | None = None
    """Hospital: the premium holder the actions were taken for."""
    now: int | None = None
    """Hospital: the premium holder by the corrected records."""
    entrants: tuple[int, ...] = ()
    """Hospital: the players there, in slot order (the order of `HospitalCorrected.cards`)."""
    up_to: tuple[int, ...] = ()
    """Hospital: per entrant, the hand cards their action now lets them discard."""


def _settled(state: GameState, record: RoundRecord, building: int) -> bool:
    """The building's actions are done (or its round is over): nobody is asked any more in
    the course of the round, so a new tie there is the table's question."""
    past = record.number < state.round or state.phase not in (Phase.C, Phase.D)
    return past or bool(record.resolved and record.resolved[building])


def _ties(state: GameState, record: RoundRecord, building: int) -> list[Question]:
    entrants = record.occupants[building]
    if any(record.reveals[p] is None for p in entrants):
        return []
    found = []
    for special in (Special.SWORD, Special.FLUTE):
        if not state.setup.special_in_play(special):
            continue
        result = special_result(special, record, entrants, building, settled=True)
        if result.outcome is SpecialOutcome.DEFAULTED:
            found.append(Question(QuestionKind.TIE, record.number, building, special,
                                  result.most, result.candidates))
    return found


@dataclass(frozen=True)
class HospitalDiscards:
    """A Hospital whose actions were taken: who was there and what each may discard."""

    round: int
    building: int
    entrants: tuple[int, ...]
    """In slot order (the order of `HospitalCorrected.cards`)."""
    up_to: tuple[int, ...]
    """Per entrant, the hand cards the action they take by the records now lets them discard."""
    cards: tuple[int, ...]
    """Per entrant, the hand cards recorded as discarded."""
    was: int | None
    """The premium holder the actions were taken for."""
    now: int | None
    """The premium holder by the records as they stand (corrections included)."""


def hospital_discards(setup: Setup, record: RoundRecord, building: int
                      ) -> HospitalDiscards | None:
    """R-ROUND-D b: the discards of the Hospital `building` of `record`, once its actions were
    taken (there are none in the last round); None for any other building. The table says
    them again (`HospitalCorrected`) when a correction moved the premium, or when the
    discards themselves were recorded wrong."""
    if not 0 <= building < len(record.row) or record.row[building] is not Building.HOSPITAL:
        return None
    taken, was = taken_premium(record, building)
    if not taken:
        return None
    now = premium_holder(setup, record, building)
    info = BUILDINGS[Building.HOSPITAL]
    entrants = record.occupants[building]
    up_to = tuple(info.premium.hand_cards_up_to if p == now else info.normal.hand_cards_up_to
                  for p in entrants)
    cards = tuple(record.hospital_cards(building, p) for p in entrants)
    return HospitalDiscards(record.number, building, entrants, up_to, cards, was, now)


def _hospital(state: GameState, record: RoundRecord, building: int) -> list[Question]:
    found = hospital_discards(state.setup, record, building)
    if found is None or found.now == found.was:
        return []
    return [Question(QuestionKind.HOSPITAL, record.number, building, was=found.was,
                     now=found.now, entrants=found.entrants, up_to=found.up_to)]


def open_questions(state: GameState) -> tuple[Question, ...]:
    """Every question a correction left open, in the order of the rounds and rows."""
    found: list[Question] = []
    for record in state.rounds:
        if not record.row or not record.reveals:
            continue
        for building in range(len(record.row)):
            if not record.occupants[building] or not _settled(state, record, building):
                continue
            found += _ties(state, record, building)
            found += _hospital(state, record, building)
    return tuple(found)
