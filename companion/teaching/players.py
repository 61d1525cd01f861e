"""Teaching on the players' own phones: a lesson's card reaches the phone of the player who
first meets it, and the table keeps showing it too (`progress`, unchanged by this).

Who first meets a lesson is the player to act at the step where it first comes up (`due`):
the one whose turn it is to enter, to reveal, to choose. At a step where nobody in particular
acts (the row laid out, the end of the game) everyone meets it at once, so it reaches every
taught phone. Only taught seats are reached: every seat at a first game, the seats marked new
to the game otherwise, so at a table of old hands a lesson waits for the first newcomer who
meets it. A lesson reaches its phones once, at that step: the phone shows it
there until its player taps "Got it" on the phone or the game moves on, and never again
(the table's reference still has it). What reached whom is kept beside the game, in the
settings entry `KEY`, like the table's own teaching: no event, so no replay or undo sees it,
and a restart keeps it. Read from the table's public views only, so a card can never be
drawn from a secret.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from companion.i18n import LANGUAGES, translator
from companion.i18n.names import building_name
from companion.rules.views import DecisionView, TableView
from companion.teaching.due import due
from companion.teaching.lessons import LESSONS, Lesson
from companion.teaching.progress import Card, Teaching, cards, teaching_of

KEY = "teaching_phones"
"""The settings entry that holds what reached which phone."""


class Source(Protocol):
    """What the phones' teaching needs of a session (`companion.store.session.Session`)."""

    def settings(self) -> dict[str, Any]: ...
    def update_setting(self, key: str, change: Callable[[Any], Any]) -> Any: ...
    def decision_view(self) -> DecisionView: ...
    def table_view(self) -> TableView: ...


@dataclass(frozen=True)
class Reached:
    """Which lessons reached which phones, and which each player put away there."""

    at: Mapping[str, tuple[int, tuple[int, ...]]] = field(default_factory=dict)
    """Lesson -> (the game's step where it came up, the seats it reached there)."""
    dismissed: Mapping[int, frozenset[str]] = field(default_factory=dict)
    """Seat -> the lessons its player tapped "Got it" on, on the phone."""

    def to_json(self) -> dict[str, Any]:
        return {"at": {k: [step, list(seats)] for k, (step, seats) in self.at.items()},
                "dismissed": {str(s): sorted(ids) for s, ids in self.dismissed.items()}}

    @classmethod
    def from_json(cls, raw: object) -> Reached:
        """What the settings entry holds; anything unreadable is nothing reached yet
        (teaching is a help, never a reason a game cannot be opened)."""
        if not isinstance(raw, dict):
            return cls()
        at: dict[str, tuple[int, tuple[int, ...]]] = {}
        found = raw.get("at")
        for lesson, value in (found.items() if isinstance(found, dict) else ()):
            if (lesson in LESSONS and isinstance(value, list) and len(value) == 2
                    and isinstance(value[0], int) and isinstance(value[1], list)):
                at[lesson] = (value[0], tuple(s for s in value[1] if isinstance(s, int)))
        dismissed: dict[int, frozenset[str]] = {}
        put_away = raw.get("dismissed")
        for seat, ids in (put_away.items() if isinstance(put_away, dict) else ()):
            if isinstance(seat, str) and seat.isdigit() and isinstance(ids, list):
                dismissed[int(seat)] = frozenset(i for i in ids if isinstance(i, str))
        return cls(at, dismissed)


def taught_seats(teaching: Teaching, players: int) -> tuple[int, ...]:
    """Every seat at a first game; otherwise the seats new to the game."""
    if teaching.first_game:
        return tuple(range(players))
    return tuple(s for s in teaching.newcomers if 0 <= s < players)


def meets(view: TableView, taught: tuple[int, ...]) -> tuple[int, ...]:
    """Whose phones a lesson first due at `view`'s step reaches: the player to act there, or,
    where nobody in particular acts, every taught seat."""
    actor = view.step.actor
    if actor is None:
        return taught
    return (actor,) if actor in taught else ()


@dataclass(frozen=True)
class PhoneCard:
    """The card a player's phone shows now: one lesson, or the row's new buildings."""

    key: str
    """What the phone sends back with "Got it": the lesson's id, or "buildings"."""
    lessons: Card


def card_key(card: Card) -> str:
    return "buildings" if card[0].building is not None else card[0].id


def _reach(source: Source) -> tuple[tuple[Lesson, ...], int, Reached]:
    """The lessons due now, the step, and what reached whom, with the lessons first due now
    recorded as reaching the phones of those who meet them."""
    teaching = teaching_of(source)
    decision = source.decision_view()
    view = decision.view
    at = source.table_view().game_events
    lessons = due(view, decision.folded)
    taught = taught_seats(teaching, view.players)

    seats = meets(view, taught)

    def record(raw: Any) -> Any:
        before = Reached.from_json(raw)
        new = {lesson.id: (at, seats) for lesson in lessons
               if lesson.id not in before.at} if seats else {}
        if not new:
            return raw if raw is not None else before.to_json()
        return Reached({**before.at, **new}, before.dismissed).to_json()

    return lessons, at, Reached.from_json(source.update_setting(KEY, record))


def phone_card(source: Source, seat: int) -> PhoneCard | None:
    """The card `seat`'s phone shows now, or None: of the lessons due at this step, the first
    that reached this phone here and that its player has not put away."""
    if not teaching_of(source).on:
        return None
    lessons, at, reached = _reach(source)
    mine = reached.dismissed.get(seat, frozenset())
    visible = [lesson for lesson in lessons if lesson.id in reached.at
               and reached.at[lesson.id][0] == at and seat in reached.at[lesson.id][1]
               and lesson.id not in mine]
    queue = cards(visible)
    return PhoneCard(card_key(queue[0]), queue[0]) if queue else None


def got_it(source: Source, seat: int, key: str) -> None:
    """`seat`'s player put the card `key` away on their phone; a card no longer shown there
    (the game moved on, put away already) changes nothing."""
    card = phone_card(source, seat)
    if card is None or card.key != key:
        return

    def put_away(raw: Any) -> Any:
        before = Reached.from_json(raw)
        mine = before.dismissed.get(seat, frozenset()) | {lesson.id for lesson in card.lessons}
        return Reached(before.at, {**before.dismissed, seat: mine}).to_json()

    source.update_setting(KEY, put_away)


def card_json(card: PhoneCard) -> dict[str, Any]:
    """The card as the phone receives it, its words in every language of the box (the phone
    picks its page's): a few hundred characters, only while a card is shown."""
    words: dict[str, Any] = {}
    for language in LANGUAGES:
        t = translator(language)
        if card.lessons[0].building is None:
            lesson = card.lessons[0]
            words[language] = {"title": t(lesson.title), "lines": [t(lesson.body)]}
        else:
            words[language] = {"title": t(card.lessons[0].title), "lines": [
                f"{building_name(t, lesson.building)} · {t(lesson.body)}"
                for lesson in card.lessons if lesson.building is not None]}
    return {"key": card.key, "rule": card.lessons[0].rule, "words": words}
