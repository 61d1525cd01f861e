"""A rule is taught before the first decision it changes, in every game the engine can play.

The property (`support.teaching_order.late_lessons`) walks whole random games
(`simulate.random_game`: 2 to 5 players, the app's deck and the players' own, every selection
of buildings) through a real session, event by event, and holds at every step the table sees:
each lesson whose decision this step takes, where the rule applies, has come due at this step
or before it. A table that reads every card of a step (`progress`, one at a time) has then
been taught it before it chooses. The walk's three stories hold it too
(`tests/browser/test_every_control_reachable.py`).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support.simulate import random_game
from support.teaching_order import decisions_at, late_lessons

from companion.i18n import LANGUAGES, translator
from companion.rules.guide import Prompt
from companion.rules.setup import DeckMode
from companion.store.db import GameStore
from companion.store.session import Session
from companion.teaching.lessons import LESSONS

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
