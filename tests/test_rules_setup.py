"""Components and setup (R-COMP, R-SETUP): the catalog's counts, the selection methods, the deck,
specials in play, start player, and the short setup codes."""

import dataclasses
from collections import Counter

import pytest
from support.engine_games import Game, players, setup_for, with_buildings

from companion.rules import RuleViolation, apply
from companion.rules import events as ev
from companion.rules.catalog import (
    BUILDINGS,
    COPIES_PER_BUILDING,
    FIRST_GAME_SET,
    POPULATION_NUNS,
    Building,
    Estate,
    PlayerColour,
    Special,
    buildings_of,
)
from companion.rules.house_rules import HouseRules, TrackTie
from companion.rules.setup import (
    DeckMode,
    SelectionMethod,
    Setup,
    SetupWarning,
    make_setup,
    setup_code,
    setup_from_code,
)
from companion.rules.state import Phase


def test_six_estates_two_buildings_each():
    # R-COMP-1, R-COMP-4: six estates, 12 buildings, two per estate, 5 copies of each.
    assert len(Estate) == 6
    assert len(BUILDINGS) == 12
    for estate in Estate:
        assert len(buildings_of(estate)) == 2
    assert COPIES_PER_BUILDING == 5
    # The box holds 60 building cards: the first-game deck deals every copy of its six
    # buildings, 5 each, and a chosen selection may not ask for a sixth copy.
    first_game = setup_for(4, method=SelectionMethod.FIRST_GAME)
    assert Counter(first_game.buildings) == {b: COPIES_PER_BUILDING for b in FIRST_GAME_SET}
    assert len(BUILDINGS) * COPIES_PER_BUILDING == 60


def test_population_and_special_cards():
    # R-COMP-2: 84 population cards, 0-4 nuns. R-COMP-3: Sword, Flute, Pass, Gold and Jokers.
    assert sum(POPULATION_NUNS.values()) == 84
    assert set(POPULATION_NUNS) == {0, 1, 2, 3, 4}
    assert {s.value for s in Special} == {"sword", "flute", "pass", "gold", "joker"}


def test_player_count_and_start_rats():
    # R-SETUP-1: 2 to 5 players, each starting with 10 rats.
    for n in (2, 3, 4, 5):
        game = Game(setup_for(n))
        assert game.state.rats == (10,) * n
    for n in (1, 6):
        with pytest.raises(RuleViolation) as info:
            make_setup(players(n) if n < 6 else players(5) + [("Six", PlayerColour.RED)],
                       SelectionMethod.FIRST_GAME, 1)
        assert info.value.rule == "R-SETUP-1"


def test_colours_and_names_must_differ():
    # R-COMP-5: five colours, one per player.
    with pytest.raises(RuleViolation) as info:
        make_setup([("A", PlayerColour.RED), ("B", PlayerColour.RED)],
                   SelectionMethod.FIRST_GAME, 1)
    assert info.value.rule == "R-COMP-5"
    with pytest.raises(RuleViolation) as info:
        make_setup([("Anna", PlayerColour.RED), ("anna", PlayerColour.BLUE)],
                   SelectionMethod.FIRST_GAME, 1)
    assert info.value.code == "duplicate_name"


def _per_estate(setup: Setup) -> Counter:
    return Counter(BUILDINGS[b].estate for b in setup.buildings)


@pytest.mark.parametrize("method", list(SelectionMethod))
@pytest.mark.parametrize("seed", range(25))
def test_every_method_gives_five_cards_per_estate(method, seed):
    # R-SETUP-2: 30 building cards, 5 per estate, never more than 5 copies of one building.
    manual = with_buildings(*FIRST_GAME_SET) if method is SelectionMethod.CHOSEN else None
    setup = setup_for(4, method=method, seed=seed, manual=manual)
    assert len(setup.buildings) == 30
    assert set(_per_estate(setup).values()) == {5}
    assert max(Counter(setup.buildings).values()) <= COPIES_PER_BUILDING


def test_one_building_per_estate_takes_five_copies():
    # R-SETUP-2 (b)
    for seed in range(20):
        setup = setup_for(4, method=SelectionMethod.ONE_PER_ESTATE, seed=seed)
        assert set(Counter(setup.buildings).values()) == {5}


def test_mixed_per_estate_mixes_copies():
    # R-SETUP-2 (c): the 10 cards of an estate shuffled, 5 drawn: both buildings appear.
    mixed = [setup_for(4, method=SelectionMethod.MIXED_PER_ESTATE, seed=s) for s in range(20)]
    assert any(len(Counter(s.buildings)) > 6 for s in mixed)


