"""The game's home screen at the table: who plays, where the game stands, the phones' QR codes.

The round-by-round screens (phases A-E, `round_*.py`) and the end of the game grow from
here; this screen is where a started or resumed game lands and what undo/redo redraw.
"""

from __future__ import annotations

import flet as ft

from companion.i18n.words import words
from companion.ui.shared import theme
from companion.ui.shared.frame import page_frame
from companion.ui.shared.paths import phones_route, play_route
from companion.ui.shared.widgets import (
    big_button,
    heading,
    player_chip,
    tagged,
    text,
)
from companion.ui.shell import TableApp


def game_view(app: TableApp, game_id: str) -> ft.View:
    t = app.t
    view = app.use_game(game_id)
    setup = view.setup
    step = view.step
    players = ft.Row([ft.Row([player_chip(name, setup.colours[seat]),
                              *([ft.Icon(ft.Icons.STAR, color="#B7791F",
                                         tooltip=t("Starting player"))]
                                if seat == view.start_player else [])],
                             tight=True, spacing=4)
                      for seat, name in enumerate(setup.names)], wrap=True, spacing=8)
    controls: list[ft.Control] = [
        players,
        tagged("round", heading(t("Round {round} of {rounds}", round=step.round,
                                  rounds=step.rounds) if step.round else t("Setup"))),
        tagged("prompt", text(words(t, step), size=theme.HEADING_SIZE)),
        big_button("play", t("Continue the game"), app.nav(play_route(game_id)),
                   icon=ft.Icons.PLAY_ARROW),
        big_button("phones", t("Phones for the players"), app.nav(phones_route(game_id)),
                   icon=ft.Icons.QR_CODE, primary=False),
    ]
    return page_frame(app, t("Rattus Cartus"), controls, back="/")

