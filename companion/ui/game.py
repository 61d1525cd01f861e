"""The game's home screen at the table: who plays, where the game stands, the phones' QR codes.

The round-by-round screens (phases A-E, `round_*.py`) and the end of the game grow from
here; this screen is where a started or resumed game lands and what undo/redo redraw.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.i18n.codes import prompt_text
from companion.ui import theme
from companion.ui.shell import TableApp
from companion.ui.widgets import (
    big_button,
    heading,
    player_chip,
    qr_image,
    responsive_grid,
    tagged,
    text,
)


def game_view(app: TableApp, game_id: str) -> ft.View:
    from companion.rules import next_step

    t = app.t
    session = app.use_game(game_id)
    state = session.state
    setup = state.setup
    step = next_step(state)
    players = ft.Row([ft.Row([player_chip(name, setup.colours[seat]),
                              *([ft.Icon(ft.Icons.STAR, color="#B7791F",
                                         tooltip=t("Start player"))]
                                if seat == state.record.start_player else [])],
                             tight=True, spacing=4)
                      for seat, name in enumerate(setup.names)], wrap=True, spacing=8)
    controls: list[ft.Control] = [
        players,
        tagged("round", heading(t("Round {round} of {rounds}", round=step.round,
                                  rounds=step.rounds) if step.round else t("Setup"))),
        tagged("prompt", text(prompt_text(t, step), size=theme.HEADING_SIZE)),
        big_button("play", t("Continue the game"), app.nav(f"/game/{game_id}/play"),
                   icon=ft.Icons.PLAY_ARROW),
        big_button("phones", t("Phones for the players"), lambda _e=None: _show_phones(app),
                   icon=ft.Icons.QR_CODE, primary=False),
    ]
    return app.view(t("Rattus Cartus"), controls, back="/")


def _show_phones(app: TableApp) -> None:
    """One QR per seat: a player scans theirs to keep their rats on their own phone."""
    from companion.phones.qr import pairing_url

    t = app.t
    session = app.session
    seats = app.games.seats
    if session is None or seats is None:
        app.notify(t("Phones are not available on this server."), error=True)
        return
    setup = session.state.setup
    status = {s.seat: s for s in seats.status(session.game_id, setup.player_count)}
    cards: list[ft.Control] = []
    for seat, name in enumerate(setup.names):
        content: list[ft.Control] = [player_chip(name, setup.colours[seat])]
        if status.get(seat) is not None and status[seat].paired:
            content.append(text(t("Phone connected."), size=theme.SMALL_SIZE))
        else:
            token = seats.issue_token(session.game_id, seat)
            content.append(qr_image(pairing_url(app.config.base_url, token), size=200,
                                    identifier=f"seat-qr-{seat}"))
        cards.append(ft.Column(content, tight=True,
                               horizontal_alignment=ft.CrossAxisAlignment.CENTER))

    def close(_event: Any = None) -> None:
        app.page.pop_dialog()

    app.page.show_dialog(ft.AlertDialog(
        title=ft.Text(t("Scan the QR code of your seat")),
        content=ft.Container(responsive_grid(cards), width=theme.CONTENT_WIDTH),
        actions=[big_button("close-phones", t("Close"), close)], scrollable=True))
