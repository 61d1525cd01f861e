"""The way out of a practice game, one tap from every screen of it (the app bar holds it)."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.ui.round.drafts import RoundDrafts
from companion.ui.shared import paths, theme
from companion.ui.shared.widgets import tagged
from companion.ui.shell import TableApp


def in_practice(app: TableApp) -> bool:
    """Whether this tab shows a practice game (the rulebook's example)."""
    return (app.session is not None and app.path.startswith("/game/")
            and app.games.is_practice(app.session.game_id))


def leave_practice(app: TableApp) -> ft.Control | None:
    """"Leave the practice": back to the home screen; the practice stays stored, marked as
    practice (never counted), and can be continued from home. None outside a practice."""
    if not in_practice(app):
        return None

    async def leave(_event: Any = None) -> None:
        app.tab.round = RoundDrafts()
        await app.go(paths.HOME)

    return tagged("leave-practice", ft.TextButton(
        content=ft.Text(app.t("Leave the practice"), size=theme.BODY_SIZE,
                        weight=ft.FontWeight.BOLD),
        icon=ft.Icons.EXIT_TO_APP, on_click=leave, height=theme.TOUCH_HEIGHT))
