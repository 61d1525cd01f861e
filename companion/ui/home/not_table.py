"""What a device on the Wi-Fi sees when it opens the table's address without the host key.

The table's screen controls the game; a curious phone must not be able to undo a round. It
gets a friendly explanation instead, and where the players' own pages are.
"""

from __future__ import annotations

import flet as ft

from companion.ui.shared import theme
from companion.ui.shared.widgets import tagged, text, title
from companion.ui.shell import TableApp


def not_table_view(app: TableApp) -> ft.View:
    t = app.t
    body = ft.Column([
        ft.Icon(ft.Icons.TABLE_RESTAURANT, size=72, color=theme.SEED_COLOUR),
        tagged("not-table", title(t("This is the table's screen"))),
        text(t("The game is run from the device on the table. This browser does not have the "
               "table's key, so it cannot control the game.")),
        text(t("Players: scan the QR code of your seat on the table's screen to open your own "
               "page for your rats.")),
        text(t("Host: open the address printed in the terminal where the app was started."),
             size=theme.SMALL_SIZE),
    ], spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.CENTER, tight=True)
    return ft.View(route="/", controls=[ft.Container(content=body, width=theme.CONTENT_WIDTH,
                                                    padding=24)],
                   horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                   vertical_alignment=ft.MainAxisAlignment.CENTER)
