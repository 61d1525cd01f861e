"""apply(state, event) -> state and replay(events) -> state: the game as the fold of its events.

`apply` never mutates: it checks the event against `guide.now` (the answer `next_step` shows
the UI), builds a new state, and raises RuleViolation before returning anything if the event is
malformed or breaks a rule, so the caller keeps the old state. A replay applies every event of a
game, so the common events are checked against what the state keeps (the phase, the phase-D
cursor, the round's turn queue), which is the same answer; an event out of place pays for the
full answer and its error.

Influence and rats are derived from the round records. Ordinary events update them in place
(O(1)-ish); a correction of an earlier record recomputes them from all records in the order
the table resolved them (`_rebuild`), which by construction is the order ordinary events apply.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Iterable
from enum import Enum
from functools import cache
from itertools import repeat
from typing import Any

from companion.rules import events as ev
from companion.rules.catalog import (
    BUILDINGS,
    ActionKind,
    MAX_NUNS_IN_ROW,
    NUN_ROW_SIZE,
    START_RATS,
    Building,
    Special,
)
from companion.rules.errors import RuleViolation
from companion.rules.events import RatReason
from companion.rules.guide import (
    Now,
    can_pass,
    cursor_of,
    d_cursor,
    next_step,
    now,
    reveal_cursor,
)
from companion.rules.resolution import (
    action_effects,
    holders_and_actions,
    special_result,
)
from companion.rules.setup import DeckMode, check_setup
from companion.rules.state import (
    ESTATE_INDEX,
    ESTATES,
    Choice,
    Cursor,
    EndValues,
    GameState,
    HospitalRecord,
    LedgerEntry,
    Phase,
    Reveal,
    RoundRecord,
    Track,
    Turn,
    _evolve,
    _replace,
)

__all__ = ["RuleViolation", "apply", "replay", "reveal_event"]

_PHASE_A, _PHASE_B, _PHASE_C, _PHASE_D, _PHASE_E, _PHASE_END, _PHASE_FINISHED = (
    Phase.A, Phase.B, Phase.C, Phase.D, Phase.E, Phase.END, Phase.FINISHED)
_SWORD, _FLUTE, _REVEAL_RATS = Special.SWORD, Special.FLUTE, RatReason.REVEAL
_DIGITAL = DeckMode.DIGITAL
"""Enum members the engine compares with on every event, looked up once: in Python 3.11 an
attribute of an Enum class costs about as much as a function call."""


# --- malformed events -------------------------------------------------------------------------


@cache
def _hints(cls: type) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))


def _checker(tp: Any) -> Callable[[Any], bool]:
    """A function telling whether a value fits the field type `tp` (see events.py)."""
    origin = typing.get_origin(tp)
    if origin is typing.Union or origin is types.UnionType:
        options = [_checker(arg) for arg in typing.get_args(tp)]
        return lambda v: any(check(v) for check in options)
    if origin is tuple:
        of = typing.get_args(tp)[0]
        if of in (bool, str) or (isinstance(of, type) and issubclass(of, Enum)):
            return lambda v: isinstance(v, tuple) and all(map(isinstance, v, repeat(of)))
        item = _checker(of)
        return lambda v: isinstance(v, tuple) and all(item(x) for x in v)
    if tp is type(None):
        return lambda v: v is None
    if tp is int:
        return lambda v: type(v) is int
    if tp in (bool, str) or (isinstance(tp, type) and issubclass(tp, Enum)):
        return lambda v: isinstance(v, tp)
    if dataclasses.is_dataclass(tp):
        fields = [(name, _checker(ftp)) for name, ftp in _hints(tp)]
        return lambda v: isinstance(v, tp) and all(check(getattr(v, n)) for n, check in fields)
    raise TypeError(f"unsupported field type {tp!r}")


@cache
def _shape_check(cls: type) -> Callable[[Any], str | None]:
    """One function per event class: the name of the first field that does not fit, or None.

    Plain int/str/bool/enum fields are checked inline (the hot path of every `apply`); the rest
    (tuples, optional values, the nested setup) by the general checker.
    """
    lines, env = [], {"Enum": Enum}
    for i, (name, tp) in enumerate(_hints(cls)):
        if tp is int:
            test = f"type(e.{name}) is int"
        elif tp in (bool, str) or (isinstance(tp, type) and issubclass(tp, Enum)):
            env[f"t{i}"] = tp
            test = f"isinstance(e.{name}, t{i})"
        else:
            env[f"c{i}"] = _checker(tp)
            test = f"c{i}(e.{name})"
        lines.append(f"    if not {test}: return {name!r}")
    source = "def check(e):\n" + "\n".join(lines + ["    return None"]) + "\n"
    exec(source, env)  # noqa: S102 - code built above from the event's own field names
    return env["check"]


_SHAPES: dict[type, Callable[[Any], str | None]] = {}
"""The compiled shape check of each event class met so far (filled by `_shape_of`)."""


def _shape_of(cls: type) -> Callable[[Any], str | None]:
    if cls not in _RULE:
        raise RuleViolation("EVENT", "unknown_event",
                            f"This is not an event of the game: {cls.__name__}.",
                            event=cls.__name__)
    check = _SHAPES[cls] = _shape_check(cls)
    return check


def _malformed(cls: type, name: str) -> RuleViolation:
    return RuleViolation("EVENT", "malformed_event", f"The event {cls.__name__} has an invalid "
                         f"{name}.", event=cls.__name__, field=name)


def _count(value: int, name: str, high: int | None = None) -> None:
    if value < 0 or (high is not None and value > high):
        raise RuleViolation("EVENT", "bad_number",
                            f"{name.capitalize()} must be a number from 0"
                            + (f" to {high}." if high is not None else " up."),
                            field=name, value=value)


def _player(state: GameState, player: int) -> None:
    if not 0 <= player < state.players:
        raise RuleViolation("EVENT", "no_such_player", f"There is no player {player + 1}.",
                            player=player)


def _building(record: RoundRecord, building: int) -> None:
    if not 0 <= building < len(record.row):
        raise RuleViolation("EVENT", "no_such_building",
                            f"There is no building {building + 1} in round {record.number}'s row.",
                            building=building)


# --- the rule each public event belongs to, and the "not now" error ---------------------------

_RULE: dict[type, str] = {
    ev.GameStarted: "R-SETUP-1", ev.BuildingsRevealed: "R-ROUND-A", ev.SupplyDone: "R-ROUND-B",
    ev.Entered: "R-ROUND-C", ev.Passed: "R-SPECIAL-3", ev.Revealed: "R-ROUND-D",
    ev.SpecialTargetChosen: "R-SPECIAL-1", ev.HospitalDiscarded: "R-ROUND-D",
    ev.BuildingResolved: "R-ROUND-D", ev.RoundEnded: "R-ROUND-E",
    ev.EntryCorrected: "R-ROUND-C", ev.RevealCorrected: "R-ROUND-D",
    ev.EndValuesEntered: "R-SETUP-6", ev.NunsCounted: "R-SETUP-6",
    ev.RatsChanged: "R-SETUP-1", ev.NunCardNoted: "R-SETUP-4", ev.RatChangeDisputed: "EVENT",
    ev.RatsConfirmed: "R-SCORE-6",
}

_NOW = {
    "reveal_buildings": "the buildings of round {round} are to be revealed (phase A)",
    "supply": "the players are doing their supply actions (phase B)",
    "enter": "{player} is to enter a building (phase C)",
    "reveal_cards": "{player} is to reveal their cards in the {building} (phase D)",
    "choose_sword_giver": "{player} is to choose who gives half their hand (Sword)",
    "choose_flute_receiver": "{player} is to choose who receives the rat (Flute)",
    "take_actions": "the actions of the {building} are to be taken (phase D)",
    "end_round": "round {round} is to be ended (phase E)",
    "end_values": "the game is over: enter the hands, specials, VP markers and nuns",
    "finished": "the game is over",
}


def _now(state: GameState) -> tuple[str, dict[str, Any]]:
    """What the table must do now, as a sentence, and the step's params (for errors only)."""
    step = next_step(state)
    text = _NOW[step.prompt.value].format(round=step.round, **step.params)
    return text, {"prompt": step.prompt.value, **step.params}