def test_first_game_set():
    # R-SETUP-2 (d)
    setup = setup_for(3, method=SelectionMethod.FIRST_GAME)
    assert Counter(setup.buildings) == {b: 5 for b in FIRST_GAME_SET}


def test_manual_choice_needs_five_per_estate():
    # R-SETUP-2 (a)
    bad = with_buildings(*FIRST_GAME_SET) | {Building.PALACE: 4}
    with pytest.raises(RuleViolation) as info:
        setup_for(4, method=SelectionMethod.CHOSEN, manual=bad)
    assert info.value.rule == "R-SETUP-2"
    with pytest.raises(RuleViolation) as info:
        setup_for(4, method=SelectionMethod.CHOSEN, manual=None)
    assert info.value.rule == "R-SETUP-2"
    too_many = with_buildings(*FIRST_GAME_SET) | {Building.PALACE: 6, Building.TREASURY: -1}
    with pytest.raises(RuleViolation) as info:
        setup_for(4, method=SelectionMethod.CHOSEN, manual=too_many)
    assert info.value.rule == "R-COMP-4"


def test_watchtower_left_out_with_five_unless_asked():
    # R-SETUP-2 and the Watchtower note: random methods leave it out with 5 players.
    for method in (SelectionMethod.ONE_PER_ESTATE, SelectionMethod.MIXED_PER_ESTATE):
        for seed in range(30):
            assert Building.WATCHTOWER not in setup_for(5, method=method, seed=seed).buildings
        asked = [setup_for(5, method=method, seed=s, watchtower_with_five=True)
                 for s in range(30)]
        assert any(Building.WATCHTOWER in s.buildings for s in asked)
        assert all(s.warnings == (SetupWarning.WATCHTOWER_WITH_FIVE,)
                   for s in asked if Building.WATCHTOWER in s.buildings)
    with_four = [setup_for(4, method=SelectionMethod.ONE_PER_ESTATE, seed=s) for s in range(30)]
    assert any(Building.WATCHTOWER in s.buildings for s in with_four)
    assert all(s.warnings == () for s in with_four)


def test_manual_watchtower_with_five_is_a_warning_not_an_error():
    manual = with_buildings(Building.FARM, Building.MARKET, Building.MONASTERY,
                            Building.WATCHTOWER, Building.PALACE, Building.FORTUNE_TELLERS_TENT)
    setup = setup_for(5, method=SelectionMethod.CHOSEN, manual=manual)
    assert setup.warnings == (SetupWarning.WATCHTOWER_WITH_FIVE,)
    assert Game(setup).state.phase is Phase.A


def test_special_stacks_only_for_buildings_in_play():
    # R-SETUP-3: Sword (Castle), Flute (Hut), Pass (Town Hall), Gold (Treasury); Jokers always.
    first = setup_for(4)
    assert first.specials_in_play == (Special.SWORD, Special.JOKER)
    every = setup_for(4, method=SelectionMethod.CHOSEN, manual=with_buildings(
        Building.FARM, Building.TOWN_HALL, Building.HOSPITAL, Building.CASTLE,
        Building.RAT_CATCHERS_HUT, Building.TREASURY))
    assert every.specials_in_play == tuple(Special)
    none = setup_for(4, method=SelectionMethod.CHOSEN, manual=with_buildings(
        Building.BREWERY, Building.MARKET, Building.MONASTERY, Building.WATCHTOWER,
        Building.FORTUNE_TELLERS_TENT, Building.PALACE))
    assert none.specials_in_play == (Special.JOKER,)


@pytest.mark.parametrize("n,replacement,rounds,per_round",
                         [(2, 10, 10, 2), (3, 12, 9, 2), (4, 6, 8, 3), (5, 6, 8, 3)])
def test_player_count_tables(n, replacement, rounds, per_round):
    # R-SETUP-5: replacement stack; R-SETUP-6: rounds and buildings per round.
    setup = setup_for(n, deck=DeckMode.DIGITAL)
    assert setup.replacement_count == replacement == len(setup.replacement)
    assert (setup.rounds, setup.buildings_per_round) == (rounds, per_round)
    assert 30 - replacement == rounds * per_round == len(setup.deck)
    assert sorted(setup.deck + setup.replacement) == sorted(setup.buildings)


def test_physical_deck_is_not_kept_by_the_app():
    setup = setup_for(4, deck=DeckMode.PHYSICAL)
    assert setup.deck == () and setup.replacement == ()


