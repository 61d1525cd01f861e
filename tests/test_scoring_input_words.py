"""An end state typed in by hand that cannot be scored is refused with a code and its values
(the engine speaks no sentences); the catalogs say each code in the box's four
languages, with the count of named players choosing the form ("Anna kommt", "Anna und Ben
kommen")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_ui_german_texts import on_the_sheet

from companion.i18n import translator
from companion.i18n.catalogs import TRANSLATED
from companion.i18n.words import words
from companion.rules.catalog import Estate, Special
from companion.rules.scoring import EndState, InputProblem, ScoringInputError
from companion.ui.home.score_form import input_problem

PLAYERS = ("Anna", "Ben", "Cem")
TIE = {Estate.CHURCH: {"Anna": 3, "Ben": 3, "Cem": 3}}

# One end state per problem, each as a group could type it in.
TYPED_IN: list[tuple[InputProblem, dict[str, Any]]] = [
    (InputProblem.NOT_A_WHOLE_NUMBER, {"hand": {"Anna": 2.5}}),
    (InputProblem.NEGATIVE, {"hand": {"Anna": -2}}),
    (InputProblem.PLAYER_COUNT, {"players": ("Anna",)}),  # R-SETUP-1
    (InputProblem.NOT_A_NAME, {"players": ("Anna", " ")}),
    (InputProblem.NAME_TWICE, {"players": ("Anna", "Ben", "Anna")}),
    (InputProblem.UNKNOWN_PLAYER, {"hand": {"Dora": 1}}),
    (InputProblem.NOT_A_PLAYER_MAP, {"hand": [1, 2]}),
    (InputProblem.NOT_AN_ESTATE_MAP, {"influence": ["church"]}),
    (InputProblem.UNKNOWN_ESTATE, {"influence": {"kitchen": {"Anna": 1}}}),
    (InputProblem.NOT_AN_ORDER, {"arrival": {Estate.CHURCH: "Anna"}}),
    (InputProblem.LISTED_TWICE, {"arrival": {Estate.CHURCH: ("Anna", "Ben", "Anna")}}),
    (InputProblem.UNKNOWN_SPECIAL_IN_PLAY, {"in_play": frozenset({"joker"})}),  # R-SETUP-3
    (InputProblem.NOT_A_SPECIALS_MAP, {"specials": [1]}),
    (InputProblem.GOLD_IN_SPECIALS, {"specials": {Special.GOLD: {"Anna": 1}}}),  # R-SCORE-4
    (InputProblem.UNKNOWN_SPECIAL, {"specials": {"dragon": {}}}),
    (InputProblem.SPECIAL_NOT_IN_PLAY, {"specials": {Special.SWORD: {"Anna": 1}}}),  # R-SCORE-3
    (InputProblem.GOLD_NOT_IN_PLAY, {"gold": {"Anna": 1}}),  # R-SCORE-4
    (InputProblem.TOO_MANY_NUNS, {"nuns": 21}),  # R-SCORE-6
    (InputProblem.TIE_NOT_LISTED, {"influence": TIE}),  # R-SCORE-1
    (InputProblem.TIE_PARTLY_LISTED, {"influence": TIE, "arrival": {Estate.CHURCH: ("Anna",)}}),
]


def refused(**kw: Any) -> ScoringInputError:
    kw.setdefault("players", PLAYERS)
    kw.setdefault("nuns", 9)
    with pytest.raises(ScoringInputError) as caught:
        EndState(**kw)
    return caught.value


def test_every_problem_is_typed_in_somewhere() -> None:
    assert {code for code, _ in TYPED_IN} == set(InputProblem)


@pytest.mark.parametrize(("code", "kw"), TYPED_IN, ids=[code.value for code, _ in TYPED_IN])
def test_each_problem_is_said_in_every_language(code: InputProblem, kw: dict[str, Any]) -> None:
    error = refused(**kw)
    assert error.code is code
    # The English a person reads is the sentence the logs show.
    assert words(translator("en"), error) == error.message
    for lang in TRANSLATED:
        said = words(translator(lang), error)
        assert said != error.message and "{" not in said, (lang, said)


def test_a_name_given_twice_reads_in_the_singular_and_two_in_the_plural() -> None:
    de, en = translator("de"), translator("en")
    once = refused(players=("Anna", "Ben", "Anna"))
    twice = refused(players=("Anna", "Ben", "Anna", "Ben"))
    assert words(de, once) == "Anna kommt mehr als einmal vor"
    assert words(de, twice) == "Anna und Ben kommen mehr als einmal vor"
    assert words(en, twice) == twice.message == "Anna and Ben appear more than once"
    assert words(translator("fr"), twice).startswith("Anna et Ben apparaissent")


def test_a_tie_missing_two_discs_names_both_in_the_plural() -> None:
    # R-SCORE-1: a tie that decides VP needs the order of all tied discs.
    one = refused(influence=TIE, arrival={Estate.CHURCH: ("Anna", "Ben")})
    two = refused(influence=TIE, arrival={Estate.CHURCH: ("Anna",)})
    assert one.field == two.field == "arrival.church"
    assert (one.params["missing"], two.params["missing"]) == (["Cem"], ["Ben", "Cem"])
    de, nl = translator("de"), translator("nl")
    assert words(de, one).endswith("(Cem fehlt)")
    assert words(de, two).endswith("(Ben und Cem fehlen)")
    assert words(nl, two).endswith("(Ben en Cem ontbreken)")


def test_the_values_of_a_problem_are_the_engines_not_a_sentence() -> None:
    error = refused(nuns=21)
    assert (error.field, error.code, error.rule) == ("nuns", InputProblem.TOO_MANY_NUNS,
                                                     "R-SCORE-6")
    assert error.params == {"most": 20, "count": 21}
    assert str(error) == "nuns: the Nun-row shows at most 20 nuns (got 21)"


def test_the_score_sheet_says_its_own_problems_in_the_tables_language(tmp_path: Path) -> None:
    table = on_the_sheet(tmp_path, "de", {"0-name": "Anna", "1-name": "Anna", "nuns": "21"})
    table.tap("score-evaluate")
    assert table.page.messages[-1] == "Zwei Spieler haben denselben Namen."
    table.type("score-1-name", "Ben")
    table.tap("score-evaluate")
    # R-SCORE-6: five nun cards of at most 4 nuns each.
    assert table.page.messages[-1] == "Die Nonnenreihe zeigt höchstens 20 Nonnen."
    # Any other problem is said as the score command says it, never in the engine's English.
    error = refused(hand={"Anna": -1})
    assert input_problem(table.app, error) == (
        "Dieses Spielende kann nicht gewertet werden: hand.Anna: darf nicht negativ sein "
        "(angegeben: -1)")
    table.store.close()
