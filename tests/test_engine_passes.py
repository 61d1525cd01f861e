"""The Pass cards a player may hold (R-ROUND-C, R-SPECIAL-3): the app records every way one
comes and goes, so a player who cannot hold one is not offered a Pass, and the engine refuses it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from support.engine_games import ALL_SPECIALS, Game, next_actor, setup_for, step_is, with_buildings
from support.sessions import game_state

from companion.rules import RuleViolation, apply, apply_recorded, replay
from companion.rules import events as ev
from companion.rules.catalog import Building
from companion.rules.guide import Enter, RevealCards, TakeActions, step_at
from companion.rules.passes import pass_cards_up_to
from companion.rules.setup import SelectionMethod
from companion.rules.state import Phase
from companion.store.db import GameStore
from companion.store.session import Session, default_engine

FARM, TOWN_HALL, CASTLE, HUT = (Building.FARM, Building.TOWN_HALL, Building.CASTLE,
                                Building.RAT_CATCHERS_HUT)
WATCHTOWER, TREASURY, HOSPITAL = Building.WATCHTOWER, Building.TREASURY, Building.HOSPITAL


def game_with(buildings: dict[Building, int] = ALL_SPECIALS, n: int = 4, start: int = 0
              ) -> Game:
    return Game(setup_for(n, method=SelectionMethod.CHOSEN, manual=buildings, start=start))


def play_round(game: Game, row: tuple[Building, ...], cards: dict[int, tuple[int, int]],
               reveals: dict[int, ev.Revealed] | None = None) -> None:
    """A whole round: `cards` maps a player to (building, cards played); everyone else enters
    the last building with 0 cards. Population cards are of the building's estate unless
    `reveals` says otherwise."""
    game.play(ev.BuildingsRevealed(row), ev.SupplyDone())
    while game.state.phase is Phase.C:
        actor = next_actor(game.state)
        building, count = cards.get(actor, (len(row) - 1, 0))
        game.play(ev.Entered(actor, building, count))
    while game.state.phase is Phase.D:
        step = step_at(game.state)
        if isinstance(step, RevealCards):
            asked = step.reveal
            given = (reveals or {}).get(asked.player)
            game.play(given or ev.Revealed(asked.player, asked.building, asked.declared, 0))
        else:
            assert isinstance(step, TakeActions), step.prompt
            game.play(ev.BuildingResolved(step.building))
    game.play(ev.RoundEnded())


def test_only_a_player_who_took_pass_cards_may_pass_and_each_pass_costs_one():
    # R-ROUND-C, R-SPECIAL-3, R-ROUND-D b: the Town Hall premium brings 2 Pass cards, the
    # normal action 1; every Pass played costs one.
    game = game_with(start=3)
    game.play(ev.BuildingsRevealed((TOWN_HALL, CASTLE, HUT)), ev.SupplyDone())
    step = step_is(Enter, game.state)
    assert (step.actor, step.pass_cards, step.can_pass) == (3, 0, False)
    assert ev.Passed not in step.allowed
    error = game.refuse(ev.Passed(3), "R-SPECIAL-3", "no_pass_card")
    assert error.params == {"player": "Blue"}
    game.play(ev.Entered(3, 1, 0), ev.Entered(0, 0, 2), ev.Entered(1, 1, 0),
              ev.Entered(2, 0, 1))
    game.play(ev.Revealed(0, 0, 2, 0), ev.Revealed(2, 0, 1, 0))
    assert pass_cards_up_to(game.state) == (0, 0, 0, 0)  # the actions are not taken yet
    game.play(ev.BuildingResolved(0), ev.BuildingResolved(1), ev.RoundEnded())
    assert pass_cards_up_to(game.state) == (2, 0, 1, 0)

    game.play(ev.BuildingsRevealed((FARM, CASTLE, HUT)), ev.SupplyDone())
    step = step_is(Enter, game.state)
    assert (step.actor, step.pass_cards, step.can_pass) == (0, 2, True)
    game.play(ev.Passed(0))
    step = step_is(Enter, game.state)
    assert (step.actor, step.pass_cards, step.can_pass) == (1, 0, False)
    game.refuse(ev.Passed(1), "R-SPECIAL-3", "no_pass_card")
    game.play(ev.Entered(1, 0, 0), ev.Passed(2), ev.Entered(3, 0, 0))
    assert pass_cards_up_to(game.state) == (1, 0, 0, 0)
    game.play(ev.Passed(0))  # Red's second Pass card
    step = step_is(Enter, game.state)
    assert (step.actor, step.pass_cards, step.can_pass) == (2, 0, False)
    game.refuse(ev.Passed(2), "R-SPECIAL-3", "no_pass_card")
    game.play(ev.Entered(2, 0, 0))
    assert step_is(Enter, game.state).pass_cards == 0
    game.refuse(ev.Passed(0), "R-ROUND-C", "pointless_pass")  # nobody else is left anyway


def test_a_sword_can_hand_pass_cards_over_and_the_giver_may_keep_them():
    # R-SPECIAL-1: the fewest-Sword player gives half their hand, their choice of cards: the
    # receiver may get every Pass card the giver may hold, and the giver may have kept them.
    game = game_with(start=3)
    play_round(game, (TOWN_HALL, CASTLE, HUT), {0: (0, 2)})
    assert pass_cards_up_to(game.state) == (2, 0, 0, 0)
    game.play(ev.BuildingsRevealed((CASTLE, FARM, HUT)), ev.SupplyDone())
    game.play(ev.Entered(0, 0, 1), ev.Entered(1, 0, 1), ev.Entered(2, 1, 0),
              ev.Entered(3, 1, 0))
    game.play(ev.Revealed(0, 0, 1, 0), ev.Revealed(1, 0, 0, 0, swords=1))
    assert pass_cards_up_to(game.state) == (2, 2, 0, 0)
    game.play(ev.BuildingResolved(0), ev.BuildingResolved(1), ev.RoundEnded())
    game.play(ev.BuildingsRevealed((FARM, CASTLE, HUT)), ev.SupplyDone())
    assert step_at(game.state).actor == 1 and step_is(Enter, game.state).can_pass
    game.play(ev.Passed(1))


def test_a_watchtower_premium_can_bring_up_to_three_pass_cards_from_each_giver():
    # R-ROUND-D b (Watchtower): every player who entered no Watchtower may have to give 3 hand
    # cards of their choice; a player in a Watchtower gives nothing.
    buildings = with_buildings(FARM, TOWN_HALL, HOSPITAL, WATCHTOWER, HUT, TREASURY)
    game = game_with(buildings, start=3)
    play_round(game, (TOWN_HALL, FARM, HUT), {0: (0, 2), 2: (0, 1)})
    play_round(game, (TOWN_HALL, FARM, HUT), {0: (0, 2), 1: (0, 1)})
    assert pass_cards_up_to(game.state) == (4, 1, 1, 0)
    play_round(game, (WATCHTOWER, FARM, HUT), {3: (0, 1), 2: (0, 0), 0: (1, 0), 1: (1, 0)})
    assert pass_cards_up_to(game.state) == (4, 1, 1, 3 + 1)


def test_the_last_round_brings_no_pass_cards():
    # R-ROUND-D b (last round): no actions at all, so the Town Hall gives nothing.
    game = game_with(n=2, start=0)
    rows = [(FARM, CASTLE), (HUT, TREASURY), (TOWN_HALL, HOSPITAL)] * 3  # nobody at the Town Hall
    for row in rows:
        play_round(game, row, {})
    assert game.state.is_last_round and pass_cards_up_to(game.state) == (0, 0)
    game.play(ev.BuildingsRevealed((TOWN_HALL, CASTLE)), ev.SupplyDone())
    player = step_is(Enter, game.state).actor
    game.play(ev.Entered(player, 0, 2), ev.Entered(1 - player, 1, 0))
    game.play(ev.Revealed(player, 0, 2, 0))
    assert game.state.phase is Phase.D
    while game.state.phase is Phase.D:
        game.play(ev.BuildingResolved(step_is(TakeActions, game.state).building))
    assert pass_cards_up_to(game.state) == (0, 0)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    with GameStore.open(tmp_path) as s:
        yield s


def test_a_game_saved_before_the_pass_check_still_loads_and_new_passes_are_checked(
        store: GameStore):
    # R-SPECIAL-3: a game recorded before the app counted Pass cards may hold a Pass nobody
    # took at the Town Hall; it was legal when recorded, so it still loads, undo and all.
    game = game_with(start=0)
    old = [*game.events, ev.BuildingsRevealed((TOWN_HALL, CASTLE, HUT)), ev.SupplyDone(),
           ev.Passed(0)]
    with pytest.raises(RuleViolation) as refused:
        apply(replay(old[:-1]), old[-1])
    assert refused.value.code == "no_pass_card"
    assert apply_recorded(replay(old[:-1]), old[-1]) == replay(old)
    recorded = replay(old)
    assert recorded is not None
    game_id = store.create_game(old, default_engine().describe(recorded))
    session = Session.resume(store, game_id)
    assert game_state(session) == replay(old)
    assert pass_cards_up_to(game_state(session)) == (0, 0, 0, 0)
    with pytest.raises(RuleViolation) as new:
        session.submit(ev.Passed(1))
    assert new.value.code == "no_pass_card"
    session.submit(ev.Entered(1, 0, 0))
    session.undo()
    assert game_state(Session.resume(store, game_id)) == replay(old)
