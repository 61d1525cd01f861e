"""The engine says which steps take no tap and which one the table decides.

At every point of random legal games (`simulate.random_game`), `next_step` folds the row
the app's deck deals (R-ROUND-A), the supply (R-ROUND-B), a building's actions
(R-ROUND-D) and a round's end before the last (R-ROUND-E): its folded events are legal,
applying them gives its state, whose next step is its step, and that step is never one that
takes no tap. And it folds what the round screen folded
while rendering (`ui/round/screen.py` `phase_body` through `Session.view_after`), on games like
the benchmark's stories: 4 players on the app's deck, 2 on their own, 5 players.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.simulate import random_game

from companion.rules import Decision, next_step
from companion.rules import events as ev
from companion.rules.decision import Discards
from companion.rules.deck import reveal_event
from companion.rules.engine import apply
from companion.rules.guide import (
    Prompt,
    RevealBuildings,
    Step,
    TakeActions,
    step_at,
)
from companion.rules.setup import DeckMode
from companion.rules.state import GameState, Phase

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**32 - 1)
player_counts = st.integers(min_value=2, max_value=5)


def positions(events: list[ev.Event]) -> list[GameState]:
    """Every state a game passes through, after its start."""
    out = []
    state: GameState | None = None
    for event in events:
        state = apply(state, event)
        out.append(state)
    return out


def random_discards(rng: random.Random, decision: Decision) -> dict[tuple[int, int], int]:
    """What a table might enter on the steppers of the folded Hospitals (sometimes too many)."""
    return {(b, o.player): rng.randint(0, o.up_to + 1) for b, o in decision.hospital
            if rng.random() < 0.7}


def is_decision(step: Step, after_actions: bool = False) -> bool:
    """`after_actions`: a building's actions are folded before `step`."""
    if step.prompt in (Prompt.SUPPLY, Prompt.TAKE_ACTIONS):
        return False
    if isinstance(step, RevealBuildings):
        # the players' own deck: which cards came up; the app's row takes the tap that records
        # the actions before it, which stay in sight above it
        return not step.digital or after_actions
    return step.prompt is not Prompt.END_ROUND or step.is_last_round


def check_decision(state: GameState, decision: Decision, discards: Discards | None) -> None:
    after: GameState | None = state
    for event in decision.events(discards):
        after = apply(after, event)  # legal, or RuleViolation
    assert after == decision.state
    assert step_at(after) == decision.step
    actions = any(isinstance(f.step, TakeActions) for f in decision.folded)
    assert is_decision(decision.step, actions), decision.step.prompt
    for i, f in enumerate(decision.folded):
        assert not is_decision(f.step, any(isinstance(g.step, TakeActions)
                                           for g in decision.folded[:i]))
        assert step_at(f.state) == f.step
    if decision.folded:
        assert decision.folded[0].state is state
    else:
        assert decision.state is state and decision.step == step_at(state)


@SETTINGS
@given(seed=seeds, players=player_counts, corrections=st.booleans())
def test_folded_steps_are_legal_and_lead_to_the_decision(seed, players, corrections):
    # R-ROUND-B, R-ROUND-D, R-ROUND-E: the steps that take no tap, then the one that does.
    rng = random.Random(seed)
    for state in positions(random_game(seed, players, corrections=corrections)):
        decision = next_step(state)
        check_decision(state, decision, None)
        discards = random_discards(rng, decision)
        with_discards = next_step(state, discards)
        check_decision(state, with_discards, None)
        check_decision(state, with_discards, discards)
        assert decision.events() == with_discards.events({})
        assert [f.event for f in decision.folded] == [f.event for f in with_discards.folded]


PHYSICAL_FOLDS = frozenset({ev.SupplyDone, ev.BuildingResolved, ev.RoundEnded})
DIGITAL_FOLDS = PHYSICAL_FOLDS | {ev.BuildingsRevealed}


def screen_fold(state: GameState, discards: Discards) -> tuple[list[ev.Event], Step]:
    """What `ui/round/screen.py` `phase_body` folded while rendering: the events it trial-applied
    (as `Session.view_after` does) and the step it drew, with the Hospital steppers' values
    capped at each option's limit (`resolve.actions_part`), each where it differs from the
    discard recorded already (chosen on the taker's phone, R-ROUND-D b)."""
    before: list[ev.Event] = []
    view: GameState = state
    step = step_at(view)
    while step.prompt in (Prompt.SUPPLY, Prompt.TAKE_ACTIONS, Prompt.END_ROUND) or (
            isinstance(step, RevealBuildings) and step.digital
            and not any(isinstance(e, ev.BuildingResolved) for e in before)):
        if isinstance(step, RevealBuildings):
            before.append(reveal_event(view))
        elif step.prompt is Prompt.SUPPLY:
            before.append(ev.SupplyDone())
        elif isinstance(step, TakeActions):
            b = step.building
            record = view.rounds[-1]
            before += [ev.HospitalDiscarded(b, o.player, n) for o in step.hospital
                       if (b, o.player) in discards
                       and (n := min(discards[(b, o.player)], o.up_to))
                       != record.hospital_cards(b, o.player)]
            before.append(ev.BuildingResolved(b))
        elif step.is_last_round:
            return before, step
        else:
            before.append(ev.RoundEnded())
        view = state
        for event in before:
            view = apply(view, event)
        step = step_at(view)
    return before, step


