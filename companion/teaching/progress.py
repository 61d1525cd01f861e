"""Whether a table is taught, and which lessons it has had: kept beside the game, not in it.

Teaching is no rule of the game, so it is no event: it lives in the game's settings row
(`Session.settings`), survives a restart and never reaches the engine or a replay. One card
stands above the step's controls at a time, so they stay on the screen: the lessons due at a
step wait in the order `due` names them, and "Got it" on one brings the next. A lesson is
shown once per game: at the step where it first came up it stays until the table taps "Got
it" or moves on, and it does not come back by itself (the help lists it again on request); one
still waiting when the table moves on comes up where a later step uses it again. The table is
taught when it asked for a first game, or while a player new to the game sits at it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple, Protocol

from companion.teaching.lessons import LESSONS, Lesson

KEY = "teaching"
"""The settings entry that holds all of it."""


@dataclass(frozen=True)
class Teaching:
    first_game: bool = False
    """The setup's "First game: teach us as we play"."""
    newcomers: tuple[int, ...] = ()
    """Seats marked "new to the game": the table is taught for them too."""
    shown: Mapping[str, int] = field(default_factory=dict)
    """Lesson -> the game's step (its number of events) where it was first shown."""
    dismissed: frozenset[str] = frozenset()
    """Lessons the table tapped "Got it" on."""

    @property
    def on(self) -> bool:
        return self.first_game or bool(self.newcomers)

    def visible(self, lessons: Iterable[Lesson], at: int) -> tuple[Lesson, ...]:
        """Of the lessons due at step `at`, those to show: never shown, or first shown at this
        very step (a redraw, a language switch, a restart) and not dismissed."""
        if not self.on:
            return ()
        return tuple(lesson for lesson in lessons if lesson.id not in self.dismissed
                     and self.shown.get(lesson.id, at) == at)

    def seen(self, lessons: Iterable[Lesson], at: int) -> Teaching:
        """These lessons shown at step `at` (the ones shown before keep their step)."""
        shown = dict(self.shown)
        for lesson in lessons:
            shown.setdefault(lesson.id, at)
        return replace(self, shown=shown)

    def got_it(self, lesson: Lesson) -> Teaching:
        return replace(self, dismissed=self.dismissed | {lesson.id})

    def taught(self) -> tuple[Lesson, ...]:
        """The lessons the table has had so far, in the order of the game."""
        return tuple(lesson for key, lesson in LESSONS.items() if key in self.shown)

    def to_json(self) -> dict[str, Any]:
        return {"first_game": self.first_game, "newcomers": list(self.newcomers),
                "shown": dict(self.shown), "dismissed": sorted(self.dismissed)}

    @classmethod
    def from_json(cls, raw: object) -> Teaching:
        """What the settings row holds; anything unreadable is a table that is not taught
        (teaching is a help, never a reason a game cannot be opened)."""
        if not isinstance(raw, dict):
            return cls()
        shown = raw.get("shown")
        newcomers = raw.get("newcomers")
        dismissed = raw.get("dismissed")
        return cls(
            first_game=raw.get("first_game") is True,
            newcomers=tuple(n for n in newcomers if isinstance(n, int))
            if isinstance(newcomers, list) else (),
            shown={k: v for k, v in shown.items() if k in LESSONS and isinstance(v, int)}
            if isinstance(shown, dict) else {},
            dismissed=frozenset(d for d in dismissed if isinstance(d, str))
            if isinstance(dismissed, list) else frozenset())


Card = tuple[Lesson, ...]
"""The lessons one card shows: one, or the buildings new in one row together."""


def cards(lessons: Sequence[Lesson]) -> list[Card]:
    """`lessons` as the cards that show them, in their order: the buildings of the row on one
    card, where the first of them stands."""
    row = tuple(lesson for lesson in lessons if lesson.building is not None)
    out: list[Card] = []
    for lesson in lessons:
        if lesson.building is None:
            out.append((lesson,))
        elif lesson is row[0]:
            out.append(row)
    return out


class Showing(NamedTuple):
    """What a step shows of its lessons: one card, and how many wait behind it."""

    card: Card
    waiting: int


NOTHING = Showing((), 0)


class Settings(Protocol):
    """What teaching needs of a session (`companion.store.session.Session`): its settings."""

    def settings(self) -> dict[str, Any]: ...
    def update_setting(self, key: str, change: Callable[[Any], Any]) -> Any: ...


def teaching_of(session: Settings) -> Teaching:
    return Teaching.from_json(session.settings().get(KEY))


def save(session: Settings, teaching: Teaching) -> None:
    """The table's teaching stored, and nothing else of the settings changed (the phones'
    cards are kept beside it: `players`)."""
    session.update_setting(KEY, lambda _before: teaching.to_json())


def show(session: Settings, lessons: Sequence[Lesson], at: int) -> Showing:
    """Of the lessons due at step `at`, the card to show now, recorded as shown (stored only
    when that changes anything), and how many cards wait for its "Got it"."""
    teaching = teaching_of(session)
    queue = cards(teaching.visible(lessons, at))
    if not queue:
        return NOTHING
    after = teaching.seen(queue[0], at)
    if after != teaching:
        save(session, after)
    return Showing(queue[0], len(queue) - 1)


def start(session: Settings, first_game: bool, newcomers: Iterable[int],
          setup_seen: Iterable[str] = ()) -> None:
    """A new game's teaching, as the setup chose it: the lessons of the setup checklist
    (`setup_seen`, shown before the game existed) count as shown at its first step. A table
    that is not taught stores nothing."""
    teaching = Teaching(first_game, tuple(sorted(set(newcomers))))
    if teaching.on:
        seen = [LESSONS[key] for key in setup_seen if key in LESSONS]
        save(session, teaching.seen(seen, 1))
