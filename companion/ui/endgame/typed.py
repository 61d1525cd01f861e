"""The end form's fields: what the browser holds in them is never lost to a redraw.

The browser sends a typed text in two messages: it sets the field's value on the control on
show, then sends the change event, whose handler puts the text into the tab's draft
(`RoundDrafts.end_values`), from which the form is drawn. A redraw between the two (a phone's
values, a phone's rats confirmed, a narrow table's resize) would draw the field from a draft
without the text, and Flet would send the browser that value over the text on show. So before
the form is drawn, a field whose value is not what the tab last heard it hold (as drawn, or
as its change said) takes that value in as its change will; the change, when it comes, finds
it there. A text the tab never heard of stays in the browser: the field is matched to the one
on show by its key and sent only what the tab changed. Only a redraw that draws the field
anew (a new size re-keys the frame, a new step the form) drops such a text with the field.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft


@dataclass
class OnShow:
    """A field of the end form as drawn into the view on show."""

    field: ft.TextField
    heard: str
    """Its text as the tab last heard it: as drawn, or as its change said."""
    take: Callable[[str], None]
    """What the field's change does with a text (into the draft)."""


def catch_up(fields: dict[str, OnShow]) -> None:
    """Take in each text the browser set on a field on show whose change has not come yet;
    the fields are forgotten, the form draws them anew."""
    for shown in fields.values():
        value = shown.field.value or ""
        if value != shown.heard:
            shown.take(value)
    fields.clear()


def typed_field(fields: dict[str, OnShow], key: str, value: str,
                take: Callable[[str], None], **options: Any) -> ft.TextField:
    """A field of the form showing `value`, whose change hands its text to `take`; kept in
    `fields` under `key` until the form is drawn again."""
    def changed(event: ft.Event[ft.TextField]) -> None:
        shown.heard = event.control.value or ""
        take(shown.heard)

    field = ft.TextField(value=value, on_change=changed, **options)
    shown = fields[key] = OnShow(field, value, take)
    return field