def _require(state: GameState, n: Now, event: Any) -> None:
    if type(event) not in n.allowed:
        text, params = _now(state)
        raise RuleViolation(_RULE[type(event)], "not_allowed_now",
                            f"That is not possible now: {text}.",
                            event=type(event).__name__, **params)


def _require_phase(state: GameState, event: Any, *phases: Phase) -> None:
    """`_require` for an event that `guide.now` allows in exactly these phases: the phase
    decides, and only an event out of place pays for the full answer (and its error)."""
    if state.phase not in phases:
        _require(state, now(state), event)


def _not_your_turn(state: GameState, player: int, rule: str) -> RuleViolation:
    text, params = _now(state)
    return RuleViolation(rule, "not_your_turn",
                         f"It is not {state.setup.names[player]}'s turn: {text}.",
                         **(params | {"player": state.setup.names[player]}))


# --- working copy: the one place influence and rats change ------------------------------------

class _Work:
    """A mutable working copy of the derived parts of a state, frozen again by `done`."""

    __slots__ = ("state", "clock", "tracks", "ledgers", "rats")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.clock = state.clock
        self.tracks: list[Track] | None = None
        self.ledgers: list[tuple[LedgerEntry, ...]] | None = None
        self.rats: list[int] | None = None

    def move(self, building: Building, player: int, by: int) -> None:
        """A disc moves `by` spaces and lands on top of the discs there (R-ROUND-D a)."""
        if by:
            if self.tracks is None:
                self.tracks = list(self.state.tracks)
            self.clock += 1
            i = _TRACK_OF[building]
            self.tracks[i] = self.tracks[i].moved(player, by, self.clock)

    def rat(self, player: int, entry_id: str, delta: int, reason: RatReason, round: int,
            building: int | None, public: bool) -> None:
        if not delta:
            return
        if self.rats is None or self.ledgers is None:
            self.rats, self.ledgers = list(self.state.rats), list(self.state.ledgers)
        applied = max(delta, -self.rats[player])
        self.rats[player] += applied
        self.ledgers[player] = self.ledgers[player] + (
            LedgerEntry(entry_id, delta, applied, reason, round, building, public),)

    def done(self, **changes: Any) -> GameState:
        if self.tracks is not None:
            changes["tracks"], changes["clock"] = tuple(self.tracks), self.clock
        if self.rats is not None and self.ledgers is not None:
            rats = tuple(self.rats)
            changes["rats"], changes["ledgers"] = rats, tuple(self.ledgers)
            if True in self.state.rats_confirmed:
                changes["rats_confirmed"] = _still_confirmed(self.state, rats)
        return _evolve(self.state, changes)


