"""A fit check across languages and devices, pairwise: every language on the tightest device,
every device in the language whose texts run longest there.

Whether a screen fits is a meeting of two things: how long its texts are, which comes from the
language, and how much room it has, which comes from the device. The worst of each meets the
other: the longest texts on every device, and every language on the device with the least
room, so a text too long for some device shows on it in the longest language, and a
language's own long word shows where the room is least. The full cross product adds only
pairs of a shorter text and a roomier screen, which meet neither worst, at a redraw of the
server's each (a Flutter frame drawn in software).

Which language runs longest is measured, not assumed: each language is looked at on the
tightest device first, and the look says how many characters of text it saw there; the most
goes on to the other devices (French on most screens, German on some, as the translations
stand).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from support.flutter import switch_language
from support.harness import drawn_for

Device = tuple[str, dict[str, int]]
Look = Callable[[str, str], int]
"""A look at the screen as it stands, in a language on a device (by name): its problems go
where the test keeps them; it returns how many characters of text it saw."""


TEXT_LENGTH = """() => [...document.querySelectorAll('flt-semantics')].map(el =>
  ([...el.childNodes].filter(n => n.nodeType === Node.TEXT_NODE).map(n => n.textContent)
   .join('').trim() || (el.getAttribute('aria-label') || '').trim()).length)
  .reduce((a, b) => a + b, 0)"""
"""How many characters of text the screen shows: each semantics node's own text."""


def text_length(page: Any) -> int:
    """The characters of text on the screen as it stands (`TEXT_LENGTH`)."""
    return int(page.evaluate(TEXT_LENGTH))


def pairwise(page: Any, languages: Sequence[str], tightest: Device, others: Sequence[Device],
             look: Look, current: str | None = None) -> str:
    """Every language of `languages` looked at on `tightest`, then every device of `others`
    in the language whose look saw the most text; each device drawn anew by the server for
    its size (`drawn_for`), each language switched in the app bar. `current`: the language
    the table shows now (not switched to again). Returns the language left on the table."""
    ordered = sorted(languages, key=lambda lang: lang != current)
    name, size = tightest
    drawn_for(page, size)
    seen: dict[str, int] = {}
    for lang in ordered:
        if lang != current:
            switch_language(page, lang)
            current = lang
        seen[lang] = look(lang, name)
    longest = max(ordered, key=lambda lang: seen[lang])
    if longest != current:
        switch_language(page, longest)
    for other, other_size in others:
        drawn_for(page, other_size)
        look(longest, other)
    return longest