def test_start_player_given_or_drawn_from_the_seed():
    # R-SETUP-7
    assert setup_for(4, start=2).start_player == 2
    drawn = {setup_for(4, start=None, seed=s).start_player for s in range(40)}
    assert drawn == {0, 1, 2, 3}
    assert setup_for(4, start=None, seed=9) == setup_for(4, start=None, seed=9)
    with pytest.raises(RuleViolation) as info:
        setup_for(4, start=4)
    assert info.value.rule == "R-SETUP-7"


def test_the_same_seed_gives_the_same_setup():
    a = setup_for(4, method=SelectionMethod.MIXED_PER_ESTATE, deck=DeckMode.DIGITAL, seed=77)
    b = setup_for(4, method=SelectionMethod.MIXED_PER_ESTATE, deck=DeckMode.DIGITAL, seed=77)
    c = setup_for(4, method=SelectionMethod.MIXED_PER_ESTATE, deck=DeckMode.DIGITAL, seed=78)
    assert a == b and a != c


@pytest.mark.parametrize("method", list(SelectionMethod))
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_code_reproduces_the_setup(method, n):
    manual = None
    if method is SelectionMethod.CHOSEN:
        manual = {Building.PALACE: 2, Building.TREASURY: 3, Building.CASTLE: 5,
                  Building.MONASTERY: 1, Building.HOSPITAL: 4, Building.FARM: 5,
                  Building.TOWN_HALL: 5, Building.RAT_CATCHERS_HUT: 3,
                  Building.FORTUNE_TELLERS_TENT: 2}
    rules = HouseRules(track_tie=TrackTie.BOTTOM_WINS, all_dead_variant=True)
    for seed in (0, 12345, (1 << 24) - 1):
        for deck in DeckMode:
            setup = setup_for(n, method=method, seed=seed, deck=deck, start=n - 1,
                              manual=manual, house_rules=rules, watchtower_with_five=True)
            code = setup_code(setup)
            assert all(c.isalnum() or c == "-" for c in code)
            assert setup_from_code(code, players(n)) == setup
            # Read aloud and typed in lower case, with O for 0 and I for 1: still the same.
            typed = code.lower().replace("0", "o").replace("1", "i").replace("-", " ")
            assert setup_from_code(typed, players(n)) == setup


def test_setup_code_is_short_and_checked():
    setup = setup_for(4, method=SelectionMethod.ONE_PER_ESTATE, seed=4242)
    code = setup_code(setup)
    assert len(code.replace("-", "")) == 8
    wrong = ("X" if code[2] != "X" else "Y").join((code[:2], code[3:]))
    with pytest.raises(RuleViolation) as info:
        setup_from_code(wrong, players(4))
    assert info.value.code == "bad_setup_code"
    with pytest.raises(RuleViolation) as info:
        setup_from_code(code, players(3))
    assert info.value.code == "setup_code_players"
    with pytest.raises(RuleViolation):
        setup_from_code("hello", players(4))


def test_setup_is_recorded_in_the_first_event():
    # Replay never re-rolls: the setup, with its shuffled deck, is in GameStarted.
    setup = setup_for(4, deck=DeckMode.DIGITAL, seed=5)
    state = apply(None, ev.GameStarted(setup))
    assert state.setup is setup
    assert state.replacement == setup.replacement


def test_a_recorded_setup_is_checked():
    setup = setup_for(4, deck=DeckMode.DIGITAL)
    broken = dataclasses.replace(setup, deck=setup.deck[1:])
    with pytest.raises(RuleViolation) as info:
        apply(None, ev.GameStarted(broken))
    assert info.value.rule == "R-SETUP-5"
    six = dataclasses.replace(setup, buildings=setup.buildings[:-1] + (Building.FARM,))
    with pytest.raises(RuleViolation) as info:
        apply(None, ev.GameStarted(six))
    # Six Farms: a sixth copy (R-COMP-4) is refused as the estate's five cards (R-SETUP-2).
    assert info.value.rule == "R-SETUP-2"


@pytest.mark.parametrize("seed", [-1, 1 << 24, 1 << 60])
def test_a_recorded_setup_with_a_seed_out_of_range_is_refused(seed):
    # R-SETUP-2: the seed that drew the buildings is recorded in GameStarted; one that
    # make_setup could never have given (a file, another device) is refused, not played.
    setup = dataclasses.replace(setup_for(4, seed=5), seed=seed)
    with pytest.raises(RuleViolation) as info:
        apply(None, ev.GameStarted(setup))
    assert info.value.code == "bad_seed"
    assert info.value.params == {"high": (1 << 24) - 1}
