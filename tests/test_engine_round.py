"""A round, phase by phase (R-ROUND-A to E), with the special cards (R-SPECIAL)."""

import pytest
from support.engine_games import ALL_SPECIALS, Game, next_actor, setup_for, step_is, with_buildings

from companion.rules import events as ev
from companion.rules import reveal_event
from companion.rules.catalog import ActionKind, Building, Estate, Special
from companion.rules.guide import (
    ChooseFluteReceiver,
    ChooseSwordGiver,
    Enter,
    Prompt,
    RevealCards,
    TakeActions,
    step_at,
)
from companion.rules.resolution import PremiumReason, SpecialOutcome, resolve_building
from companion.rules.setup import DeckMode, SelectionMethod
from companion.rules.state import Phase

FARM, TOWN_HALL, HOSPITAL = Building.FARM, Building.TOWN_HALL, Building.HOSPITAL
CASTLE, HUT, TREASURY = Building.CASTLE, Building.RAT_CATCHERS_HUT, Building.TREASURY


def specials_game(n: int = 4, start: int = 0) -> Game:
    return Game(setup_for(n, method=SelectionMethod.CHOSEN, manual=ALL_SPECIALS, start=start))


def skip_round(game: Game) -> None:
    """Play the current round with everyone entering the first building with 0 cards."""
    state = game.state
    row = reveal_event(state).row if state.setup.deck_mode is DeckMode.DIGITAL else None
    game.play(reveal_event(state) if row else ev.BuildingsRevealed(
        (FARM, CASTLE, HUT)[:state.setup.buildings_per_round]), ev.SupplyDone())
    while game.state.phase is Phase.C:
        game.play(ev.Entered(next_actor(game.state), 0, 0))
    game.play(ev.BuildingResolved(0), ev.RoundEnded())


def town_hall_round(game: Game, premium: int, normal: tuple[int, ...] = ()) -> None:
    """A round in which `premium` takes the Town Hall premium (2 Pass cards) and `normal` its
    normal action (1 each); the others enter the Castle with 0 cards (R-ROUND-D b)."""
    row = (TOWN_HALL, CASTLE, HUT)[:game.state.setup.buildings_per_round]
    game.play(ev.BuildingsRevealed(row), ev.SupplyDone())
    while game.state.phase is Phase.C:
        actor = next_actor(game.state)
        cards = 2 if actor == premium else 1 if actor in normal else 0
        game.play(ev.Entered(actor, 0 if cards else 1, cards))
    while game.state.phase is Phase.D:
        step = step_at(game.state)
        if isinstance(step, RevealCards):
            game.play(ev.Revealed(step.reveal.player, step.reveal.building,
                                  step.reveal.declared, 0))
        else:
            assert isinstance(step, TakeActions), step.prompt
            game.play(ev.BuildingResolved(step.building))
    game.play(ev.RoundEnded())


# --- phases and turns -------------------------------------------------------------------------

def test_phases_follow_each_other_and_the_start_player_moves_left():
    # R-ROUND-A..E, R-SETUP-7
    game = specials_game(start=3)
    assert (game.state.round, game.state.phase) == (1, Phase.A)
    game.play(ev.BuildingsRevealed((FARM, CASTLE, HUT)))
    assert game.state.phase is Phase.B
    game.play(ev.SupplyDone())
    assert game.state.phase is Phase.C
    assert step_at(game.state).actor == 3
    game.play(*(ev.Entered(p, 0, 0) for p in (3, 0, 1, 2)))
    assert game.state.phase is Phase.D
    assert step_at(game.state).prompt is Prompt.TAKE_ACTIONS
    game.play(ev.BuildingResolved(0))
    assert game.state.phase is Phase.E
    game.play(ev.RoundEnded())
    # R-ROUND-E: the start-player card passes to the left.
    assert (game.state.round, game.state.phase, game.state.start_player) == (2, Phase.A, 0)
    assert game.state.rounds[0].influence == tuple((0,) * 4 for _ in Estate)