def _still_confirmed(state: GameState, rats: tuple[int, ...]) -> tuple[bool, ...]:
    """A confirmation is of a count (R-SCORE-6): once a player's rats change, it is taken back."""
    return tuple(c and old == new for c, old, new in zip(state.rats_confirmed, state.rats, rats))


_TRACK_OF = {b: ESTATE_INDEX[info.estate] for b, info in BUILDINGS.items()}


@cache  # a few dozen ids a game, asked for at every rat a reveal or an action brings
def _entry_id(round: int, building: int, reason: RatReason) -> str:
    return f"{round}.{building + 1}.{reason}"


def _reveal_effects(work: _Work, record: RoundRecord, player: int, building: int) -> None:
    matching, other, jokers, _, _ = record.reveals[player]
    work.move(record.row[building], player, matching + other + jokers)
    if other:
        work.rat(player, _entry_id(record.number, building, _REVEAL_RATS), other,
                 _REVEAL_RATS, record.number, building, True)


def _flute_effects(work: _Work, record: RoundRecord, building: int, settled: bool) -> None:
    """R-SPECIAL-2: the receiver takes a rat, the giver discards one (if they have one)."""
    entrants = record.occupants[building]
    if len(entrants) < 2 or not work.state.setup.special_in_play(_FLUTE):
        return
    reveals = record.reveals
    if not any([reveals[p].flutes for p in entrants]):
        return
    flute = special_result(_FLUTE, record, entrants, building, settled)
    if flute.happens:
        entry_id = _entry_id(record.number, building, RatReason.FLUTE)
        for player, delta in ((flute.receiver, 1), (flute.giver, -1)):
            work.rat(player, entry_id, delta, RatReason.FLUTE, record.number, building, True)


def _action_effects(work: _Work, record: RoundRecord, building: int) -> None:
    """R-ROUND-D b: Monastery and Hospital rats; in the last round the +1 influence."""
    changes, bonus = action_effects(work.state.setup, record, building)
    for change in changes:
        work.rat(change.player, _entry_id(record.number, building, change.reason),
                 change.delta, change.reason, record.number, building, True)
    if bonus is not None:
        work.move(record.row[building], bonus, 1)


def _stage_complete(record: RoundRecord, building: int) -> bool:
    return all(record.reveals[p] is not None for p in record.entrants(building))


def _rounds(state: GameState, record: RoundRecord) -> tuple[RoundRecord, ...]:
    """The state's rounds with `record` in its place."""
    rounds = state.rounds
    if record.number == len(rounds):
        return rounds[:-1] + (record,)
    return rounds[:record.number - 1] + (record,) + rounds[record.number:]


def _with_record(state: GameState, record: RoundRecord, **changes: Any) -> GameState:
    return _replace(state, rounds=_rounds(state, record), **changes)


def _snapshot(tracks: Iterable[Track]) -> tuple[tuple[int, ...], ...]:
    return tuple([t.values for t in tracks])


# --- recomputing everything derived after a correction ----------------------------------------

def _stages(players: int, record: RoundRecord) -> list[tuple[str, int]]:
    """The order a round resolves in: see guide.d_cursor."""
    buildings = range(len(record.row))
    if players == 2:
        return [("reveal", b) for b in buildings] + [("actions", b) for b in buildings]
    return [(kind, b) for b in buildings for kind in ("reveal", "actions")]


def _rebuild(state: GameState) -> GameState:
    """Influence, rats and round snapshots recomputed from the records; the players' own
    ledger notes keep their place among the derived entries."""
    setup, n = state.setup, state.players
    fresh = _replace(state, tracks=tuple(Track.start(n) for _ in ESTATES), clock=0,
                     ledgers=((),) * n, rats=(START_RATS,) * n)
    work = _Work(fresh)
    rounds = []
    for record in state.rounds:
        over = record.number < state.round or state.phase not in (_PHASE_C, _PHASE_D)
        for kind, b in _stages(n, record):
            if kind == "reveal":
                for p in record.entrants(b):
                    if record.reveals[p] is not None:
                        _reveal_effects(work, record, p, b)
                if record.entrants(b) and _stage_complete(record, b):
                    _flute_effects(work, record, b, over or record.resolved[b])
            elif record.resolved[b]:
                _action_effects(work, record, b)
        if record.influence:
            tracks = fresh.tracks if work.tracks is None else work.tracks
            record = _replace(record, influence=_snapshot(tracks))
        rounds.append(record)
    built = work.done()
    ledgers = tuple(_merge(old, new) for old, new in zip(state.ledgers, built.ledgers))
    rats = []
    refolded = []
    for ledger in ledgers:
        count, entries = START_RATS, []
        for e in ledger:
            applied = max(e.delta, -count)
            count += applied
            entries.append(e if e.applied == applied else e._replace(applied=applied))
        rats.append(count)
        refolded.append(tuple(entries))
    return _replace(state, rounds=tuple(rounds), tracks=built.tracks, clock=built.clock,
                    ledgers=tuple(refolded), rats=tuple(rats),
                    rats_confirmed=_still_confirmed(state, tuple(rats)))


