"""The session answers the round screen's fold: `decision_view` is the engine's
`next_step` in the table's views, and `decide` records the folded steps with the tap that
decides, as one step.

Played with the real rules on random legal games of 4 players (public entries only): a
building's actions take no tap of their own; a Hospital's discards are what the table enters
on the actions panel (R-ROUND-D b), recorded with the next tap just before that building is
resolved, and one undo takes back the whole tap.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from support.simulate import random_game

from companion.rules import events as ev
from companion.rules import next_step
from companion.rules.engine import apply
from companion.rules.guide import Enter, Prompt, RevealBuildings, RevealCards
from companion.rules.state import GameState
from companion.rules.views import TableView, public_view
from companion.store.db import GameStore
from companion.store.session import Session


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    with GameStore.open(tmp_path) as s:
        yield s


def before_a_hospital_fold() -> tuple[list[ev.Event], int, int, int]:
    """A game's events up to a tap that folds a Hospital's actions with a discard to take:
    the events, the building, the player and up to how many hand cards."""
    for seed in range(200):
        events = random_game(seed, 4, private=False)
        state: GameState | None = None
        for n, event in enumerate(events):
            state = apply(state, event)
            decision = next_step(state)
            options = [(b, o) for b, o in decision.hospital if o.up_to >= 1]
            if options and decision.step.prompt is not Prompt.END_ROUND:
                b, option = options[0]
                return events[:n + 1], b, option.player, option.up_to
    raise AssertionError("no Hospital with a discard to take in 200 games")


def test_a_hospitals_discards_are_recorded_with_the_next_tap_before_its_building(
        store: GameStore) -> None:
    played, building, player, up_to = before_a_hospital_fold()
    session = Session.start(store, played[0])
    session.submit_all(played[1:])
    stored = session.table_view()
    plain = session.decision_view()
    # each folded step as the table sees it there; the first is the game as stored
    assert plain.folded[0] == stored
    assert all(v.step.prompt in (Prompt.SUPPLY, Prompt.TAKE_ACTIONS, Prompt.END_ROUND)
               for v in plain.folded)

    entered = {(building, player): up_to + 3}  # more than allowed: capped at the limit
    with_discards = session.decision_view(entered)
    decision = next_step(state_of(played), entered)
    assert decision.state is not None
    assert with_discards.view == public_view(decision.state,
                                             stored.game_events + len(decision.events()))
    assert with_discards.view.step == plain.view.step
    assert session.table_view() == stored  # nothing stored yet

    tap = tap_for(with_discards.view)
    session.decide([tap], entered)
    recorded = store.active_events(session.game_id)[len(played):]
    discard = ev.HospitalDiscarded(building, player, up_to)
    assert recorded == [*decision.events(), tap]
    assert recorded.index(discard) == recorded.index(ev.BuildingResolved(building)) - 1
    assert session.undo_step() == tuple(recorded)
    assert session.table_view() == stored


def state_of(events: list[ev.Event]) -> GameState:
    state: GameState | None = None
    for event in events:
        state = apply(state, event)
    assert state is not None
    return state


def tap_for(view: TableView) -> ev.Event:
    """A legal tap at the deciding step: the app deck's row, an entry of 1 card, or a reveal
    of matching cards only."""
    step = view.step
    if isinstance(step, RevealBuildings):
        assert view.next_row is not None
        return view.next_row
    if isinstance(step, Enter):
        return ev.Entered(step.actor, step.options[0].building, 1)
    if isinstance(step, RevealCards):
        r = step.reveal
        return ev.Revealed(r.player, r.building, r.declared, 0, 0, 0, 0)
    raise AssertionError(f"no tap written for {step.prompt}")