def test_entering_goes_clockwise_from_the_start_player():
    # R-ROUND-C
    game = specials_game(start=2)
    game.play(ev.BuildingsRevealed((FARM, CASTLE, HUT)), ev.SupplyDone())
    error = game.refuse(ev.Entered(0, 0, 1), "R-ROUND-C", "not_your_turn")
    assert error.params["player"] == "Red"
    game.play(ev.Entered(2, 1, 3))
    game.refuse(ev.Entered(2, 0, 1), "R-ROUND-C", "already_entered")
    game.play(ev.Entered(3, 1, 0))
    assert [o.slot for o in step_is(Enter, game.state).options] == [1, 3, 1]
    game.play(ev.Entered(0, 1, 2), ev.Entered(1, 0, 1))
    assert game.state.record.entrants(1) == (2, 3, 0)


def test_a_pass_sends_the_player_to_the_back():
    # R-ROUND-C, R-SPECIAL-3: after a Pass the next player goes; the passer is up again once
    # all others have entered or passed; passing again is allowed; a pointless pass is not.
    # Red took the Town Hall premium and Green its normal action in round 1, so they hold
    # Pass cards to play.
    game = specials_game(start=3)
    town_hall_round(game, premium=0, normal=(2,))
    assert game.state.start_player == 0
    game.play(ev.BuildingsRevealed((TOWN_HALL, CASTLE, HUT)), ev.SupplyDone())
    assert step_is(Enter, game.state).can_pass
    game.play(ev.Passed(0))
    assert step_at(game.state).actor == 1
    game.play(ev.Entered(1, 0, 2), ev.Passed(2), ev.Entered(3, 0, 1))
    assert step_at(game.state).actor == 0
    game.play(ev.Passed(0))
    assert step_at(game.state).actor == 2
    game.play(ev.Entered(2, 0, 1))
    step = step_is(Enter, game.state)
    assert step.actor == 0 and not step.can_pass and ev.Passed not in step.allowed
    game.refuse(ev.Passed(0), "R-ROUND-C", "pointless_pass")
    game.play(ev.Entered(0, 0, 0))
    # Slot order is real entry time, passes included.
    assert game.state.record.entrants(0) == (1, 3, 2, 0)
    assert [t.passed for t in game.state.turns] == [True, False, True, False, True, False, False]


def test_no_pass_without_the_town_hall():
    # R-SETUP-3, R-SPECIAL-3
    game = Game(setup_for(4))
    game.play(ev.BuildingsRevealed((Building.FARM, Building.CASTLE, Building.PALACE)),
              ev.SupplyDone())
    assert not step_is(Enter, game.state).can_pass
    game.refuse(ev.Passed(0), "R-SPECIAL-3", "pass_not_in_play")


# --- reveals ----------------------------------------------------------------------------------

def test_reveals_in_row_then_slot_order_with_the_declared_count():
    # R-ROUND-D a
    game = specials_game()
    game.round((FARM, CASTLE, HUT), [(0, 1, 2), (1, 0, 1), (2, 1, 3), (3, 0, 2)])
    step = step_is(RevealCards, game.state)
    assert (step.actor, step.building, step.reveal.declared) == (1, 0, 1)
    game.refuse(ev.Revealed(3, 0, 2, 0), "R-ROUND-D", "reveal_order")
    game.refuse(ev.Revealed(0, 1, 2, 0), "R-ROUND-D", "reveal_order")
    game.refuse(ev.Revealed(1, 0, 2, 0), "R-ROUND-D", "reveal_count")
    game.refuse(ev.Entered(1, 0, 1), "R-ROUND-C", "not_allowed_now")
    game.play(ev.Revealed(1, 0, 1, 0))
    game.refuse(ev.BuildingResolved(0), "R-ROUND-D", "not_allowed_now")