def _merge(old: tuple[LedgerEntry, ...], derived: tuple[LedgerEntry, ...]
           ) -> tuple[LedgerEntry, ...]:
    """The new derived entries, in their order, with the player's own entries (and disputes)
    kept where they were relative to the derived entries that still exist."""
    disputed = {e.entry_id for e in old if e.disputed}
    derived = tuple(e._replace(disputed=True) if e.entry_id in disputed else e for e in derived)
    position = {e.entry_id: i for i, e in enumerate(derived)}
    out: list[LedgerEntry] = []
    i = 0
    for entry in old:
        if entry.public:
            j = position.get(entry.entry_id)
            if j is not None and j >= i:
                out.extend(derived[i:j + 1])
                i = j + 1
        else:
            while i < len(derived) and derived[i].round < entry.round:
                out.append(derived[i])
                i += 1
            out.append(entry)
    out.extend(derived[i:])
    return tuple(out)


# --- phase D: auto-reveal of 0 cards, end of the phase ----------------------------------------

_NO_CARDS = Reveal(0, 0)


def _reveal_into(work: _Work, record: RoundRecord, player: int, building: int, reveal: Reveal
                 ) -> tuple[RoundRecord, Cursor | None]:
    """`record` with `reveal` recorded, its effects made in `work`, then each reveal of 0
    declared cards the cursor comes to next (R-ROUND-D a: nothing to show, so nothing to wait
    for); and the cursor after them. The cursor is None, and `work` untouched, if a reveal is
    recorded later in the round's order (after a correction moved an entry): then everything
    derived is to be recomputed in the canonical order.

    A reveal of 0 cards moves no disc and brings no rat; the only effect it can have is to
    complete the building, and then the Flute is settled as for any last reveal there.
    """
    setup = work.state.setup
    reveals = list(record.reveals)
    reveals[player] = reveal
    slots = record.occupants
    here = slots[building]
    slot = here.index(player)
    for entrants in (here[slot + 1:],) + slots[building + 1:]:
        for p in entrants:
            if reveals[p] is not None:
                return _replace(record, reveals=tuple(reveals)), None
    cursor = None  # the next in this building reveals next (d_cursor), unless they have nothing
    for p in here[slot + 1:]:
        if record.entry(p).cards:
            cursor = reveal_cursor(building, p)
            break
        reveals[p] = _NO_CARDS
    record = _replace(record, reveals=tuple(reveals))
    if cursor is None:
        cursor = cursor_of(setup, record)
        while cursor.kind == "reveal" and record.entry(cursor.player).cards == 0:
            reveals[cursor.player] = _NO_CARDS
            record = _replace(record, reveals=tuple(reveals))
            cursor = cursor_of(setup, record)
    if reveal is not _NO_CARDS:
        _reveal_effects(work, record, player, building)
    if setup.special_in_play(_FLUTE) and None not in [reveals[p] for p in here]:
        _flute_effects(work, record, building, settled=False)
    return record, cursor


def _frozen(work: _Work, record: RoundRecord, cursor: Cursor | None, **changes: Any
            ) -> GameState:
    """The state of `work` with the current round's `record` and phase D's `cursor` (phase E
    once the round is resolved; None: recompute everything derived, see `_reveal_into`)."""
    rounds = work.state.rounds[:-1] + (record,)
    if cursor is None:
        state = work.done(rounds=rounds, cursor=cursor_of(work.state.setup, record), **changes)
        return _advance(_rebuild(state), fresh=True)
    if cursor.kind == "done":
        changes["phase"], cursor = _PHASE_E, None
    return work.done(rounds=rounds, cursor=cursor, **changes)


def _settle(work: _Work, record: RoundRecord, **changes: Any) -> GameState:
    """After a step of phase C or D in `record`: the cursor afresh, the reveals of 0 cards it
    comes to made, phase E once the round is resolved (the state of `work` with `changes`)."""
    cursor: Cursor | None = cursor_of(work.state.setup, record)
    assert cursor is not None
    if cursor.kind == "reveal" and record.entry(cursor.player).cards == 0:
        record, cursor = _reveal_into(work, record, cursor.player, cursor.building, _NO_CARDS)
    return _frozen(work, record, cursor, **changes)


def _record_reveal(state: GameState, player: int, building: int, reveal: Reveal) -> GameState:
    """The state with `reveal` recorded and everything that follows (see `_reveal_into`)."""
    work = _Work(state)
    record, cursor = _reveal_into(work, state.rounds[-1], player, building, reveal)
    return _frozen(work, record, cursor)


def _advance(state: GameState, fresh: bool = False) -> GameState:
    """Phase D: reveal 0 declared cards by themselves; when everything is resolved, phase E.
    `fresh`: state.cursor is already worked out for this very state (cursor_of its record)."""
    if state.phase is not _PHASE_D:
        return state
    cur = state.cursor if fresh and state.cursor else d_cursor(state)
    if cur.kind == "reveal" and state.rounds[-1].entry(cur.player).cards == 0:
        return _record_reveal(state, cur.player, cur.building, _NO_CARDS)
    if cur.kind == "done":
        return _replace(state, phase=_PHASE_E, cursor=None)
    return state if fresh else _replace(state, cursor=cur)


# --- handlers ---------------------------------------------------------------------------------

def _start(event: ev.GameStarted) -> GameState:
    setup = event.setup
    check_setup(setup)
    n = setup.player_count
    return GameState(
        setup=setup, round=1, phase=_PHASE_A,
        rounds=(_replace(_NO_ROUND, number=1, start_player=setup.start_player),),
        tracks=(Track.start(n),) * len(ESTATES), clock=0,
        ledgers=((),) * n, rats=(START_RATS,) * n,
        nun_notes=((None,) * NUN_ROW_SIZE,) * n,
        replacement=setup.replacement, end_values=(None,) * n, rats_confirmed=(False,) * n)


