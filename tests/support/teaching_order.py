"""When a first game's teaching comes due, held against the decisions the game takes.

Each lesson names the decision it changes (`Lesson.decision`, a step of the engine's guide).
`late_lessons` plays a game's events through a real session and asks at every step the table
sees (the deciding step with the steps folded into its tap) which lessons are due
(`teaching.due`): a lesson whose decision a step takes, where its rule applies, must have come
due at that step or before it. The teaching reads the table's views only, so what holds in one
language holds in every one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.rules.guide import Enter, Prompt
from companion.rules.views import Phase, TableView
from companion.store.session import Session
from companion.teaching.due import due
from companion.teaching.lessons import LESSONS, Lesson

Applies = Callable[[TableView], bool]


def _revealed(special: str) -> Applies:
    return lambda view: any(getattr(r, special) for r in view.record.reveals if r is not None)


APPLIES: dict[str, Applies] = {
    # R-SPECIAL-3: a Pass only where the player to enter may play one
    "pass": lambda view: isinstance(view.step, Enter) and view.step.can_pass,
    # R-ROUND-D: the actions and the one premium of 2 players are no more in the last round
    "actions": lambda view: not view.is_last_round,
    "two-players": lambda view: view.players == 2 and not view.is_last_round,
    # R-SETUP-6: the last round is the one that empties the deck
    "last-round": lambda view: view.is_last_round,
    # R-SPECIAL-1/2: once a revealed hand of the round showed one
    "sword": _revealed("swords"),
    "flute": _revealed("flutes"),
    # R-SCORE-2..6: the hands before the plague check, the nuns at it
    "end-hands": lambda view: not view.at_plague_check,
    "plague": lambda view: view.at_plague_check,
}
"""Where a lesson's rule applies at all (every lesson not named: wherever its decision is)."""


def applies(lesson: Lesson, view: TableView) -> bool:
    """R-COMP-4: a building's lesson where it is in a row that has actions."""
    if lesson.building is not None:
        return lesson.building in view.row and not view.is_last_round
    return APPLIES.get(lesson.id, lambda _view: True)(view)


def decisions_at(session: Session) -> tuple[list[TableView], tuple[Lesson, ...]]:
    """The views of the step the table sees now (the folded ones first, then the deciding
    one), and the lessons due there."""
    decision = session.decision_view()
    return [*decision.folded, decision.view], due(decision.view, decision.folded)


def late_lessons(session: Session, events: Sequence[Any]) -> list[tuple[int, Prompt, str]]:
    """Every (step, decision, lesson) where a decision was taken before its lesson came due."""
    came_due: set[str] = set()
    late = []
    for event in events[1:]:
        views, lessons = decisions_at(session)
        came_due |= {lesson.id for lesson in lessons}
        for view in views:
            for lesson in LESSONS.values():
                if (lesson.decision is view.step.prompt and applies(lesson, view)
                        and lesson.id not in came_due):
                    late.append((view.game_events, view.step.prompt, lesson.id))
        if views[-1].phase is Phase.FINISHED:
            break
        session.submit(event)
    return late