def test_influence_and_rats_of_a_reveal():
    # R-ROUND-D a: +1 influence per population card and Joker; +1 rat per card of another
    # estate; Swords and Flutes bring neither.
    game = specials_game()
    game.round((FARM, CASTLE, HUT), [(0, 0, 7), (1, 1, 0), (2, 2, 0), (3, 2, 0)])
    game.play(ev.Revealed(0, 0, matching=2, other=3, jokers=1, swords=0, flutes=1))
    assert game.state.influence(0, Estate.PEASANTRY) == 6
    assert game.state.rats[0] == 13
    assert [e.entry_id for e in game.state.ledger(0)] == ["1.1.reveal"]


def test_specials_must_be_in_play_to_be_revealed():
    # R-SPECIAL-1, R-SPECIAL-2 with R-SETUP-3: no Castle, no Swords; no Hut, no Flutes.
    game = Game(setup_for(4))  # first-game set: Castle (Swords) yes, Hut (Flutes) no
    game.round((Building.FARM, Building.CASTLE, Building.PALACE),
               [(0, 0, 2), (1, 1, 0), (2, 1, 0), (3, 1, 0)])
    game.refuse(ev.Revealed(0, 0, 1, 0, flutes=1), "R-SPECIAL-2", "flute_not_in_play")
    game.play(ev.Revealed(0, 0, 1, 0, swords=1))
    no_castle = Game(setup_for(4, method=SelectionMethod.CHOSEN, manual=with_buildings(
        Building.FARM, Building.MARKET, Building.MONASTERY, Building.WATCHTOWER,
        Building.PALACE, Building.RAT_CATCHERS_HUT)))
    no_castle.round((Building.FARM, Building.MARKET, Building.PALACE),
                    [(0, 0, 1), (1, 1, 0), (2, 1, 0), (3, 1, 0)])
    no_castle.refuse(ev.Revealed(0, 0, 0, 0, swords=1), "R-SPECIAL-1", "sword_not_in_play")


def test_a_disc_landing_on_an_occupied_space_goes_on_top():
    # R-ROUND-D a (and R-SCORE-1 ties): the later arrival lies on top.
    game = specials_game()
    game.round((FARM, CASTLE, HUT), [(0, 0, 2), (1, 0, 1), (2, 0, 3), (3, 0, 0)])
    game.play(ev.Revealed(0, 0, 2, 0), ev.Revealed(1, 0, 1, 0), ev.Revealed(2, 0, 3, 0))
    game.play(ev.BuildingResolved(0), ev.RoundEnded())
    game.round((FARM, CASTLE, HUT), [(1, 0, 1), (2, 1, 0), (3, 1, 0), (0, 1, 0)])
    game.play(ev.Revealed(1, 0, 1, 0))
    track = game.state.track(Estate.PEASANTRY)
    assert track.values == (2, 2, 3, 0)
    assert track.order_on_space(2) == (0, 1)  # Red below, Yellow (arrived later) on top
    assert track.order_on_space(0) == (3,)


# --- actions ----------------------------------------------------------------------------------

def test_premium_most_cards_then_normal_in_entry_order():
    # R-ROUND-D b: the most population + Joker cards take the premium; Swords do not count;
    # the premium player acts first, the others in entry order.
    game = specials_game()
    game.round((CASTLE, FARM, HUT), [(0, 0, 3), (1, 0, 3), (2, 0, 2), (3, 1, 0)])
    game.play(ev.Revealed(0, 0, 1, 0, swords=2), ev.Revealed(1, 0, 2, 1),
              ev.Revealed(2, 0, 1, 0, jokers=1))
    res = resolve_building(game.state, 1, 0)
    assert (res.premium, res.premium_reason) == (1, PremiumReason.MOST_CARDS)
    assert [a.player for a in res.actions] == [1, 0, 2]
    assert [a.action.kind for a in res.actions] == [ActionKind.TAKE_SWORDS] * 3
    assert [a.action.amount for a in res.actions] == [2, 1, 1]