def reveal_event(state: GameState) -> ev.BuildingsRevealed:
    """Digital mode: the row the app's deck reveals now, with the replacement rule applied
    (R-ROUND-A: while all show the same building, the last is replaced by the top of the
    replacement stack and goes under it)."""
    setup = state.setup
    if setup.deck_mode is not DeckMode.DIGITAL:
        raise RuleViolation("R-ROUND-A", "physical_deck",
                            "The players shuffle the real cards; tell the app what was revealed.")
    k = setup.buildings_per_round
    row = list(setup.deck[state.deck_pos:state.deck_pos + k])
    stack = list(state.replacement)
    replaced = []
    while len(set(row)) == 1:
        replaced.append(row[-1])
        row[-1] = stack.pop(0)
        stack.append(replaced[-1])
    return ev.BuildingsRevealed(tuple(row), tuple(replaced))


def _names(buildings: Iterable[Building]) -> str:
    return ", ".join(BUILDINGS[b].name_en for b in buildings)


def _buildings_revealed(state: GameState, event: ev.BuildingsRevealed) -> GameState:
    _require_phase(state, event, _PHASE_A)
    setup = state.setup
    k = setup.buildings_per_round
    row, replaced = event.row, event.replaced
    if len(row) != k:
        raise RuleViolation("R-SETUP-6", "buildings_per_round",
                            f"With {setup.player_count} players, {k} buildings are revealed "
                            f"each round, not {len(row)}.", expected=k, given=len(row))
    if setup.deck_mode is _DIGITAL:
        expected = reveal_event(state)
        if event != expected:
            raise RuleViolation("R-ROUND-A", "deck_mismatch",
                                f"The app's deck shows {_names(expected.row)}: lay out those "
                                "buildings.", row=[b.value for b in expected.row])
        stack = list(state.replacement)
        for card in replaced:
            stack.pop(0)
            stack.append(card)
        extra = {"deck_pos": state.deck_pos + k, "replacement": tuple(stack)}
    else:
        shown = set(row).union(replaced)
        for b in shown:
            if not setup.in_play(b):
                raise RuleViolation("R-SETUP-2", "building_not_in_play",
                                    f"The {BUILDINGS[b].name_en} is not in this game.",
                                    building=b.value)
        if len(set(row)) == 1:
            raise RuleViolation("R-ROUND-A", "all_same",
                                f"All revealed cards show the {BUILDINGS[row[0]].name_en}: "
                                "replace the last one with the top card of the replacement "
                                "stack.", building=row[0].value)
        if replaced:
            same = replaced[0]
            if any(c != same for c in replaced) or any(c != same for c in row[:-1]):
                raise RuleViolation("R-ROUND-A", "bad_replacement",
                                    "Only the last card is replaced, and only while all "
                                    "revealed cards show the same building.")
        for b in shown:
            needed = row.count(b) + (len(replaced) if replaced and b == replaced[0] else 0)
            if state.used.count(b) + needed > setup.copies(b):
                raise RuleViolation("R-COMP-4", "too_many_copies",
                                    f"Only {setup.copies(b)} {BUILDINGS[b].name_en} cards are "
                                    "in this game, and the rows so far used them.",
                                    building=b.value)
        extra = {}
    n = setup.player_count
    record = state.rounds[-1]
    start = record.start_player
    record = _replace(record, row=row, replaced=replaced, reveals=(None,) * n,
                      resolved=(False,) * k, occupants=((),) * k,
                      queue=tuple(range(start, n)) + tuple(range(start)))
    return _replace(state, rounds=state.rounds[:-1] + (record,), phase=_PHASE_B,
                    used=state.used + row, **extra)


def _supply_done(state: GameState, event: ev.SupplyDone) -> GameState:
    _require_phase(state, event, _PHASE_B)
    return _replace(state, phase=_PHASE_C)


def _turn(state: GameState, event: ev.Entered | ev.Passed, turn: Turn) -> GameState:
    record = state.rounds[-1]
    queue = record.queue
    if state.phase is not _PHASE_C or (turn.building is None and not can_pass(state, queue)):
        _require(state, now(state), event)
    if event.player != queue[0]:
        _player(state, event.player)
        if record.entry(event.player) is not None:
            raise RuleViolation("R-ROUND-C", "already_entered",
                                f"{state.setup.names[event.player]} has already entered a "
                                "building this round.", player=state.setup.names[event.player])
        raise _not_your_turn(state, event.player, "R-ROUND-C")
    turns = record.turns + (turn,)
    if turn.building is None:  # R-SPECIAL-3: to the back of the queue
        record = _replace(record, turns=turns, queue=queue[1:] + queue[:1])
        return _replace(state, rounds=state.rounds[:-1] + (record,))
    occupants = list(record.occupants)
    occupants[turn.building] += (turn.player,)
    record = _replace(record, turns=turns, occupants=tuple(occupants), queue=queue[1:])
    rounds = state.rounds[:-1] + (record,)
    if len(queue) == 1:  # the last one still to enter
        return _settle(_Work(state), record, phase=_PHASE_D)
    return _replace(state, rounds=rounds)


