"""Colours, sizes and the font of the table: one place, so every screen looks like the same app.

Sizes are for a table: read from an arm's length, tapped by several people, on a laptop or a
tablet held upright. `FONT_FAMILY` is the font shipped in `companion/web/` and registered in its
FontManifest, so no glyph is ever fetched from elsewhere.
"""

from __future__ import annotations

import flet as ft

from companion.rules.catalog import Estate, PlayerColour

FONT_FAMILY = "DejaVu Sans"
SEED_COLOUR = "#7A4B2A"

TOUCH_HEIGHT = 56
"""Minimum height of anything tapped at the table (Material recommends 48)."""
CONTENT_WIDTH = 920
"""Widest a screen's column grows on a laptop, so lines stay readable."""
WIDE_LAYOUT = 1100
"""From this page width on the round's tracks sit beside it instead of above it."""
GAP = 16

TITLE_SIZE = 28
HEADING_SIZE = 22
BODY_SIZE = 18
SMALL_SIZE = 15

PLAYER_COLOURS: dict[PlayerColour, str] = {
    PlayerColour.RED: "#C62828",
    PlayerColour.YELLOW: "#F9A825",
    PlayerColour.GREEN: "#2E7D32",
    PlayerColour.BLUE: "#1565C0",
    PlayerColour.PURPLE: "#6A1B9A",
}

ON_PLAYER_COLOURS: dict[PlayerColour, str] = {
    PlayerColour.RED: "#FFFFFF",
    PlayerColour.YELLOW: "#000000",
    PlayerColour.GREEN: "#FFFFFF",
    PlayerColour.BLUE: "#FFFFFF",
    PlayerColour.PURPLE: "#FFFFFF",
}

ESTATE_COLOURS: dict[Estate, str] = {
    Estate.PEASANTRY: "#5B7F2A",
    Estate.BOURGEOISIE: "#B7791F",
    Estate.CHURCH: "#4A5A9C",
    Estate.CHIVALRY: "#9B3A2F",
    Estate.MAGIC: "#6B3F8F",
    Estate.ROYALTY: "#1F6E78",
}

ESTATE_ICONS: dict[Estate, ft.IconData] = {
    Estate.PEASANTRY: ft.Icons.AGRICULTURE,
    Estate.BOURGEOISIE: ft.Icons.STOREFRONT,
    Estate.CHURCH: ft.Icons.CHURCH,
    Estate.CHIVALRY: ft.Icons.SHIELD,
    Estate.MAGIC: ft.Icons.AUTO_FIX_HIGH,
    Estate.ROYALTY: ft.Icons.WORKSPACE_PREMIUM,
}


NO_TRANSITION = ft.PageTransitionsTheme(
    android=ft.PageTransitionTheme.NONE, ios=ft.PageTransitionTheme.NONE,
    linux=ft.PageTransitionTheme.NONE, macos=ft.PageTransitionTheme.NONE,
    windows=ft.PageTransitionTheme.NONE)
"""Every redraw replaces the page's view; with Flutter's route animation the old view (and its
buttons) stayed on screen for a moment and swallowed a quick tap, as on 2 of 6 loaded runs of the
setup wizard. A table screen that changes in place needs no animation."""


def table_theme() -> ft.Theme:
    return ft.Theme(color_scheme_seed=SEED_COLOUR, font_family=FONT_FAMILY,
                    page_transitions=NO_TRANSITION)