def test_premium_tie_goes_to_the_first_in_and_zero_cards_still_act():
    # R-ROUND-D b: tie -> entered first; a player with 0 cards takes the normal action, or the
    # premium if alone.
    game = specials_game()
    game.round((CASTLE, FARM, HUT), [(0, 0, 0), (1, 0, 2), (2, 0, 2), (3, 1, 0)])
    game.play(ev.Revealed(1, 0, 2, 0), ev.Revealed(2, 0, 2, 0))
    res = resolve_building(game.state, 1, 0)
    assert (res.premium, res.premium_reason) == (1, PremiumReason.FIRST_IN_ON_TIE)
    assert res.normal == (0, 2)
    game.play(ev.BuildingResolved(0))
    alone = resolve_building(game.state, 1, 1)
    assert (alone.premium, alone.premium_reason) == (3, PremiumReason.ALONE)
    assert alone.actions[0].action.amount == 4  # Farm premium: draw 4


def test_two_players_have_one_premium_per_round():
    # R-ROUND-D b (2 players): more cards in any building take the premium of their building;
    # the other only the normal action of theirs. The actions come after both reveals [ruling].
    game = specials_game(n=2)
    game.round((FARM, CASTLE), [(0, 0, 1), (1, 1, 3)])
    game.play(ev.Revealed(0, 0, 1, 0))
    assert step_at(game.state).prompt is Prompt.REVEAL_CARDS
    assert resolve_building(game.state, 1, 0).premium is None
    game.play(ev.Revealed(1, 1, 2, 1))
    farm, castle = resolve_building(game.state, 1, 0), resolve_building(game.state, 1, 1)
    assert farm.premium is None and farm.normal == (0,)
    assert farm.actions[0].action.amount == 2  # Farm normal: draw 2
    assert (castle.premium, castle.premium_reason) == (1, PremiumReason.TWO_PLAYER_RULE)
    assert step_is(TakeActions, game.state).building == 0
    game.play(ev.BuildingResolved(0), ev.BuildingResolved(1))
    assert game.state.phase is Phase.E


def test_two_player_tie_goes_to_who_entered_first_passes_included():
    # R-ROUND-D b (2 players), R-ROUND-C: "entered first" is real entry time.
    game = specials_game(n=2, start=1)
    town_hall_round(game, premium=0)  # Red holds Pass cards from round 1
    assert game.state.start_player == 0
    game.play(ev.BuildingsRevealed((TOWN_HALL, CASTLE)), ev.SupplyDone())
    game.play(ev.Passed(0), ev.Entered(1, 1, 2), ev.Entered(0, 0, 2))
    game.play(ev.Revealed(0, 0, 2, 0), ev.Revealed(1, 1, 2, 0))
    assert resolve_building(game.state, 2, 1).premium == 1
    assert resolve_building(game.state, 2, 0).premium is None


def test_last_round_has_no_actions_but_a_bonus_influence():
    # R-ROUND-D b (last round), R-SETUP-6: the premium holder gains +1 influence instead.
    game = Game(setup_for(4, method=SelectionMethod.CHOSEN, manual=ALL_SPECIALS,
                          deck=DeckMode.DIGITAL))
    for _ in range(7):
        skip_round(game)
    assert game.state.round == 8 and game.state.is_last_round
    game.play(reveal_event(game.state), ev.SupplyDone())
    row = game.state.row
    h = row.index(HOSPITAL) if HOSPITAL in row else 0
    others = [b for b in range(3) if b != h]
    assert game.state.start_player == 3
    game.play(ev.Entered(3, others[1], 0), ev.Entered(0, h, 2), ev.Entered(1, h, 1),
              ev.Entered(2, others[0], 0))
    game.play(ev.Revealed(0, h, 2, 0), ev.Revealed(1, h, 1, 0))
    estate = game.state.record.estate(h)
    before = game.state.influence(0, estate)
    step = step_is(TakeActions, game.state)
    assert step.building == h and ev.HospitalDiscarded not in step.allowed
    # The refusal says why: the last round has no actions (not "the actions are to be taken").
    game.refuse(ev.HospitalDiscarded(h, 0, 1), "R-ROUND-D", "last_round_no_actions")
    res = resolve_building(game.state, 8, h)
    assert res.actions == () and res.last_round_bonus == 0 and res.last_round
    game.play(ev.BuildingResolved(h))
    assert game.state.influence(0, estate) == before + 1
    assert game.state.influence(1, estate) == 1
    while game.state.phase is Phase.D:
        game.play(ev.BuildingResolved(step_is(TakeActions, game.state).building))
    game.play(ev.RoundEnded())
    assert game.state.phase is Phase.END


