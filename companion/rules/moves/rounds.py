"""A round's frame: phase A, its row of buildings (`BuildingsRevealed`, R-ROUND-A, R-COMP-4);
phase B, the supply (`SupplyDone`, R-ROUND-B); phase E, the round's end (`RoundEnded`,
R-ROUND-E).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.rules import events as ev
from companion.rules.catalog import Building
from companion.rules.copies import over_the_copies
from companion.rules.deck import reveal_event
from companion.rules.errors import Refusal, RuleViolation
from companion.rules.moves.common import allowed_now, with_current
from companion.rules.moves.rule import EventRules
from companion.rules.setup import DeckMode
from companion.rules.state import GameState, Phase, RoundRecord


def check_buildings_revealed(state: GameState, event: ev.BuildingsRevealed) -> None:
    if _check_row(state, event):
        _check_copies_of_row(state, event.row, event.replaced)


def _check_row(state: GameState, event: ev.BuildingsRevealed) -> bool:
    """Phase A's row, but for the copies: checked whole in digital mode (False: nothing more
    to check); True for a row of the players' own deck, whose copies are checked next."""
    allowed_now(state, event, "R-ROUND-A")
    setup = state.setup
    k = setup.buildings_per_round
    row, replaced = event.row, event.replaced
    if len(row) != k:
        raise RuleViolation("R-SETUP-6", Refusal.BUILDINGS_PER_ROUND,
                            players=setup.player_count, expected=k, given=len(row))
    if setup.deck_mode is DeckMode.DIGITAL:
        expected = reveal_event(state)
        if event != expected:
            raise RuleViolation("R-ROUND-A", Refusal.DECK_MISMATCH,
                                row=[b.value for b in expected.row])
        return False
    shown = set(row).union(replaced)
    for b in shown:
        if not setup.in_play(b):
            raise RuleViolation("R-SETUP-2", Refusal.BUILDING_NOT_IN_PLAY, building=b.value)
    if len(set(row)) == 1:
        raise RuleViolation("R-ROUND-A", Refusal.ALL_SAME, building=row[0].value)
    if replaced:
        same = replaced[0]
        if any(c != same for c in replaced) or any(c != same for c in row[:-1]):
            raise RuleViolation("R-ROUND-A", Refusal.BAD_REPLACEMENT)
    return True


def _check_copies_of_row(state: GameState, row: tuple[Building, ...],
                         replaced: tuple[Building, ...]) -> None:
    """R-COMP-4 / R-ROUND-A: no more cards of a building come up than the game has; the
    copies in the rows so far and under the replacement stack are accounted for."""
    setup = state.setup
    for b in set(row).union(replaced):
        needed = row.count(b) + replaced.count(b)
        if needed > setup.copies(b):
            raise RuleViolation("R-COMP-4", Refusal.TOO_MANY_COPIES, building=b.value,
                                copies=setup.copies(b))
    over = over_the_copies(setup, state.rounds, row, replaced)
    if over is not None:
        b, where, shown = over
        copies = setup.copies(b)
        raise RuleViolation("R-COMP-4", Refusal.NO_COPY_LEFT, building=b.value, copies=copies,
                            discarded=where.discarded, under=where.under_stack,
                            left=max(0, copies - where.accounted), shown=shown)


def check_buildings_revealed_recorded(state: GameState, event: ev.BuildingsRevealed) -> None:
    """`check_buildings_revealed` as earlier versions of the app checked a stored row: the
    copies put under the replacement stack in earlier rounds are not counted, so a game such a
    version stored with one card too many still folds (every new row is checked in full)."""
    if not _check_row(state, event):
        return
    setup, row, replaced = state.setup, event.row, event.replaced
    for b in set(row).union(replaced):
        needed = row.count(b) + (len(replaced) if replaced and b == replaced[0] else 0)
        if state.used.count(b) + needed > setup.copies(b):
            raise RuleViolation("R-COMP-4", Refusal.TOO_MANY_COPIES, building=b.value,
                                copies=setup.copies(b))


def evolve_buildings_revealed(state: GameState, event: ev.BuildingsRevealed) -> GameState:
    setup = state.setup
    n, k = setup.player_count, len(event.row)
    record = state.rounds[-1]
    start = record.start_player
    record = replace(record, row=event.row, replaced=event.replaced, reveals=(None,) * n,
                     resolved=(False,) * k, occupants=((),) * k,
                     queue=tuple(range(start, n)) + tuple(range(start)))
    state = with_current(state, record, phase=Phase.B, used=state.used + event.row)
    if setup.deck_mode is not DeckMode.DIGITAL:
        return state
    stack = list(state.replacement)
    for card in event.replaced:
        stack.pop(0)
        stack.append(card)
    return replace(state, deck_pos=state.deck_pos + k, replacement=tuple(stack))


def check_supply_done(state: GameState, event: ev.SupplyDone) -> None:
    allowed_now(state, event, "R-ROUND-B")


def evolve_supply_done(state: GameState, event: ev.SupplyDone) -> GameState:
    return replace(state, phase=Phase.C)


def check_round_ended(state: GameState, event: ev.RoundEnded) -> None:
    allowed_now(state, event, "R-ROUND-E")


def evolve_round_ended(state: GameState, event: ev.RoundEnded) -> GameState:
    record = replace(state.record, influence=tuple(t.values for t in state.tracks))
    rounds = state.rounds[:-1] + (record,)
    if state.is_last_round:
        return replace(state, rounds=rounds, phase=Phase.END)
    nxt = RoundRecord(state.round + 1, (record.start_player + 1) % state.players)
    return replace(state, round=state.round + 1, phase=Phase.A, rounds=rounds + (nxt,))


MOVES: tuple[EventRules[Any], ...] = (
    EventRules(ev.BuildingsRevealed, check_buildings_revealed, evolve_buildings_revealed,
               recorded=check_buildings_revealed_recorded),
    EventRules(ev.SupplyDone, check_supply_done, evolve_supply_done),
    EventRules(ev.RoundEnded, check_round_ended, evolve_round_ended),
)
