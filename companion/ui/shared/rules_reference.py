"""The building and estate rules, one tap away from every screen (the book icon in the bar).

Per estate its two buildings with premium and normal action (R-COMP-4) and the special stack
each brings (R-SETUP-3), plus how an estate scores (R-SCORE-1). Names show the German card
name too, because that is what is printed on the cards in the players' hands.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.i18n.names import estate_name
from companion.rules.catalog import Estate, buildings_of
from companion.ui.shared import theme
from companion.ui.shared.widgets import (
    big_button,
    building_card,
    responsive_grid,
    tagged,
    text,
)
from companion.ui.shell import TableApp


def rules_dialog(app: TableApp) -> ft.AlertDialog:
    t = app.t
    sections: list[ft.Control] = [
        text(t("Each estate: most influence 10 victory points, second 5, third 2; no points "
               "with 0 influence. With 2 players only 10 and 5."),
             size=theme.SMALL_SIZE),
        text(t("Premium action: whoever played the most population and Joker cards in the "
               "building; on a tie, who entered first. Everyone else there: the normal action."),
             size=theme.SMALL_SIZE),
    ]
    for estate in Estate:
        sections.append(ft.Container(
            content=ft.Text(estate_name(t, estate), size=theme.HEADING_SIZE, color="#FFFFFF",
                            weight=ft.FontWeight.BOLD),
            bgcolor=theme.ESTATE_COLOURS[estate], border_radius=8, padding=8))
        sections.append(responsive_grid([building_card(t, b) for b in buildings_of(estate)],
                                        columns={"xs": 12, "sm": 6}))

    def close(_event: Any = None) -> None:
        app.page.pop_dialog()

    return ft.AlertDialog(
        title=tagged("rules-reference", ft.Text(t("Buildings and estates"),
                                                size=theme.TITLE_SIZE)),
        content=ft.Container(ft.Column(sections, spacing=10, tight=True),
                             width=theme.CONTENT_WIDTH),
        actions=[big_button("close-rules", t("Close"), close)],
        scrollable=True, semantics_label=t("Buildings and estates"))
