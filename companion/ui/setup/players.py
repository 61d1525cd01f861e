"""Setup wizard, step 1: who plays, in seating order (clockwise), with which colour (R-SETUP-1)."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.i18n.names import colour_name
from companion.i18n.words import words
from companion.rules.catalog import PlayerColour
from companion.rules.errors import RuleViolation
from companion.ui.setup.draft import PlayerDraft, SetupDraft
from companion.ui.shared import theme
from companion.ui.shared.frame import page_frame
from companion.ui.shared.widgets import big_button, nav_bar, tagged, text
from companion.ui.shell import TableApp

SETUP_ERRORS_HERE = ("R-SETUP-1", "R-COMP-5")
"""Rule violations this screen can fix; the buildings are the next screen's business."""


def ensure_draft(app: TableApp) -> SetupDraft:
    if app.tab.setup is None:
        app.tab.setup = SetupDraft()
    draft: SetupDraft = app.tab.setup
    return draft


def newcomer_box(app: TableApp, index: int, player: PlayerDraft) -> ft.Control:
    """"New to the game": the table is taught as it plays while this player is at it."""
    def flip(_event: Any = None) -> None:
        player.new = not player.new
        app.render()

    return ft.Row([tagged(f"newcomer-{index}", ft.Checkbox(value=player.new, scale=1.2,
                                                           on_change=flip)),
                   ft.Container(text(app.t("New to the game"), size=theme.SMALL_SIZE),
                                on_click=flip, expand=True)], spacing=4)


def setup_players_view(app: TableApp) -> ft.View:
    t = app.t
    draft = ensure_draft(app)
    while len(draft.players) < 2:
        draft.add_player()

    def rename(index: int) -> Any:
        def handler(event: ft.Event[ft.TextField]) -> None:
            draft.players[index].name = event.control.value or ""
        return handler

    def recolour(index: int, colour: PlayerColour) -> Any:
        def handler(_event: Any = None) -> None:
            draft.set_colour(index, colour)
            app.render()
        return handler

    def remove(index: int) -> Any:
        def handler(_event: Any = None) -> None:
            draft.remove_player(index)
            app.render()
        return handler

    def add(_event: Any = None) -> None:
        draft.add_player()
        app.render()

    async def next_step(_event: Any = None) -> None:
        try:
            draft.setup()
        except RuleViolation as exc:
            if exc.rule in SETUP_ERRORS_HERE:
                app.notify(words(t, exc), error=True)
                return
        await app.go("/setup/buildings")

    rows: list[ft.Control] = []
    for index, player in enumerate(draft.players):
        dots = [tagged(f"colour-{index}-{colour.value}", ft.IconButton(
            icon=ft.Icons.CHECK if colour is player.colour else ft.Icons.CIRCLE,
            icon_color=theme.ON_PLAYER_COLOURS[colour] if colour is player.colour
            else theme.PLAYER_COLOURS[colour],
            bgcolor=theme.PLAYER_COLOURS[colour] if colour is player.colour else None,
            icon_size=30, tooltip=colour_name(t, colour), on_click=recolour(index, colour)))
            for colour in PlayerColour]
        name = tagged(f"player-name-{index}", ft.TextField(
            value=player.name, label=t("Player {n}", n=index + 1), on_change=rename(index),
            text_size=theme.BODY_SIZE, border_color=theme.PLAYER_COLOURS[player.colour],
            border_width=3, autofocus=index == 0 and not player.name,
            capitalization=ft.TextCapitalization.WORDS))
        remove_button = tagged(f"remove-player-{index}", ft.IconButton(
            ft.Icons.DELETE_OUTLINE, icon_size=30, tooltip=t("Remove this player"),
            on_click=remove(index), disabled=len(draft.players) <= 2))
        rows.append(ft.Card(content=ft.Container(padding=10, content=ft.ResponsiveRow([
            ft.Container(name, col={"xs": 12, "md": 6}),
            ft.Container(ft.Row([*dots, remove_button], spacing=0, wrap=True,
                                alignment=ft.MainAxisAlignment.END),
                         col={"xs": 12, "md": 6}),
            ft.Container(newcomer_box(app, index, player), col={"xs": 12}),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER))))

    controls: list[ft.Control] = [
        tagged("setup-players", text(t("Enter the players in seating order, clockwise. Each "
                                       "takes the discs of their colour."))),
        *rows,
        big_button("add-player", t("Add a player"), add, icon=ft.Icons.PERSON_ADD,
                   primary=False, disabled=not draft.can_add_player()),
        text(t("2 to 5 players."), size=theme.SMALL_SIZE),
    ]
    bottom = nav_bar(big_button("setup-back", t("Back"), app.nav("/"), icon=ft.Icons.ARROW_BACK,
                                primary=False),
                     big_button("next", t("Next: buildings"), next_step,
                                icon=ft.Icons.ARROW_FORWARD))
    return page_frame(app, t("New game: players"), controls, back="/", bottom=bottom)
