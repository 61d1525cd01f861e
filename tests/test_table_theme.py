"""The table's theme reaches the client as Flet's `ft.Theme` would send it.

`companion.ui.shared.theme.TableTheme` stands in for `ft.Theme` so the server never loads
Flet's theme module (issue 24's memory row); the client reads the theme from the bytes the
server sends, so those must be the same.
"""

from __future__ import annotations

import flet as ft
import msgpack
from flet.messaging.protocol import configure_encode_object_for_msgpack

from companion.ui.shared import theme


def sent(value: object) -> bytes:
    return bytes(msgpack.packb(value, default=configure_encode_object_for_msgpack(
        ft.BaseControl)))


def test_the_table_theme_is_sent_as_flets_theme_with_the_same_settings() -> None:
    none = ft.PageTransitionTheme.NONE
    flets = ft.Theme(color_scheme_seed=theme.SEED_COLOUR, font_family=theme.FONT_FAMILY,
                     page_transitions=ft.PageTransitionsTheme(
                         android=none, ios=none, linux=none, macos=none, windows=none))
    assert sent(theme.table_theme()) == sent(flets)


def test_a_theme_without_transitions_is_sent_as_flets_too() -> None:
    assert sent(theme.TableTheme(color_scheme_seed="#123456")) == sent(
        ft.Theme(color_scheme_seed="#123456"))
