"""Dates as a table in each of the box's languages expects to read them."""

from __future__ import annotations

from datetime import datetime

from companion.i18n import Translator

PATTERNS = {
    "de": "%d.%m.%Y, %H:%M",
    "en": "%Y-%m-%d %H:%M",
    "fr": "%d/%m/%Y %H:%M",
    "nl": "%d-%m-%Y %H:%M",
}
"""Numbers only, no month names: strftime's names follow the process's locale, not the table's."""


def when(t: Translator, stamp: str) -> str:
    """The local date and time of a stored ISO timestamp ("30.11.2026, 21:05" in German)."""
    try:
        moment = datetime.fromisoformat(stamp).astimezone()
    except ValueError:
        return stamp
    return moment.strftime(PATTERNS.get(t.lang, PATTERNS["en"]))
