"""German and English for every text the table shows, through standard gettext catalogs.

English is the source language: the msgids in the code are the English texts, so a missing
German translation shows English rather than a key. The catalogs live next to this module
(`locales/<lang>/LC_MESSAGES/companion.mo`), compiled from the `.po` files by
`python -m companion.i18n.catalogs`, and are loaded with the stdlib so the table needs no
translation library at run time.

Texts take named `{placeholders}` filled by `Translator.__call__`; the engine's prompt codes
and the scoring's explanation codes are mapped to msgids in `companion.i18n.codes`.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

DOMAIN = "companion"
LOCALE_DIR = Path(__file__).parent / "locales"
LANGUAGES = ("de", "en")
"""Languages the table speaks, German first because the game and its cards are German."""
DEFAULT_LANGUAGE = "en"


def N_(message: str) -> str:
    """Mark a text for extraction where it is defined; it is translated where it is shown."""
    return message


class Translator:
    """The texts of one language. Call it like gettext's `_`, with named parameters."""

    def __init__(self, lang: str) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unsupported language {lang!r}; choose one of {', '.join(LANGUAGES)}")
        self.lang = lang
        self._catalog = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)

    def __call__(self, message: str, /, **params: Any) -> str:
        text = self._catalog.gettext(message)
        return text.format(**params) if params else text

    def plural(self, singular: str, plural: str, n: int, /, **params: Any) -> str:
        """`n` is also available to the text as `{n}`."""
        return self._catalog.ngettext(singular, plural, n).format(n=n, **params)

    def __repr__(self) -> str:
        return f"Translator({self.lang!r})"


@cache
def translator(lang: str) -> Translator:
    return Translator(lang)


def pick_language(preferences: Iterable[str | None], default: str = DEFAULT_LANGUAGE) -> str:
    """The first supported language among a browser's preferences ("de-AT", "en_GB", "de")."""
    for tag in preferences:
        if not tag:
            continue
        primary = tag.replace("_", "-").split("-")[0].strip().lower()
        if primary in LANGUAGES:
            return primary
    return default