def test_brewery_draws_count_the_influence_gained():
    # Brewery: premium 1 card per influence point gained this round, normal 1 per 2.
    game = Game(setup_for(4, method=SelectionMethod.CHOSEN, manual=with_buildings(
        Building.BREWERY, Building.MARKET, Building.MONASTERY, Building.CASTLE,
        Building.PALACE, Building.FORTUNE_TELLERS_TENT)))
    game.round((Building.BREWERY, Building.MARKET, Building.PALACE),
               [(0, 0, 5), (1, 0, 3), (2, 1, 0), (3, 1, 0)])
    game.play(ev.Revealed(0, 0, 3, 1, jokers=1), ev.Revealed(1, 0, 2, 0, swords=1))
    res = resolve_building(game.state, 1, 0)
    assert [(a.player, a.premium, a.draws) for a in res.actions] == [(0, True, 5),
                                                                     (1, False, 1)]


def test_hospital_discards_rats_for_hand_cards():
    # Hospital: premium discards 1 rat and up to 3 hand cards for as many rats; normal up to 2.
    game = specials_game()
    game.round((HOSPITAL, FARM, CASTLE), [(0, 0, 2), (1, 0, 1), (2, 0, 0), (3, 1, 0)])
    game.play(ev.Revealed(0, 0, 1, 1), ev.Revealed(1, 0, 1, 0))
    step = step_is(TakeActions, game.state)
    assert {(h.player, h.up_to) for h in step.hospital} == {(0, 3), (1, 2), (2, 2)}
    game.refuse(ev.HospitalDiscarded(0, 1, 3), "R-ROUND-D", "hospital_limit")
    game.refuse(ev.HospitalDiscarded(0, 3, 1), "R-ROUND-D", "no_hospital_action")
    game.play(ev.HospitalDiscarded(0, 0, 3), ev.HospitalDiscarded(0, 1, 1),
              ev.HospitalDiscarded(0, 1, 2))  # entered again: replaces
    res = resolve_building(game.state, 1, 0)
    assert [(c.player, c.delta) for c in res.rat_changes] == [(0, -4), (1, -2)]
    game.play(ev.BuildingResolved(0))
    assert game.state.rats[:3] == (10 + 1 - 4, 10 - 2, 10)
    game.refuse(ev.HospitalDiscarded(0, 0, 1), "R-ROUND-D", "not_allowed_now")


def test_monastery_never_takes_a_player_below_zero_rats():
    # R-SETUP-1: rats are never negative.
    game = Game(setup_for(4))
    game.play(ev.RatsChanged(0, -9, ev.RatReason.SUPPLY_DISCARD))
    game.round((Building.MONASTERY, Building.FARM, Building.PALACE),
               [(0, 0, 0), (1, 1, 0), (2, 1, 0), (3, 1, 0)])
    game.play(ev.BuildingResolved(0))
    assert game.state.rats[0] == 0
    entry = game.state.ledger(0)[-1]
    assert (entry.entry_id, entry.delta, entry.applied) == ("1.1.monastery", -2, -1)


# --- special cards ----------------------------------------------------------------------------

