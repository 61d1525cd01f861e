"""The engine speaks in codes; every code it can say has words, in English and German, with the
placeholders its values fill (issue 14: one source for every text)."""

from __future__ import annotations

import gettext
import string

import pytest

from companion.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, translator
from companion.i18n.codes import NOT_NOW_FOR, NOW, VIOLATIONS, refusal_text
from companion.i18n.scoring_lines import LINES, VARIANTS
from companion.rules import events as ev
from companion.rules.errors import Refusal, RuleViolation
from companion.rules.guide import Prompt
from companion.rules.scoring import Code


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_refusal_code_has_a_text() -> None:
    assert set(VIOLATIONS) == set(Refusal)
    assert set(NOW) == {p.value for p in Prompt}
    assert set(NOT_NOW_FOR) <= set(ev.EVENT_TYPES)


def test_every_scoring_line_code_has_a_text() -> None:
    assert set(LINES) == set(Code)
    assert set(VARIANTS) <= set(Code)


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_texts_are_translated_with_their_placeholders(lang: str) -> None:
    catalog = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])
    for msgid in [*VIOLATIONS.values(), *NOW.values(), *NOT_NOW_FOR.values()]:
        shown = catalog.gettext(msgid)
        assert shown != msgid and placeholders(shown) == placeholders(msgid), msgid
    for words in [*LINES.values(), *VARIANTS.values()]:
        if words.plural is None:
            shown = catalog.gettext(words.msgid)
            assert shown != words.msgid and placeholders(shown) == placeholders(words.msgid)
            continue
        for n, msgid in ((1, words.msgid), (2, words.plural)):
            shown = catalog.ngettext(words.msgid, words.plural, n)
            assert shown != msgid and placeholders(shown) == placeholders(msgid), msgid


def test_a_refusal_out_of_turn_says_what_the_table_must_do_now() -> None:
    # R-ROUND-C: the actor and the wrong player are both named, in German too.
    exc = RuleViolation("R-ROUND-C", Refusal.NOT_YOUR_TURN, prompt="enter", round=2,
                        actor="Ben", player="Anna")
    assert refusal_text(translator("en"), exc) == (
        "It is not Anna's turn: Ben is to enter a building (phase C).")
    german = refusal_text(translator("de"), exc)
    assert "Anna" in german and "Ben" in german and "{" not in german
