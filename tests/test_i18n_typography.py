"""The words as printed: each language reads like its own rulebook.

Every text a person reads comes from the catalogs (the table, the phones' page, the CLI, the
refusals), so the catalogs are read here, per language, the way a proofreader of that language
would read them:

- French prints a no-break space (U+00A0, the one we chose; never U+202F) before : ; ! ? and
  inside « », and an elision takes ’ (c’est, l’adresse), never a straight apostrophe.
- German quotes „so“; Dutch elides with ’ (zo’n) and quotes ‘so’. No straight quote in either.
- No text, in any language or in the English source, names a rule by its ID: "(R-ROUND-D)"
  belongs in a detail a curious player opens, not in a sentence.

What is not punctuation is left out of the reading: the inside of a `{placeholder}` (a format
spec may hold a colon), a time (12:30) and an address (http://…).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from babel.messages.catalog import Catalog

from companion.i18n import translator
from companion.i18n.catalogs import (
    TRANSLATED,
    carry_over_rule_id_removals,
    extract,
    read_catalog,
)
from companion.i18n.words import words
from companion.phones.texts import texts as phone_texts
from companion.store.problems import StoreProblem
from companion.store.worded import Worded
from companion.ui.shared.reference_entries import ENTRIES

NBSP = "\u00a0"
RULE_ID = re.compile(r"\bR-[A-Z]+-[A-Z0-9]+\b")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
NOT_PUNCTUATION = re.compile(r"\w+://\S+|\d:\d")
"""An address and a time read as they are, colon and all."""


def _forms(value: object) -> tuple[str, ...]:
    if isinstance(value, tuple | list):
        return tuple(str(form) for form in value)
    return (str(value or ""),)


def _translations(catalog: Catalog) -> Iterator[str]:
    for message in catalog:
        if message.id:
            yield from _forms(message.string)


def _read(text: str) -> str:
    """The text as a reader meets its punctuation: a placeholder is a word (its value is one),
    an address or a time is not punctuation."""
    return NOT_PUNCTUATION.sub("x", PLACEHOLDER.sub("X", text))


def french_faults(text: str) -> list[str]:
    shown = _read(text)
    faults = []
    for found in re.finditer(r"[:;!?»]", shown):
        before = shown[found.start() - 1] if found.start() else ""
        if before != NBSP and not (found[0] != "»" and before in ":;!?"):
            faults.append(f"no no-break space before {found[0]!r}")
    if re.search(f"«(?!{NBSP})", shown):
        faults.append("no no-break space after «")
    if "\u202f" in shown:
        faults.append("a narrow no-break space where the catalog uses U+00A0")
    if f" {NBSP}" in shown or f"{NBSP} " in shown:
        faults.append("a space beside the no-break space")
    if "'" in shown:
        faults.append("a straight apostrophe or quote (’ in an elision, « » around a word)")
    if '"' in shown or "“" in shown or "”" in shown:
        faults.append("quotes other than « »")
    return faults


def german_faults(text: str) -> list[str]:
    shown = _read(text)
    faults = []
    if '"' in shown or "'" in shown or "”" in shown or "«" in shown or "»" in shown:
        faults.append("quotes other than „…“")
    if shown.count("„") != shown.count("“"):
        faults.append("a „ without its “ (or the other way round)")
    return faults


def dutch_faults(text: str) -> list[str]:
    shown = _read(text)
    faults = []
    if "'" in shown:
        faults.append("a straight apostrophe or quote (’ in zo’n, ‘…’ around a word)")
    if '"' in shown:
        faults.append("a straight double quote")
    return faults


FAULTS = {"fr": french_faults, "de": german_faults, "nl": dutch_faults}


@pytest.fixture(scope="module", params=TRANSLATED)
def lang(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def test_each_catalog_follows_its_languages_typography(lang: str) -> None:
    faulty = {text: faults for text in _translations(read_catalog(lang))
              if (faults := FAULTS[lang](text))}
    assert faulty == {}


def test_the_phones_page_follows_its_languages_typography(lang: str) -> None:
    # The phone's page carries its words in the page, built from the same catalogs.
    words = phone_texts(lang)
    faulty = {key: faults for key, text in words.items()
              if isinstance(text, str) and (faults := FAULTS[lang](text))}
    assert faulty == {}


@pytest.mark.parametrize(("text", "fault"), [
    ("Victoire : {names}", "no no-break space before ':'"),
    ("Dernière manche ! Pas d’action", "no no-break space before '!'"),
    ("Annulé: {step}", "no no-break space before ':'"),
    ("Les téléphones ne peuvent pas joindre {address}\u00a0: c'est l’adresse",
     "a straight apostrophe or quote (’ in an elision, « » around a word)"),
    ("comme «sword\u00a0»", "no no-break space after «"),
    ("Victoire\u202f: {names}", "no no-break space before ':'"),
])
def test_the_french_reading_finds_what_a_french_table_noticed(text: str, fault: str) -> None:
    assert fault in french_faults(text)


@pytest.mark.parametrize("text", [
    "Victoire\u00a0: {names}",
    "{player}\u00a0: {vp:>3} PV",  # a format spec's colon is not punctuation
    "Partie du 2 décembre à 12:30",
    "Ouvrez http://192.168.1.20:8550/phone?key=abc sur la tablette",
    "{name} demande de corriger ses rats\u00a0: {old} → {new}.",
    "Une erreur dans vos rats\u00a0? Demandez une correction à la table\u00a0!",
    "comme «\u00a0sword\u00a0»",
])
def test_the_french_reading_leaves_what_is_not_punctuation(text: str) -> None:
    assert french_faults(text) == []


def test_german_and_dutch_readings_find_straight_quotes() -> None:
    assert german_faults('etwa "sword"') != [] and german_faults("etwa „sword“") == []
    assert dutch_faults("Zo'n keuze") != [] and dutch_faults("Zo’n keuze, zoals ‘sword’") == []


def test_no_text_names_a_rule_by_its_id() -> None:
    # The English source (read from the code) and every translation of it.
    in_source = [text for m in extract() if m.id for text in _forms(m.id)
                 if RULE_ID.search(text)]
    assert in_source == []
    for lang in TRANSLATED:
        assert [text for text in _translations(read_catalog(lang)) if RULE_ID.search(text)] \
            == [], lang


def test_the_rules_reference_keeps_each_rules_id_apart_from_its_words() -> None:
    # R-ROUND-D (and every entry of the reference): the words say the rule, the ID is the
    # detail the reference shows on the entry's title.
    for entry in ENTRIES:
        assert not any(RULE_ID.search(said) for said in (entry.title, *entry.paragraphs)), \
            entry.key
        assert entry.rules and all(RULE_ID.fullmatch(rule) for rule in entry.rules), entry.key


def test_a_msgid_that_loses_a_list_of_rule_ids_keeps_its_translation() -> None:
    # The rules reference's parts cited several rules at once; taken out of the source, their
    # translations (which never showed them) stay.
    old = Catalog(locale="fr")
    old.add("Gold: kept in hand (R-SPECIAL-3, R-SCORE-4).", "Or\u00a0: gardé en main.")
    old.add("Hand: most cards (R-SCORE-2 to 5).", "Main\u00a0: le plus de cartes.")
    new = Catalog(locale="fr")
    new.add("Gold: kept in hand.", "")
    new.add("Hand: most cards.", "")
    carry_over_rule_id_removals(old, new)
    assert [m.string for m in new if m.id] == ["Or\u00a0: gardé en main.",
                                               "Main\u00a0: le plus de cartes."]


def test_the_last_round_is_announced_in_french_without_its_rule_id() -> None:
    fr = translator("fr")
    said = fr("Last round! No building actions this round: in each building, whoever would take "
              "the premium gains 1 influence in its class instead.")
    assert said.startswith("Dernière manche\u00a0! Pas d’action de bâtiment cette manche\u00a0:")
    assert "R-" not in said


def test_french_sentences_do_not_guess_a_players_gender() -> None:
    # Camille may be a woman or a man: no participle or ordinal agrees with the name.
    fr = translator("fr")
    assert fr("{estate}: {player} {place} with {influence} influence: {vp} VP.",
              estate=fr("Peasantry"), player="Camille", place=fr("1st"), influence=5, vp=10) \
        == "Paysannerie\u00a0: Camille, 1re place avec 5 d’influence\u00a0: 10 PV."
    assert fr("{player} tied for the most cards here ({cards}) and entered first.",
              player="Camille", cards=3).endswith("Camille a posé son marqueur en premier.")
    agreeing = re.compile(r"\{(player|players|name|names)\} (est|sont|n’est|ne sont) "
                          r"(déjà )?(entré|mort|seul|premier|dernier|survivant)")
    assert [text for text in _translations(read_catalog("fr")) if agreeing.search(text)
            or re.search(r"\b1er\b", text)] == []


def test_french_names_the_qr_code_one_way_and_the_tables_buttons_with_articles() -> None:
    fr = translator("fr")
    assert [text for text in _translations(read_catalog("fr")) if "QR code" in text] == []
    assert fr("Show QR code") == "Afficher le code QR"
    assert fr("Correct an entry or reveal") == "Corriger une entrée ou une révélation"
    assert "d’une Tour de guet" in fr(
        "no action; protects you from every Watchtower premium this round")


@pytest.mark.parametrize(("lang", "holder"), [
    ("fr", "PID 4711, à l’adresse http://192.168.1.20:8550"),
    ("de", "PID 4711, erreichbar unter http://192.168.1.20:8550"),
    ("nl", "PID 4711, bereikbaar op http://192.168.1.20:8550"),
    ("en", "pid 4711, serving http://192.168.1.20:8550"),
])
def test_a_second_server_is_told_who_holds_the_folder_in_its_language(lang: str,
                                                                      holder: str) -> None:
    # The lock file holds what the first server wrote, in English; the refusal words it.
    said = words(translator(lang), Worded(StoreProblem.FOLDER_IN_USE, folder="/srv/rattus",
                                          holder="pid 4711, serving http://192.168.1.20:8550"))
    assert f"({holder})" in said
    if lang != "en":
        assert "serving" not in said and "served" not in said
