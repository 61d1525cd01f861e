"""Every code the app says has words, in English, German, French and Dutch, with the
placeholders its values fill: the engine's refusals and steps, the scoring's lines and steps,
what a typed-in end state gets wrong, the store's problems, an undo refused, a tap too late,
the JSON gate's and the system's reasons -- all in one registry (`companion.i18n.words.TEXTS`),
said by one function (`words`)."""

from __future__ import annotations

import gettext
import re
import string
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from support.engine_games import Game, setup_for

import companion.safe_json
from companion.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, translator
from companion.i18n.words import (
    CODES,
    JSON_REFUSALS,
    LAST_ROUND_NOW,
    LAST_ROUND_PROMPTS,
    NOT_NOW_FOR,
    NOW,
    PASSED,
    PROMPTS,
    REFUSALS,
    TEXTS,
    UNDONE_STEPS,
    VALUE_WORDS,
    VARIANTS,
    Counted,
    Said,
    words,
)
from companion.phones.texts import WORDS
from companion.rules import events as ev
from companion.rules.catalog import Building
from companion.rules.errors import Refusal, RuleViolation
from companion.rules.guide import Prompt
from companion.rules.scoring import Code

PASSED_THROUGH = {"{problems}", "{refused}"}
"""Store problems whose words are only those of the problems they hold."""


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_code_of_every_kind_has_words() -> None:
    for kind, table in TEXTS.items():
        codes = CODES[kind]
        if codes is not None:
            assert set(table) == set(codes), kind
    assert set(NOW) == set(Prompt)
    assert set(LAST_ROUND_PROMPTS) <= set(PROMPTS)
    assert set(LAST_ROUND_NOW) <= set(NOW)
    assert set(PASSED) <= set(Prompt) and set(VARIANTS) <= set(Code)
    assert set(NOT_NOW_FOR) <= set(ev.EVENT_TYPES) and set(UNDONE_STEPS) <= set(ev.EVENT_TYPES)
    gate = Path(companion.safe_json.__file__).read_text()
    assert set(JSON_REFUSALS) == set(re.findall(r'reason="(\w+)"', gate))


def every_text() -> Iterator[Said]:
    for table in [*TEXTS.values(), *VALUE_WORDS]:
        yield from table.values()


TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


def test_every_language_of_the_box_is_checked() -> None:
    assert TRANSLATED == ["de", "fr", "nl"]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_code_has_its_words_in_every_language(lang: str) -> None:
    # In the catalog, not just shown differently: "Hand" is "Hand" in German too. A new code
    # with its text here but not yet in a language's catalog fails, naming the text.
    catalog = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])
    entries: Mapping[Any, str] = catalog._catalog  # type: ignore[attr-defined]
    missing = []
    for said in [*every_text(), *WORDS.values()]:
        if isinstance(said, Counted):
            for form, msgid in ((0, said.one), (1, said.many)):
                shown = entries.get((said.one, form))
                if not shown or placeholders(shown) != placeholders(msgid):
                    missing.append(f"{msgid!r} (form {form})")
        elif said not in PASSED_THROUGH:
            shown = entries.get(said)
            if not shown or placeholders(shown) != placeholders(said):
                missing.append(repr(said))
    assert missing == []


def test_a_refusal_out_of_turn_says_what_the_table_must_do_now() -> None:
    # R-ROUND-C: the actor and the wrong player are both named, in German too.
    exc = RuleViolation("R-ROUND-C", Refusal.NOT_YOUR_TURN, prompt="enter", round=2,
                        actor="Ben", player="Anna")
    assert words(translator("en"), exc) == (
        "It is not Anna's turn: Ben is to enter a building (phase C).")
    for lang in TRANSLATED:
        said = words(translator(lang), exc)
        assert "Anna" in said and "Ben" in said and "{" not in said and "R-" not in said


def test_a_refusal_counts_one_rat_in_the_singular() -> None:
    # R-ROUND-B: a player cannot discard more rats than they have; "1 rat", not "1 rats".
    one = RuleViolation("R-ROUND-B", Refusal.RATS_NEGATIVE, player="Anna", rats=1)
    two = RuleViolation("R-ROUND-B", Refusal.RATS_NEGATIVE, player="Anna", rats=2)
    assert words(translator("en"), one) == "Anna has only 1 rat."
    assert words(translator("en"), two) == "Anna has only 2 rats."
    assert words(translator("de"), one) == "Anna hat nur 1 Ratte."
    assert words(translator("nl"), two) == "Anna heeft maar 2 ratten."


def test_a_correction_refused_for_one_revealed_card_says_1_card() -> None:
    # R-ROUND-D: Yellow revealed 1 card at the Farm; the entry cannot say 3, nor "1 cards".
    game = Game(setup_for(4))
    farm, monastery, castle = Building.FARM, Building.MONASTERY, Building.CASTLE
    game.round((farm, monastery, castle), [(0, 0, 2), (1, 0, 1), (2, 1, 1), (3, 1, 2)])
    game.play(ev.Revealed(0, 0, 2, 0), ev.Revealed(1, 0, 1, 0), ev.BuildingResolved(0),
              ev.Revealed(2, 1, 1, 0), ev.Revealed(3, 1, 1, 1), ev.BuildingResolved(1),
              ev.RoundEnded())
    refused = game.refuse(ev.EntryCorrected(1, 1, 0, 3), "R-ROUND-D", "correct_reveal_instead")
    yellow = game.state.setup.names[1]
    assert words(translator("en"), refused) == (
        f"{yellow} revealed 1 card there: correct the reveal, which changes the declared "
        "count too.")
    assert f"{yellow} hat dort 1 Karte aufgedeckt" in words(translator("de"), refused)
    assert "1 kaart omgedraaid" in words(translator("nl"), refused)
    red = words(translator("en"), game.refuse(ev.EntryCorrected(1, 0, 0, 3), "R-ROUND-D"))
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
    uncounted = {code: found.group(1) for code, text in REFUSALS.items()
                 if isinstance(text, str) and (found := COUNT_BEFORE_A_NOUN.search(text))}
    assert uncounted == NEVER_ONE
    for text in REFUSALS.values():
        if isinstance(text, Counted):
            assert f"{{{text.count}}}" in text.one and f"{{{text.count}}}" in text.many


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
    assert words(translator("en"), exc) == english
    assert words(translator("de"), exc) == german
