"""The engine speaks in codes; every code it can say has words, in English, German, French and
Dutch, with the placeholders its values fill (issue 14: one source for every text)."""

from __future__ import annotations

import gettext
import re
import string

import pytest
from support.engine_games import Game, setup_for

from companion.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, translator
from companion.i18n.codes import (
    COUNTED,
    LAST_ROUND_NOW,
    LAST_ROUND_PROMPTS,
    NOT_NOW_FOR,
    NOW,
    PROMPTS,
    VIOLATIONS,
    refusal_text,
)
from companion.i18n.scoring_lines import LINES, STEPS, VARIANTS
from companion.phones.texts import WORDS
from companion.rules import events as ev
from companion.rules.catalog import Building
from companion.rules.errors import Refusal, RuleViolation
from companion.rules.guide import Prompt
from companion.rules.scoring import Code


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_refusal_code_has_a_text() -> None:
    assert set(VIOLATIONS) == set(Refusal)
    assert set(NOW) == {p.value for p in Prompt}
    assert set(NOT_NOW_FOR) <= set(ev.EVENT_TYPES)
    assert set(LAST_ROUND_PROMPTS) <= set(PROMPTS)
    assert set(LAST_ROUND_NOW) <= set(NOW)


def test_every_scoring_line_code_has_a_text() -> None:
    assert set(LINES) == set(Code)
    assert set(VARIANTS) <= set(Code)


TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


def test_every_language_of_the_box_is_checked() -> None:
    assert TRANSLATED == ["de", "fr", "nl"]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_texts_are_translated_with_their_placeholders(lang: str) -> None:
    # In the catalog, not just shown differently: "Hand" is "Hand" in German too.
    catalog = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])
    entries: dict[object, str] = catalog._catalog  # type: ignore[attr-defined]
    single = [text for code, text in VIOLATIONS.items() if code not in COUNTED]
    for msgid in [*single, *NOW.values(), *NOT_NOW_FOR.values(), *PROMPTS.values(),
                  *LAST_ROUND_PROMPTS.values(), *LAST_ROUND_NOW.values(),
                  *STEPS.values(), *WORDS.values()]:
        assert entries.get(msgid), f"{lang}: no text for {msgid!r}"
        assert placeholders(entries[msgid]) == placeholders(msgid), msgid
    for code, (_, (one, many)) in COUNTED.items():
        assert many == VIOLATIONS[code]
        for form, msgid in ((0, one), (1, many)):
            shown = entries.get((one, form))
            assert shown, f"{lang}: no plural form {form} for {one!r}"
            assert placeholders(shown) == placeholders(msgid), msgid
    for words in [*LINES.values(), *VARIANTS.values()]:
        if words.plural is None:
            assert entries.get(words.msgid), f"{lang}: no text for {words.msgid!r}"
            assert placeholders(entries[words.msgid]) == placeholders(words.msgid)
            continue
        for form, msgid in ((0, words.msgid), (1, words.plural)):
            shown = entries.get((words.msgid, form))
            assert shown, f"{lang}: no plural form {form} for {words.msgid!r}"
            assert placeholders(shown) == placeholders(msgid), msgid


def test_a_refusal_out_of_turn_says_what_the_table_must_do_now() -> None:
    # R-ROUND-C: the actor and the wrong player are both named, in German too.
    exc = RuleViolation("R-ROUND-C", Refusal.NOT_YOUR_TURN, prompt="enter", round=2,
                        actor="Ben", player="Anna")
    assert refusal_text(translator("en"), exc) == (
        "It is not Anna's turn: Ben is to enter a building (phase C).")
    for lang in TRANSLATED:
        said = refusal_text(translator(lang), exc)
        assert "Anna" in said and "Ben" in said and "{" not in said and "R-" not in said


