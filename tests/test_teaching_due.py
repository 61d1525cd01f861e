"""A first game taught as it is played: each rule's lesson comes due at the rule's first use.

The stories play whole games through a real session on the real engine and ask, at every
decision the table takes, which lessons `due` names and which the table is shown (`progress`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.rules import events as ev
from companion.rules.catalog import Building, PlayerColour
from companion.rules.guide import Enter, Prompt
from companion.rules.setup import DeckMode, SelectionMethod, make_setup
from companion.rules.views import Phase, TableView
from companion.store.db import GameStore
from companion.store.session import Session
from companion.teaching import progress
from companion.teaching.due import due
from companion.teaching.lessons import LESSONS, Lesson, building_lesson
from companion.teaching.progress import Teaching

NAMES = ("Anna", "Ben", "Cleo", "Dora")


def a_setup(players: int = 4, manual: dict[Building, int] | None = None) -> Any:
    method = SelectionMethod.CHOSEN if manual else SelectionMethod.FIRST_GAME
    return make_setup(list(zip(NAMES[:players], list(PlayerColour), strict=False)), method, 1234,
                      DeckMode.DIGITAL, 0, manual=manual)


def tap(session: Session, view: TableView, round_specials: bool) -> None:
    """The table's next tap: everyone in the Town Hall (or the first building) with one card;
    in the first round,
    with `round_specials`, the first player's card is a Sword and the second's a Flute."""
    step: Any = view.step
    if step.prompt is Prompt.REVEAL_BUILDINGS:
        assert view.next_row is not None
        session.decide([view.next_row])
    elif step.prompt is Prompt.ENTER:
        hall = view.row.index(Building.TOWN_HALL) if Building.TOWN_HALL in view.row else 0
        session.decide([ev.Entered(step.actor, hall, 1)])
    elif step.prompt is Prompt.REVEAL_CARDS:
        r = step.reveal
        special: dict[str, int] = {0: {"swords": 1}, 1: {"flutes": 1}}.get(r.player, {}) \
            if round_specials and view.round == 1 else {}
        other = 0 if special else 1
        session.decide([ev.Revealed(r.player, r.building, 0, other, **special)])
    elif step.prompt in (Prompt.CHOOSE_SWORD_GIVER, Prompt.CHOOSE_FLUTE_RECEIVER):
        session.decide([ev.SpecialTargetChosen(step.choice.building, step.choice.special,
                                               step.choice.candidates[0])])
    elif step.prompt is Prompt.END_ROUND:
        session.decide([ev.RoundEnded()])
    elif step.prompt is Prompt.END_VALUES and None in view.end_values:
        session.submit_all([ev.EndValuesEntered(p, hand=3, rats=4) for p in range(view.players)])
    else:
        assert step.prompt is Prompt.END_VALUES, step.prompt
        session.submit(ev.NunsCounted(9))


def read_every_card(session: Session, lessons: tuple[Lesson, ...], at: int) -> tuple[str, ...]:
    """A table that reads each card of step `at` and taps "Got it" on it, one card at a time:
    the lessons it was shown, in order."""
    read: list[str] = []
    while card := progress.show(session, lessons, at).card:
        read += [lesson.id for lesson in card]
        now = progress.teaching_of(session)
        for lesson in card:
            now = now.got_it(lesson)
        progress.save(session, now)
    return tuple(read)


def play_through(session: Session, round_specials: bool = False
                 ) -> list[tuple[int, TableView, tuple[str, ...], tuple[str, ...]]]:
    """Every decision to the scoring: (step, the view, lessons due, lessons shown), the table
    reading every card."""
    seen = []
    while True:
        decision = session.decision_view()
        view = decision.view
        at = session.table_view().game_events
        lessons = due(view, decision.folded)
        shown = read_every_card(session, lessons, at)
        seen.append((at, view, tuple(x.id for x in lessons), shown))
        if view.phase is Phase.FINISHED:
            return seen
        tap(session, view, round_specials)


@pytest.fixture
def store(tmp_path: Path) -> Any:
    found = GameStore.open(tmp_path)
    yield found
    found.close()


def first_game(store: GameStore, setup: Any) -> Session:
    session = Session.start(store, ev.GameStarted(setup))
    progress.save(session, Teaching(first_game=True))
    return session


def test_each_lesson_is_shown_once_at_the_first_use_of_its_rule(store: GameStore) -> None:
    manual = {Building.CASTLE: 5, Building.RAT_CATCHERS_HUT: 5, Building.MONASTERY: 5,
              Building.FARM: 5, Building.TOWN_HALL: 5, Building.PALACE: 5}
    session = first_game(store, a_setup(manual=manual))
    seen = play_through(session, round_specials=True)
    shown = [(view, lesson) for _at, view, _due, ids in seen for lesson in ids]
    ids = [lesson for _view, lesson in shown]
    assert len(ids) == len(set(ids)), ids  # each lesson once
    first = {lesson: view for view, lesson in reversed(shown)}
    # R-ROUND-A: the first row (the app's deck) is laid out with the game's first entry
    assert first["draw-buildings"].round == 1 and \
        first["draw-buildings"].step.prompt is Prompt.ENTER
    # R-ROUND-B, R-ROUND-C: the supply is folded into the first entry, the Pass is possible
    for lesson in ("supplies", "enter"):
        assert first[lesson].round == 1 and first[lesson].step.prompt is Prompt.ENTER, lesson
    # R-SPECIAL-3: the Pass at the first turn where a player holds one to play
    passes = [v for _a, v, _d, _i in seen if isinstance(v.step, Enter) and v.step.can_pass]
    assert passes and first["pass"] is passes[0]
    # R-COMP-4: each building taught the first round it is in the row
    for building in {b for view, _ in shown for b in view.row}:
        lesson = building_lesson(building).id
        rounds = [v.round for _a, v, _d, _i in seen if building in v.row]
        assert first[lesson].round == min(rounds), building
    # R-ROUND-D a, R-SPECIAL-1/2: the first reveal, then the Sword and the Flute once revealed
    assert first["reveal"].step.prompt is Prompt.REVEAL_CARDS and first["reveal"].round == 1
    assert first["sword"].round == 1 and first["flute"].round == 1
    # R-ROUND-D b: the first actions are folded into the next tap of round 1
    assert first["actions"].round <= 2 and "two-players" not in ids
    # R-SETUP-6, R-ROUND-D: the last round, then the end (R-SCORE-2..7)
    assert first["last-round"].is_last_round and not any(
        v.is_last_round for v, _lesson in shown if v.round < first["last-round"].round)
    assert first["end-hands"].phase is Phase.END and not first["end-hands"].at_plague_check
    assert first["plague"].at_plague_check and first["scoring"].phase is Phase.FINISHED
    assert {"setup-board", "setup-rats", "setup-specials"}.isdisjoint(ids)  # the checklist's
    expected = set(LESSONS) - {"setup-board", "setup-rats", "setup-specials", "two-players"}
    assert {i for i in expected if not i.startswith("building-")} <= set(ids)


def test_two_players_learn_the_one_premium_with_their_first_actions(store: GameStore) -> None:
    # R-ROUND-D b: with 2 players, one premium per round
    session = first_game(store, a_setup(players=2))
    seen = play_through(session)
    at_actions = next(ids for _a, _v, _d, ids in seen if "actions" in ids)
    assert "two-players" in at_actions


def test_a_lesson_stays_through_a_restart_at_its_step_and_not_after(store: GameStore) -> None:
    session = first_game(store, a_setup())
    decision = session.decision_view()
    at = session.table_view().game_events
    shown = [x.id for x in progress.show(session, due(decision.view, decision.folded), at).card]
    assert shown == ["draw-buildings"]
    again = Session.resume(store, session.game_id)  # the server restarted at the same step
    decision = again.decision_view()
    assert [x.id for x in progress.show(again, due(decision.view, decision.folded),
                                        at).card] == shown
    again.decide([ev.Entered(0, 0, 1)])  # the first entry: the row is laid out
    later = Session.resume(store, session.game_id)
    decision = later.decision_view()
    assert "draw-buildings" not in {x.id for x in progress.show(
        later, due(decision.view, decision.folded), later.table_view().game_events).card}
    assert "draw-buildings" in {x.id for x in progress.teaching_of(later).taught()}


def test_got_it_puts_a_lesson_away_for_good(store: GameStore) -> None:
    session = first_game(store, a_setup())
    at = session.table_view().game_events
    decision = session.decision_view()
    lesson = progress.show(session, due(decision.view, decision.folded), at).card[0]
    progress.save(session, progress.teaching_of(session).got_it(lesson))
    assert lesson not in progress.show(Session.resume(store, session.game_id),
                                       due(decision.view, decision.folded), at).card


def test_old_hands_without_the_switch_see_no_lesson(store: GameStore) -> None:
    session = Session.start(store, ev.GameStarted(a_setup()))
    assert all(ids == () for _a, _v, _d, ids in play_through(session))


def test_one_newcomer_at_a_table_of_old_hands_is_taught(store: GameStore) -> None:
    session = Session.start(store, ev.GameStarted(a_setup()))
    progress.save(session, Teaching(newcomers=(2,)))
    shown = [i for _a, _v, _d, ids in play_through(session) for i in ids]
    assert "enter" in shown and "scoring" in shown


def test_no_lesson_is_drawn_from_a_secret(store: GameStore) -> None:
    # R-SETUP-1: the same lessons whatever rats the players hold before the plague check
    one = first_game(store, a_setup())
    other = first_game(store, a_setup())
    for seat in range(4):
        other.submit(ev.RatsChanged(seat, seat + 3, ev.RatReason.CORRECTION))
    assert due(one.decision_view().view) == due(other.decision_view().view)
