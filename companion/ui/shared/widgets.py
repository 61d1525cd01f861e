"""Reusable pieces of the table's screens: big buttons, building cards, player chips, QR images.

Every control a test (or a screen reader) must find gets a stable semantics identifier through
`tagged`: Flutter draws on a canvas, so the semantics tree is the only handle a browser test
has, and texts change with the language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from companion.i18n import Translator
from companion.i18n.names import action_text, building_name, estate_name, printed_name
from companion.qr import qr_png
from companion.rules.catalog import BUILDINGS, Building, PlayerColour
from companion.ui.shared import theme

Handler = Callable[[Any], Any] | None


def tagged(identifier: str, control: ft.Control, label: str | None = None) -> ft.Control:
    """`control` findable as `[flt-semantics-identifier=<identifier>]` in the browser.

    The identifier is also the control's key: where a redraw is matched to the controls on
    show (`TableApp.render`), a tagged control is the one with the same identifier, and one
    whose identifier changed is drawn as a new control. Flutter's web semantics keeps the
    identifier a node was made with, so a control only updated would still show its old one."""
    return ft.Semantics(identifier=identifier, content=control, label=label, key=identifier)


def text(value: str, size: float = theme.BODY_SIZE, weight: ft.FontWeight | None = None,
         colour: str | None = None, **options: Any) -> ft.Text:
    return ft.Text(value, size=size, weight=weight, color=colour, **options)


def title(value: str) -> ft.Text:
    return ft.Text(value, size=theme.TITLE_SIZE, weight=ft.FontWeight.BOLD)


def heading(value: str) -> ft.Text:
    return ft.Text(value, size=theme.HEADING_SIZE, weight=ft.FontWeight.BOLD)


def big_button(identifier: str, label: str, on_click: Handler, icon: ft.IconData | None = None,
               primary: bool = True, disabled: bool = False,
               expand: bool | int | None = None) -> ft.Control:
    """A button for the table: tall, wide text, hard to miss with a finger."""
    style = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=24, vertical=14),
                           shape=ft.RoundedRectangleBorder(radius=12))
    kind = ft.FilledButton if primary else ft.OutlinedButton
    button = kind(ft.Text(label, size=theme.BODY_SIZE), icon=icon, on_click=on_click,
                  style=style, disabled=disabled, height=theme.TOUCH_HEIGHT, expand=expand)
    return tagged(identifier, button)


def estate_badge(t: Translator, building: Building) -> ft.Container:
    estate = BUILDINGS[building].estate
    return ft.Container(
        content=ft.Row([ft.Icon(theme.ESTATE_ICONS[estate], color="#FFFFFF", size=18),
                        ft.Text(estate_name(t, estate), color="#FFFFFF", size=theme.SMALL_SIZE)],
                       spacing=6, tight=True),
        bgcolor=theme.ESTATE_COLOURS[estate], border_radius=8,
        padding=ft.Padding.symmetric(horizontal=8, vertical=4))


def building_card(t: Translator, building: Building, copies: int | None = None,
                  identifier: str | None = None, details: bool = True,
                  footer: ft.Control | None = None, dense: bool = False,
                  name: str | None = None) -> ft.Control:
    """A building as a card: estate colour band, name (with the German card name), actions.
    `name`: the name to show instead of the building's own (a row's twin by its card of the
    row, `names.row_building_name`).

    `dense`: name, card name and estate on one line and tighter padding, for the round's
    screens, where the acting player's controls must stay in sight on a laptop; the footer
    (those controls) comes before the actions there, so a building whose actions take more
    lines ("2 kaarten van de nonnenrij bekijken") has its controls no lower than the rest."""
    info = BUILDINGS[building]
    colour = theme.ESTATE_COLOURS[info.estate]
    name = name or building_name(t, building)
    if dense:
        return _dense_card(t, building, identifier, details, footer, name)
    header: list[ft.Control] = [ft.Text(name, size=theme.HEADING_SIZE - 2,
                                        weight=ft.FontWeight.BOLD, expand=True)]
    if copies is not None:
        header.append(ft.Container(
            content=ft.Text(f"{copies}×", size=theme.HEADING_SIZE - 2, color="#FFFFFF",
                            weight=ft.FontWeight.BOLD),
            bgcolor=colour, border_radius=20, padding=ft.Padding.symmetric(horizontal=10,
                                                                            vertical=2)))
    body: list[ft.Control] = [ft.Row(header, vertical_alignment=ft.CrossAxisAlignment.CENTER)]
    printed = printed_name(t, building)
    if printed is not None:  # the name on the table's cards, printed in another language
        body.append(ft.Text(printed, size=theme.SMALL_SIZE, italic=True))
    body.append(estate_badge(t, building))
    if details:
        body.append(ft.Text(t("Premium: {action}", action=action_text(t, info.premium)),
                            size=theme.SMALL_SIZE))
        body.append(ft.Text(t("Others: {action}", action=action_text(t, info.normal)),
                            size=theme.SMALL_SIZE))
    if footer is not None:
        body.append(footer)
    card = ft.Container(
        content=ft.Column(body, spacing=6, tight=True),
        border=ft.Border.all(3, colour), border_radius=14, padding=12,
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST)
    return tagged(identifier, card) if identifier else card


def _dense_card(t: Translator, building: Building, identifier: str | None, details: bool,
                footer: ft.Control | None, name: str) -> ft.Control:
    info = BUILDINGS[building]
    colour = theme.ESTATE_COLOURS[info.estate]
    head: list[ft.Control] = [ft.Text(name, size=theme.BODY_SIZE + 1, weight=ft.FontWeight.BOLD)]
    printed = printed_name(t, building)
    if printed is not None:
        head.append(ft.Text(printed, size=theme.SMALL_SIZE, italic=True))
    head.append(estate_badge(t, building))
    body: list[ft.Control] = [ft.Row(head, wrap=True, spacing=8, run_spacing=4,
                                     vertical_alignment=ft.CrossAxisAlignment.CENTER)]
    if footer is not None:
        body.append(footer)
    if details:
        body.append(ft.Text(t("Premium: {action}", action=action_text(t, info.premium)),
                            size=theme.SMALL_SIZE - 1))
        body.append(ft.Text(t("Others: {action}", action=action_text(t, info.normal)),
                            size=theme.SMALL_SIZE - 1))
    card = ft.Container(
        content=ft.Column(body, spacing=4, tight=True),
        border=ft.Border.all(2, colour), border_radius=12,
        padding=ft.Padding.symmetric(horizontal=10, vertical=8),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST)
    return tagged(identifier, card) if identifier else card


def colour_dot(colour: PlayerColour, size: float = 28) -> ft.Container:
    return ft.Container(width=size, height=size, border_radius=size / 2,
                        bgcolor=theme.PLAYER_COLOURS[colour],
                        border=ft.Border.all(2, "#00000040"))


def player_chip(name: str, colour: PlayerColour, small: bool = False,
                count: int | None = None) -> ft.Container:
    """A player's name in their colour; `small` for lists in a building, `count` (cards, say)
    in a white dot after the name."""
    label: ft.Control = ft.Text(name, size=theme.SMALL_SIZE if small else theme.BODY_SIZE,
                                color=theme.ON_PLAYER_COLOURS[colour], weight=ft.FontWeight.BOLD)
    if count is not None:
        label = ft.Row([label, ft.Container(
            content=ft.Text(str(count), size=theme.SMALL_SIZE, weight=ft.FontWeight.BOLD,
                            color="#000000"),
            bgcolor="#FFFFFF", border_radius=11, width=22, height=22,
            alignment=ft.Alignment.CENTER)], spacing=6, tight=True)
    return ft.Container(
        content=label, bgcolor=theme.PLAYER_COLOURS[colour], border_radius=20,
        padding=ft.Padding.symmetric(horizontal=10 if small else 14, vertical=3 if small else 6))


def qr_image(url: str, label: str, size: float = 220, identifier: str | None = None
             ) -> ft.Control:
    """The QR of `url` as a crisp PNG, drawn from memory (nothing to fetch). `label` is what a
    screen reader says of it: what the code is for, never the link, which may carry a secret
    (a pairing token) and is read aloud and logged."""
    image = ft.Image(src=qr_png(url), width=size, height=size, fit=ft.BoxFit.CONTAIN,
                     semantics_label=label)
    box = ft.Container(content=image, bgcolor="#FFFFFF", padding=8, border_radius=8)
    return tagged(identifier, box) if identifier else box


def responsive_grid(controls: Sequence[ft.Control], columns: ft.ResponsiveNumber | None = None
                    ) -> ft.ResponsiveRow:
    """Cards side by side on a laptop, fewer per row on a tablet held upright."""
    spans: ft.ResponsiveNumber = columns or {"xs": 12, "sm": 6, "lg": 4}
    # three across only from a laptop's width on: a tablet held upright (800 px) gives each
    # card half its width, so long names ("Wahrsagerzelt") keep whole words
    return ft.ResponsiveRow([ft.Container(content=c, col=spans) for c in controls],
                            spacing=theme.GAP, run_spacing=theme.GAP)


def choice_tile(identifier: str, label: str, on_click: Handler, selected: bool,
                description: str | None = None, icon: ft.IconData | None = None,
                ) -> ft.Semantics:
    """One of several options, as a big card: the chosen one is outlined and ticked."""
    mark = ft.Icon(ft.Icons.CHECK_CIRCLE if selected else ft.Icons.RADIO_BUTTON_UNCHECKED,
                   color=theme.SEED_COLOUR if selected else ft.Colors.OUTLINE, size=30)
    lines: list[ft.Control] = [ft.Text(label, size=theme.BODY_SIZE, weight=ft.FontWeight.BOLD)]
    if description:
        lines.append(ft.Text(description, size=theme.SMALL_SIZE))
    row: list[ft.Control] = [mark]
    if icon is not None:
        row.append(ft.Icon(icon, size=28))
    row.append(ft.Column(lines, spacing=2, tight=True, expand=True))
    tile = ft.Container(
        content=ft.Row(row, spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        on_click=on_click, ink=True, border_radius=12, padding=14,
        border=ft.Border.all(3 if selected else 1,
                             theme.SEED_COLOUR if selected else ft.Colors.OUTLINE_VARIANT),
        bgcolor=ft.Colors.SECONDARY_CONTAINER if selected else None)
    return ft.Semantics(identifier=identifier, content=tile, button=True, selected=selected)


def nav_bar(back: ft.Control | None, forward: ft.Control | None) -> ft.Row:
    """The wizard's Back / Next pair, at the bottom where thumbs are."""
    return ft.Row([back or ft.Container(), forward or ft.Container()],
                  alignment=ft.MainAxisAlignment.SPACE_BETWEEN)


def stepper(identifier: str, label: str, value: int, on_change: Callable[[int], Handler],
            can_more: bool = True, label_size: float = theme.BODY_SIZE) -> ft.Row:
    """A count changed one at a time: −, the number, +, what it counts. The number is tagged
    `identifier`, the buttons `<identifier>-fewer` / `-more`, the words `<identifier>-label`
    (a node of their own: a browser check measures their words against their box);
    `on_change(delta)` gives the handler of each button."""
    return ft.Row([
        tagged(f"{identifier}-fewer", ft.IconButton(ft.Icons.REMOVE_CIRCLE_OUTLINE, icon_size=36,
                                                    on_click=on_change(-1),
                                                    disabled=value == 0)),
        tagged(identifier, ft.Text(str(value), size=theme.TITLE_SIZE, weight=ft.FontWeight.BOLD,
                                   width=44, text_align=ft.TextAlign.CENTER)),
        tagged(f"{identifier}-more", ft.IconButton(ft.Icons.ADD_CIRCLE_OUTLINE, icon_size=36,
                                                   on_click=on_change(+1),
                                                   disabled=not can_more)),
        ft.Container(tagged(f"{identifier}-label", text(label, size=label_size)), expand=True),
    ], spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER)
