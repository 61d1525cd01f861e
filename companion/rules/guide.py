"""The step a state stands at: `step_at(state)`, the step types and what each allows.

"Who may take which action, and why" has one answer: `engine.apply` checks every public event
against it (`now`, which `step_at` builds on), and `decision.next_step` (what happens next,
the one function the session and the screens ask) folds the steps that need no tap through
it, so the two can never disagree. A `Step` is one of a union of variants, one per
prompt, each with only the fields its prompt has: a screen matches on the variant instead of
asking optional fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, NamedTuple

from companion.rules import events as ev
from companion.rules.catalog import ActionKind, Building, Special
from companion.rules.errors import Param
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
)
from companion.rules.twins import copy_number

PRIVATE_EVENTS: frozenset[type[ev.Event]] = frozenset(
    cls for cls in ev.EVENT_TYPES.values() if cls.PRIVATE)
ANYTIME_PRIVATE_EVENTS: frozenset[type[ev.Event]] = PRIVATE_EVENTS - {ev.RatsConfirmed}
"""A player's own notes may come at any point; confirming the rats only at the end (R-SCORE-6)."""


class Prompt(StrEnum):
    """Each step variant's code (its `PROMPT`): the key of its sentence, of what it allows
    (`ALLOWED`) and of a refusal's "now" (`moves.common.now_params`)."""

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


@dataclass(frozen=True, kw_only=True)
class StepHead:
    """What every step has: where the game stands, who acts, what is allowed, what corrections
    left open. The variants below add what their prompt shows (`Step` is their union)."""

    PROMPT: ClassVar[Prompt]
    phase: Phase | None
    round: int
    rounds: int
    is_last_round: bool
    allowed: frozenset[type[ev.Event]]
    """Event types that may be applied now (a player's own notes always are)."""
    actor: int | None = None
    """The player to act, or None when it is the table's turn (or anyone's)."""
    questions: tuple[Question, ...] = ()
    """What corrections left for the table to answer (`questions.open_questions`): asked
    wherever the table is, answered with `TieChosenAfterCorrection` / `HospitalCorrected`."""

    @property
    def prompt(self) -> Prompt:
        return self.PROMPT

    @property
    def params(self) -> dict[str, Param]:
        """The step's values for its sentence and for a refusal's text
        (`moves.common.now_params`)."""
        return {}


@dataclass(frozen=True, kw_only=True)
class StartGame(StepHead):
    PROMPT = Prompt.START_GAME


@dataclass(frozen=True, kw_only=True)
class RevealBuildings(StepHead):
    """Phase A (R-ROUND-A)."""

    PROMPT = Prompt.REVEAL_BUILDINGS
    count: int
    deck_mode: DeckMode

    @property
    def digital(self) -> bool:
        """The app's deck deals the row (`setup.DeckMode.DIGITAL`)."""
        return self.deck_mode is DeckMode.DIGITAL

    @property
    def params(self) -> dict[str, Param]:
        return {"count": self.count, "deck_mode": self.deck_mode.value, "digital": self.digital}


@dataclass(frozen=True, kw_only=True)
class Supply(StepHead):
    PROMPT = Prompt.SUPPLY


@dataclass(frozen=True, kw_only=True)
class Enter(StepHead):
    """Phase C: `actor` enters a building (or plays a Pass)."""

    PROMPT = Prompt.ENTER
    actor: int
    player: str
    """The actor's name."""
    options: tuple[EnterOption, ...]
    can_pass: bool
    pass_cards: int | None
    """With the Pass stack in play: the most Pass cards the actor can hold
    (`passes.pass_cards_up_to`); at 0 they have none to play, so `can_pass` is False. None
    without the Pass stack."""

    @property
    def params(self) -> dict[str, Param]:
        return {"player": self.player}


@dataclass(frozen=True, kw_only=True)
class AtBuilding(StepHead):
    """Phase D: a step at the building being resolved."""

    building: int
    kind: Building
    copy: int | None = None
    """Which card of the row the building is, where the row holds another card of it
    (`twins.copy_number`), so that the step's sentence names the one meant."""

    @property
    def params(self) -> dict[str, Param]:
        return {"building": self.kind.value,
                **({} if self.copy is None else {"copy": self.copy})}


@dataclass(frozen=True, kw_only=True)
class RevealCards(AtBuilding):
    """Phase D a: `actor` reveals the cards declared in the building."""

    PROMPT = Prompt.REVEAL_CARDS
    actor: int
    player: str
    reveal: RevealRequest

    @property
    def params(self) -> dict[str, Param]:
        return {"player": self.player, "declared": self.reveal.declared, **super().params}


@dataclass(frozen=True, kw_only=True)
class Choose(AtBuilding):
    """A tie for fewest Swords or Flutes: `actor` (the winner) names a player."""

    actor: int
    player: str
    choice: ChoiceRequest
    resolution: BuildingResolution

    @property
    def params(self) -> dict[str, Param]:
        return {"player": self.player, **super().params}


