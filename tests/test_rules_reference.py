"""The rules reference: the whole of RULES.md in the players' words, found by a search in the
table's language, and opened at the entry a "why" asks about."""

from __future__ import annotations

import re
from pathlib import Path

from companion.i18n import translator
from companion.rules.errors import Refusal, RuleViolation
from companion.ui.shared.reference_entries import (
    BY_KEY,
    ENTRIES,
    REFUSAL_RULES,
    entry_for,
    why_of,
)
from companion.ui.shared.rules_reference import entries_shown, folded, matches

RULES_MD = Path(__file__).resolve().parents[1] / "docs" / "rules" / "RULES.md"
RULE_ID = re.compile(r"\bR-[A-Z]+-[A-Z0-9]+\b")
DEFINED = re.compile(r"^- (R-[A-Z]+-[A-Z0-9]+) ", re.MULTILINE)


def rules_of_the_rulebook() -> list[str]:
    return DEFINED.findall(RULES_MD.read_text(encoding="utf-8"))


def test_every_rule_of_rules_md_has_an_entry() -> None:
    rules = rules_of_the_rulebook()
    assert len(rules) >= 25 and "R-SCORE-7" in rules and "R-ROUND-D" in rules
    covered = {rule for entry in ENTRIES for rule in entry.rules}
    assert [rule for rule in rules if rule not in covered] == []
    assert sorted(covered - set(rules)) == []  # no entry cites a rule RULES.md lacks


def test_no_entry_says_a_rule_id_in_its_words() -> None:
    for entry in ENTRIES:
        for said in (entry.title, *entry.paragraphs):
            assert not RULE_ID.search(said), (entry.key, said)
        assert 2 <= len(entry.paragraphs) <= 6, entry.key
    for lang in ("de", "fr", "nl"):
        t = translator(lang)
        for entry in ENTRIES:
            assert not any(RULE_ID.search(t(p)) for p in entry.paragraphs), (lang, entry.key)


def test_the_five_phases_carry_the_english_rulebooks_names() -> None:
    titles = [e.title for e in ENTRIES]
    for phase in ("Draw new building cards", "Supplies",
                  "Enter buildings and play population cards", "Resolve buildings",
                  "End of the round"):
        assert phase in titles
    said = " ".join(p for e in ENTRIES for p in e.paragraphs)
    assert "estate" not in said and "start player" not in said


def test_a_search_finds_words_whatever_their_case_and_accents() -> None:
    fr = translator("fr")
    sword = BY_KEY["sword"]
    assert folded("Épée") == "epee"
    assert matches(fr, sword, "EPEE") and matches(fr, sword, "épée")
    assert not matches(fr, BY_KEY["farm"], "epee")
    en = translator("en")
    found = [e.key for e in ENTRIES if matches(en, e, "plague")]
    assert "plague" in found and "farm" not in found


def test_a_search_that_finds_nothing_says_so() -> None:
    shown = entries_shown(translator("en"), "zeppelin", None)
    assert len(shown) == 1 and shown[0].identifier == "rules-nothing-found"  # type: ignore[attr-defined]
    assert "zeppelin" in shown[0].content.value  # type: ignore[attr-defined]


def test_a_rule_opens_at_its_entry_first_and_marked() -> None:
    # R-SPECIAL-1: the Sword's entry, shown before every other one.
    assert entry_for("R-SPECIAL-1") is BY_KEY["sword"]
    assert entry_for("two-players") is BY_KEY["two-players"]
    assert entry_for("R-NOPE-1") is None and entry_for(None) is None
    shown = entries_shown(translator("en"), "", BY_KEY["sword"])
    assert shown[0].identifier == "rules-asked"  # type: ignore[attr-defined]


def test_every_refusal_a_rule_explains_opens_an_entry() -> None:
    assert all(entry_for(target) is not None for target in REFUSAL_RULES.values())
    # R-ROUND-C: entering twice is explained where the players enter.
    refusal = RuleViolation("R-ROUND-C", Refusal.ALREADY_ENTERED, player="Anna")
    assert entry_for(why_of(refusal)) is BY_KEY["enter"]
    # R-ROUND-D: the last round's refusal opens the last round's entry, not the resolve's.
    last = RuleViolation("R-ROUND-D", Refusal.LAST_ROUND_NO_ACTIONS)
    assert entry_for(why_of(last)) is BY_KEY["last-round"]
    assert why_of(RuleViolation("EVENT", Refusal.UNKNOWN_EVENT, event="X")) is None
    assert why_of(ValueError("no")) is None
