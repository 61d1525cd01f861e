"""What the table must do now: `next_step(state)`.

One function answers "who may take which action, and why": the UI shows its prompt, and
`engine.apply` checks every public event against the same `Step` (or the helpers below), so the
two can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, NamedTuple

from companion.rules import events as ev
from companion.rules.catalog import ActionKind, Building, Special
from companion.rules.order import cursor_of
from companion.rules.passes import pass_cards_up_to
from companion.rules.questions import Question, open_questions
from companion.rules.resolution import BuildingResolution, resolve
from companion.rules.setup import DeckMode
from companion.rules.state import (
    ActionsCursor,
    ChooseCursor,
    Cursor,
    GameState,
    Phase,
    RevealCursor,
    RoundRecord,
    RoundResolved,
)

PRIVATE_EVENTS: frozenset[type[ev.Event]] = frozenset(
    cls for cls in ev.EVENT_TYPES.values() if cls.PRIVATE)
ANYTIME_PRIVATE_EVENTS: frozenset[type[ev.Event]] = PRIVATE_EVENTS - {ev.RatsConfirmed}
"""A player's own notes may come at any point; confirming the rats only at the end (R-SCORE-6)."""


class Prompt(StrEnum):
    START_GAME = "start_game"
    REVEAL_BUILDINGS = "reveal_buildings"
    """Phase A; params: count, deck_mode."""
    SUPPLY = "supply"
    """Phase B: each player picks one revealed building's supply action and does it."""
    ENTER = "enter"
    """Phase C; actor enters a building (or plays a Pass)."""
    REVEAL_CARDS = "reveal_cards"
    """Phase D a; actor reveals the cards declared in the building."""
    CHOOSE_SWORD_GIVER = "choose_sword_giver"
    """R-SPECIAL-1 tie for fewest Swords: actor (the winner) names who gives half their hand."""
    CHOOSE_FLUTE_RECEIVER = "choose_flute_receiver"
    """R-SPECIAL-2 tie for fewest Flutes: actor (the winner) names who receives the rat."""
    TAKE_ACTIONS = "take_actions"
    """Phase D b/c: the players in the building take their actions, then the table confirms."""
    END_ROUND = "end_round"
    """Phase E."""
    END_VALUES = "end_values"
    """After the last round: enter each player's hand, specials, VP markers and the nuns."""
    FINISHED = "finished"


@dataclass(frozen=True)
class EnterOption:
    building: int
    kind: Building
    slot: int
    """The slot the disc would go on (1-based, leftmost free)."""


@dataclass(frozen=True)
class RevealRequest:
    player: int
    building: int
    declared: int


@dataclass(frozen=True)
class ChoiceRequest:
    building: int
    special: Special
    chooser: int
    candidates: tuple[int, ...]


@dataclass(frozen=True)
class HospitalOption:
    player: int
    up_to: int


@dataclass(frozen=True)
class Step:
    phase: Phase | None
    round: int
    rounds: int
    is_last_round: bool
    prompt: Prompt
    params: dict[str, Any] = field(default_factory=dict)
    actor: int | None = None
    """The player to act, or None when it is the table's turn (or anyone's)."""
    allowed: frozenset[type[ev.Event]] = frozenset()
    """Event types that may be applied now (a player's own notes always are)."""
    enter: tuple[EnterOption, ...] = ()
    can_pass: bool = False
    pass_cards: int | None = None
    """Phase C with the Pass stack in play: the most Pass cards the actor can hold
    (`passes.pass_cards_up_to`); at 0 they have none to play, so `can_pass` is False."""
    reveal: RevealRequest | None = None
    choice: ChoiceRequest | None = None
    building: int | None = None
    """Phase D: the building being resolved."""
    resolution: BuildingResolution | None = None
    hospital: tuple[HospitalOption, ...] = ()
    missing_end_values: tuple[int, ...] = ()
    questions: tuple[Question, ...] = ()
    """What corrections left for the table to answer (`questions.open_questions`): asked
    wherever the table is, answered with `TieChosenAfterCorrection` / `HospitalCorrected`."""


# --- helpers shared with the engine -----------------------------------------------------------

