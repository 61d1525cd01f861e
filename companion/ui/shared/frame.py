"""The one frame every table screen sits in: the app bar, the body centred, an action bar.

The bar holds the title, the way back, the rules one tap away, the language and, in a game,
undo/redo. The body is at most `CONTENT_WIDTH` wide (less on a tablet held upright). A round
screen adds the influence tracks as `aside`: beside the body on a laptop, above it on a
tablet held upright; the layout follows when a tablet turns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import flet as ft

from companion.i18n import LANGUAGE_NAMES, LANGUAGES
from companion.ui.practice.leave import leave_practice
from companion.ui.shared import theme
from companion.ui.shared.rules_reference import open_rules as open_reference
from companion.ui.shared.teaching import help_button
from companion.ui.shared.widgets import tagged
from companion.ui.shell import TableApp

ASIDE_WIDTH = 340
WIDE_WIDTH = 1280


def page_frame(app: TableApp, heading: str, controls: Sequence[ft.Control],
               back: str | None = None, bottom: ft.Control | None = None,
               aside: ft.Control | None = None, full_width: bool = False,
               drawn_as: str | None = None) -> ft.View:
    """A screen: `controls` in the shared frame, `bottom` in the action bar at the foot.
    `full_width`: the page's width up to `WIDE_WIDTH` (a grid of cards), not a text column.
    `drawn_as`: the key of `controls`, `bottom` and the app bar (its undo and redo act on the
    game too) where a redraw is matched to the screen on show (`TableApp.render`): another
    key draws them anew, while the frame and `aside` keep their controls and get only what
    changed."""
    follow_resizes(app)
    width = content_width(app)
    if full_width:
        width = min(WIDE_WIDTH, (getattr(app.page, "width", None) or WIDE_WIDTH) - 24)
    main = ft.Column(list(controls), spacing=12, tight=True, key=drawn_as)
    body: ft.Control
    if aside is not None and is_wide(app):
        body = ft.Container(ft.Row([
            ft.Container(main, expand=True, padding=ft.Padding.symmetric(horizontal=8,
                                                                         vertical=12)),
            ft.Container(aside, width=ASIDE_WIDTH, padding=12, border_radius=12,
                         bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST),
        ], vertical_alignment=ft.CrossAxisAlignment.START, spacing=theme.GAP),
            width=min(WIDE_WIDTH, (getattr(app.page, "width", None) or WIDE_WIDTH) - 24))
        # never wider than the page: on a 1280 px tablet the tracks ran off the right edge
    else:
        if aside is not None:
            main = ft.Column([aside, ft.Divider(), main], spacing=theme.GAP, tight=True)
        body = ft.Container(main, width=width,
                            padding=ft.Padding.symmetric(horizontal=8, vertical=12))
    # the size this screen was drawn for, in its semantics: a test that resizes the window
    # waits for the screen drawn for the new size, however many redraws the resize asked for
    size = (getattr(app.page, "width", None) or 0, getattr(app.page, "height", None) or 0)
    body = tagged(f"frame-{int(size[0])}x{int(size[1])}", body)
    bar = None
    if bottom is not None:
        bar = ft.BottomAppBar(content=tagged("bottom-bar", ft.Row(
            [ft.Container(content=bottom, width=width, key=drawn_as)],
            alignment=ft.MainAxisAlignment.CENTER)), height=88, padding=12)
    top = app_bar(app, heading, back)
    top.key = drawn_as
    return ft.View(route=app.path, controls=[ft.Row([body], alignment=ft.MainAxisAlignment.CENTER)],
                   appbar=top, bottom_appbar=bar,
                   scroll=ft.ScrollMode.AUTO, padding=8)


def app_bar(app: TableApp, heading: str, back: str | None = None) -> ft.AppBar:
    t = app.t
    actions: list[ft.Control] = []
    if app.own_undo is not None:
        actions.append(tagged("undo", ft.IconButton(
            ft.Icons.UNDO, tooltip=t("Undo my last entry"), on_click=app.undo, icon_size=30,
            disabled=not app.own_undo.possible)))
    elif app.session is not None and app.path.startswith("/game/"):
        actions += [
            tagged("undo", ft.IconButton(ft.Icons.UNDO, tooltip=t("Undo"), on_click=app.undo,
                                         icon_size=30, disabled=not app.session.can_undo())),
            tagged("redo", ft.IconButton(ft.Icons.REDO, tooltip=t("Redo"), on_click=app.redo,
                                         icon_size=30, disabled=not app.session.can_redo())),
        ]

    leave = leave_practice(app)  # on every screen of a practice game
    if leave is not None:
        actions.insert(0, leave)

    def open_rules(_event: Any = None) -> None:
        open_reference(app)

    if app.session is not None and app.path.startswith("/game/"):
        actions.append(help_button(app))
    actions.append(tagged("rules", ft.IconButton(ft.Icons.MENU_BOOK, icon_size=30,
                                                 tooltip=t("Rules reference"),
                                                 on_click=open_rules)))
    actions.append(language_switch(app))
    leading = None
    if back is not None:
        leading = tagged("back", ft.IconButton(ft.Icons.ARROW_BACK, tooltip=t("Back"),
                                               on_click=app.nav(back), icon_size=30))
    return ft.AppBar(title=tagged("heading", ft.Text(heading, size=theme.HEADING_SIZE)),
                     leading=leading,
                     automatically_imply_leading=False, actions=actions,
                     toolbar_height=64, bgcolor=ft.Colors.SURFACE_CONTAINER)


def language_switch(app: TableApp) -> ft.Control:
    """The table's language, one tap from the bar: the box's four, each named in its own words
    so that a reader of any of them finds theirs."""
    t = app.t

    picked: list[str] = []

    def choose(lang: str) -> Any:
        def chosen(_event: Any = None) -> None:
            picked.append(lang)
            app.page.pop_dialog()
        return chosen

    async def closed(_event: Any = None) -> None:
        """The new language is drawn once the dialog has closed: redrawing the page in the
        same update as the dialog's close left Flet's client showing neither."""
        if picked and picked[-1] != app.t.lang:
            await app.set_language(picked[-1])

    def open_choice(_event: Any = None) -> None:
        picked.clear()
        app.page.show_dialog(ft.AlertDialog(
            title=ft.Text(t("Language"), size=theme.HEADING_SIZE),
            content=ft.Column([tagged(f"language-{lang}", ft.TextButton(
                LANGUAGE_NAMES[lang], on_click=choose(lang), autofocus=lang == t.lang,
                style=ft.ButtonStyle(text_style=ft.TextStyle(
                    size=theme.BODY_SIZE,
                    weight=ft.FontWeight.BOLD if lang == t.lang else None))))
                for lang in LANGUAGES], tight=True, spacing=4),
            semantics_label=t("Language"), on_dismiss=closed))

    return tagged("language", ft.TextButton(
        t.lang.upper(), on_click=open_choice, tooltip=t("Language"),
        style=ft.ButtonStyle(text_style=ft.TextStyle(size=theme.BODY_SIZE,
                                                     weight=ft.FontWeight.BOLD))))


def is_wide(app: TableApp) -> bool:
    return (getattr(app.page, "width", None) or 0) >= theme.WIDE_LAYOUT


def content_width(app: TableApp) -> float:
    """How wide a screen's column is: `CONTENT_WIDTH`, or the page less its margins on a
    tablet held upright."""
    width = getattr(app.page, "width", None) or 0
    return min(theme.CONTENT_WIDTH, width - 24) if width else theme.CONTENT_WIDTH


def follow_resizes(app: TableApp) -> None:
    """Redraw when a tablet turns, since layouts depend on the width; a resize handler
    already set is left alone."""
    page = app.page
    if getattr(page, "on_resize", None) is None and hasattr(page, "on_resize"):
        last = {"wide": is_wide(app)}

        def resized(_event: Any = None) -> None:
            wide = is_wide(app)
            if wide != last["wide"] or not wide:
                last["wide"] = wide
                app.render()

        page.on_resize = resized
