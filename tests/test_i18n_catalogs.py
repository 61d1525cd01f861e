"""Every word in the box's four languages, from one catalog.

English is the source; German, French and Dutch each have a catalog that must hold every text
of the code, translated (nothing empty, nothing fuzzy), with the same `{placeholders}` as the
source, the plural forms its language needs, and a compiled `.mo` that says the same as the
`.po`. If one of these fails after new texts were added: `python -m companion.i18n.catalogs
--todo`, fill the empty msgstrs, then `python -m companion.i18n.catalogs --compile`.
"""

from __future__ import annotations

import gettext
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message

from companion.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    Translator,
    catalogs,
    pick_language,
    translator,
)
from companion.i18n.catalogs import (
    PLURAL_FORMS,
    TRANSLATED,
    carry_over_rule_id_removals,
    extract,
    mo_path,
    read_catalog,
    read_pending,
    untranslated,
)
from companion.i18n.names import BUILDING_NAMES, ESTATE_NAMES, SPECIAL_NAMES

RULE_ID = re.compile(r"\bR-[A-Z]+-[A-Z0-9]+\b")


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _forms(value: object) -> tuple[str, ...]:
    """A message's id or string as its forms: one, or one per plural form."""
    if isinstance(value, tuple | list):
        return tuple(str(form) for form in value)
    return (str(value or ""),)


def _messages(catalog: Catalog) -> Iterator[Message]:
    return (message for message in catalog if message.id)