def turn_queue(record: RoundRecord, players: int) -> list[int]:
    """Phase C: who is still to enter, the one to act first (R-ROUND-C, R-SPECIAL-3).

    From the start player clockwise; a player who passes goes to the back of the queue, so they
    are up again once all the others have entered or passed.
    """
    queue = [(record.start_player + i) % players for i in range(players)]
    for turn in record.turns:
        queue.remove(turn.player)
        if turn.building is None:
            queue.append(turn.player)
    return queue


def d_cursor(state: GameState) -> Cursor:
    """Phase D (R-ROUND-D): the next thing to do in the current round (see order)."""
    return cursor_of(state.setup, state.record)


class Now(NamedTuple):
    """The core of a step, cheap enough for every `apply`: the prompt, what is allowed, who
    acts, and where phase C/D stand. `next_step` adds what the UI shows."""

    prompt: Prompt
    allowed: frozenset[type[ev.Event]]
    actor: int | None = None
    cursor: Cursor | None = None
    queue: tuple[int, ...] = ()


def _variants(*events: type) -> tuple[frozenset[type[ev.Event]], frozenset[type[ev.Event]]]:
    """The allowed set without and with corrections (possible once anyone has entered)."""
    now = frozenset(events) | ANYTIME_PRIVATE_EVENTS | {ev.DisputeDismissed}
    return now, now | {ev.EntryCorrected, ev.RevealCorrected, ev.TieChosenAfterCorrection,
                       ev.HospitalCorrected}


PHASE_PROMPTS: dict[Phase, Prompt] = {
    Phase.A: Prompt.REVEAL_BUILDINGS, Phase.B: Prompt.SUPPLY, Phase.E: Prompt.END_ROUND,
    Phase.END: Prompt.END_VALUES, Phase.FINISHED: Prompt.FINISHED,
}
"""The phases where the phase alone says what is to be done; C and D ask their queue/cursor."""

CURSOR_PROMPTS: dict[type, Prompt] = {
    RevealCursor: Prompt.REVEAL_CARDS, ActionsCursor: Prompt.TAKE_ACTIONS,
}
CHOICE_PROMPTS: dict[Special, Prompt] = {
    Special.SWORD: Prompt.CHOOSE_SWORD_GIVER, Special.FLUTE: Prompt.CHOOSE_FLUTE_RECEIVER,
}

ALLOWED: dict[Prompt, tuple[frozenset[type[ev.Event]], frozenset[type[ev.Event]]]] = {
    Prompt.REVEAL_BUILDINGS: _variants(ev.BuildingsRevealed),
    Prompt.SUPPLY: _variants(ev.SupplyDone),
    Prompt.ENTER: _variants(ev.Entered),
    Prompt.REVEAL_CARDS: _variants(ev.Revealed),
    Prompt.CHOOSE_SWORD_GIVER: _variants(ev.SpecialTargetChosen),
    Prompt.CHOOSE_FLUTE_RECEIVER: _variants(ev.SpecialTargetChosen),
    Prompt.TAKE_ACTIONS: _variants(ev.BuildingResolved),
    Prompt.END_ROUND: _variants(ev.RoundEnded),
    Prompt.END_VALUES: _variants(ev.EndValuesEntered, ev.NunsCounted, ev.RatsConfirmed),
    Prompt.FINISHED: _variants(ev.EndValuesEntered, ev.NunsCounted, ev.RatsConfirmed),
}
"""What each prompt allows, without and with corrections (see `_variants`); a Pass and a
Hospital discard are added where the game allows them (`now`)."""
_ENTER_OR_PASS = _variants(ev.Entered, ev.Passed)
_RESOLVE_HOSPITAL = _variants(ev.BuildingResolved, ev.HospitalDiscarded)


def pass_possible(state: GameState, queue: list[int] | tuple[int, ...]) -> bool:
    """R-SPECIAL-3 / R-ROUND-C: a Pass needs the Pass stack (Town Hall) in play, and someone
    else still to enter (otherwise passing changes nothing)."""
    return len(queue) > 1 and state.setup.special_in_play(Special.PASS)


def can_pass(state: GameState, queue: list[int] | tuple[int, ...]) -> bool:
    """`pass_possible`, and the player to act may hold a Pass card: a Pass costs one
    (R-ROUND-C, R-SPECIAL-3; the bound is `passes.pass_cards_up_to`)."""
    return pass_possible(state, queue) and pass_cards_up_to(state)[queue[0]] > 0


