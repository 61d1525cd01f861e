"""The plague and the winner: who survives, who wins, and the tie-break ladder that decided it
(R-SCORE-6, R-SCORE-7)."""

from __future__ import annotations

from collections.abc import Mapping

from companion.i18n import translator
from companion.i18n.words import words
from companion.rules.house_rules import HouseRules
from companion.rules.scoring import Code, EndState, ScoreResult, Step, score

DEFAULT = HouseRules()
VARIANT = HouseRules(all_dead_variant=True)



def english(line) -> str:
    return words(translator("en"), line)

def game(vp: Mapping[str, int], rats: Mapping[str, int], nuns: int,
         rules: HouseRules = DEFAULT) -> ScoreResult:
    """A finished game where each player's VP all come from their printed markers."""
    return score(EndState(players=tuple(vp), markers=vp, rats=rats, nuns=nuns,
                          house_rules=rules))


def codes(result: ScoreResult) -> list[Code]:
    return [line.code for line in result.tie_break]


# R-SCORE-6: the plague


def test_more_rats_than_nuns_dies_whatever_the_vp() -> None:
    # R-SCORE-6: Cem has the most VP but 12 rats against 9 nuns.
    result = game({"Anna": 20, "Ben": 25, "Cem": 40}, {"Anna": 8, "Ben": 3, "Cem": 12}, 9)
    assert [p.survives for p in result.players] == [True, True, False]
    assert result.winners == ("Ben",)


def test_as_many_rats_as_nuns_survives() -> None:
    # R-SCORE-6: equal survives.
    result = game({"Anna": 30, "Ben": 10}, {"Anna": 9, "Ben": 0}, 9)
    assert result.player("Anna").survives
    assert result.winners == ("Anna",)


def test_a_dead_leader_is_named_in_the_ladder() -> None:
    # R-SCORE-6
    result = game({"Anna": 30, "Ben": 10}, {"Anna": 10, "Ben": 0}, 9)
    assert codes(result) == [Code.DEAD_OUTSCORED, Code.WIN_MOST_VP]
    assert result.tie_break[0].params["player"] == "Anna"


# R-SCORE-7: the winner


def test_the_survivor_with_most_vp_wins() -> None:
    # R-SCORE-7
    result = game({"Anna": 31, "Ben": 29, "Cem": 12}, {"Anna": 5, "Ben": 1, "Cem": 0}, 9)
    assert result.winners == ("Anna",)
    assert codes(result) == [Code.WIN_MOST_VP]


def test_a_vp_tie_goes_to_fewer_rats() -> None:
    # R-SCORE-7
    result = game({"Anna": 20, "Ben": 31, "Cem": 31}, {"Anna": 0, "Ben": 3, "Cem": 5}, 9)
    assert result.winners == ("Ben",)
    assert codes(result) == [Code.WIN_FEWER_RATS]
    assert english(result.tie_break[0]).startswith(
        "Ben and Cem tie on 31 VP; Ben has fewer rats")


def test_a_tie_on_vp_and_rats_is_a_shared_victory() -> None:
    # R-SCORE-7
    result = game({"Anna": 31, "Ben": 31, "Cem": 2}, {"Anna": 4, "Ben": 4, "Cem": 0}, 9)
    assert result.winners == ("Anna", "Ben")
    assert codes(result) == [Code.WIN_SHARED]


def test_a_three_way_vp_tie_is_narrowed_by_rats_to_one() -> None:
    # R-SCORE-7
    result = game({"Anna": 31, "Ben": 31, "Cem": 31}, {"Anna": 6, "Ben": 2, "Cem": 4}, 9)
    assert result.winners == ("Ben",)
    assert result.tie_break[0].params["tied"] == ("Anna", "Ben", "Cem")


def test_a_three_way_vp_tie_is_narrowed_by_rats_to_a_shared_two() -> None:
    # R-SCORE-7
    result = game({"Anna": 31, "Ben": 31, "Cem": 31}, {"Anna": 6, "Ben": 2, "Cem": 2}, 9)
    assert result.winners == ("Ben", "Cem")
    assert codes(result) == [Code.WIN_SHARED]


def test_a_four_way_tie_on_vp_and_rats_is_shared_by_all_four() -> None:
    # R-SCORE-7
    players = {"Anna": 20, "Ben": 20, "Cem": 20, "Dora": 20}
    result = game(players, dict.fromkeys(players, 5), 9)
    assert result.winners == ("Anna", "Ben", "Cem", "Dora")


def test_fewer_rats_never_beats_more_vp() -> None:
    # R-SCORE-7: rats only break VP ties.
    result = game({"Anna": 30, "Ben": 29}, {"Anna": 9, "Ben": 0}, 9)
    assert result.winners == ("Anna",)


def test_a_dead_player_does_not_take_part_in_the_tie() -> None:
    # R-SCORE-6 and R-SCORE-7: Cem ties on VP with fewer rats than Ben, but Cem died.
    result = game({"Anna": 31, "Ben": 31, "Cem": 31}, {"Anna": 6, "Ben": 4, "Cem": 10}, 9)
    assert result.winners == ("Ben",)


def test_if_everyone_dies_everyone_loses() -> None:
    # R-SCORE-7
    result = game({"Anna": 31, "Ben": 20}, {"Anna": 8, "Ben": 6}, 5)
    assert result.winners == ()
    assert result.everyone_died
    assert not any(p.survives for p in result.players)
    assert codes(result) == [Code.NOBODY_WINS]


def test_the_variant_lets_the_fewest_rats_survive_and_win() -> None:
    # R-SCORE-7 optional variant: Ben has the fewest rats, so only Ben counts as a survivor.
    result = game({"Anna": 31, "Ben": 20, "Cem": 25}, {"Anna": 8, "Ben": 6, "Cem": 7}, 5,
                  VARIANT)
    assert result.winners == ("Ben",)
    assert result.everyone_died
    assert [p.survives for p in result.players] == [False, True, False]


def test_in_the_variant_players_tied_on_fewest_rats_compare_vp() -> None:
    # R-SCORE-7 optional variant: Ben and Cem both have 6 rats; Cem has more VP.
    result = game({"Anna": 31, "Ben": 20, "Cem": 25}, {"Anna": 8, "Ben": 6, "Cem": 6}, 5,
                  VARIANT)
    assert result.winners == ("Cem",)


def test_in_the_variant_a_tie_on_vp_and_rats_is_shared() -> None:
    # R-SCORE-7 optional variant
    result = game({"Anna": 31, "Ben": 20, "Cem": 20}, {"Anna": 8, "Ben": 6, "Cem": 6}, 5,
                  VARIANT)
    assert result.winners == ("Ben", "Cem")


def test_the_variant_changes_nothing_when_someone_survives() -> None:
    # R-SCORE-7 optional variant: only applies if everyone died.
    result = game({"Anna": 31, "Ben": 20}, {"Anna": 5, "Ben": 6}, 5, VARIANT)
    assert result.winners == ("Anna",)
    assert not result.everyone_died
    assert [p.survives for p in result.players] == [True, False]


def test_the_variant_line_names_who_counts_as_a_survivor() -> None:
    # R-SCORE-7 optional variant
    result = game({"Anna": 31, "Ben": 20}, {"Anna": 8, "Ben": 6}, 5, VARIANT)
    assert english(result.lines(Step.PLAGUE)[-1]) == (
        "Plague: everyone died; by the house rule Ben, with the fewest rats (6), counts as a "
        "survivor.")
    assert [english(line) for line in result.tie_break] == [
        "Anna has more VP (31) but died of the plague and loses.",
        "Ben wins with 20 VP.",
    ]