def test_sword_most_against_fewest_and_ties():
    # R-SPECIAL-1: fewest gives half their hand to most; tie for most -> earliest entrant;
    # tie for fewest -> the winner chooses; all equal -> nothing.
    game = specials_game(n=5)
    game.round((CASTLE, FARM, HUT), [(0, 0, 1), (1, 0, 2), (2, 0, 2), (3, 0, 0), (4, 1, 0)])
    game.play(ev.Revealed(0, 0, 1, 0), ev.Revealed(1, 0, 0, 0, swords=2),
              ev.Revealed(2, 0, 0, 0, swords=2))
    step = step_is(ChooseSwordGiver, game.state)
    # 1 and 2 tie for most; 1 entered first and wins; 0 and 3 tie for fewest: 1 chooses.
    assert (step.prompt, step.actor) == (Prompt.CHOOSE_SWORD_GIVER, 1)
    assert step.choice.candidates == (0, 3)
    waiting = resolve_building(game.state, 1, 0).sword
    assert waiting is not None and waiting.exchange is None  # nobody gives before the choice
    game.refuse(ev.SpecialTargetChosen(0, Special.SWORD, 2), "R-SPECIAL-1", "not_a_candidate")
    game.refuse(ev.SpecialTargetChosen(0, Special.FLUTE, 0), "R-SPECIAL-2", "no_choice_now")
    game.refuse(ev.BuildingResolved(0), "R-ROUND-D", "not_allowed_now")
    game.play(ev.SpecialTargetChosen(0, Special.SWORD, 3))
    sword = resolve_building(game.state, 1, 0).sword
    assert sword is not None
    assert (sword.outcome, sword.giver, sword.receiver) == (SpecialOutcome.CHOSEN, 3, 1)
    assert sword.exchange == (3, 1)
    assert step_at(game.state).prompt is Prompt.TAKE_ACTIONS
    game.play(ev.BuildingResolved(0))
    sword = resolve_building(game.state, 1, 1).sword
    assert sword is not None and sword.outcome is SpecialOutcome.ALL_EQUAL


def test_flute_moves_a_rat_even_from_an_empty_giver():
    # R-SPECIAL-2: the fewest receives 1 rat from the most; if the giver has none, the receiver
    # still takes one from the supply [ruling].
    game = specials_game()
    game.play(ev.RatsChanged(1, -10, ev.RatReason.SUPPLY_DISCARD))
    game.round((HUT, FARM, CASTLE), [(0, 0, 1), (1, 0, 2), (2, 1, 0), (3, 1, 0)])
    game.play(ev.Revealed(0, 0, 1, 0), ev.Revealed(1, 0, 0, 0, flutes=2))
    flute = resolve_building(game.state, 1, 0).flute
    assert flute is not None and (flute.giver, flute.receiver) == (1, 0)
    assert game.state.rats[:2] == (11, 0)
    assert [(e.entry_id, e.delta, e.applied) for e in game.state.ledger(1)][-1] == (
        "1.1.flute", -1, 0)


def test_a_player_with_no_cards_reveals_at_once_and_settles_the_flute():
    # R-ROUND-D a: nothing to reveal, so nothing to wait for; R-SPECIAL-2: the building is
    # complete with that reveal, so its Flute is settled then.
    game = specials_game()
    game.round((HUT, FARM, CASTLE), [(0, 0, 1), (1, 0, 0), (2, 1, 0), (3, 2, 0)])
    rats = game.state.rats
    game.play(ev.Revealed(0, 0, 0, 0, flutes=1))
    assert game.state.record.reveals[1] == (0, 0, 0, 0, 0)
    assert step_at(game.state).prompt is Prompt.TAKE_ACTIONS
    assert game.state.rats[:2] == (rats[0] - 1, rats[1] + 1)
    assert [e.entry_id for e in game.state.ledger(1)] == ["1.1.flute"]