def _entered(state: GameState, event: ev.Entered) -> GameState:
    if not 0 <= event.building < len(state.rounds[-1].row):
        _building(state.rounds[-1], event.building)
    if event.cards < 0:
        _count(event.cards, "cards")
    return _turn(state, event, Turn(event.player, event.building, event.cards))


def _passed(state: GameState, event: ev.Passed) -> GameState:
    queue = state.rounds[-1].queue
    if state.phase is _PHASE_C and not can_pass(state, queue) and event.player == queue[0]:
        if not state.setup.special_in_play(Special.PASS):
            raise RuleViolation("R-SPECIAL-3", "pass_not_in_play",
                                "There are no Pass cards in this game (no Town Hall).")
        raise RuleViolation("R-ROUND-C", "pointless_pass",
                            "Nobody else is still to enter: passing would not change anything, "
                            "so enter a building.")
    return _turn(state, event, Turn(event.player, None))


def _check_reveal_cards(state: GameState, matching: int, other: int, jokers: int, swords: int,
                        flutes: int) -> Reveal:
    if min(matching, other, jokers, swords, flutes) < 0:
        for name, value in (("matching", matching), ("other", other), ("jokers", jokers),
                            ("swords", swords), ("flutes", flutes)):
            _count(value, name)
    setup = state.setup
    if swords and not setup.special_in_play(_SWORD):
        raise RuleViolation("R-SPECIAL-1", "sword_not_in_play",
                            "There are no Swords in this game (no Castle).")
    if flutes and not setup.special_in_play(_FLUTE):
        raise RuleViolation("R-SPECIAL-2", "flute_not_in_play",
                            "There are no Flutes in this game (no Rat Catcher's Hut).")
    return Reveal(matching, other, jokers, swords, flutes)


def _revealed(state: GameState, event: ev.Revealed) -> GameState:
    cur = state.cursor
    if state.phase is not _PHASE_D or cur is None or cur.kind != "reveal":
        _require(state, now(state), event)
    reveal = _check_reveal_cards(state, event.matching, event.other, event.jokers,
                                 event.swords, event.flutes)
    assert cur is not None and cur.player is not None
    names = state.setup.names
    if event.player != cur.player or event.building != cur.building:
        _player(state, event.player)
        _building(state.record, event.building)
        text, params = _now(state)
        raise RuleViolation("R-ROUND-D", "reveal_order",
                            f"Buildings are resolved in row order and revealed in slot order: "
                            f"{text}.", **(params | {"player": names[event.player]}))
    declared = state.rounds[-1].entry(cur.player).cards
    if sum(reveal) != declared:
        raise RuleViolation("R-ROUND-D", "reveal_count",
                            f"{names[cur.player]} declared {declared} cards but revealed "
                            f"{reveal.total}.", player=names[cur.player], declared=declared,
                            revealed=reveal.total)
    return _record_reveal(state, event.player, event.building, reveal)


def _special_chosen(state: GameState, event: ev.SpecialTargetChosen) -> GameState:
    rule = "R-SPECIAL-2" if event.special is _FLUTE else "R-SPECIAL-1"
    cur = state.cursor
    if (state.phase is not _PHASE_D or cur is None or cur.kind != "choose"
            or (event.building, event.special) != (cur.building, cur.special)):
        text, params = _now(state)
        raise RuleViolation(rule, "no_choice_now", f"No such choice is needed now: {text}.",
                            **params)
    record = state.rounds[-1]
    candidates = special_result(event.special, record, record.occupants[event.building],
                                event.building, settled=False).candidates
    if event.player not in candidates:
        names = state.setup.names
        raise RuleViolation(rule, "not_a_candidate",
                            "Only a player tied for the fewest can be chosen: "
                            + ", ".join(names[p] for p in candidates) + ".",
                            candidates=[names[p] for p in candidates])
    record = _replace(record, choices=record.choices + (
        Choice(event.building, event.special, event.player),))
    work = _Work(state)
    if event.special is _FLUTE:
        _flute_effects(work, record, event.building, settled=False)
    return _settle(work, record)


def _hospital(state: GameState, event: ev.HospitalDiscarded) -> GameState:
    n = now(state)
    _require(state, n, event)
    building = n.cursor.building  # allowed: the actions of a Hospital are being taken
    record = state.rounds[-1]
    takers = holders_and_actions(state.setup, record, building, record.occupants[building])[3]
    up_to = next((a.action.hand_cards_up_to for a in takers if a.player == event.player
                  and a.action.kind is ActionKind.HOSPITAL), None)
    if event.building != building or up_to is None:
        raise RuleViolation("R-ROUND-D", "no_hospital_action",
                            "Only a player taking the Hospital's action now can discard there.")
    if not 0 <= event.cards <= up_to:
        raise RuleViolation("R-ROUND-D", "hospital_limit",
                            f"The Hospital's action discards up to {up_to} hand cards "
                            f"here, not {event.cards}.", up_to=up_to, cards=event.cards)
    others = tuple(h for h in record.hospital
                   if (h.building, h.player) != (event.building, event.player))
    record = _replace(record, hospital=others + (
        HospitalRecord(event.building, event.player, event.cards),))
    return _with_record(state, record)


