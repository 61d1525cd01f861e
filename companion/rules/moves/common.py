"""What the checks of every move share: the shape of an event (events come from files and
phones), numbers, seats and buildings that exist, "not now" (what the table must do instead,
from `guide`), and the state with a new current round.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from dataclasses import replace
from enum import Enum
from functools import cache
from typing import Any

from companion.rules import events as ev
from companion.rules.catalog import Special
from companion.rules.errors import Param, Refusal, RuleViolation
from companion.rules.guide import Now, now, step_at
from companion.rules.state import GameState, Phase, Reveal, RoundRecord

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


def check_count(value: int, name: str, high: int | None = None) -> None:
    if value < 0 or (high is not None and value > high):
        raise RuleViolation("EVENT", Refusal.BAD_NUMBER, field=name, value=value)


def check_player(state: GameState, player: int) -> None:
    if not 0 <= player < state.players:
        raise RuleViolation("EVENT", Refusal.NO_SUCH_PLAYER, seat=player + 1)


def check_building(record: RoundRecord, building: int) -> None:
    if not 0 <= building < len(record.row):
        raise RuleViolation("EVENT", Refusal.NO_SUCH_BUILDING, position=building + 1,
                            round=record.number)


def now_params(state: GameState) -> dict[str, Param]:
    """What the table must do now, as values for a refusal's text: the prompt, the round,
    whether it is the last (which has no actions and ends the game, R-ROUND-D b), the player
    to act (`actor`) and the building where it happens."""
    step = step_at(state)
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


def not_your_turn(state: GameState, player: int, rule: str) -> RuleViolation:
    return RuleViolation(rule, Refusal.NOT_YOUR_TURN, **now_params(state),
                         player=state.setup.names[player])


def check_cards(state: GameState, event: ev.Revealed | ev.RevealCorrected) -> None:
    for name in ("matching", "other", "jokers", "swords", "flutes"):
        check_count(getattr(event, name), name)
    setup = state.setup
    if event.swords and not setup.special_in_play(Special.SWORD):
        raise RuleViolation("R-SPECIAL-1", Refusal.SWORD_NOT_IN_PLAY)
    if event.flutes and not setup.special_in_play(Special.FLUTE):
        raise RuleViolation("R-SPECIAL-2", Refusal.FLUTE_NOT_IN_PLAY)


def not_scored_yet(state: GameState) -> None:
    """R-SCORE-6: once scored, the rats revealed are the result; a player's own note would
    change a result the table has announced, so only the table corrects it from then on."""
    if state.phase is Phase.FINISHED:
        raise RuleViolation("R-SCORE-6", Refusal.GAME_SCORED)


def with_current(state: GameState, record: RoundRecord, **changes: Any) -> GameState:
    """The state with `record` as its current round."""
    return replace(state, rounds=state.rounds[:-1] + (record,), **changes)


def reveal_of(event: ev.Revealed | ev.RevealCorrected) -> Reveal:
    return Reveal(event.matching, event.other, event.jokers, event.swords, event.flutes)