def now(state: GameState) -> Now:
    """Who may take which action now, and why: the answer `next_step` and `apply` share."""
    phase, record = state.phase, state.rounds[-1]
    fix = 1 if state.rounds[0].turns else 0
    prompt = PHASE_PROMPTS.get(phase)
    if prompt is not None:
        return Now(prompt, ALLOWED[prompt][fix])
    if phase is Phase.C:
        queue = record.queue
        events = _ENTER_OR_PASS if can_pass(state, queue) else ALLOWED[Prompt.ENTER]
        return Now(Prompt.ENTER, events[fix], queue[0], queue=queue)
    cur = state.cursor or d_cursor(state)
    if isinstance(cur, ChooseCursor):
        prompt = CHOICE_PROMPTS[cur.special]
        return Now(prompt, ALLOWED[prompt][fix], cur.player, cur)
    if isinstance(cur, RevealCursor):
        return Now(Prompt.REVEAL_CARDS, ALLOWED[Prompt.REVEAL_CARDS][fix], cur.player, cur)
    if isinstance(cur, ActionsCursor):
        hospital = (record.row[cur.building] is Building.HOSPITAL and not state.is_last_round)
        events = _RESOLVE_HOSPITAL if hospital else ALLOWED[Prompt.TAKE_ACTIONS]
        return Now(Prompt.TAKE_ACTIONS, events[fix], None, cur)
    return Now(Prompt.END_ROUND, ALLOWED[Prompt.END_ROUND][fix])


def next_step(state: GameState | None) -> Step:
    """What the table must do now, who is to act, what is allowed, and the details to show."""
    if state is None:
        return Step(phase=None, round=0, rounds=0, is_last_round=False,
                    prompt=Prompt.START_GAME, allowed=frozenset({ev.GameStarted}))
    n = now(state)
    setup, record = state.setup, state.record
    base = Step(phase=state.phase, round=state.round, rounds=setup.rounds,
                is_last_round=state.is_last_round, prompt=n.prompt, allowed=n.allowed,
                actor=n.actor, questions=open_questions(state) if state.rounds[0].turns else ())
    prompt = n.prompt
    if prompt is Prompt.REVEAL_BUILDINGS:
        return replace(base, params={"count": setup.buildings_per_round,
                                     "deck_mode": setup.deck_mode.value,
                                     "digital": setup.deck_mode is DeckMode.DIGITAL})
    if prompt is Prompt.ENTER:
        options = tuple(EnterOption(b, kind, len(record.entrants(b)) + 1)
                        for b, kind in enumerate(record.row))
        actor = record.queue[0]
        held = (pass_cards_up_to(state)[actor] if setup.special_in_play(Special.PASS)
                else None)
        return replace(base, enter=options, can_pass=ev.Passed in n.allowed, pass_cards=held,
                       params={"player": setup.names[actor]})
    if prompt in (Prompt.END_VALUES, Prompt.FINISHED):
        missing = tuple(p for p, v in enumerate(state.end_values) if v is None)
        return replace(base, missing_end_values=missing,
                       params={"nuns_missing": state.nuns is None})
    cur = n.cursor
    if cur is None or isinstance(cur, RoundResolved):
        return base
    b = cur.building
    where = {"building": record.row[b].value}
    if isinstance(cur, RevealCursor):
        p = cur.player
        entry = record.entry(p)
        declared = entry.cards if entry is not None else 0
        return replace(base, building=b, reveal=RevealRequest(p, b, declared),
                       params={"player": setup.names[p], "declared": declared, **where})
    res = resolve(setup, record, b, settled=False)
    if isinstance(cur, ChooseCursor):
        result = res.sword if cur.special is Special.SWORD else res.flute
        candidates = result.candidates if result is not None else ()
        return replace(base, building=b, resolution=res,
                       choice=ChoiceRequest(b, cur.special, cur.player, candidates),
                       params={"player": setup.names[cur.player], **where})
    hospital = tuple(HospitalOption(a.player, a.action.hand_cards_up_to)
                     for a in res.actions if a.action.kind is ActionKind.HOSPITAL)
    return replace(base, building=b, resolution=res, hospital=hospital, params=where)