def _building_resolved(state: GameState, event: ev.BuildingResolved) -> GameState:
    cur = state.cursor
    if state.phase is not _PHASE_D or cur is None or cur.kind != "actions":
        _require(state, now(state), event)
    assert cur is not None
    if event.building != cur.building:
        text, params = _now(state)
        raise RuleViolation("R-ROUND-D", "resolve_in_row_order",
                            f"Buildings are resolved in row order: {text}.", **params)
    record = state.rounds[-1]
    resolved = list(record.resolved)
    resolved[event.building] = True
    record = _replace(record, resolved=tuple(resolved))
    work = _Work(state)
    _action_effects(work, record, event.building)
    return _settle(work, record)


def _round_ended(state: GameState, event: ev.RoundEnded) -> GameState:
    _require_phase(state, event, _PHASE_E)
    record = _replace(state.record, influence=_snapshot(state.tracks))
    rounds = state.rounds[:-1] + (record,)
    if state.is_last_round:
        return _replace(state, rounds=rounds, phase=_PHASE_END)
    nxt = _replace(_NO_ROUND, number=state.round + 1,
                   start_player=(record.start_player + 1) % state.players)
    return _replace(state, round=state.round + 1, phase=_PHASE_A, rounds=rounds + (nxt,))


_NO_ROUND = RoundRecord(0, 0)
"""The record of a round not begun yet, to copy (cheaper than RoundRecord's frozen __init__)."""


def _finish_if_complete(state: GameState) -> GameState:
    if state.nuns is not None and None not in state.end_values:
        return _replace(state, phase=_PHASE_FINISHED)
    return state


_END_SPECIALS = ((Special.SWORD, "R-SCORE-3"), (Special.FLUTE, "R-SCORE-3"),
                 (Special.PASS, "R-SCORE-3"), (Special.GOLD, "R-SCORE-4"))


def _end_values(state: GameState, event: ev.EndValuesEntered) -> GameState:
    _require_phase(state, event, _PHASE_END, _PHASE_FINISHED)
    _player(state, event.player)
    if min(event.hand, event.swords, event.flutes, event.passes, event.gold, event.markers) < 0:
        for name in ("hand", "swords", "flutes", "passes", "gold", "markers"):
            _count(getattr(event, name), name)
    if event.rats is not None:
        _count(event.rats, "rats")
    setup = state.setup
    for (special, rule), value in zip(_END_SPECIALS, (event.swords, event.flutes, event.passes,
                                                      event.gold)):
        if value and not setup.special_in_play(special):
            raise RuleViolation(rule, "special_not_in_play",
                                f"There are no {special.value} cards in this game.",
                                special=special.value)
    values = list(state.end_values)
    values[event.player] = EndValues(event.hand, event.swords, event.flutes, event.passes,
                                     event.gold, event.markers, event.rats)
    return _finish_if_complete(_replace(state, end_values=tuple(values)))


def _nuns_counted(state: GameState, event: ev.NunsCounted) -> GameState:
    _require_phase(state, event, _PHASE_END, _PHASE_FINISHED)
    _count(event.nuns, "nuns", MAX_NUNS_IN_ROW)
    return _finish_if_complete(_replace(state, nuns=event.nuns))


# --- corrections ------------------------------------------------------------------------------

def _corrected_round(state: GameState, event: ev.EntryCorrected | ev.RevealCorrected
                     ) -> tuple[RoundRecord, int]:
    _require(state, now(state), event)
    _player(state, event.player)
    if not 1 <= event.round <= state.round:
        raise RuleViolation("EVENT", "no_such_round", f"Round {event.round} has not been played.",
                            round=event.round)
    record = state.round_record(event.round)
    index = record.entry_index(event.player)
    if index < 0:
        raise RuleViolation("EVENT", "no_entry",
                            f"{state.setup.names[event.player]} has not entered a building in "
                            f"round {event.round}.", player=state.setup.names[event.player],
                            round=event.round)
    return record, index


def _after_correction(state: GameState, record: RoundRecord) -> GameState:
    state = _rebuild(_with_record(state, record))
    return _advance(state) if record.number == state.round else state


def _entry_corrected(state: GameState, event: ev.EntryCorrected) -> GameState:
    record, index = _corrected_round(state, event)
    _building(record, event.building)
    _count(event.cards, "cards")
    name = state.setup.names[event.player]
    reveal = record.reveals[event.player]
    if reveal is not None and reveal.total != event.cards:
        raise RuleViolation("R-ROUND-D", "correct_reveal_instead",
                            f"{name} revealed {reveal.total} cards there: correct the reveal, "
                            "which changes the declared count too.", player=name,
                            revealed=reveal.total)
    if reveal is None and record.resolved and record.resolved[event.building]:
        raise RuleViolation("R-ROUND-D", "building_already_resolved",
                            f"The {BUILDINGS[record.row[event.building]].name_en} is already "
                            f"resolved; {name} has not revealed yet.", player=name)
    turns = list(record.turns)
    turns[index] = Turn(event.player, event.building, event.cards)
    return _after_correction(state, record.with_turns(tuple(turns)))


def _reveal_corrected(state: GameState, event: ev.RevealCorrected) -> GameState:
    record, index = _corrected_round(state, event)
    reveal = _check_reveal_cards(state, event.matching, event.other, event.jokers,
                                 event.swords, event.flutes)
    if record.reveals[event.player] is None:
        name = state.setup.names[event.player]
        raise RuleViolation("R-ROUND-D", "not_revealed_yet",
                            f"{name} has not revealed yet in round {event.round}; to change "
                            "the declared count, correct the entry.", player=name)
    reveals = list(record.reveals)
    reveals[event.player] = reveal
    turns = list(record.turns)
    turns[index] = turns[index]._replace(cards=reveal.total)
    return _after_correction(state, _replace(record, reveals=tuple(reveals), turns=tuple(turns)))


