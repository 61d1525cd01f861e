"""The table speaks German and English: catalogs complete, compiled, and chosen by the browser."""

from __future__ import annotations

import gettext
import string
from collections.abc import Sequence

import pytest

from companion.i18n import DOMAIN, LOCALE_DIR, Translator, pick_language, translator
from companion.i18n.catalogs import extract, mo_path, read_catalog, untranslated
from companion.i18n.names import (
    BUILDING_NAMES,
    ESTATE_NAMES,
    action_text,
    card_name,
)
from companion.i18n.words import rule_reference, words
from companion.rules.catalog import BUILDINGS, Building, Estate
from companion.rules.errors import Refusal, RuleViolation


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _ids(message_id: str | Sequence[str] | None) -> tuple[str, ...]:
    """A catalog message's id or translation as its forms (babel gives a plural as a list or a
    tuple, a missing translation as None)."""
    if message_id is None:
        return ()
    return (message_id,) if isinstance(message_id, str) else tuple(message_id)


def test_every_text_in_the_code_is_in_the_german_catalog() -> None:
    in_code = {_ids(m.id)[0] for m in extract() if m.id}
    in_catalog = {_ids(m.id)[0] for m in read_catalog("de") if m.id}
    assert in_code - in_catalog == set(), "run python -m companion.i18n.catalogs"


def test_every_german_text_is_translated() -> None:
    assert untranslated(read_catalog("de")) == []


def test_translations_keep_every_placeholder() -> None:
    for message in read_catalog("de"):
        if not message.id:
            continue
        wanted = set().union(*(_fields(i) for i in _ids(message.id)))
        for translated in _ids(message.string):
            assert _fields(translated) <= wanted | {"n"}, message.id


def test_compiled_catalog_matches_the_po_file() -> None:
    with mo_path("de").open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    for message in read_catalog("de"):
        if message.id and isinstance(message.id, str):
            assert compiled.gettext(message.id) == message.string, message.id


def test_catalog_is_where_the_translator_looks() -> None:
    assert mo_path("de") == LOCALE_DIR / "de" / "LC_MESSAGES" / f"{DOMAIN}.mo"


@pytest.mark.parametrize(("preferences", "expected"), [
    (["de-DE", "en-US"], "de"),
    (["de_AT"], "de"),
    (["it-IT", "de"], "de"),
    (["en-GB", "de-DE"], "en"),
    (["it-IT"], "en"),
    ([None, ""], "en"),
    ([], "en"),
])
def test_a_german_browser_gets_german(preferences: list[str | None], expected: str) -> None:
    assert pick_language(preferences) == expected


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unsupported language"):
        Translator("it")


def test_german_table_names_estates_and_buildings_as_the_rulebook_does() -> None:
    # R-COMP-1 and the building table of R-COMP-4 give the German names.
    de = translator("de")
    assert [de(ESTATE_NAMES[e]) for e in Estate] == [
        "Landvolk", "Bürgertum", "Kirche", "Rittertum", "Zauberkunst", "Königtum"]
    for building, info in BUILDINGS.items():
        assert de(BUILDING_NAMES[building]) == info.name_de


def test_english_table_also_shows_the_name_printed_on_the_card() -> None:
    en = translator("en")
    assert card_name(en, Building.TOWN_HALL) == "Town Hall (Amt)"
    assert card_name(en, Building.FARM) == "Farm"


def test_building_actions_read_in_both_languages() -> None:
    # R-COMP-4: the Castle's premium takes 2 Swords, its normal action 1.
    castle = BUILDINGS[Building.CASTLE]
    assert action_text(translator("en"), castle.premium) == "take 2 Swords"
    assert action_text(translator("en"), castle.normal) == "take 1 Sword"
    assert action_text(translator("de"), castle.premium) == "2 Schwerter nehmen"


def test_every_building_action_has_words() -> None:
    for info in BUILDINGS.values():
        for action in (info.premium, info.normal):
            for lang in ("de", "en"):
                assert action_text(translator(lang), action)


def test_a_broken_setup_rule_is_told_in_german_with_its_rule_id_apart() -> None:
    # No rule ID in the sentence; the ID is a detail a curious player opens.
    exc = RuleViolation("R-SETUP-2", Refusal.FIVE_PER_ESTATE, estate="church", count=4)
    assert words(translator("de"), exc) == (
        "Jeder Stand braucht genau 5 Gebäudekarten; Kirche hat 4.")
    assert rule_reference(translator("de"), exc) == "Regel R-SETUP-2"


def test_a_refusal_names_its_rule_apart_from_the_text_and_a_malformed_event_none() -> None:
    # The engine gives no sentence of its own to fall back on: every code has its text.
    exc = RuleViolation("R-ROUND-C", Refusal.ALREADY_ENTERED, player="Anna")
    assert words(translator("en"), exc) == (
        "Anna has already entered a building this round.")
    assert rule_reference(translator("en"), exc) == "Rule R-ROUND-C"
    exc = RuleViolation("EVENT", Refusal.NO_SUCH_PLAYER, seat=7)
    assert words(translator("en"), exc) == "There is no player 7."
    assert rule_reference(translator("en"), exc) is None
