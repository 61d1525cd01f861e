"""A tiny game with the shape of the real engine, for testing what the store does generically.

Players score points in public; each keeps a private tally of "rats" that only their own
device may take back. A score may only be corrected (`Correction`) after the player scored,
and a private `Tally` must match the player's points: both give undo and redo something to
refuse.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from companion.store.db import GameMeta
from companion.store.session import Engine


class Colour(StrEnum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Seat:
    name: str
    colour: Colour


@dataclass(frozen=True)
class Begin:
    seats: tuple[Seat, ...]
    rounds: int
    note: str | None = None


@dataclass(frozen=True)
class Score:
    player: int
    points: int


@dataclass(frozen=True)
class Correction:
    player: int
    points: int


@dataclass(frozen=True)
class Rats:
    PRIVATE = True
    player: int
    rats: int


@dataclass(frozen=True)
class Tally:
    """A private note of one's own points, legal only while it is true."""

    PRIVATE = True
    player: int
    points: int


@dataclass(frozen=True)
class End:
    pass


TOY_TYPES = {cls.__name__: cls for cls in (Begin, Score, Correction, Rats, Tally, End)}


class ToyViolation(Exception):
    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule


@dataclass(frozen=True)
class ToyState:
    names: tuple[str, ...]
    points: tuple[int, ...]
    rats: tuple[int, ...]
    scored: tuple[bool, ...]
    finished: bool = False


def apply(state: ToyState | None, event: object) -> ToyState:
    if state is None:
        if not isinstance(event, Begin):
            raise ToyViolation("T-START", "a game starts with Begin")
        n = len(event.seats)
        return ToyState(tuple(s.name for s in event.seats), (0,) * n, (0,) * n, (False,) * n)
    if isinstance(event, Begin):
        raise ToyViolation("T-START", "the game has already begun")
    if state.finished:
        raise ToyViolation("T-END", "the game is over")
    if isinstance(event, End):
        return replace(state, finished=True)
    player = getattr(event, "player")
    if not 0 <= player < len(state.names):
        raise ToyViolation("T-SEAT", f"there is no player {player}")
    if isinstance(event, Score):
        if event.points < 0:
            raise ToyViolation("T-SCORE", "points cannot be negative")
        return replace(state, points=_add(state.points, player, event.points),
                       scored=_set(state.scored, player))
    if isinstance(event, Correction):
        if not state.scored[player]:
            raise ToyViolation("T-CORRECT", "only a score can be corrected")
        return replace(state, points=_add(state.points, player, event.points))
    if isinstance(event, Tally):
        if state.points[player] != event.points:
            raise ToyViolation("T-TALLY", f"player {player} does not have {event.points} points")
        return state
    if isinstance(event, Rats):
        return replace(state, rats=_add(state.rats, player, event.rats))
    raise ToyViolation("EVENT", f"unknown event {event!r}")


def _add(values: tuple[int, ...], index: int, amount: int) -> tuple[int, ...]:
    return tuple(v + amount if i == index else v for i, v in enumerate(values))


def _set(values: tuple[bool, ...], index: int) -> tuple[bool, ...]:
    return tuple(True if i == index else v for i, v in enumerate(values))


def describe(state: ToyState) -> GameMeta:
    winner = None
    if state.finished:
        best = max(state.points)
        winner = ", ".join(n for n, p in zip(state.names, state.points) if p == best)
    return GameMeta(players=state.names, finished=state.finished, winner=winner,
                    progress=f"{sum(state.points)} points scored")


TOY_ENGINE = Engine(apply=apply, violation=ToyViolation, describe=describe)


def begin(*names: str) -> Begin:
    colours = list(Colour)
    return Begin(tuple(Seat(n, colours[i % 2]) for i, n in enumerate(names)), rounds=3)
