"""A rule is taught before the first decision it changes, in every game the engine can play.

Each lesson names the decision it changes (`Lesson.decision`, a step of the engine's guide).
The property walks whole random games (`simulate.random_game`: 2 to 5 players, the app's deck
and the players' own, every selection of buildings) through a real session, event by event, and
asks at every step the table sees (the deciding step with the steps folded into its tap) which
lessons are due (`teaching.due`). It holds at every step: each lesson whose decision this step
takes, where the rule applies, has come due at this step or before it. A table that reads every
card of a step (`progress`, one at a time) has then been taught it before it chooses.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from support.simulate import random_game

from companion.i18n import LANGUAGES, translator
from companion.rules.guide import Enter, Prompt
from companion.rules.setup import DeckMode
from companion.rules.views import Phase, TableView
from companion.store.db import GameStore
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


def late_lessons(session: Session, events: list) -> list[tuple[int, Prompt, str]]:
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


GAMES = [(seed, 2 + seed % 4, (DeckMode.DIGITAL, DeckMode.PHYSICAL)[seed // 4 % 2])
         for seed in range(16)]
"""Sixteen games: each player count with each deck, twice (the buildings drawn by the seed)."""


@pytest.mark.parametrize(("seed", "players", "deck"), GAMES)
def test_every_rule_is_taught_before_the_first_decision_it_changes(
        tmp_path: Path, seed: int, players: int, deck: DeckMode) -> None:
    events = random_game(seed, players, deck_mode=deck, private=False)
    with GameStore.open(tmp_path) as store:
        session = Session.start(store, events[0])
        assert late_lessons(session, events) == []


def test_the_premium_and_the_hand_are_taught_at_the_first_entry(tmp_path: Path) -> None:
    """R-ROUND-D, R-SCORE-2: how many cards a player plays decides who takes the premium action
    and what stays in hand; both are due at the game's first entry, before anyone chose."""
    events = random_game(7, 3, deck_mode=DeckMode.DIGITAL, private=False)
    with GameStore.open(tmp_path) as store:
        session = Session.start(store, events[0])
        views, lessons = decisions_at(session)
        assert views[-1].step.prompt is Prompt.ENTER and views[-1].round == 1
        assert {"actions", "hand-scores", "enter"} <= {lesson.id for lesson in lessons}
        assert LESSONS["actions"].decision is LESSONS["hand-scores"].decision is Prompt.ENTER


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_lesson_has_its_words_in_every_language(lang: str) -> None:
    t = translator(lang)
    for lesson in LESSONS.values():
        assert t(lesson.body) != lesson.body, (lang, lesson.id)
        assert lesson.building is not None or t(lesson.title) != lesson.title, (lang, lesson.id)
