"""Every rule ID in RULES.md is cited by at least one test (`# R-ROUND-C`), so each rule is
traceable to a test that checks it. The engine's tests cite R-COMP, R-SETUP, R-ROUND and
R-SPECIAL; R-SCORE is cited by the scoring tests.

The project keeps its copy of the rules reference, `docs/rules/RULES.md`, so these tests run
in any clone; where the team's `shared/rules/RULES.md` is next to the repository, a test
checks that the copy is still that file (copy it over when the rules change).
"""

import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
RULES = TESTS.parent / "docs" / "rules" / "RULES.md"
SHARED_RULES = TESTS.parents[1] / "shared" / "rules" / "RULES.md"
RULE_ID = re.compile(r"\bR-(?:COMP|SETUP|ROUND|SPECIAL|SCORE)-[0-9A-Z]+\b")


def rule_ids() -> list[str]:
    return sorted(set(RULE_ID.findall(RULES.read_text(encoding="utf-8"))))


def cited(files) -> set[str]:
    found: set[str] = set()
    for path in files:
        text = path.read_text(encoding="utf-8")
        if "def test_" in text:
            found.update(RULE_ID.findall(text))
    return found


def test_rules_md_has_ids():
    ids = rule_ids()
    assert ids == sorted(set(ids)) and all(RULE_ID.fullmatch(i) for i in ids)
    assert {"R-ROUND-A", "R-SPECIAL-3", "R-SETUP-7", "R-SCORE-7"} <= set(ids)


@pytest.mark.skipif(not SHARED_RULES.exists(), reason="shared/rules is not next to this clone")
def test_the_projects_rules_md_is_the_shared_one():
    assert RULES.read_bytes() == SHARED_RULES.read_bytes()


def test_every_engine_rule_is_cited_by_an_engine_test():
    engine_tests = [*TESTS.glob("test_rules_*.py"), *TESTS.glob("test_engine_*.py")]
    engine_tests = [p for p in engine_tests if p.name != Path(__file__).name]
    missing = [i for i in rule_ids() if not i.startswith("R-SCORE-")
               and i not in cited(engine_tests)]
    assert not missing, missing


def test_every_scoring_rule_is_cited_by_a_test():
    others = [p for p in TESTS.rglob("test_*.py") if p.name != Path(__file__).name]
    missing = [i for i in rule_ids() if i.startswith("R-SCORE-") and i not in cited(others)]
    assert not missing, missing
