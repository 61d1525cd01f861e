"""Dates as a German or English table expects to read them."""

from __future__ import annotations

from datetime import datetime

from companion.i18n import Translator


def when(t: Translator, stamp: str) -> str:
    """The local date and time of a stored ISO timestamp ("30.11.2026, 21:05")."""
    try:
        moment = datetime.fromisoformat(stamp).astimezone()
    except ValueError:
        return stamp
    pattern = "%d.%m.%Y, %H:%M" if t.lang == "de" else "%Y-%m-%d %H:%M"
    return moment.strftime(pattern)