def test_flute_tie_for_fewest_is_chosen_by_the_winner():
    # R-SPECIAL-2
    game = specials_game()
    game.round((HUT, FARM, CASTLE), [(0, 0, 1), (1, 0, 1), (2, 0, 0), (3, 1, 0)])
    game.play(ev.Revealed(0, 0, 0, 0, flutes=1), ev.Revealed(1, 0, 1, 0))
    step = step_is(ChooseFluteReceiver, game.state)
    assert (step.prompt, step.actor, step.choice.candidates) == (
        Prompt.CHOOSE_FLUTE_RECEIVER, 0, (1, 2))
    rats = game.state.rats
    game.play(ev.SpecialTargetChosen(0, Special.FLUTE, 2))
    assert game.state.rats == (rats[0] - 1, rats[1], rats[2] + 1, rats[3])


def test_gold_cannot_be_played():
    # R-SPECIAL-3: a reveal has no place for Gold.
    assert "gold" not in ev.Revealed.__dataclass_fields__


# --- phase A ----------------------------------------------------------------------------------

def _digital_with_a_double(n: int):
    from support.engine_games import setup_for as make

    for seed in range(500):
        setup = make(n, deck=DeckMode.DIGITAL, seed=seed)
        k = setup.buildings_per_round
        if len(set(setup.deck[:k])) == 1:
            return setup
    raise AssertionError("no seed with a double")


def test_digital_deck_replaces_while_all_the_same():
    # R-ROUND-A: replace the last card by the top of the replacement stack, put it underneath.
    setup = _digital_with_a_double(2)
    game = Game(setup)
    event = reveal_event(game.state)
    assert len(set(event.row)) == 2 and event.replaced
    assert event.row[0] == setup.deck[0] and event.replaced[0] == setup.deck[1]
    wrong = ev.BuildingsRevealed(setup.deck[:2])
    game.refuse(wrong, "R-SETUP-6" if len(wrong.row) != 2 else "R-ROUND-A", "deck_mismatch")
    game.play(event)
    assert game.state.replacement[-len(event.replaced):] == event.replaced
    assert len(game.state.replacement) == setup.replacement_count


def test_physical_reveal_is_checked():
    # R-ROUND-A, R-SETUP-2, R-SETUP-6, R-COMP-4
    game = Game(setup_for(2))  # first-game set: Farm, Market, Monastery, Castle, Palace, Tent
    game.refuse(ev.BuildingsRevealed((Building.FARM, Building.FARM)), "R-ROUND-A", "all_same")
    game.refuse(ev.BuildingsRevealed((Building.FARM, Building.MARKET, Building.PALACE)),
                "R-SETUP-6", "buildings_per_round")
    game.refuse(ev.BuildingsRevealed((Building.FARM, Building.BREWERY)), "R-SETUP-2",
                "building_not_in_play")
    game.refuse(ev.BuildingsRevealed((Building.FARM, Building.MARKET), (Building.PALACE,)),
                "R-ROUND-A", "bad_replacement")
    game.refuse(ev.BuildingsRevealed((Building.FARM, Building.MARKET),
                                     (Building.FARM,) * 5), "R-COMP-4", "too_many_copies")
    game.play(ev.BuildingsRevealed((Building.FARM, Building.MARKET), (Building.FARM,) * 4))
    def finish_round() -> None:
        game.play(ev.SupplyDone())
        while game.state.phase is Phase.C:
            game.play(ev.Entered(next_actor(game.state), 0, 0))
        game.play(ev.BuildingResolved(0), ev.RoundEnded())

    # all 5 Farms are accounted for: 1 in round 1's row, 4 under the replacement stack
    finish_round()
    game.refuse(ev.BuildingsRevealed((Building.FARM, Building.PALACE)), "R-COMP-4",
                "no_copy_left")


# --- phase B and the end ----------------------------------------------------------------------

