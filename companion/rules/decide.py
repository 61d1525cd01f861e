"""Deciding: is this event legal in this state? Each `check_*` raises a `RuleViolation` (a
`Refusal` code and its values) or returns None; none of them builds a state.

`engine` registers each check next to its evolution. Everything a check asks about "now" comes
from `guide.now`, the answer the table's prompt shows, so the two never disagree.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from enum import Enum
from functools import cache

from companion.rules import events as ev
from companion.rules.catalog import MAX_NUNS_IN_ROW, NUN_ROW_SIZE, ActionKind, Building, Special
from companion.rules.copies import over_the_copies
from companion.rules.deck import reveal_event
from companion.rules.errors import Param, Refusal, RuleViolation
from companion.rules.events import RatReason
from companion.rules.guide import Now, can_pass, next_step, now, pass_possible
from companion.rules.questions import Question, QuestionKind, hospital_discards, open_questions
from companion.rules.resolution import holders_and_actions, special_result
from companion.rules.setup import DeckMode, check_setup
from companion.rules.state import (
    ActionsCursor,
    ChooseCursor,
    GameState,
    Phase,
    RevealCursor,
    RoundRecord,
)

# --- malformed events -------------------------------------------------------------------------

Fits = Callable[[object], bool]


def _fits(tp: object) -> Fits:
    """A function telling whether a value fits the field type `tp` (see events.py)."""
    origin = typing.get_origin(tp)
    if origin is typing.Union or origin is types.UnionType:
        options = [_fits(arg) for arg in typing.get_args(tp)]
        return lambda v: any(fits(v) for fits in options)
    if origin is tuple:
        item = _fits(typing.get_args(tp)[0])
        return lambda v: isinstance(v, tuple) and all(item(x) for x in v)
    if tp is type(None):
        return lambda v: v is None
    if tp is int:
        return lambda v: type(v) is int  # a bool is an int to isinstance, not to the game
    if isinstance(tp, type) and (tp in (bool, str) or issubclass(tp, Enum)):
        kind = tp
        return lambda v: isinstance(v, kind)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        fields = _fields(tp)
        dataclass_ = tp
        return lambda v: isinstance(v, dataclass_) and all(fits(getattr(v, n))
                                                           for n, fits in fields)
    raise TypeError(f"unsupported field type {tp!r}")


@cache
def _fields(cls: type) -> tuple[tuple[str, Fits], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, _fits(hints[f.name])) for f in dataclasses.fields(cls))


def check_shape(event: ev.Event) -> None:
    """Every field of the event has its declared type (events come from files and phones)."""
    cls: type = type(event)
    for name, fits in _fields(cls):
        if not fits(getattr(event, name)):
            raise RuleViolation("EVENT", Refusal.MALFORMED_EVENT, event=type(event).__name__,
                                field=name)


def _count(value: int, name: str, high: int | None = None) -> None:
    if value < 0 or (high is not None and value > high):
        raise RuleViolation("EVENT", Refusal.BAD_NUMBER, field=name, value=value)


def _player(state: GameState, player: int) -> None:
    if not 0 <= player < state.players:
        raise RuleViolation("EVENT", Refusal.NO_SUCH_PLAYER, seat=player + 1)


def _building(record: RoundRecord, building: int) -> None:
    if not 0 <= building < len(record.row):
        raise RuleViolation("EVENT", Refusal.NO_SUCH_BUILDING, position=building + 1,
                            round=record.number)


# --- "not now" --------------------------------------------------------------------------------

def now_params(state: GameState) -> dict[str, Param]:
    """What the table must do now, as values for a refusal's text: the prompt, the round,
    whether it is the last (which has no actions and ends the game, R-ROUND-D b), the player
    to act (`actor`) and the building where it happens."""
    step = next_step(state)
    params: dict[str, Param] = {"prompt": step.prompt.value, "round": step.round,
                                "last_round": step.is_last_round}
    for key, value in step.params.items():
        params["actor" if key == "player" else key] = value
    return params


def not_now(state: GameState, event: object, rule: str) -> RuleViolation:
    return RuleViolation(rule, Refusal.NOT_ALLOWED_NOW, event=type(event).__name__,
                         **now_params(state))


def allowed_now(state: GameState, event: ev.Event, rule: str) -> Now:
    """What the table must do now, if `event` is among what that allows."""
    n = now(state)
    if type(event) not in n.allowed:
        raise not_now(state, event, rule)
    return n


def _not_your_turn(state: GameState, player: int, rule: str) -> RuleViolation:
    return RuleViolation(rule, Refusal.NOT_YOUR_TURN, **now_params(state),
                         player=state.setup.names[player])


# --- the start and phases A, B, E -------------------------------------------------------------

def check_start(state: GameState | None, event: ev.GameStarted) -> None:
    if state is not None:
        raise RuleViolation("EVENT", Refusal.ALREADY_STARTED)
    check_setup(event.setup)


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


def check_supply_done(state: GameState, event: ev.SupplyDone) -> None:
    allowed_now(state, event, "R-ROUND-B")


def check_round_ended(state: GameState, event: ev.RoundEnded) -> None:
    allowed_now(state, event, "R-ROUND-E")


# --- phase C ----------------------------------------------------------------------------------

def _check_turn(state: GameState, event: ev.Entered) -> None:
    allowed_now(state, event, "R-ROUND-C")
    record = state.rounds[-1]
    if event.player != record.queue[0]:
        _player(state, event.player)
        if record.entry(event.player) is not None:
            raise RuleViolation("R-ROUND-C", Refusal.ALREADY_ENTERED,
                                player=state.setup.names[event.player])
        raise _not_your_turn(state, event.player, "R-ROUND-C")


def check_entered(state: GameState, event: ev.Entered) -> None:
    _building(state.rounds[-1], event.building)
    _count(event.cards, "cards")
    _check_turn(state, event)


def check_pass_turn(state: GameState, event: ev.Passed) -> None:
    """R-ROUND-C / R-SPECIAL-3, all but the card itself: phase C, the player's turn, the Pass
    stack in play and someone else still to enter. This is how a Pass of a stored game is
    checked (`engine.apply_recorded`)."""
    if state.phase is not Phase.C:
        raise not_now(state, event, "R-SPECIAL-3")
    queue = state.rounds[-1].queue
    if event.player == queue[0] and not pass_possible(state, queue):
        if not state.setup.special_in_play(Special.PASS):
            raise RuleViolation("R-SPECIAL-3", Refusal.PASS_NOT_IN_PLAY)
        raise RuleViolation("R-ROUND-C", Refusal.POINTLESS_PASS)
    if event.player != queue[0]:
        _player(state, event.player)
        if state.rounds[-1].entry(event.player) is not None:
            raise RuleViolation("R-ROUND-C", Refusal.ALREADY_ENTERED,
                                player=state.setup.names[event.player])
        raise _not_your_turn(state, event.player, "R-ROUND-C")


def check_passed(state: GameState, event: ev.Passed) -> None:
    """`check_pass_turn`, and the player may hold a Pass card to play (R-SPECIAL-3: a Pass
    costs one; the bound is `passes.pass_cards_up_to`, from the Town Hall gains, Swords and
    Watchtowers received and the Passes played that the game recorded)."""
    check_pass_turn(state, event)
    if not can_pass(state, state.rounds[-1].queue):
        raise RuleViolation("R-SPECIAL-3", Refusal.NO_PASS_CARD,
                            player=state.setup.names[event.player])


# --- phase D ----------------------------------------------------------------------------------

def _check_cards(state: GameState, event: ev.Revealed | ev.RevealCorrected) -> None:
    for name in ("matching", "other", "jokers", "swords", "flutes"):
        _count(getattr(event, name), name)
    setup = state.setup
    if event.swords and not setup.special_in_play(Special.SWORD):
        raise RuleViolation("R-SPECIAL-1", Refusal.SWORD_NOT_IN_PLAY)
    if event.flutes and not setup.special_in_play(Special.FLUTE):
        raise RuleViolation("R-SPECIAL-2", Refusal.FLUTE_NOT_IN_PLAY)


def check_revealed(state: GameState, event: ev.Revealed) -> None:
    cur = allowed_now(state, event, "R-ROUND-D").cursor
    assert isinstance(cur, RevealCursor)  # Revealed is allowed at a reveal only
    _check_cards(state, event)
    names = state.setup.names
    if event.player != cur.player or event.building != cur.building:
        _player(state, event.player)
        _building(state.record, event.building)
        raise RuleViolation("R-ROUND-D", Refusal.REVEAL_ORDER, **now_params(state),
                            player=names[event.player])
    entry = state.record.entry(cur.player)
    declared = entry.cards if entry is not None else 0
    revealed = event.matching + event.other + event.jokers + event.swords + event.flutes
    if revealed != declared:
        raise RuleViolation("R-ROUND-D", Refusal.REVEAL_COUNT, player=names[cur.player],
                            declared=declared, revealed=revealed)


def check_special_chosen(state: GameState, event: ev.SpecialTargetChosen) -> None:
    rule = "R-SPECIAL-2" if event.special is Special.FLUTE else "R-SPECIAL-1"
    cur = state.cursor
    if (state.phase is not Phase.D or not isinstance(cur, ChooseCursor)
            or (event.building, event.special) != (cur.building, cur.special)):
        raise RuleViolation(rule, Refusal.NO_CHOICE_NOW, **now_params(state))
    record = state.rounds[-1]
    candidates = special_result(event.special, record, record.occupants[event.building],
                                event.building, settled=False).candidates
    if event.player not in candidates:
        names = state.setup.names
        raise RuleViolation(rule, Refusal.NOT_A_CANDIDATE,
                            candidates=[names[p] for p in candidates])


def check_hospital(state: GameState, event: ev.HospitalDiscarded) -> None:
    if state.is_last_round:
        raise RuleViolation("R-ROUND-D", Refusal.LAST_ROUND_NO_ACTIONS)
    cur = allowed_now(state, event, "R-ROUND-D").cursor
    assert isinstance(cur, ActionsCursor)  # allowed while a Hospital's actions are taken only
    building = cur.building
    record = state.rounds[-1]
    takers = holders_and_actions(state.setup, record, building,
                                 record.occupants[building]).actions
    up_to = next((a.action.hand_cards_up_to for a in takers if a.player == event.player
                  and a.action.kind is ActionKind.HOSPITAL), None)
    if event.building != building or up_to is None:
        raise RuleViolation("R-ROUND-D", Refusal.NO_HOSPITAL_ACTION)
    if not 0 <= event.cards <= up_to:
        raise RuleViolation("R-ROUND-D", Refusal.HOSPITAL_LIMIT, up_to=up_to, cards=event.cards)


def check_building_resolved(state: GameState, event: ev.BuildingResolved) -> None:
    cur = allowed_now(state, event, "R-ROUND-D").cursor
    assert isinstance(cur, ActionsCursor)  # BuildingResolved is allowed at actions only
    if event.building != cur.building:
        raise RuleViolation("R-ROUND-D", Refusal.RESOLVE_IN_ROW_ORDER, **now_params(state))


# --- corrections ------------------------------------------------------------------------------

def _check_corrected_round(state: GameState, event: ev.EntryCorrected | ev.RevealCorrected
                           ) -> RoundRecord:
    allowed_now(state, event, "R-ROUND-C" if isinstance(event, ev.EntryCorrected)
                else "R-ROUND-D")
    _player(state, event.player)
    if not 1 <= event.round <= state.round:
        raise RuleViolation("EVENT", Refusal.NO_SUCH_ROUND, round=event.round)
    record = state.round_record(event.round)
    if record.entry_index(event.player) < 0:
        raise RuleViolation("EVENT", Refusal.NO_ENTRY, player=state.setup.names[event.player],
                            round=event.round)
    return record


def check_entry_corrected(state: GameState, event: ev.EntryCorrected) -> None:
    record = _check_corrected_round(state, event)
    _building(record, event.building)
    _count(event.cards, "cards")
    name = state.setup.names[event.player]
    reveal = record.reveals[event.player]
    if reveal is not None and reveal.total != event.cards:
        raise RuleViolation("R-ROUND-D", Refusal.CORRECT_REVEAL_INSTEAD, player=name,
                            revealed=reveal.total)
    if reveal is None and record.resolved and record.resolved[event.building]:
        raise RuleViolation("R-ROUND-D", Refusal.BUILDING_ALREADY_RESOLVED, player=name,
                            building=record.row[event.building].value)


def check_reveal_corrected(state: GameState, event: ev.RevealCorrected) -> None:
    record = _check_corrected_round(state, event)
    _check_cards(state, event)
    if record.reveals[event.player] is None:
        raise RuleViolation("R-ROUND-D", Refusal.NOT_REVEALED_YET,
                            player=state.setup.names[event.player], round=event.round)


def _open_question(state: GameState, kind: QuestionKind, round_: int, building: int,
                   special: Special | None, rule: str) -> Question:
    for q in open_questions(state):
        if (q.kind, q.round, q.building, q.special) == (kind, round_, building, special):
            return q
    raise RuleViolation(rule, Refusal.NO_OPEN_QUESTION, round=round_, position=building + 1)


def check_tie_chosen(state: GameState, event: ev.TieChosenAfterCorrection) -> None:
    rule = "R-SPECIAL-2" if event.special is Special.FLUTE else "R-SPECIAL-1"
    allowed_now(state, event, rule)
    _player(state, event.player)
    q = _open_question(state, QuestionKind.TIE, event.round, event.building, event.special,
                       rule)
    if event.player not in q.candidates:
        names = state.setup.names
        raise RuleViolation(rule, Refusal.NOT_A_CANDIDATE,
                            candidates=[names[p] for p in q.candidates])


def check_hospital_corrected(state: GameState, event: ev.HospitalCorrected) -> None:
    """R-ROUND-D b: the table says again what was discarded at a Hospital whose actions were
    taken, within the limits of the actions taken there by the records now (an open question
    after a moved premium, or discards recorded wrong)."""
    allowed_now(state, event, "R-ROUND-D")
    if not 1 <= event.round <= state.round:
        raise RuleViolation("EVENT", Refusal.NO_SUCH_ROUND, round=event.round)
    record = state.round_record(event.round)
    _building(record, event.building)
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


# --- the end of the game ----------------------------------------------------------------------

_END_SPECIALS = (("swords", Special.SWORD), ("flutes", Special.FLUTE), ("passes", Special.PASS),
                 ("gold", Special.GOLD))


def check_end_values(state: GameState, event: ev.EndValuesEntered) -> None:
    allowed_now(state, event, "R-SETUP-6")
    _player(state, event.player)
    for name in ("hand", "swords", "flutes", "passes", "gold", "markers"):
        _count(getattr(event, name), name)
    if event.rats is not None:
        _count(event.rats, "rats")
    for name, special in _END_SPECIALS:
        if getattr(event, name) and not state.setup.special_in_play(special):
            raise RuleViolation("R-SCORE-4" if special is Special.GOLD else "R-SCORE-3",
                                Refusal.SPECIAL_NOT_IN_PLAY, special=special.value)


def check_nuns_counted(state: GameState, event: ev.NunsCounted) -> None:
    allowed_now(state, event, "R-SETUP-6")
    _count(event.nuns, "nuns", MAX_NUNS_IN_ROW)


def check_rats_confirmed(state: GameState, event: ev.RatsConfirmed) -> None:
    _player(state, event.player)
    allowed_now(state, event, "R-SCORE-6")
    if state.rats_confirmed[event.player]:
        raise RuleViolation("R-SCORE-6", Refusal.ALREADY_CONFIRMED,
                            player=state.setup.names[event.player])


# --- a player's own notes (allowed until the game is scored) ---------------------------------

PRIVATE_REASONS = (RatReason.SUPPLY_DISCARD, RatReason.HOSPITAL, RatReason.CORRECTION)


def not_scored_yet(state: GameState) -> None:
    """R-SCORE-6: once scored, the rats revealed are the result; a player's own note would
    change a result the table has announced, so only the table corrects it from then on."""
    if state.phase is Phase.FINISHED:
        raise RuleViolation("R-SCORE-6", Refusal.GAME_SCORED)


def check_rats_changed(state: GameState, event: ev.RatsChanged) -> None:
    _player(state, event.player)
    not_scored_yet(state)
    if event.reason not in PRIVATE_REASONS:
        raise RuleViolation("EVENT", Refusal.NOT_A_PRIVATE_REASON, reason=event.reason.value)
    if event.delta == 0:
        raise RuleViolation("EVENT", Refusal.ZERO_CHANGE)
    if event.reason is RatReason.SUPPLY_DISCARD and event.delta > 0:
        raise RuleViolation("R-ROUND-B", Refusal.SUPPLY_GAINS_NO_RATS)
    have = state.rats[event.player]
    if have + event.delta < 0:
        raise RuleViolation("R-SETUP-1", Refusal.RATS_NEGATIVE,
                            player=state.setup.names[event.player], rats=have)


def check_nun_noted(state: GameState, event: ev.NunCardNoted) -> None:
    _player(state, event.player)
    not_scored_yet(state)
    if not 1 <= event.position <= NUN_ROW_SIZE:
        raise RuleViolation("R-SETUP-4", Refusal.NO_SUCH_NUN_CARD, position=event.position,
                            cards=NUN_ROW_SIZE)
    if not 0 <= event.nuns <= 4:
        raise RuleViolation("R-COMP-2", Refusal.NUNS_PER_CARD, nuns=event.nuns)


def check_dispute_dismissed(state: GameState, event: ev.DisputeDismissed) -> None:
    _player(state, event.player)
    if all((d.player, d.entry_id) != (event.player, event.entry_id) for d in state.disputes):
        raise RuleViolation("EVENT", Refusal.NO_OPEN_DISPUTE,
                            player=state.setup.names[event.player], entry_id=event.entry_id)


def check_disputed(state: GameState, event: ev.RatChangeDisputed) -> None:
    _player(state, event.player)
    not_scored_yet(state)
    if all(e.entry_id != event.entry_id for e in state.ledgers[event.player]):
        raise RuleViolation("EVENT", Refusal.NO_SUCH_ENTRY, entry_id=event.entry_id)