def check_as_the_screen(events: list[ev.Event], seed: int,
                        folds: frozenset[type[ev.Event]]) -> None:
    rng = random.Random(seed)
    states = positions(events)
    for state in states:
        plain = next_step(state)
        discards = random_discards(rng, plain)
        for entered in ({}, discards):
            decision = next_step(state, entered)
            before, step = screen_fold(state, entered)
            assert list(decision.events()) == before
            assert decision.step == step
    # the stories' kind of positions all came up: every step that folds
    seen = {f.event.__class__ for s in states for f in next_step(s).folded}
    assert seen == folds


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds)
def test_four_players_on_the_apps_deck_fold_as_the_screen_did(seed):
    check_as_the_screen(random_game(seed, 4, deck_mode=DeckMode.DIGITAL), seed, DIGITAL_FOLDS)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds)
def test_two_players_on_their_own_deck_fold_as_the_screen_did(seed):
    check_as_the_screen(random_game(seed, 2, deck_mode=DeckMode.PHYSICAL), seed, PHYSICAL_FOLDS)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds)
def test_five_players_fold_as_the_screen_did(seed):
    events = random_game(seed, 5, corrections=True)
    digital = next_step(apply(None, events[0])).folded != ()
    check_as_the_screen(events, seed, DIGITAL_FOLDS if digital else PHYSICAL_FOLDS)


def test_a_round_from_the_supply_to_the_next_rounds_first_entry():
    # R-ROUND-A/B: the app's deck's row and the supply fold into the first entry; R-ROUND-D/E:
    # so does a round's end; after a building's actions the row is the tap that records them;
    # the last round's end is a tap.
    events = random_game(11, 4, deck_mode=DeckMode.DIGITAL, private=False)
    states = positions(events)
    supply = next(s for s in states if s.phase is Phase.B)
    decision = next_step(supply)
    assert decision.events() == (ev.SupplyDone(),)
    assert decision.step.prompt is Prompt.ENTER and decision.step.round == 1
    first_end = next(s for s in states if s.phase is Phase.E)
    decision = next_step(first_end)
    row = reveal_event(apply(first_end, ev.RoundEnded()))
    assert decision.events() == (ev.RoundEnded(), row, ev.SupplyDone())
    assert decision.step.prompt is Prompt.ENTER and decision.step.round == 2
    assert next_step(states[0]).events() == (reveal_event(states[0]), ev.SupplyDone())
    last_actions = states[states.index(first_end) - 1]
    decision = next_step(last_actions)
    assert [type(e) for e in decision.events()] == [ev.BuildingResolved, ev.RoundEnded]
    assert decision.step.prompt is Prompt.REVEAL_BUILDINGS and decision.step.round == 2
    last = next(s for s in states if s.phase is Phase.E and s.is_last_round)
    decision = next_step(last)
    assert decision.folded == () and decision.step.prompt is Prompt.END_ROUND
    assert next_step(None).step.prompt is Prompt.START_GAME


def test_a_hospitals_discards_go_before_its_building_is_resolved():
    # R-ROUND-D b: a Hospital's discards are the table's data; the deciding tap records them
    # first, and the rats drawn after the fold are the ones the discards take.
    for seed in range(200):
        for state in positions(random_game(seed, 4, private=False)):
            decision = next_step(state)
            options = [(b, o) for b, o in decision.hospital if o.up_to]
            if not options:
                continue
            b, option = options[0]
            entered = next_step(state, {(b, option.player): option.up_to})
            events = entered.events()
            discard = ev.HospitalDiscarded(b, option.player, option.up_to)
            assert events.index(discard) == events.index(ev.BuildingResolved(b)) - 1
            assert decision.events({(b, option.player): option.up_to}) == events
            assert entered.state is not None and decision.state is not None
            assert entered.state.rats[option.player] <= decision.state.rats[option.player]
            return
    raise AssertionError("no Hospital with a discard to take in 200 games")
