"""Corrections of a round played earlier or now: an entry (`EntryCorrected`), a reveal
(`RevealCorrected`), and the table's answers to what a correction leaves open
(`TieChosenAfterCorrection`, `HospitalCorrected`). Everything derived is recomputed
(`derive.rederive`), and a correction settles the disputes of its round
(`disputes.settling_disputes`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.rules import events as ev
from companion.rules.catalog import Special
from companion.rules.derive import derive_phase_d, rederive
from companion.rules.errors import Refusal, RuleViolation
from companion.rules.moves.common import (
    allowed_now,
    check_building,
    check_cards,
    check_count,
    check_player,
    reveal_of,
)
from companion.rules.moves.disputes import settling_disputes
from companion.rules.moves.rule import EventRules
from companion.rules.questions import Question, QuestionKind, hospital_discards, open_questions
from companion.rules.resolution import premium_holder
from companion.rules.state import (
    Choice,
    EntryChange,
    GameState,
    HospitalRecord,
    Phase,
    RatsCorrected,
    RoundRecord,
    Turn,
)


def _check_corrected_round(state: GameState, event: ev.EntryCorrected | ev.RevealCorrected
                           ) -> RoundRecord:
    allowed_now(state, event, "R-ROUND-C" if isinstance(event, ev.EntryCorrected)
                else "R-ROUND-D")
    check_player(state, event.player)
    if not 1 <= event.round <= state.round:
        raise RuleViolation("EVENT", Refusal.NO_SUCH_ROUND, round=event.round)
    record = state.round_record(event.round)
    if record.entry_index(event.player) < 0:
        raise RuleViolation("EVENT", Refusal.NO_ENTRY, player=state.setup.names[event.player],
                            round=event.round)
    return record


def check_entry_corrected(state: GameState, event: ev.EntryCorrected) -> None:
    record = _check_corrected_round(state, event)
    check_building(record, event.building)
    check_count(event.cards, "cards")
    name = state.setup.names[event.player]
    reveal = record.reveals[event.player]
    if reveal is not None and reveal.total != event.cards:
        raise RuleViolation("R-ROUND-D", Refusal.CORRECT_REVEAL_INSTEAD, player=name,
                            revealed=reveal.total)
    if reveal is None and record.resolved and record.resolved[event.building]:
        raise RuleViolation("R-ROUND-D", Refusal.BUILDING_ALREADY_RESOLVED, player=name,
                            building=record.row[event.building].value)


def evolve_entry_corrected(state: GameState, event: ev.EntryCorrected) -> GameState:
    record = state.round_record(event.round)
    turns = list(record.turns)
    turns[record.entry_index(event.player)] = Turn(event.player, event.building, event.cards)
    state = settling_disputes(state, event.round)
    return _after_correction(state, record.with_turns(tuple(turns)))


def check_reveal_corrected(state: GameState, event: ev.RevealCorrected) -> None:
    record = _check_corrected_round(state, event)
    check_cards(state, event)
    if record.reveals[event.player] is None:
        raise RuleViolation("R-ROUND-D", Refusal.NOT_REVEALED_YET,
                            player=state.setup.names[event.player], round=event.round)


def evolve_reveal_corrected(state: GameState, event: ev.RevealCorrected) -> GameState:
    record = state.round_record(event.round)
    reveal = reveal_of(event)
    reveals = list(record.reveals)
    reveals[event.player] = reveal
    turns = list(record.turns)
    index = record.entry_index(event.player)
    turns[index] = turns[index]._replace(cards=reveal.total)
    state = settling_disputes(state, event.round)
    return _after_correction(state, replace(record, reveals=tuple(reveals), turns=tuple(turns)))


def _open_question(state: GameState, kind: QuestionKind, round_: int, building: int,
                   special: Special | None, rule: str) -> Question:
    for q in open_questions(state):
        if (q.kind, q.round, q.building, q.special) == (kind, round_, building, special):
            return q
    raise RuleViolation(rule, Refusal.NO_OPEN_QUESTION, round=round_, position=building + 1)


def check_tie_chosen(state: GameState, event: ev.TieChosenAfterCorrection) -> None:
    rule = "R-SPECIAL-2" if event.special is Special.FLUTE else "R-SPECIAL-1"
    allowed_now(state, event, rule)
    check_player(state, event.player)
    q = _open_question(state, QuestionKind.TIE, event.round, event.building, event.special,
                       rule)
    if event.player not in q.candidates:
        names = state.setup.names
        raise RuleViolation(rule, Refusal.NOT_A_CANDIDATE,
                            candidates=[names[p] for p in q.candidates])


def evolve_tie_chosen(state: GameState, event: ev.TieChosenAfterCorrection) -> GameState:
    record = state.round_record(event.round)
    record = replace(record, choices=record.choices + (
        Choice(event.building, event.special, event.player),))
    return _after_correction(state, record)


def check_hospital_corrected(state: GameState, event: ev.HospitalCorrected) -> None:
    """R-ROUND-D b: the table says again what was discarded at a Hospital whose actions were
    taken, within the limits of the actions taken there by the records now (an open question
    after a moved premium, or discards recorded wrong)."""
    allowed_now(state, event, "R-ROUND-D")
    if not 1 <= event.round <= state.round:
        raise RuleViolation("EVENT", Refusal.NO_SUCH_ROUND, round=event.round)
    record = state.round_record(event.round)
    check_building(record, event.building)
    found = hospital_discards(state.setup, record, event.building)
    if found is None:
        raise RuleViolation("R-ROUND-D", Refusal.NO_HOSPITAL_DISCARDS, round=event.round,
                            position=event.building + 1)
    if len(event.cards) != len(found.entrants):
        raise RuleViolation("R-ROUND-D", Refusal.HOSPITAL_CARDS_PER_PLAYER,
                            players=len(found.entrants), given=len(event.cards))
    for cards, up_to in zip(event.cards, found.up_to, strict=True):
        if not 0 <= cards <= up_to:
            raise RuleViolation("R-ROUND-D", Refusal.HOSPITAL_LIMIT, up_to=up_to, cards=cards)


def evolve_hospital_corrected(state: GameState, event: ev.HospitalCorrected) -> GameState:
    record = state.round_record(event.round)
    b = event.building
    kept = tuple(h for h in record.hospital if h.building != b)
    answered = tuple(HospitalRecord(b, p, cards)
                     for p, cards in zip(record.occupants[b], event.cards, strict=True) if cards)
    holder = premium_holder(state.setup, record, b)
    premiums = tuple((x, holder if x == b else p) for x, p in record.hospital_premium)
    return _after_correction(state, replace(record, hospital=kept + answered,
                                            hospital_premium=premiums))


def _after_correction(state: GameState, record: RoundRecord) -> GameState:
    before, rounds = state, state.rounds
    state = rederive(replace(state, rounds=rounds[:record.number - 1] + (record,)
                             + rounds[record.number:]))
    if record.number == state.round and state.phase is Phase.D:
        state = derive_phase_d(state, state.rounds[-1])
    return _noting_rats_corrected(before, state, record.number)


def _noting_rats_corrected(before: GameState, after: GameState, round_: int) -> GameState:
    """`after` with, for each player whose ledger the correction of `round_` changed, what it
    changed (`RatsCorrected`): the ledger changes silently otherwise, and the player's device
    could not tell a correction from a mistake."""
    noted = list(after.rats_corrected or ((),) * after.players)
    for player in range(after.players):
        was = {e.entry_id: e for e in before.ledgers[player]}
        now = {e.entry_id: e for e in after.ledgers[player]}
        changes = tuple(
            EntryChange(entry_id, e.round, e.building, e.reason,
                        was[entry_id].applied if entry_id in was else 0,
                        now[entry_id].applied if entry_id in now else 0)
            for entry_id, e in ({**was, **now}).items()
            if entry_id not in was or entry_id not in now
            or was[entry_id].applied != now[entry_id].applied)
        change = after.rats[player] - before.rats[player]
        if changes or change:
            noted[player] += (RatsCorrected(round_, before.round, change, changes),)
    if not any(noted):
        return after
    return replace(after, rats_corrected=tuple(noted))


MOVES: tuple[EventRules[Any], ...] = (
    EventRules(ev.EntryCorrected, check_entry_corrected, evolve_entry_corrected),
    EventRules(ev.RevealCorrected, check_reveal_corrected, evolve_reveal_corrected),
    EventRules(ev.TieChosenAfterCorrection, check_tie_chosen, evolve_tie_chosen),
    EventRules(ev.HospitalCorrected, check_hospital_corrected, evolve_hospital_corrected),
)
