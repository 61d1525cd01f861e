"""What the table must do now: `next_step(state)`.

One function answers "who may take which action, and why": the UI shows its prompt, and
`engine.apply` checks every public event against the same `Step` (or the helpers below), so the
two can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from companion.rules import events as ev
from companion.rules.catalog import ActionKind, Building, Special
from companion.rules.resolution import BuildingResolution, resolve
from companion.rules.setup import DeckMode
from companion.rules.state import GameState, Phase, RoundRecord

PRIVATE_EVENTS: frozenset[type] = frozenset(
    cls for cls in ev.EVENT_TYPES.values() if cls.PRIVATE)


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
    allowed: frozenset[type] = frozenset()
    """Event types that may be applied now (private events are always allowed)."""
    enter: tuple[EnterOption, ...] = ()
    can_pass: bool = False
    reveal: RevealRequest | None = None
    choice: ChoiceRequest | None = None
    building: int | None = None
    """Phase D: the building being resolved."""
    resolution: BuildingResolution | None = None
    hospital: tuple[HospitalOption, ...] = ()
    missing_end_values: tuple[int, ...] = ()


# --- helpers shared with the engine -----------------------------------------------------------

def turn_queue(record: RoundRecord, players: int) -> list[int]:
    """Phase C: who is still to enter, the one to act first (R-ROUND-C, R-SPECIAL-3).

    From the start player clockwise; a player who passes goes to the back of the queue, so they
    are up again once all the others have entered or passed.
    """
    queue = [(record.start_player + i) % players for i in range(players)]
    for turn in record.turns:
        queue.remove(turn.player)
        if turn.passed:
            queue.append(turn.player)
    return queue


@dataclass(frozen=True)
class Cursor:
    """Phase D: the next thing to do. kind: "reveal", "choose", "actions" or "done"."""

    kind: str
    building: int | None = None
    player: int | None = None
    special: Special | None = None


def _reveal_stage(setup, record: RoundRecord, b: int) -> Cursor | None:
    entrants = record.entrants(b)
    for p in entrants:
        if record.reveals[p] is None:
            return Cursor("reveal", b, p)
    res = resolve(setup, record, b, settled=False)
    for result in (res.sword, res.flute):
        if result is not None and result.fewest is None and result.most is not None:
            return Cursor("choose", b, result.most, result.special)
    return None


def d_cursor(state: GameState) -> Cursor:
    """Phase D (R-ROUND-D): buildings in row order, each revealed in slot order, then its
    actions. With 2 players all reveals of the round come first (see round_premium)."""
    setup, record = state.setup, state.record
    occupied = [b for b in range(len(record.row)) if not record.resolved[b]
                and any(t.building == b for t in record.turns)]
    if setup.player_count == 2:
        for b in range(len(record.row)):
            stage = _reveal_stage(setup, record, b)
            if stage:
                return stage
        return Cursor("actions", occupied[0]) if occupied else Cursor("done")
    for b in occupied:
        return _reveal_stage(setup, record, b) or Cursor("actions", b)
    return Cursor("done")


def _base(state: GameState, prompt: Prompt, allowed: set[type], **kw: Any) -> Step:
    allowed |= PRIVATE_EVENTS
    if state.rounds[0].turns:
        allowed |= {ev.EntryCorrected, ev.RevealCorrected}
    return Step(phase=state.phase, round=state.round, rounds=state.setup.rounds,
                is_last_round=state.is_last_round, prompt=prompt, allowed=frozenset(allowed),
                **kw)


def next_step(state: GameState | None) -> Step:
    """What the table must do now, who is to act, and what is allowed."""
    if state is None:
        return Step(phase=None, round=0, rounds=0, is_last_round=False,
                    prompt=Prompt.START_GAME, allowed=frozenset({ev.GameStarted}))
    phase, setup, record = state.phase, state.setup, state.record
    if phase is Phase.A:
        return _base(state, Prompt.REVEAL_BUILDINGS, {ev.BuildingsRevealed},
                     params={"count": setup.buildings_per_round,
                             "deck_mode": setup.deck_mode.value,
                             "digital": setup.deck_mode is DeckMode.DIGITAL})
    if phase is Phase.B:
        return _base(state, Prompt.SUPPLY, {ev.SupplyDone})
    if phase is Phase.C:
        queue = turn_queue(record, setup.player_count)
        actor = queue[0]
        options = tuple(EnterOption(b, kind, len(record.entrants(b)) + 1)
                        for b, kind in enumerate(record.row))
        can_pass = setup.special_in_play(Special.PASS) and len(queue) > 1
        allowed = {ev.Entered} | ({ev.Passed} if can_pass else set())
        return _base(state, Prompt.ENTER, allowed, actor=actor, enter=options,
                     can_pass=can_pass, params={"player": setup.names[actor]})
    if phase is Phase.D:
        cur = d_cursor(state)
        b = cur.building
        if cur.kind == "reveal":
            p = cur.player
            declared = record.entry(p).cards  # type: ignore[union-attr]
            return _base(state, Prompt.REVEAL_CARDS, {ev.Revealed}, actor=p, building=b,
                         reveal=RevealRequest(p, b, declared),  # type: ignore[arg-type]
                         params={"player": setup.names[p], "building": record.row[b].value,
                                 "declared": declared})
        res = resolve(setup, record, b, settled=False)  # type: ignore[arg-type]
        if cur.kind == "choose":
            result = res.sword if cur.special is Special.SWORD else res.flute
            prompt = (Prompt.CHOOSE_SWORD_GIVER if cur.special is Special.SWORD
                      else Prompt.CHOOSE_FLUTE_RECEIVER)
            return _base(state, prompt, {ev.SpecialTargetChosen}, actor=cur.player,
                         building=b, resolution=res,
                         choice=ChoiceRequest(b, cur.special, cur.player,  # type: ignore[arg-type]
                                              result.candidates),  # type: ignore[union-attr]
                         params={"player": setup.names[cur.player],  # type: ignore[index]
                                 "building": record.row[b].value})  # type: ignore[index]
        hospital = tuple(HospitalOption(a.player, a.action.hand_cards_up_to)
                         for a in res.actions if a.action.kind is ActionKind.HOSPITAL)
        allowed = {ev.BuildingResolved} | ({ev.HospitalDiscarded} if hospital else set())
        return _base(state, Prompt.TAKE_ACTIONS, allowed, building=b, resolution=res,
                     hospital=hospital, params={"building": record.row[b].value})  # type: ignore[index]
    if phase is Phase.E:
        return _base(state, Prompt.END_ROUND, {ev.RoundEnded})
    missing = tuple(p for p, v in enumerate(state.end_values) if v is None)
    allowed = {ev.EndValuesEntered, ev.NunsCounted}
    if phase is Phase.END:
        return _base(state, Prompt.END_VALUES, allowed, missing_end_values=missing,
                     params={"nuns_missing": state.nuns is None})
    return _base(state, Prompt.FINISHED, allowed)
