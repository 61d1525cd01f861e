"""Evolving: the state after a legal event. Each `evolve_*` folds its event in and checks
nothing (`engine.apply` has checked it; `engine.replay` trusts the stored log).

Phase D moves on by itself where nobody has anything to do: a player who declared 0 cards
reveals nothing, so the cursor passes them (R-ROUND-D a), and once the round is resolved the
phase is E. Each event of phase C or D records its step in the round's record and hands it to
`derive.derive_phase_d`, which makes the step's effects in the round's order.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.rules import events as ev
from companion.rules.catalog import NUN_ROW_SIZE, START_RATS, Building
from companion.rules.derive import Derived, derive_phase_d, rederive, with_derived
from companion.rules.resolution import premium_holder
from companion.rules.setup import DeckMode
from companion.rules.state import (
    ESTATES,
    Choice,
    Dispute,
    EndValues,
    EntryChange,
    GameState,
    HospitalRecord,
    LedgerEntry,
    Phase,
    RatsCorrected,
    Reveal,
    RoundRecord,
    Track,
    Turn,
)

# --- the start and phases A, B, E -------------------------------------------------------------


def evolve_start(state: GameState | None, event: ev.GameStarted) -> GameState:
    setup = event.setup
    n = setup.player_count
    return GameState(
        setup=setup, round=1, phase=Phase.A,
        rounds=(RoundRecord(1, setup.start_player),),
        tracks=(Track.start(n),) * len(ESTATES), clock=0,
        ledgers=((),) * n, rats=(START_RATS,) * n,
        nun_notes=((None,) * NUN_ROW_SIZE,) * n,
        replacement=setup.replacement, end_values=(None,) * n, rats_confirmed=(False,) * n)


def _current(state: GameState, record: RoundRecord, **changes: Any) -> GameState:
    """The state with `record` as its current round."""
    return replace(state, rounds=state.rounds[:-1] + (record,), **changes)


def evolve_buildings_revealed(state: GameState, event: ev.BuildingsRevealed) -> GameState:
    setup = state.setup
    n, k = setup.player_count, len(event.row)
    record = state.rounds[-1]
    start = record.start_player
    record = replace(record, row=event.row, replaced=event.replaced, reveals=(None,) * n,
                     resolved=(False,) * k, occupants=((),) * k,
                     queue=tuple(range(start, n)) + tuple(range(start)))
    state = _current(state, record, phase=Phase.B, used=state.used + event.row)
    if setup.deck_mode is not DeckMode.DIGITAL:
        return state
    stack = list(state.replacement)
    for card in event.replaced:
        stack.pop(0)
        stack.append(card)
    return replace(state, deck_pos=state.deck_pos + k, replacement=tuple(stack))


def evolve_supply_done(state: GameState, event: ev.SupplyDone) -> GameState:
    return replace(state, phase=Phase.C)


def evolve_round_ended(state: GameState, event: ev.RoundEnded) -> GameState:
    record = replace(state.record, influence=tuple(t.values for t in state.tracks))
    rounds = state.rounds[:-1] + (record,)
    if state.is_last_round:
        return replace(state, rounds=rounds, phase=Phase.END)
    nxt = RoundRecord(state.round + 1, (record.start_player + 1) % state.players)
    return replace(state, round=state.round + 1, phase=Phase.A, rounds=rounds + (nxt,))


# --- phase C ----------------------------------------------------------------------------------

def _turn(state: GameState, turn: Turn) -> GameState:
    record = state.rounds[-1]
    queue = record.queue
    turns = record.turns + (turn,)
    if turn.building is None:  # R-SPECIAL-3: to the back of the queue
        return _current(state, replace(record, turns=turns, queue=queue[1:] + queue[:1]))
    occupants = list(record.occupants)
    occupants[turn.building] += (turn.player,)
    record = replace(record, turns=turns, occupants=tuple(occupants), queue=queue[1:])
    if len(queue) == 1:  # the last one still to enter: phase D begins
        return derive_phase_d(state, record, phase=Phase.D)
    return _current(state, record)


def evolve_entered(state: GameState, event: ev.Entered) -> GameState:
    return _turn(state, Turn(event.player, event.building, event.cards))


def evolve_passed(state: GameState, event: ev.Passed) -> GameState:
    return _turn(state, Turn(event.player, None))


# --- phase D: each step recorded, then the round derived on (`derive.derive_phase_d`) ----------

def _reveal_of(event: ev.Revealed | ev.RevealCorrected) -> Reveal:
    return Reveal(event.matching, event.other, event.jokers, event.swords, event.flutes)


def evolve_revealed(state: GameState, event: ev.Revealed) -> GameState:
    record = state.rounds[-1]
    reveals = list(record.reveals)
    reveals[event.player] = _reveal_of(event)
    return derive_phase_d(state, replace(record, reveals=tuple(reveals)))


def evolve_special_chosen(state: GameState, event: ev.SpecialTargetChosen) -> GameState:
    record = state.rounds[-1]
    return derive_phase_d(state, replace(record, choices=record.choices + (
        Choice(event.building, event.special, event.player),)))


def evolve_hospital(state: GameState, event: ev.HospitalDiscarded) -> GameState:
    record = state.rounds[-1]
    others = tuple(h for h in record.hospital
                   if (h.building, h.player) != (event.building, event.player))
    return _current(state, replace(record, hospital=others + (
        HospitalRecord(event.building, event.player, event.cards),)))


def evolve_building_resolved(state: GameState, event: ev.BuildingResolved) -> GameState:
    record = state.rounds[-1]
    resolved = list(record.resolved)
    resolved[event.building] = True
    record = replace(record, resolved=tuple(resolved))
    if record.row[event.building] is Building.HOSPITAL and not state.is_last_round:
        holder = premium_holder(state.setup, record, event.building)
        record = replace(record, hospital_premium=record.hospital_premium + (
            (event.building, holder),))
    return derive_phase_d(state, record)


# --- corrections: everything derived is recomputed --------------------------------------------

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


def evolve_entry_corrected(state: GameState, event: ev.EntryCorrected) -> GameState:
    record = state.round_record(event.round)
    turns = list(record.turns)
    turns[record.entry_index(event.player)] = Turn(event.player, event.building, event.cards)
    state = _settling_disputes(state, event.round)
    return _after_correction(state, record.with_turns(tuple(turns)))


def evolve_reveal_corrected(state: GameState, event: ev.RevealCorrected) -> GameState:
    record = state.round_record(event.round)
    reveal = _reveal_of(event)
    reveals = list(record.reveals)
    reveals[event.player] = reveal
    turns = list(record.turns)
    index = record.entry_index(event.player)
    turns[index] = turns[index]._replace(cards=reveal.total)
    state = _settling_disputes(state, event.round)
    return _after_correction(state, replace(record, reveals=tuple(reveals), turns=tuple(turns)))


def evolve_tie_chosen(state: GameState, event: ev.TieChosenAfterCorrection) -> GameState:
    record = state.round_record(event.round)
    record = replace(record, choices=record.choices + (
        Choice(event.building, event.special, event.player),))
    return _after_correction(state, record)


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


# --- the end of the game ----------------------------------------------------------------------

def _finish_if_complete(state: GameState) -> GameState:
    if state.nuns is not None and None not in state.end_values:
        return replace(state, phase=Phase.FINISHED)
    return state


def evolve_end_values(state: GameState, event: ev.EndValuesEntered) -> GameState:
    values = list(state.end_values)
    values[event.player] = EndValues(event.hand, event.swords, event.flutes, event.passes,
                                     event.gold, event.markers, event.rats)
    return _finish_if_complete(replace(state, end_values=tuple(values)))


def evolve_nuns_counted(state: GameState, event: ev.NunsCounted) -> GameState:
    return _finish_if_complete(replace(state, nuns=event.nuns))


def evolve_rats_confirmed(state: GameState, event: ev.RatsConfirmed) -> GameState:
    confirmed = list(state.rats_confirmed)
    confirmed[event.player] = True
    return replace(state, rats_confirmed=tuple(confirmed))


# --- a player's own notes ---------------------------------------------------------------------

def evolve_rats_changed(state: GameState, event: ev.RatsChanged) -> GameState:
    """A private entry "round.pN": the player's N-th own note of the round."""
    notes = list(state.own_notes or ((0, 0),) * state.players)
    latest, made = notes[event.player]
    k = made + 1 if latest == state.round else 1
    notes[event.player] = (state.round, k)
    entry = LedgerEntry(f"{state.round}.p{k}", event.delta, event.delta, event.reason,
                        state.round, None, False)
    return with_derived(state, Derived.of(state).with_entry(event.player, entry),
                        own_notes=tuple(notes))


