"""An end state typed in by hand is checked before anything is scored: a mistake gets an error
naming the field, never a wrong result."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules.catalog import Estate, Special
from companion.rules.scoring import EndState, InputProblem, ScoringInputError

PLAYERS = ("Anna", "Ben", "Cem")


def refused(**kw: Any) -> ScoringInputError:
    kw.setdefault("players", PLAYERS)
    kw.setdefault("nuns", 9)
    with pytest.raises(ScoringInputError) as caught:
        EndState(**kw)
    return caught.value


@pytest.mark.parametrize("players", [("Anna",), ("A", "B", "C", "D", "E", "F")])
def test_two_to_five_players_play(players: tuple[str, ...]) -> None:
    # R-SETUP-1
    error = refused(players=players)
    assert (error.field, error.rule) == ("players", "R-SETUP-1")


def test_a_name_given_twice_is_refused() -> None:
    assert refused(players=("Anna", "Ben", "Anna")).field == "players"


def test_a_blank_name_is_refused() -> None:
    assert refused(players=("Anna", " ")).field == "players[1]"


@pytest.mark.parametrize(("kw", "field"), [
    ({"influence": {Estate.PEASANTRY: {"Dora": 1}}}, "influence.peasantry.Dora"),
    ({"hand": {"Dora": 1}}, "hand.Dora"),
    ({"gold": {"Dora": 1}, "in_play": frozenset({Special.GOLD})}, "gold.Dora"),
    ({"markers": {"Dora": 1}}, "markers.Dora"),
    ({"rats": {"Dora": 1}}, "rats.Dora"),
    ({"specials": {Special.SWORD: {"Dora": 1}}, "in_play": frozenset({Special.SWORD})},
     "specials.sword.Dora"),
    ({"arrival": {Estate.CHURCH: ("Anna", "Dora")}}, "arrival.church"),
])
def test_an_unknown_player_is_named_with_its_field(kw: dict[str, Any], field: str) -> None:
    error = refused(**kw)
    assert error.field == field
    assert "unknown player 'Dora'" in error.message


@pytest.mark.parametrize(("kw", "field"), [
    ({"influence": {Estate.CHURCH: {"Ben": -1}}}, "influence.church.Ben"),
    ({"hand": {"Anna": -2}}, "hand.Anna"),
    ({"markers": {"Cem": -5}}, "markers.Cem"),
    ({"rats": {"Anna": -1}}, "rats.Anna"),
    ({"nuns": -1}, "nuns"),
])
def test_negative_numbers_are_refused(kw: dict[str, Any], field: str) -> None:
    error = refused(**kw)
    assert error.field == field
    assert "negative" in error.message


def test_numbers_must_be_whole() -> None:
    assert refused(hand={"Anna": 2.5}).field == "hand.Anna"
    assert refused(hand={"Anna": True}).field == "hand.Anna"


def test_the_nun_row_shows_at_most_20_nuns() -> None:
    # R-COMP-2, R-SETUP-4: five cards of at most 4 nuns each.
    error = refused(nuns=21)
    assert (error.field, error.rule) == ("nuns", "R-SCORE-6")


def test_an_unknown_estate_is_refused() -> None:
    error = refused(influence={"kitchen": {"Anna": 1}})
    assert error.field == "influence.kitchen"
    assert "unknown class" in error.message


def test_estates_may_be_given_by_their_names() -> None:
    # a name where the type says Estate: the input a hand-written end state gives
    end = EndState(players=PLAYERS, influence={"church": {"Anna": 1}}, nuns=9)  # type: ignore[dict-item]
    assert end.influence[Estate.CHURCH]["Anna"] == 1


def test_jokers_are_not_a_special_type_that_can_be_left_out() -> None:
    # R-SETUP-3: Jokers are always laid out; they count in the hand.
    assert refused(in_play=frozenset({"joker"})).field == "in_play"


def test_a_player_listed_twice_in_a_stack_is_refused() -> None:
    error = refused(arrival={Estate.CHURCH: ("Anna", "Ben", "Anna")})
    assert error.field == "arrival.church"


def test_the_end_state_cannot_be_changed_through_the_maps_it_was_built_from() -> None:
    hand = {"Anna": 2}
    influence = {Estate.CHURCH: {"Anna": 3}}
    end = EndState(players=PLAYERS, hand=hand, influence=influence, nuns=9)
    hand["Anna"] = 7
    influence[Estate.CHURCH]["Anna"] = 0
    assert end.hand["Anna"] == 2
    assert end.influence[Estate.CHURCH]["Anna"] == 3
    with pytest.raises(TypeError):
        end.hand["Anna"] = 5  # type: ignore[index]


def test_a_name_with_a_line_break_is_named_on_one_line() -> None:
    # The CLI promises one line on stderr whatever the typed-in names hold.
    error = ScoringInputError("influence.peasantry.\nDora\t", InputProblem.UNKNOWN_PLAYER,
                              name=repr("Dora\n"), players=["Anna", "Ben\n", "Cem"])
    assert "\n" not in str(error) and "\t" not in str(error)
    assert str(error).startswith("influence.peasantry.\\nDora\\t: ")
    assert "Jürgen" in str(ScoringInputError("hand.Jürgen", InputProblem.NEGATIVE, value=-1))
