"""Estate scoring at the end of a game: 10/5/2 per estate, ties ranked by the discs (R-SCORE-1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from companion.rules.catalog import Estate
from companion.rules.house_rules import HouseRules, TrackTie
from companion.rules.scoring import EndState, ScoringInputError, score

CHURCH = Estate.CHURCH


def church(influence: Mapping[str, int], arrival: tuple[str, ...] = (),
           players: tuple[str, ...] = ("Anna", "Ben", "Cem"), **kw: Any) -> dict[str, int]:
    """The Church VP each player scores when only the Church track matters."""
    end = EndState(players=players, influence={CHURCH: influence},
                   arrival={CHURCH: arrival} if arrival else {}, nuns=20, **kw)
    result = score(end)
    return {p.name: p.estates[CHURCH] for p in result.players}


def test_most_second_and_third_influence_score_10_5_and_2() -> None:
    # R-SCORE-1
    assert church({"Anna": 6, "Ben": 4, "Cem": 1}) == {"Anna": 10, "Ben": 5, "Cem": 2}


def test_a_fourth_player_on_the_track_scores_nothing() -> None:
    # R-SCORE-1
    vp = church({"Anna": 6, "Ben": 4, "Cem": 3, "Dora": 2},
                players=("Anna", "Ben", "Cem", "Dora"))
    assert vp == {"Anna": 10, "Ben": 5, "Cem": 2, "Dora": 0}


def test_zero_influence_never_scores_even_with_a_place_free() -> None:
    # R-SCORE-1: Cem would be third, but 0 influence never scores.
    assert church({"Anna": 2, "Ben": 1, "Cem": 0}) == {"Anna": 10, "Ben": 5, "Cem": 0}


def test_an_estate_nobody_entered_scores_nothing_for_anyone() -> None:
    # R-SCORE-1
    result = score(EndState(players=("Anna", "Ben"), nuns=20))
    assert all(vp == 0 for p in result.players for vp in p.estates.values())


def test_two_players_score_only_10_and_5() -> None:
    # R-SCORE-1 (2 players)
    assert church({"Anna": 3, "Ben": 7}, players=("Anna", "Ben")) == {"Anna": 5, "Ben": 10}


def test_two_players_alone_on_a_track_takes_10_and_nobody_takes_5() -> None:
    # R-SCORE-1 (2 players)
    assert church({"Anna": 3}, players=("Anna", "Ben")) == {"Anna": 10, "Ben": 0}


def test_a_tie_goes_to_the_disc_on_top_by_default() -> None:
    # R-SCORE-1: Anna reached 4 first, Ben landed on her disc; the top disc wins.
    assert church({"Anna": 4, "Ben": 4, "Cem": 1}, arrival=("Anna", "Ben")) == {
        "Ben": 10, "Anna": 5, "Cem": 2}


def test_the_house_rule_lets_the_disc_underneath_win() -> None:
    # R-SCORE-1 house-rule switch: bottom_wins
    rules = HouseRules(track_tie=TrackTie.BOTTOM_WINS)
    assert church({"Anna": 4, "Ben": 4, "Cem": 1}, arrival=("Anna", "Ben"),
                  house_rules=rules) == {"Anna": 10, "Ben": 5, "Cem": 2}


def test_two_players_tied_take_10_and_5_never_a_share() -> None:
    # R-SCORE-1: track VP are never shared, also with 2 players.
    assert church({"Anna": 5, "Ben": 5}, arrival=("Ben", "Anna"), players=("Anna", "Ben")) == {
        "Anna": 10, "Ben": 5}


def test_a_three_way_tie_for_first_takes_places_one_to_three_by_stacking() -> None:
    # R-SCORE-1: stack from bottom Cem, Anna, Ben; top wins, so Ben 1st, Anna 2nd, Cem 3rd.
    assert church({"Anna": 2, "Ben": 2, "Cem": 2}, arrival=("Cem", "Anna", "Ben")) == {
        "Ben": 10, "Anna": 5, "Cem": 2}


def test_a_three_way_tie_with_the_bottom_disc_winning_reverses_the_stack() -> None:
    # R-SCORE-1 house-rule switch
    rules = HouseRules(track_tie=TrackTie.BOTTOM_WINS)
    assert church({"Anna": 2, "Ben": 2, "Cem": 2}, arrival=("Cem", "Anna", "Ben"),
                  house_rules=rules) == {"Cem": 10, "Anna": 5, "Ben": 2}


def test_a_four_way_tie_for_first_leaves_the_bottom_disc_without_vp() -> None:
    # R-SCORE-1: four discs on one space; only three places score.
    players = ("Anna", "Ben", "Cem", "Dora")
    vp = church({"Anna": 3, "Ben": 3, "Cem": 3, "Dora": 3},
                arrival=("Dora", "Cem", "Ben", "Anna"), players=players)
    assert vp == {"Anna": 10, "Ben": 5, "Cem": 2, "Dora": 0}


def test_a_tie_for_second_splits_second_and_third_by_the_discs() -> None:
    # R-SCORE-1
    vp = church({"Anna": 9, "Ben": 4, "Cem": 4}, arrival=("Cem", "Ben"))
    assert vp == {"Anna": 10, "Ben": 5, "Cem": 2}


def test_only_the_order_among_the_tied_players_matters() -> None:
    # R-SCORE-1: Dora's disc sits elsewhere on the track; listing her changes nothing.
    players = ("Anna", "Ben", "Cem", "Dora")
    vp = church({"Anna": 4, "Ben": 4, "Cem": 1, "Dora": 7},
                arrival=("Ben", "Dora", "Cem", "Anna"), players=players)
    assert vp == {"Dora": 10, "Anna": 5, "Ben": 2, "Cem": 0}


def test_a_tie_that_decides_vp_needs_the_order_of_the_discs() -> None:
    # R-SCORE-1: without the stacking order the table cannot know who scores 10.
    with pytest.raises(ScoringInputError) as caught:
        EndState(players=("Anna", "Ben"), influence={CHURCH: {"Anna": 4, "Ben": 4}}, nuns=20)
    assert caught.value.field == "arrival.church"
    assert caught.value.rule == "R-SCORE-1"
    assert "Anna and Ben tie on 4" in caught.value.message


def test_naming_only_some_of_the_tied_players_is_not_enough() -> None:
    # R-SCORE-1
    with pytest.raises(ScoringInputError, match=r"arrival\.church: .*Cem not listed"):
        EndState(players=("Anna", "Ben", "Cem"),
                 influence={CHURCH: {"Anna": 2, "Ben": 2, "Cem": 2}},
                 arrival={CHURCH: ("Anna", "Ben")}, nuns=20)


def test_a_tie_below_the_scoring_places_needs_no_order() -> None:
    # R-SCORE-1: Dora and Eve tie for 4th; nobody scores there, so nobody must remember.
    players = ("Anna", "Ben", "Cem", "Dora", "Eve")
    vp = church({"Anna": 9, "Ben": 7, "Cem": 5, "Dora": 2, "Eve": 2}, players=players)
    assert vp == {"Anna": 10, "Ben": 5, "Cem": 2, "Dora": 0, "Eve": 0}


def test_a_tie_reaching_into_third_place_needs_the_order() -> None:
    # R-SCORE-1: Cem, Dora and Eve tie for places 3 to 5; only the top one scores 2.
    players = ("Anna", "Ben", "Cem", "Dora", "Eve")
    influence = {"Anna": 9, "Ben": 7, "Cem": 2, "Dora": 2, "Eve": 2}
    with pytest.raises(ScoringInputError):
        church(influence, players=players)
    vp = church(influence, arrival=("Eve", "Cem", "Dora"), players=players)
    assert vp == {"Anna": 10, "Ben": 5, "Dora": 2, "Cem": 0, "Eve": 0}


def test_estates_score_independently_of_each_other() -> None:
    # R-SCORE-1
    end = EndState(
        players=("Anna", "Ben", "Cem"),
        influence={Estate.PEASANTRY: {"Anna": 8, "Ben": 2},
                   Estate.ROYALTY: {"Ben": 5, "Cem": 3, "Anna": 1}},
        nuns=20)
    result = score(end)
    assert result.player("Anna").estates[Estate.PEASANTRY] == 10
    assert result.player("Anna").estates[Estate.ROYALTY] == 2
    assert result.player("Ben").estates[Estate.PEASANTRY] == 5
    assert result.player("Ben").estates[Estate.ROYALTY] == 10
    assert result.player("Cem").estates[Estate.ROYALTY] == 5
    assert result.player("Cem").total == 5
