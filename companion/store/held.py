"""Reveals made on the players' phones before their turn in the slot order, kept until it comes.

At a building every player reveals at the same moment (R-ROUND-D a), but the engine records
reveals in slot order, which decides ties on the tracks, and that order stays the record's: a
phone's reveal made while an earlier slot has not revealed yet is not an event yet. The session
keeps it (`Session.reveal_ahead`) and plays it the moment the cursor reaches its player, so the
building resolves when the last reveal arrives, whatever order they arrived in.

Why kept beside the game and not as an event: an event is a step of the game that every replay
folds and the table's undo takes back; a reveal waiting for its slot is neither (the table
could step in and reveal for that player first; a correction of their entry could make it
wrong). Kept only in memory, a restart in the middle of a building would lose a reveal a phone
was told was taken. So it is written beside the game, in the store's settings object under
`HELD_KEY` (one write, as durable as an event; no schema change), before the phone is
answered, and removed only after its event is stored. A crash between the two leaves a held
reveal whose player has revealed already: it is dropped on the next load
(`Session._still_open`).

A held reveal is its player's own last input while nothing came after it: no step of the game
stored since (`after`: how many public events the game had stored when it was held) and no
other reveal held after it (the held reveals are kept and written in the order they came). Its
player may then take it back (`Session.undo_own_step`): it is removed, as durably as it came.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from companion.rules import events as ev

HELD_KEY = "held_reveals"
"""Where the held reveals stand in the game's settings object (the session keeps the key out of
what `Session.settings` hands out, and in every write of the settings)."""

_FIELDS = ("player", "building", "matching", "other", "jokers", "swords", "flutes")
UNKNOWN = -1
"""`after` of a reveal held by a version that did not write it: never the last input."""


@dataclass(frozen=True)
class HeldReveal:
    """A phone's reveal for `round`, kept until its player's turn in the slot order."""

    round: int
    event: ev.Revealed
    after: int = UNKNOWN
    """How many public events (any status) the game had stored when it was held."""

    def to_json(self) -> dict[str, int]:
        return {"round": self.round, **{name: getattr(self.event, name) for name in _FIELDS},
                "after": self.after}

    @classmethod
    def from_json(cls, raw: object) -> HeldReveal | None:
        """The held reveal `raw` was written as; None for anything else (never raised: a
        stale or broken entry is dropped, as a reveal the engine refuses would be)."""
        if not isinstance(raw, Mapping):
            return None
        values = [raw.get(name) for name in ("round", *_FIELDS)]
        numbers = [v for v in values if type(v) is int]
        after = raw.get("after", UNKNOWN)
        if len(numbers) != len(values) or type(after) is not int:
            return None
        return cls(numbers[0], ev.Revealed(*numbers[1:]), after)


class Held:
    """The held reveals of one game, by player (a player reveals once a round), in the order
    they came."""

    def __init__(self, raw: object = None) -> None:
        found = (HeldReveal.from_json(item) for item in raw) if isinstance(raw, list) else ()
        self._by_player = {h.event.player: h for h in found if h is not None}

    def __iter__(self) -> Iterator[HeldReveal]:
        return iter(sorted(self._by_player.values(), key=lambda h: h.event.player))

    def __bool__(self) -> bool:
        return bool(self._by_player)

    def get(self, player: int | None, round_: int, building: int | None) -> HeldReveal | None:
        """`player`'s held reveal at that building of that round, if any."""
        held = self._by_player.get(player) if player is not None else None
        if held is None or (held.round, held.event.building) != (round_, building):
            return None
        return held

    def add(self, held: HeldReveal) -> None:
        self._by_player.pop(held.event.player, None)
        self._by_player[held.event.player] = held

    def latest(self) -> HeldReveal | None:
        """The reveal held last, if any."""
        return next(reversed(self._by_player.values()), None)

    def drop(self, player: int) -> None:
        self._by_player.pop(player, None)

    def keep_only(self, keep: Any) -> bool:
        """Drop every held reveal `keep(held)` says no to; whether any was dropped."""
        gone = [p for p, h in self._by_player.items() if not keep(h)]
        for player in gone:
            del self._by_player[player]
        return bool(gone)

    def to_json(self) -> list[dict[str, int]]:
        """In the order they came, which a restart keeps."""
        return [h.to_json() for h in self._by_player.values()]

    def players(self) -> frozenset[int]:
        return frozenset(self._by_player)
