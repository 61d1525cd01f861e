"""What a correction leaves the players to do by hand: the resolutions before and after it,
compared. The app recomputes its records; the Gold, Swords, discs and rat tokens on
the table moved as the app said at the time, so the table is told what changes hands.

The evening this comes from: Lucas and Camille in the Treasury, Lucas with 2 cards, Camille
with 1; Lucas took the premium (2 Gold), Camille the normal action (1 Gold). The table finds
that Camille played 3 cards: the premium was hers.
"""

from support.engine_games import ALL_SPECIALS, Game, next_actor, setup_for

from companion.rules import events as ev
from companion.rules.catalog import Building, Estate, PlayerColour, Special
from companion.rules.correction_effects import (
    Cause,
    Effect,
    EffectKind,
    Item,
    correction_effects,
    is_correction,
)
from companion.rules.guide import RevealCards, TakeActions, step_at
from companion.rules.setup import DeckMode, SelectionMethod, make_setup
from companion.rules.state import Phase

LUCAS, CAMILLE, DEV, MIA = range(4)
TREASURY, CASTLE, HOSPITAL, HUT, FARM, TOWN_HALL = (
    Building.TREASURY, Building.CASTLE, Building.HOSPITAL, Building.RAT_CATCHERS_HUT,
    Building.FARM, Building.TOWN_HALL)


def evening() -> Game:
    setup = make_setup([("Lucas", PlayerColour.RED), ("Camille", PlayerColour.YELLOW),
                        ("Dev", PlayerColour.GREEN), ("Mia", PlayerColour.BLUE)],
                       SelectionMethod.CHOSEN, 3, DeckMode.PHYSICAL, 0, manual=ALL_SPECIALS)
    return Game(setup)


def resolve_all(game: Game) -> None:
    """The rest of phase D: reveals not played yet are cards of the building's own estate;
    every building's actions are taken."""
    while game.state.phase is Phase.D:
        step = step_at(game.state)
        if isinstance(step, RevealCards):
            game.play(ev.Revealed(step.reveal.player, step.reveal.building,
                                  step.reveal.declared, 0))
        else:
            assert isinstance(step, TakeActions), step.prompt
            game.play(ev.BuildingResolved(step.building))


def treasury_round() -> Game:
    game = evening()
    game.round((TREASURY, CASTLE, FARM), [(LUCAS, 0, 2), (CAMILLE, 0, 1), (DEV, 1, 1),
                                          (MIA, 2, 0)])
    resolve_all(game)
    game.play(ev.RoundEnded())
    return game


def test_moving_the_treasurys_premium_moves_a_gold():
    # R-ROUND-D b: the most cards take the premium (2 Gold), the others the normal (1 Gold).
    game = treasury_round()
    before = game.state
    game.play(ev.RevealCorrected(1, CAMILLE, 3, 0))
    assert correction_effects(before, game.state) == (
        Effect(EffectKind.ITEMS, 1, LUCAS, -1, item=Item.GOLD),
        Effect(EffectKind.ITEMS, 1, CAMILLE, +1, item=Item.GOLD),
        Effect(EffectKind.INFLUENCE, 1, CAMILLE, +2, estate=Estate.ROYALTY),
    )


def test_moving_an_entry_gives_back_one_buildings_goods_and_takes_the_others():
    # R-ROUND-C / R-ROUND-D: Lucas was in the Castle, not the Treasury: he gives back his
    # 2 Gold and takes the Castle's premium (2 Swords) instead of Dev, who keeps 1; Camille,
    # alone in the Treasury now, takes the premium.
    game = treasury_round()
    before = game.state
    game.play(ev.EntryCorrected(1, LUCAS, 1, 2))
    assert correction_effects(before, game.state) == (
        Effect(EffectKind.ITEMS, 1, LUCAS, -2, item=Item.GOLD),
        Effect(EffectKind.ITEMS, 1, LUCAS, +2, item=Item.SWORDS),
        Effect(EffectKind.INFLUENCE, 1, LUCAS, +2, estate=Estate.CHIVALRY),
        Effect(EffectKind.INFLUENCE, 1, LUCAS, -2, estate=Estate.ROYALTY),
        Effect(EffectKind.ITEMS, 1, CAMILLE, +1, item=Item.GOLD),
        Effect(EffectKind.ITEMS, 1, DEV, -1, item=Item.SWORDS),
    )


def test_a_correction_that_changes_nothing_at_the_table_lists_nothing():
    # the same two population cards, one of them a Joker: the influence and the premium stay
    game = treasury_round()
    before = game.state
    game.play(ev.RevealCorrected(1, LUCAS, 1, 0, jokers=1))
    assert correction_effects(before, game.state) == ()
    assert is_correction(ev.RevealCorrected(1, LUCAS, 1, 0)) and not is_correction(
        ev.SupplyDone())


def test_a_card_of_another_estate_brings_a_rat():
    # R-ROUND-D a: +1 rat per population card not of the building's estate.
    game = treasury_round()
    before = game.state
    game.play(ev.RevealCorrected(1, DEV, 0, 1))
    assert correction_effects(before, game.state) == (
        Effect(EffectKind.RATS, 1, DEV, +1),)