def test_supply_discards_are_private_and_only_discard():
    # R-ROUND-B, R-SETUP-1
    game = Game(setup_for(3))
    game.refuse(ev.RatsChanged(0, 1, ev.RatReason.SUPPLY_DISCARD), "R-ROUND-B",
                "supply_gains_no_rats")
    game.refuse(ev.RatsChanged(0, -11, ev.RatReason.SUPPLY_DISCARD), "R-SETUP-1",
                "rats_negative")
    game.refuse(ev.RatsChanged(0, -1, ev.RatReason.MONASTERY), "EVENT")
    game.refuse(ev.SupplyDone(), "R-ROUND-B", "not_allowed_now")
    game.play(ev.RatsChanged(0, -2, ev.RatReason.SUPPLY_DISCARD))
    entry = game.state.ledger(0)[0]
    assert (entry.entry_id, entry.public, entry.round) == ("1.p1", False, 1)


def test_nun_notes_are_checked():
    # R-SETUP-4: five nun-row cards; R-COMP-2: 0-4 nuns a card.
    game = Game(setup_for(3))
    game.refuse(ev.NunCardNoted(0, 6, 1), "R-SETUP-4")
    game.refuse(ev.NunCardNoted(0, 1, 5), "R-COMP-2")
    game.play(ev.NunCardNoted(0, 5, 2), ev.NunCardNoted(0, 5, 3))
    assert game.state.nun_notes[0] == (None, None, None, None, 3)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_the_game_ends_after_its_rounds(n):
    # R-SETUP-6: 10 / 9 / 8 / 8 rounds; the last one empties the building deck.
    game = Game(setup_for(n, deck=DeckMode.DIGITAL, seed=n))
    game.refuse(ev.EndValuesEntered(0, 3), "R-SETUP-6", "not_allowed_now")
    for _ in range(game.setup.rounds):
        skip_round(game)
    assert game.state.phase is Phase.END
    assert game.state.deck_pos == len(game.setup.deck)
    game.refuse(ev.BuildingsRevealed(game.state.row), "R-ROUND-A", "not_allowed_now")
    for p in range(n):
        game.play(ev.EndValuesEntered(p, hand=3, swords=1, markers=2))
    assert game.state.phase is Phase.END
    game.refuse(ev.NunsCounted(21), "EVENT", "bad_number")
    game.play(ev.NunsCounted(12))
    assert game.state.phase is Phase.FINISHED
    assert step_at(game.state).prompt is Prompt.FINISHED


def test_end_values_only_for_specials_in_play():
    # R-SCORE-3, R-SCORE-4 (the engine's side): no Flutes, Passes or Gold without their stack.
    game = Game(setup_for(2, deck=DeckMode.DIGITAL))
    for _ in range(10):
        skip_round(game)
    game.refuse(ev.EndValuesEntered(0, 3, flutes=1), "R-SCORE-3", "special_not_in_play")
    game.refuse(ev.EndValuesEntered(0, 3, gold=1), "R-SCORE-4", "special_not_in_play")
    game.refuse(ev.EndValuesEntered(0, -1), "EVENT", "bad_number")
    game.play(ev.EndValuesEntered(0, 3, swords=2))


def test_watchtower_premium_names_who_may_have_to_give():
    # Watchtower: every player who entered no Watchtower this round (and holds at least as
    # many hand cards, which the table compares) gives the premium taker 3 hand cards.
    game = Game(setup_for(4, method=SelectionMethod.CHOSEN, manual=with_buildings(
        Building.FARM, Building.MARKET, Building.MONASTERY, Building.WATCHTOWER,
        Building.PALACE, Building.FORTUNE_TELLERS_TENT)))
    game.round((Building.WATCHTOWER, Building.FARM, Building.WATCHTOWER),
               [(0, 0, 2), (1, 1, 0), (2, 2, 1), (3, 1, 0)])
    game.play(ev.Revealed(0, 0, 2, 0))
    res = resolve_building(game.state, 1, 0)
    assert res.actions[0].action.kind is ActionKind.WATCHTOWER_COLLECT
    assert res.actions[0].watchtower_from == (1, 3)
