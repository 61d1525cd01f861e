"""Every text the table and the phones show, in the box's four languages, through gettext.

English is the source language: the msgids in the code are the English texts, so a missing
translation shows English rather than a key. The catalogs live next to this module
(`locales/<lang>/LC_MESSAGES/companion.mo`), compiled from the `.po` files by
`python -m companion.i18n.catalogs`, and are loaded with the stdlib so the table needs no
translation library at run time.

Texts take named `{placeholders}` filled by `Translator.__call__`; every code the app says (the
engine's refusals and steps, the scoring's lines, the store's problems, the JSON gate's
refusals) is mapped to its msgid in one registry, `companion.i18n.words`, whose `words(t,
thing)` says it.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

DOMAIN = "companion"
LOCALE_DIR = Path(__file__).parent / "locales"
LANGUAGES = ("de", "en", "fr", "nl")
"""The languages of the box's rulebooks, German first because the game and its cards are German."""
DEFAULT_LANGUAGE = "en"
LANGUAGE_NAMES = {"de": "Deutsch", "en": "English", "fr": "Français", "nl": "Nederlands"}
"""Each language in its own words, for a language switch that a reader of any of them finds."""


def N_(message: str) -> str:
    """Mark a text for extraction where it is defined; it is translated where it is shown."""
    return message


def plural(one: str, many: str) -> tuple[str, str]:
    """A counted text's two msgids, marked for extraction where they are defined (like
    `t.plural`, which says them)."""
    return one, many


class Translator:
    """The texts of one language. Call it like gettext's `_`, with named parameters."""

    def __init__(self, lang: str, catalog: gettext.NullTranslations | None = None) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unsupported language {lang!r}; choose one of {', '.join(LANGUAGES)}")
        self.lang = lang
        self._catalog = _kept_catalog(lang) if catalog is None else catalog

    def __call__(self, message: str, /, **params: Any) -> str:
        text = self._catalog.gettext(message)
        return text.format(**params) if params else text

    def plural(self, singular: str, plural: str, n: int, /, **params: Any) -> str:
        """`n` is also available to the text as `{n}`."""
        return self._catalog.ngettext(singular, plural, n).format(n=n, **params)

    def forms(self, singular: str, plural: str) -> tuple[str, str]:
        """Both forms of a counted text, unfilled: for a page that fills in the count itself
        (the phone's script), with `singular_counts` saying which counts take the first."""
        return self._catalog.ngettext(singular, plural, 1), self._catalog.ngettext(
            singular, plural, 2)

    def singular_counts(self) -> list[int]:
        """The counts below 2 that take the singular form ([1] in English, [0, 1] in French)."""
        rule = getattr(self._catalog, "plural", None)
        return [n for n in (0, 1) if (rule(n) == 0 if rule else n == 1)]

    cards: str | None = None
    """The language the table's cards are printed in, where it differs from `lang` (a table
    setting, see `printing`); None: the cards print the table's language."""

    def __repr__(self) -> str:
        return f"Translator({self.lang!r})" if self.cards is None else (
            f"Translator({self.lang!r}, cards={self.cards!r})")


@cache
def translator(lang: str) -> Translator:
    return Translator(lang)


def passing_translator(lang: str) -> Translator:
    """A translator whose catalog goes when it does: for words wanted once in every language
    (the table's page, `companion.server.table_page`), where kept catalogs would hold the
    server's memory for good."""
    return Translator(lang, _read_catalog(lang))


@cache
def _kept_catalog(lang: str) -> gettext.NullTranslations:
    return _read_catalog(lang)


def _read_catalog(lang: str) -> gettext.NullTranslations:
    """Not `gettext.translation`, which keeps every catalog it reads for the process's life."""
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as file:
        return gettext.GNUTranslations(file)


def printing(t: Translator, cards: str | None) -> Translator:
    """`t`'s texts for a table whose cards are printed in `cards` (None, or `t`'s own
    language: the cards print the table's language); a translator of its own, so the shared
    one of each language is never changed."""
    if cards is None or cards == t.lang or cards not in LANGUAGES:
        return translator(t.lang)
    words = Translator(t.lang)
    words.cards = cards
    return words


def pick_language(preferences: str | Iterable[str | None] | None,
                  default: str = DEFAULT_LANGUAGE) -> str:
    """The language of ours a person asks for first, for the table and the phones alike.

    `preferences` is either a browser's list of language tags, most wanted first ("de-AT",
    "en_GB", "fr"), or an HTTP `Accept-Language` header ("nl-BE,nl;q=0.9,en;q=0.8"), whose
    q-values rank the tags (ties keep their order; q=0 means "not this one").
    """
    if preferences is None:
        return default
    tags = _accept_language(preferences) if isinstance(preferences, str) else preferences
    for tag in tags:
        if not tag:
            continue
        primary = tag.replace("_", "-").split("-")[0].strip().lower()
        if primary in LANGUAGES:
            return primary
    return default


def terminal_language(environ: Mapping[str, str] | None = None) -> str:
    """The language of the terminal a command runs in, as gettext reads it (LANGUAGE, LC_ALL,
    LC_MESSAGES, LANG: "de_DE.UTF-8", "fr:en"), for a command given no `--lang`."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value and value not in ("C", "POSIX"):
            return pick_language([part.split(".")[0] for part in value.split(":")])
    return DEFAULT_LANGUAGE


def _accept_language(header: str) -> list[str]:
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")[:32]):
        tag, _, params = part.partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if quality > 0 and tag.strip():
            ranked.append((-quality, index, tag.strip()))
    return [tag for _, _, tag in sorted(ranked)]
