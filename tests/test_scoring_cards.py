"""Cards left in hand at the end: population and Jokers, special cards, Gold, VP markers
(R-SCORE-2 to R-SCORE-5)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from companion.rules.catalog import Estate, Special
from companion.rules.scoring import EndState, ScoringInputError, score

THREE = ("Anna", "Ben", "Cem")
FOUR = ("Anna", "Ben", "Cem", "Dora")
ALL_SPECIALS = frozenset({Special.SWORD, Special.FLUTE, Special.PASS, Special.GOLD})


def end(players: tuple[str, ...] = THREE, **kw: Any) -> EndState:
    kw.setdefault("in_play", ALL_SPECIALS)
    return EndState(players=players, nuns=20, **kw)


def hand_vp(hand: Mapping[str, int], players: tuple[str, ...] = THREE) -> dict[str, int]:
    return {p.name: p.hand for p in score(end(players, hand=hand)).players}


def sword_vp(swords: Mapping[str, int], players: tuple[str, ...] = THREE) -> dict[str, int]:
    result = score(end(players, specials={Special.SWORD: swords}))
    return {p.name: p.specials[Special.SWORD] for p in result.players}


def gold_vp(gold: Mapping[str, int], players: tuple[str, ...] = THREE) -> dict[str, int]:
    return {p.name: p.gold for p in score(end(players, gold=gold)).players}


# R-SCORE-2: population and Joker cards in hand


def test_the_biggest_hand_scores_2() -> None:
    # R-SCORE-2
    assert hand_vp({"Anna": 4, "Ben": 2, "Cem": 3}) == {"Anna": 2, "Ben": 0, "Cem": 0}


def test_a_tie_for_the_biggest_hand_gives_1_each() -> None:
    # R-SCORE-2
    assert hand_vp({"Anna": 3, "Ben": 3, "Cem": 1}) == {"Anna": 1, "Ben": 1, "Cem": 0}


def test_a_four_way_tie_for_the_biggest_hand_gives_everyone_1() -> None:
    # R-SCORE-2
    assert hand_vp({p: 2 for p in FOUR}, FOUR) == {p: 1 for p in FOUR}


def test_empty_hands_score_nothing() -> None:
    # R-SCORE-2: zero never scores, not even as a tie of everyone.
    assert hand_vp({}) == {"Anna": 0, "Ben": 0, "Cem": 0}


# R-SCORE-3: Swords, Flutes and Passes


def test_the_most_swords_score_2() -> None:
    # R-SCORE-3
    assert sword_vp({"Ben": 2, "Cem": 1}) == {"Anna": 0, "Ben": 2, "Cem": 0}


def test_a_three_way_tie_on_swords_gives_1_each() -> None:
    # R-SCORE-3
    assert sword_vp({"Anna": 1, "Ben": 1, "Cem": 1}) == {"Anna": 1, "Ben": 1, "Cem": 1}


def test_each_special_type_is_its_own_majority() -> None:
    # R-SCORE-3
    result = score(end(specials={Special.SWORD: {"Anna": 3}, Special.FLUTE: {"Ben": 1},
                                 Special.PASS: {"Anna": 1, "Cem": 1}}))
    assert {p.name: dict(p.specials) for p in result.players} == {
        "Anna": {Special.SWORD: 2, Special.FLUTE: 0, Special.PASS: 1},
        "Ben": {Special.SWORD: 0, Special.FLUTE: 2, Special.PASS: 0},
        "Cem": {Special.SWORD: 0, Special.FLUTE: 0, Special.PASS: 1},
    }


def test_nobody_holding_a_special_type_scores_nothing_for_it() -> None:
    # R-SCORE-3: zero never scores.
    assert sword_vp({"Anna": 0}) == {"Anna": 0, "Ben": 0, "Cem": 0}


def test_a_type_not_in_play_scores_nothing_and_cannot_be_held() -> None:
    # R-SCORE-3: only the types in play score; holding cards of another type is a typo.
    quiet = score(end(in_play=frozenset({Special.SWORD}), specials={Special.FLUTE: {"Ben": 0}}))
    assert all(p.specials[Special.FLUTE] == 0 for p in quiet.players)
    with pytest.raises(ScoringInputError) as caught:
        end(in_play=frozenset({Special.SWORD}), specials={Special.FLUTE: {"Ben": 2}})
    assert caught.value.field == "specials.flute"


def test_gold_is_never_scored_as_a_special_majority() -> None:
    # R-SCORE-3: "except Gold"; it has its own rule and its own map.
    with pytest.raises(ScoringInputError) as caught:
        end(specials={Special.GOLD: {"Anna": 2}})
    assert caught.value.field == "specials.gold"


# R-SCORE-4: Gold


def test_most_gold_scores_6_and_second_most_3() -> None:
    # R-SCORE-4
    assert gold_vp({"Anna": 1, "Ben": 4, "Cem": 2}) == {"Anna": 0, "Ben": 6, "Cem": 3}


def test_a_third_gold_holder_scores_nothing() -> None:
    # R-SCORE-4
    assert gold_vp({"Anna": 3, "Ben": 2, "Cem": 1, "Dora": 1}, FOUR) == {
        "Anna": 6, "Ben": 3, "Cem": 0, "Dora": 0}


def test_two_tied_for_most_gold_share_9_and_nobody_is_second() -> None:
    # R-SCORE-4: floor(9 / 2) = 4 each; Cem's 1 Gold scores nothing.
    assert gold_vp({"Anna": 3, "Ben": 3, "Cem": 1}) == {"Anna": 4, "Ben": 4, "Cem": 0}


def test_three_tied_for_most_gold_share_9_as_3_each() -> None:
    # R-SCORE-4
    assert gold_vp({"Anna": 2, "Ben": 2, "Cem": 2, "Dora": 1}, FOUR) == {
        "Anna": 3, "Ben": 3, "Cem": 3, "Dora": 0}


def test_four_tied_for_most_gold_share_9_as_2_each() -> None:
    # R-SCORE-4: floor(9 / 4) = 2
    assert gold_vp({p: 1 for p in FOUR}, FOUR) == {p: 2 for p in FOUR}


def test_two_tied_for_second_gold_share_3_as_1_each() -> None:
    # R-SCORE-4: floor(3 / 2) = 1
    assert gold_vp({"Anna": 5, "Ben": 2, "Cem": 2}) == {"Anna": 6, "Ben": 1, "Cem": 1}


def test_four_tied_for_second_gold_share_3_and_each_rounds_down_to_0() -> None:
    # R-SCORE-4: floor(3 / 4) = 0
    players = ("Anna", "Ben", "Cem", "Dora", "Eve")
    assert gold_vp({"Anna": 4, "Ben": 1, "Cem": 1, "Dora": 1, "Eve": 1}, players) == {
        "Anna": 6, "Ben": 0, "Cem": 0, "Dora": 0, "Eve": 0}


def test_with_two_players_second_most_gold_scores_nothing() -> None:
    # R-SCORE-4 (2 players)
    assert gold_vp({"Anna": 1, "Ben": 3}, ("Anna", "Ben")) == {"Anna": 0, "Ben": 6}


def test_with_two_players_a_gold_tie_still_shares_9() -> None:
    # R-SCORE-4: the tie rule as written; it gives both the same, so it never decides a game.
    assert gold_vp({"Anna": 2, "Ben": 2}, ("Anna", "Ben")) == {"Anna": 4, "Ben": 4}


def test_a_lone_gold_holder_takes_6_and_zero_is_never_second() -> None:
    # R-SCORE-4: zero never scores.
    assert gold_vp({"Cem": 1}) == {"Anna": 0, "Ben": 0, "Cem": 6}


def test_without_the_treasury_gold_scores_nothing_and_cannot_be_held() -> None:
    # R-SCORE-4: only if the Treasury was in play.
    no_treasury = frozenset({Special.SWORD})
    result = score(end(in_play=no_treasury))
    assert all(p.gold == 0 for p in result.players)
    with pytest.raises(ScoringInputError) as caught:
        end(in_play=no_treasury, gold={"Anna": 2})
    assert caught.value.field == "gold"


# R-SCORE-5: VP markers


def test_vp_markers_count_their_printed_value() -> None:
    # R-SCORE-5
    result = score(end(markers={"Anna": 7, "Cem": 3}))
    assert [(p.markers, p.total) for p in result.players] == [(7, 7), (0, 0), (3, 3)]


def test_the_total_adds_every_category() -> None:
    # R-SCORE-1 to R-SCORE-5 together: 10 (Church) + 2 (hand) + 2 (Swords) + 6 (Gold) + 4.
    result = score(end(influence={Estate.CHURCH: {"Anna": 3}}, hand={"Anna": 1},
                       specials={Special.SWORD: {"Anna": 1}}, gold={"Anna": 1},
                       markers={"Anna": 4}))
    assert result.player("Anna").total == 24