@pytest.fixture(scope="module", params=TRANSLATED)
def lang(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(scope="module")
def catalog(lang: str) -> Catalog:
    return read_catalog(lang)


def test_the_table_speaks_the_four_languages_of_the_box() -> None:
    assert set(LANGUAGES) == {"de", "en", "fr", "nl"}
    assert set(TRANSLATED) == set(LANGUAGES) - {"en"}
    # A switch names each language in its own words, for a reader of any of them.
    assert [LANGUAGE_NAMES[lang] for lang in LANGUAGES] == [
        "Deutsch", "English", "Français", "Nederlands"]


def test_every_text_in_the_code_has_an_entry(catalog: Catalog) -> None:
    in_code = {_forms(m.id)[0] for m in _messages(extract())}
    in_catalog = {_forms(m.id)[0] for m in _messages(catalog)}
    assert sorted(in_code - in_catalog) == [], "run python -m companion.i18n.catalogs"


def test_every_text_is_translated_and_none_is_fuzzy(catalog: Catalog) -> None:
    assert untranslated(catalog) == []


def test_translations_keep_the_placeholders_of_the_source(catalog: Catalog) -> None:
    assert _placeholder_mismatches(catalog) == []


def _placeholder_mismatches(catalog: Catalog) -> list[tuple[str, str]]:
    wrong = []
    for message in _messages(catalog):
        source = _forms(message.id)
        wanted = _fields(source[-1]) | (_fields(source[0]) if len(source) == 1 else set())
        for text in _forms(message.string):
            if _fields(text) != wanted:
                wrong.append((source[0], text))
                continue
            text.format(**{name: "x" for name in wanted})
    return wrong


def test_translations_made_ahead_are_as_sound_as_the_catalog(lang: str) -> None:
    # Texts other branches are adding, translated before they arrive (catalogs.pending_path).
    pending = read_pending(lang)
    if pending is None:
        pytest.skip(f"nothing pending for {lang}")
    assert untranslated(pending) == []
    assert _placeholder_mismatches(pending) == []
    assert [m.id for m in _messages(pending) if RULE_ID.search(" ".join(_forms(m.string)))] == []


def test_plural_forms_follow_the_language(lang: str, catalog: Catalog) -> None:
    assert catalog.mime_headers and dict(catalog.mime_headers)["Plural-Forms"] == \
        PLURAL_FORMS[lang]
    for message in _messages(catalog):
        if isinstance(message.id, tuple):
            assert len(_forms(message.string)) == catalog.num_plurals, message.id


def test_the_compiled_catalog_says_what_the_po_file_says(lang: str, catalog: Catalog) -> None:
    with mo_path(lang).open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    plural_index = gettext.c2py(catalog.plural_expr)
    for message in _messages(catalog):
        if isinstance(message.id, tuple):
            singular, plural = message.id
            for n in (0, 1, 2, 5, 21):
                expected = _forms(message.string)[plural_index(n)]
                assert compiled.ngettext(singular, plural, n) == expected, (message.id, n)
        else:
            assert compiled.gettext(str(message.id)) == message.string, message.id
    in_po = {_forms(m.id)[0] for m in _messages(catalog)}
    compiled_ids = vars(compiled)["_catalog"]
    in_mo = {key[0] if isinstance(key, tuple) else key for key in compiled_ids if key}
    assert in_mo == in_po, "run python -m companion.i18n.catalogs --compile"


def test_players_read_no_rule_ids(catalog: Catalog) -> None:
    # "(R-SPECIAL-1)" belongs in a detail a curious player opens, not in a sentence.
    shown = [text for m in _messages(catalog) for text in _forms(m.string) if RULE_ID.search(text)]
    assert shown == []


def test_german_uses_the_rulebooks_words() -> None:
    banned = re.compile(r"Versorgung|ablegen|abgelegt|Premium-Aktion|normale Aktion|"
                        r"Ersatzstapel|Gebäudestapel")
    found = [text for m in _messages(read_catalog("de")) for text in _forms(m.string)
             if banned.search(text)]
    assert found == []
    de = translator("de")
    assert (de("Supplies"), de("Premium"), de("Normal action")) == \
        ("Nachschub", "Premiumaktion", "Normalaktion")


def test_a_msgid_that_loses_its_rule_id_keeps_its_translation() -> None:
    # The lead takes the rule IDs out of the source; the translations never showed them.
    old = Catalog(locale="fr")
    old.add("Estates (R-SCORE-1)", "Classes")
    old.add("Tap that card (R-ROUND-A).", "Touchez cette carte.")
    new = Catalog(locale="fr")
    new.add("Estates", "")
    new.add("Tap that card.", "")
    new.add("A new text (R-ROUND-A).", "")
    carry_over_rule_id_removals(old, new)
    assert [(m.id, m.string) for m in new if m.id] == [
        ("Estates", "Classes"), ("Tap that card.", "Touchez cette carte."),
        ("A new text (R-ROUND-A).", "")]


def test_a_translation_made_ahead_moves_in_when_its_text_arrives(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(catalogs, "LOCALE_DIR", tmp_path)
    waiting = Catalog(locale="nl")
    waiting.add("It is not {player}'s turn: {now}.", "{player} is niet aan de beurt: {now}.")
    waiting.add("A text still on its way.", "Een tekst die nog onderweg is.")
    catalogs.pending_path("nl").parent.mkdir()
    catalogs._write(catalogs.pending_path("nl"), waiting)
    table = Catalog(locale="nl")
    table.add("It is not {player}'s turn: {now}.", "")
    assert catalogs.apply_pending("nl", table) == 1
    moved = table.get("It is not {player}'s turn: {now}.")
    assert moved is not None and moved.string == "{player} is niet aan de beurt: {now}."
    left = catalogs.read_pending("nl")
    assert left is not None and [m.id for m in left if m.id] == ["A text still on its way."]
    table.add("A text still on its way.", "")
    assert catalogs.apply_pending("nl", table) == 1
    assert not catalogs.pending_path("nl").parent.exists()


def test_another_branchs_translations_fill_only_what_is_empty(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(catalogs, "LOCALE_DIR", tmp_path / "locales")
    ours = catalogs.new_catalog("de")
    ours.add("Supply", "Nachschub")
    ours.add("This game has already started.", "")
    catalogs.po_path("de").parent.mkdir(parents=True)
    catalogs._write(catalogs.po_path("de"), ours)
    theirs = catalogs.new_catalog("de")
    theirs.add("Supply", "Versorgung")
    theirs.add("This game has already started.", "Dieses Spiel hat schon begonnen.")
    catalogs._write(tmp_path / "theirs.po", theirs)
    assert catalogs.fill_from(tmp_path / "theirs.po") == ("de", 1)
    filled = {m.id: m.string for m in catalogs.read_catalog("de") if m.id}
    assert filled == {"Supply": "Nachschub",
                      "This game has already started.": "Dieses Spiel hat schon begonnen."}
    assert catalogs.mo_path("de").exists()


@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_every_name_we_chose_is_declared_in_the_catalog_header(lang: str) -> None:
    # TERMS.md: where the rulebook gave no word, the catalog's header says it is our choice.
    header = read_catalog(lang).header_comment
    t = translator(lang)
    for name in [*BUILDING_NAMES.values(), *ESTATE_NAMES.values(), *SPECIAL_NAMES.values()]:
        assert t(name) in header, name


def test_french_names_come_from_the_french_rulebook() -> None:
    fr = translator("fr")
    assert [fr(ESTATE_NAMES[e]) for e in ESTATE_NAMES] == [
        "Paysannerie", "Bourgeoisie", "Clergé", "Chevalerie", "Magie", "Noblesse"]
    assert [fr(SPECIAL_NAMES[s]) for s in SPECIAL_NAMES] == [
        "Épée", "Flûte", "Laissez-passer", "Or", "Joker"]


@pytest.mark.parametrize(("lang", "zero", "one", "two"), [
    ("en", "0 rats", "1 rat", "2 rats"),
    ("de", "0 Ratten", "1 Ratte", "2 Ratten"),
    ("fr", "0 rat", "1 rat", "2 rats"),
    ("nl", "0 ratten", "1 rat", "2 ratten"),
])
def test_a_count_of_rats_reads_right_in_every_language(lang: str, zero: str, one: str,
                                                       two: str) -> None:
    t = Translator(lang)
    assert [t.plural("{n} rat", "{n} rats", n) for n in (0, 1, 2)] == [zero, one, two]


@pytest.mark.parametrize(("preferences", "expected"), [
    ("nl-BE,nl;q=0.9,en;q=0.8", "nl"),
    ("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7", "fr"),
    ("en;q=0.1, de", "de"),
    ("it-IT,it;q=0.9", "en"),
    ("de;q=0, nl;q=0.5", "nl"),
    ("*;q=0.5", "en"),
    ("", "en"),
    (None, "en"),
    (["fr-FR", "de"], "fr"),
    (["nl_NL"], "nl"),
])
def test_table_and_phones_pick_the_language_alike(preferences: str | list[str] | None,
                                                  expected: str) -> None:
    # A phone sends an Accept-Language header, the table's browser a list of tags.
    assert pick_language(preferences) == expected