@dataclass(frozen=True, kw_only=True)
class ChooseSwordGiver(Choose):
    """R-SPECIAL-1: the winner names who gives half their hand."""

    PROMPT = Prompt.CHOOSE_SWORD_GIVER


@dataclass(frozen=True, kw_only=True)
class ChooseFluteReceiver(Choose):
    """R-SPECIAL-2: the winner names who receives the rat."""

    PROMPT = Prompt.CHOOSE_FLUTE_RECEIVER


@dataclass(frozen=True, kw_only=True)
class TakeActions(AtBuilding):
    """Phase D b/c: the players in the building take their actions."""

    PROMPT = Prompt.TAKE_ACTIONS
    resolution: BuildingResolution
    hospital: tuple[HospitalOption, ...]


@dataclass(frozen=True, kw_only=True)
class EndRound(StepHead):
    PROMPT = Prompt.END_ROUND


@dataclass(frozen=True, kw_only=True)
class GameEnd(StepHead):
    """After the last round: the hands, specials, VP markers and the nuns to enter."""

    missing_end_values: tuple[int, ...]
    nuns_missing: bool

    @property
    def params(self) -> dict[str, Param]:
        return {"nuns_missing": self.nuns_missing}


@dataclass(frozen=True, kw_only=True)
class EndValues(GameEnd):
    PROMPT = Prompt.END_VALUES


@dataclass(frozen=True, kw_only=True)
class Finished(GameEnd):
    PROMPT = Prompt.FINISHED


Step = (StartGame | RevealBuildings | Supply | Enter | RevealCards | ChooseSwordGiver
        | ChooseFluteReceiver | TakeActions | EndRound | EndValues | Finished)
"""What the table must do now: one variant per prompt, each with the fields it shows."""


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
    acts, and where phase C/D stand. `step_at` adds what the UI shows."""

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
    """Who may take which action now, and why: the answer `step_at` and `apply` share."""
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


def step_at(state: GameState | None) -> Step:
    """The step `state` stands at, who is to act, what is allowed, and the details to show;
    a step that needs no tap is one too (`decision.next_step` folds it)."""
    if state is None:
        return StartGame(phase=None, round=0, rounds=0, is_last_round=False,
                         allowed=frozenset({ev.GameStarted}))
    n = now(state)
    setup, record = state.setup, state.record
    head: dict[str, Any] = {"phase": state.phase, "round": state.round, "rounds": setup.rounds,
            "is_last_round": state.is_last_round, "allowed": n.allowed,
            "questions": open_questions(state) if state.rounds[0].turns else ()}
    prompt = n.prompt
    if prompt is Prompt.REVEAL_BUILDINGS:
        return RevealBuildings(**head, count=setup.buildings_per_round,
                               deck_mode=setup.deck_mode)
    if prompt is Prompt.SUPPLY:
        return Supply(**head)
    if prompt is Prompt.END_ROUND:
        return EndRound(**head)
    if prompt in (Prompt.END_VALUES, Prompt.FINISHED):
        missing = tuple(p for p, v in enumerate(state.end_values) if v is None)
        if prompt is Prompt.END_VALUES:
            return EndValues(**head, missing_end_values=missing, nuns_missing=state.nuns is None)
        return Finished(**head, missing_end_values=missing, nuns_missing=state.nuns is None)
    if prompt is Prompt.ENTER:
        actor = record.queue[0]
        options = tuple(EnterOption(b, kind, len(record.entrants(b)) + 1)
                        for b, kind in enumerate(record.row))
        held = (pass_cards_up_to(state)[actor] if setup.special_in_play(Special.PASS)
                else None)
        return Enter(**head, actor=actor, player=setup.names[actor], options=options,
                     can_pass=ev.Passed in n.allowed, pass_cards=held)
    cur = n.cursor
    assert isinstance(cur, (RevealCursor, ChooseCursor, ActionsCursor)), cur  # phase D
    b = cur.building
    kind = record.row[b]
    head["copy"] = copy_number(record.row, b)
    if isinstance(cur, RevealCursor):
        p = cur.player
        entry = record.entry(p)
        declared = entry.cards if entry is not None else 0
        return RevealCards(**head, building=b, kind=kind, actor=p, player=setup.names[p],
                           reveal=RevealRequest(p, b, declared))
    res = resolve(setup, record, b, settled=False)
    if isinstance(cur, ChooseCursor):
        result = res.sword if cur.special is Special.SWORD else res.flute
        candidates = result.candidates if result is not None else ()
        choice = ChoiceRequest(b, cur.special, cur.player, candidates)
        if cur.special is Special.SWORD:
            return ChooseSwordGiver(**head, building=b, kind=kind, actor=cur.player,
                                    player=setup.names[cur.player], resolution=res,
                                    choice=choice)
        return ChooseFluteReceiver(**head, building=b, kind=kind, actor=cur.player,
                                   player=setup.names[cur.player], resolution=res,
                                   choice=choice)
    hospital = tuple(HospitalOption(a.player, a.action.hand_cards_up_to)
                     for a in res.actions if a.action.kind is ActionKind.HOSPITAL)
    return TakeActions(**head, building=b, kind=kind, resolution=res, hospital=hospital)