# --- private events ---------------------------------------------------------------------------

_PRIVATE_REASONS = (RatReason.SUPPLY_DISCARD, RatReason.HOSPITAL, RatReason.CORRECTION)


def _rats_changed(state: GameState, event: ev.RatsChanged) -> GameState:
    _player(state, event.player)
    if event.reason not in _PRIVATE_REASONS:
        raise RuleViolation("EVENT", "not_a_private_reason",
                            "The table records reveals, Flutes and Monasteries itself.",
                            reason=event.reason.value)
    if event.delta == 0:
        raise RuleViolation("EVENT", "zero_change", "A change of 0 rats changes nothing.")
    if event.reason is RatReason.SUPPLY_DISCARD and event.delta > 0:
        raise RuleViolation("R-ROUND-B", "supply_gains_no_rats",
                            "Supply actions only discard rats.")
    have = state.rats[event.player]
    if have + event.delta < 0:
        raise RuleViolation("R-SETUP-1", "rats_negative",
                            f"{state.setup.names[event.player]} has only {have} rats.",
                            player=state.setup.names[event.player], rats=have)
    k = 1 + sum(1 for e in state.ledgers[event.player] if not e.public and e.round == state.round)
    work = _Work(state)
    work.rat(event.player, f"{state.round}.p{k}", event.delta, event.reason, state.round, None,
             False)
    return work.done()


def _nun_noted(state: GameState, event: ev.NunCardNoted) -> GameState:
    _player(state, event.player)
    if not 1 <= event.position <= NUN_ROW_SIZE:
        raise RuleViolation("R-SETUP-4", "no_such_nun_card",
                            f"The nun row has {NUN_ROW_SIZE} cards, numbered 1 to "
                            f"{NUN_ROW_SIZE}.", position=event.position)
    if not 0 <= event.nuns <= 4:
        raise RuleViolation("R-COMP-2", "nuns_per_card",
                            "A population card shows 0 to 4 nuns.", nuns=event.nuns)
    notes = list(state.nun_notes)
    row = list(notes[event.player])
    row[event.position - 1] = event.nuns
    notes[event.player] = tuple(row)
    return _replace(state, nun_notes=tuple(notes))


def _disputed(state: GameState, event: ev.RatChangeDisputed) -> GameState:
    _player(state, event.player)
    ledger = state.ledgers[event.player]
    for i, entry in enumerate(ledger):
        if entry.entry_id == event.entry_id:
            ledgers = list(state.ledgers)
            ledgers[event.player] = ledger[:i] + (entry._replace(disputed=True),) + ledger[i + 1:]
            return _replace(state, ledgers=tuple(ledgers))
    raise RuleViolation("EVENT", "no_such_entry",
                        f"There is no entry {event.entry_id!r} in this ledger.",
                        entry_id=event.entry_id)


def _rats_confirmed(state: GameState, event: ev.RatsConfirmed) -> GameState:
    _player(state, event.player)
    if state.phase is not _PHASE_END and state.phase is not _PHASE_FINISHED:
        text, params = _now(state)
        raise RuleViolation("R-SCORE-6", "not_allowed_now",
                            "Rats are confirmed for the plague check once the last round is "
                            f"over; now {text}.", event="RatsConfirmed", **params)
    name = state.setup.names[event.player]
    if state.rats_confirmed[event.player]:
        raise RuleViolation("R-SCORE-6", "already_confirmed",
                            f"{name} has already confirmed their {state.rats[event.player]} "
                            "rats.", player=name)
    confirmed = list(state.rats_confirmed)
    confirmed[event.player] = True
    return _replace(state, rats_confirmed=tuple(confirmed))


_HANDLERS: dict[type, Any] = {
    ev.BuildingsRevealed: _buildings_revealed, ev.SupplyDone: _supply_done,
    ev.Entered: _entered, ev.Passed: _passed, ev.Revealed: _revealed,
    ev.SpecialTargetChosen: _special_chosen, ev.HospitalDiscarded: _hospital,
    ev.BuildingResolved: _building_resolved, ev.RoundEnded: _round_ended,
    ev.EntryCorrected: _entry_corrected, ev.RevealCorrected: _reveal_corrected,
    ev.EndValuesEntered: _end_values, ev.NunsCounted: _nuns_counted,
    ev.RatsChanged: _rats_changed, ev.NunCardNoted: _nun_noted,
    ev.RatChangeDisputed: _disputed, ev.RatsConfirmed: _rats_confirmed,
}


def apply(state: GameState | None, event: ev.Event) -> GameState:
    """The state after `event`; raises RuleViolation (state untouched) if it is not allowed."""
    cls = type(event)
    name = (_SHAPES.get(cls) or _shape_of(cls))(event)
    if name is not None:
        raise _malformed(cls, name)
    if state is None:
        if not isinstance(event, ev.GameStarted):
            raise RuleViolation("EVENT", "not_started",
                                "A game begins with its setup (GameStarted).")
        return _start(event)
    if cls is ev.GameStarted:
        raise RuleViolation("EVENT", "already_started", "This game has already started.")
    return _HANDLERS[cls](state, event)


def replay(events: Iterable[ev.Event]) -> GameState | None:
    """The fold of `events` (None for no events)."""
    state = None
    for event in events:
        state = apply(state, event)
    return state