def test_the_hospitals_premium_rat_moves_once_the_table_says_the_discards_again():
    # R-ROUND-D b: the premium discards 1 rat, then up to 3 hand cards; the normal up to 2.
    # Until the table answers, nothing at the Hospital moves; the hand cards it says were
    # discarded are what the players did, so only the premium's own rat changes hands.
    game = evening()
    game.round((HOSPITAL, FARM, CASTLE), [(LUCAS, 0, 2), (CAMILLE, 0, 1), (DEV, 1, 0),
                                          (MIA, 1, 0)])
    game.play(ev.Revealed(LUCAS, 0, 2, 0), ev.Revealed(CAMILLE, 0, 1, 0),
              ev.HospitalDiscarded(0, LUCAS, 3), ev.HospitalDiscarded(0, CAMILLE, 2))
    resolve_all(game)
    game.play(ev.RoundEnded())
    before = game.state
    game.play(ev.RevealCorrected(1, CAMILLE, 3, 0))
    assert correction_effects(before, game.state) == (
        Effect(EffectKind.INFLUENCE, 1, CAMILLE, +2, estate=Estate.CHURCH),)
    game.play(ev.HospitalCorrected(1, 0, (2, 3)))
    assert correction_effects(before, game.state) == (
        Effect(EffectKind.RATS, 1, LUCAS, +1),
        Effect(EffectKind.RATS, 1, CAMILLE, -1),
        Effect(EffectKind.INFLUENCE, 1, CAMILLE, +2, estate=Estate.CHURCH),
    )


def test_a_flute_tie_chosen_after_a_correction_moves_the_rat():
    # R-SPECIAL-2: Lucas and Dev played a Flute each, Camille none: Camille received the rat
    # from Lucas (the most, earliest in). Dev's Flute was a population card: Camille and Dev
    # tie for fewest, and Lucas chooses Dev.
    game = evening()
    game.round((HUT, FARM, CASTLE), [(LUCAS, 0, 1), (CAMILLE, 0, 0), (DEV, 0, 1), (MIA, 1, 0)])
    game.play(ev.Revealed(LUCAS, 0, 0, 0, flutes=1), ev.Revealed(DEV, 0, 0, 0, flutes=1))
    resolve_all(game)
    before = game.state
    game.play(ev.RevealCorrected(1, DEV, 1, 0))
    game.play(ev.TieChosenAfterCorrection(1, 0, Special.FLUTE, DEV))
    effects = correction_effects(before, game.state)
    assert Effect(EffectKind.RATS, 1, CAMILLE, -1) in effects
    assert Effect(EffectKind.RATS, 1, DEV, +1) in effects
    assert Effect(EffectKind.INFLUENCE, 1, DEV, +1, estate=Estate.MAGIC) in effects


def test_a_sword_given_to_the_wrong_player_is_given_back():
    # R-SPECIAL-1: Lucas played 1 Sword, Camille none: Camille gave Lucas half her hand. In
    # truth Camille played the Sword and Lucas none.
    game = evening()
    game.round((CASTLE, FARM, TOWN_HALL), [(LUCAS, 0, 1), (CAMILLE, 0, 1), (DEV, 1, 0),
                                           (MIA, 1, 0)])
    game.play(ev.Revealed(LUCAS, 0, 0, 0, swords=1), ev.Revealed(CAMILLE, 0, 1, 0))
    resolve_all(game)
    before = game.state
    game.play(ev.RevealCorrected(1, LUCAS, 1, 0), ev.RevealCorrected(1, CAMILLE, 0, 0,
                                                                      swords=1))
    effects = correction_effects(before, game.state)
    assert Effect(EffectKind.CARDS_BACK, 1, LUCAS, other=CAMILLE, cause=Cause.SWORD) in effects
    assert Effect(EffectKind.GIVE_CARDS, 1, LUCAS, other=CAMILLE, cause=Cause.SWORD) in effects


def test_the_last_rounds_bonus_influence_moves_with_the_premium():
    # R-ROUND-D b, last round: whoever would take the premium gains +1 influence instead.
    game = Game(setup_for(4, method=SelectionMethod.CHOSEN, manual=ALL_SPECIALS))

    rows = iter([(FARM, TOWN_HALL, CASTLE), (HOSPITAL, HUT, FARM), (TOWN_HALL, CASTLE, HOSPITAL),
                 (HUT, FARM, TOWN_HALL), (CASTLE, HOSPITAL, HUT), (FARM, TOWN_HALL, CASTLE),
                 (HOSPITAL, HUT, TREASURY), (FARM, TREASURY, CASTLE)])

    def everyone_in(building: int, cards: int) -> list[int]:
        order: list[int] = []
        game.play(ev.BuildingsRevealed(next(rows)), ev.SupplyDone())
        while game.state.phase is Phase.C:
            order.append(next_actor(game.state))
            game.play(ev.Entered(order[-1], building, cards))
        return order

    for _ in range(game.state.setup.rounds - 1):
        everyone_in(0, 0)
        resolve_all(game)
        game.play(ev.RoundEnded())
    last = game.state.setup.rounds
    first, second = everyone_in(1, 1)[:2]
    resolve_all(game)
    before = game.state
    game.play(ev.RevealCorrected(last, second, 2, 0))  # the most cards: the bonus is theirs
    assert correction_effects(before, game.state) == tuple(sorted((
        Effect(EffectKind.INFLUENCE, last, first, -1, estate=Estate.ROYALTY),
        Effect(EffectKind.INFLUENCE, last, second, +2, estate=Estate.ROYALTY),
    ), key=Effect.order))