def test_a_refusal_counts_one_rat_in_the_singular() -> None:
    # R-ROUND-B: a player cannot discard more rats than they have; "1 rat", not "1 rats".
    one = RuleViolation("R-ROUND-B", Refusal.RATS_NEGATIVE, player="Anna", rats=1)
    two = RuleViolation("R-ROUND-B", Refusal.RATS_NEGATIVE, player="Anna", rats=2)
    assert refusal_text(translator("en"), one) == "Anna has only 1 rat."
    assert refusal_text(translator("en"), two) == "Anna has only 2 rats."
    assert refusal_text(translator("de"), one) == "Anna hat nur 1 Ratte."
    assert refusal_text(translator("nl"), two) == "Anna heeft maar 2 ratten."


def test_a_correction_refused_for_one_revealed_card_says_1_card() -> None:
    # R-ROUND-D: Yellow revealed 1 card at the Farm; the entry cannot say 3 (issue 13: "1 cards").
    game = Game(setup_for(4))
    farm, monastery, castle = Building.FARM, Building.MONASTERY, Building.CASTLE
    game.round((farm, monastery, castle), [(0, 0, 2), (1, 0, 1), (2, 1, 1), (3, 1, 2)])
    game.play(ev.Revealed(0, 0, 2, 0), ev.Revealed(1, 0, 1, 0), ev.BuildingResolved(0),
              ev.Revealed(2, 1, 1, 0), ev.Revealed(3, 1, 1, 1), ev.BuildingResolved(1),
              ev.RoundEnded())
    refused = game.refuse(ev.EntryCorrected(1, 1, 0, 3), "R-ROUND-D", "correct_reveal_instead")
    yellow = game.state.setup.names[1]
    assert refusal_text(translator("en"), refused) == (
        f"{yellow} revealed 1 card there: correct the reveal, which changes the declared "
        "count too.")
    assert f"{yellow} hat dort 1 Karte aufgedeckt" in refusal_text(translator("de"), refused)
    assert "1 kaart omgedraaid" in refusal_text(translator("nl"), refused)
    red = refusal_text(translator("en"), game.refuse(ev.EntryCorrected(1, 0, 0, 3), "R-ROUND-D"))
    assert "revealed 2 cards there" in red


COUNT_BEFORE_A_NOUN = re.compile(r"\{(\w+)\} (?:hand )?(?:cards?|rats?|nuns?|players?)\b")
NEVER_ONE = {
    Refusal.NO_SUCH_NUN_CARD: "cards",  # the nun row always has 5 cards (R-SETUP-4)
    Refusal.BUILDINGS_PER_ROUND: "players",  # a game has 2 to 5 players (R-SETUP-1)
    Refusal.SETUP_CODE_PLAYERS: "expected",  # the same
    Refusal.SPECIAL_NOT_IN_PLAY: "special",  # a special card's name, not a count
}


def test_every_refusal_that_counts_something_has_a_singular() -> None:
    # "1 cards", "1 players": any refusal whose count can be 1 picks its form by gettext.
    uncounted = {code: found.group(1) for code, text in VIOLATIONS.items()
                 if (found := COUNT_BEFORE_A_NOUN.search(text)) and code not in COUNTED}
    assert uncounted == NEVER_ONE
    for code, (count, _) in COUNTED.items():
        assert f"{{{count}}}" in VIOLATIONS[code]


@pytest.mark.parametrize(("code", "values", "english", "german"), [
    (Refusal.TOO_MANY_COPIES, {"building": "farm", "copies": 1},
     "There is only 1 card of the Farm.", "Farm: Es gibt nur 1 Karte."),
    (Refusal.HOSPITAL_CARDS_PER_PLAYER, {"players": 1, "given": 2},
     "Only 1 player is in the Hospital: say one number of hand cards, not 2.",
     "Nur 1 Spieler ist im Hospital: gebt eine Zahl Handkarten an, nicht 2."),
])
def test_a_count_of_one_reads_as_one(code: Refusal, values: dict[str, object], english: str,
                                     german: str) -> None:
    exc = RuleViolation("R-COMP-4", code, **values)  # type: ignore[arg-type]
    assert refusal_text(translator("en"), exc) == english
    assert refusal_text(translator("de"), exc) == german