def evolve_nun_noted(state: GameState, event: ev.NunCardNoted) -> GameState:
    notes = list(state.nun_notes)
    row = list(notes[event.player])
    row[event.position - 1] = event.nuns
    notes[event.player] = tuple(row)
    return replace(state, nun_notes=tuple(notes))


def evolve_disputed(state: GameState, event: ev.RatChangeDisputed) -> GameState:
    ledger = state.ledgers[event.player]
    i = next(i for i, e in enumerate(ledger) if e.entry_id == event.entry_id)
    ledgers = list(state.ledgers)
    ledgers[event.player] = ledger[:i] + (ledger[i]._replace(disputed=True),) + ledger[i + 1:]
    entry = ledger[i]
    others = tuple(d for d in state.disputes
                   if (d.player, d.entry_id) != (event.player, event.entry_id))
    return replace(state, ledgers=tuple(ledgers), disputes=others + (
        Dispute(event.player, event.entry_id, entry.round, entry.building),))


def evolve_dispute_dismissed(state: GameState, event: ev.DisputeDismissed) -> GameState:
    return replace(state, disputes=tuple(
        d for d in state.disputes if (d.player, d.entry_id) != (event.player, event.entry_id)))


def _settling_disputes(state: GameState, round_: int) -> GameState:
    """A correction of a round settles the disputes of that round's entries: the table has
    looked at the round again."""
    if not any(d.round == round_ for d in state.disputes):
        return state
    return replace(state, disputes=tuple(d for d in state.disputes if d.round != round_))
