"""Property tests: random legal games for 2-5 players (built by asking `step_at` what is
allowed) replay to the same state, never break an invariant, and end after the right number of
rounds; random malformed or illegal events are refused with a RuleViolation and change nothing.
"""

import dataclasses
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.simulate import random_game

from companion.i18n import translator
from companion.i18n.words import words
from companion.rules import RuleViolation, apply, replay
from companion.rules import events as ev
from companion.rules.catalog import START_RATS
from companion.rules.derive import rederive as _rebuild
from companion.rules.guide import d_cursor, turn_queue
from companion.rules.resolution import resolve_building
from companion.rules.state import GameState, Phase, RevealCursor

SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**32 - 1)
player_counts = st.integers(min_value=2, max_value=5)


def check_state(state: GameState) -> None:
    """Invariants that hold after every event."""
    assert all(r >= 0 for r in state.rats), state.rats
    for ledger, rats in zip(state.ledgers, state.rats, strict=True):
        assert START_RATS + sum(e.applied for e in ledger) == rats
        assert all(e.delta == e.applied or (e.delta < 0 and e.applied > e.delta) for e in ledger)
        assert len({e.entry_id for e in ledger}) == len(ledger)
    if state.phase is Phase.D:
        assert state.cursor == d_cursor(state)
    if state.phase is Phase.C:
        assert state.record.queue == tuple(turn_queue(state.record, state.players))
    for record in state.rounds:  # kept alongside the turns, and so always what they say
        assert record.occupants == tuple(
            tuple(t.player for t in record.turns if t.building == b)
            for b in range(len(record.row)))
    for track in state.tracks:
        assert all(v >= 0 for v in track.values)
        assert len(set(track.arrivals)) == len(track.arrivals)


def check_premiums(state: GameState) -> None:
    """R-ROUND-D b: exactly one premium per building entered; with 2 players one per round."""
    for record in state.rounds:
        if not any(record.resolved):
            continue
        premiums = []
        for b in range(len(record.row)):
            res = resolve_building(state, record.number, b)
            if res.entrants:
                premiums.append(res.premium)
                assert res.premium is None or res.premium in res.entrants
                assert set(res.normal) | ({res.premium} - {None}) == set(res.entrants)
                if res.last_round:
                    assert res.actions == () and res.last_round_bonus == res.premium
                else:
                    assert len(res.actions) == len(res.entrants)
                    assert [a.premium for a in res.actions].count(True) == (
                        res.premium is not None)
        if state.players == 2:
            assert sum(p is not None for p in premiums) == 1
        else:
            assert None not in premiums


@SETTINGS
@given(seed=seeds, players=player_counts)
def test_random_legal_games(seed, players):
    # R-SETUP-6, R-ROUND-D b, R-SETUP-1: replay, invariants, rounds.
    events = random_game(seed, players)
    state = None
    for event in events:
        before = state
        state = apply(state, event)
        check_state(state)
        if before is not None:
            for old, new in zip(before.tracks, state.tracks, strict=True):
                # a track never drops
                assert all(n >= o for o, n in zip(old.values, new.values, strict=True))
    assert state is not None and replay(events) == state
    assert state.phase is Phase.FINISHED
    assert state.round == state.setup.rounds == len(state.rounds)
    assert sum(isinstance(e, ev.RoundEnded) for e in events) == state.setup.rounds
    if state.setup.deck_mode == "digital":
        assert state.deck_pos == len(state.setup.deck)
    check_premiums(state)
    assert _rebuild(state) == state


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, players=player_counts)
def test_random_games_with_corrections(seed, players):
    # Corrections recompute everything derived exactly as if the records had been right.
    events = random_game(seed, players, corrections=True)
    state = None
    rng = random.Random(seed)
    for event in events:
        state = apply(state, event)
        check_state(state)
        if isinstance(event, (ev.EntryCorrected, ev.RevealCorrected)) or rng.random() < 0.05:
            assert _rebuild(state) == state
    assert state is not None and replay(events) == state
    assert state.phase is Phase.FINISHED
    check_premiums(state)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, players=player_counts, corrections=st.booleans())
def test_phase_d_step_by_step_is_the_round_derived_afresh(seed, players, corrections):
    # R-ROUND-D: after every event, what `derive.derive_phase_d` made step by step (the
    # incremental fold) is what `rederive` makes from the records, and what a replay of the
    # events so far gives; the zero reveals are made and phase E comes without an event.
    events = random_game(seed, players, corrections=corrections)
    state = None
    for i, event in enumerate(events):
        state = apply(state, event)
        assert _rebuild(state) == state, (i, event)
        if isinstance(event, (ev.Entered, ev.Revealed, ev.BuildingResolved)) or i % 17 == 0:
            assert replay(events[:i + 1]) == state
        if state.phase is Phase.D:
            cur = state.cursor
            if isinstance(cur, RevealCursor):
                entry = state.record.entry(cur.player)
                assert entry is not None and entry.cards > 0, cur
        if state.phase is Phase.E:
            assert all(state.record.resolved[b] for b, here in
                       enumerate(state.record.occupants) if here)


def _mutations(event: ev.Event, rng: random.Random) -> list[ev.Event]:
    out = []
    for field in dataclasses.fields(event):
        value = getattr(event, field.name)
        for bad in (-1, 99, "x", None, 2.5, True, (), (value,)):
            if bad != value or type(bad) is not type(value):
                try:
                    out.append(dataclasses.replace(event, **{field.name: bad}))
                except (TypeError, ValueError):
                    pass
    rng.shuffle(out)
    return out[:6]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, players=player_counts, data=st.data())
def test_malformed_or_illegal_events_are_refused_cleanly(seed, players, data):
    # Any mutated or out-of-place event is either legal or a RuleViolation naming a rule;
    # the state it was applied to stays the same and the game goes on.
    events = random_game(seed, players, private=False)
    rng = random.Random(seed)
    cut = data.draw(st.integers(min_value=1, max_value=len(events) - 1))
    state = replay(events[:cut])
    assert state is not None
    snapshot = dataclasses.replace(state)
    candidates: list[object] = [*_mutations(events[cut], rng), rng.choice(events[1:]), events[0],
                                object()]
    for bad in candidates:
        try:
            apply(state, bad)  # type: ignore[arg-type]  # what no Event type allows, on purpose
        except RuleViolation as error:
            assert error.rule == "EVENT" or error.rule.startswith("R-"), error
            assert words(translator("en"), error) and error.code
        assert state == snapshot
    assert apply(state, events[cut]) == replay(events[:cut + 1])
