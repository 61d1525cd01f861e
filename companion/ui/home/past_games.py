"""Every stored game, newest first: finished ones with their winner, unfinished ones to resume."""

from __future__ import annotations

import flet as ft

from companion.i18n import Translator
from companion.i18n.dates import when
from companion.i18n.words import winners_words
from companion.store.bgstats import winners_values
from companion.ui.shared import paths, theme
from companion.ui.shared.frame import page_frame
from companion.ui.shared.widgets import big_button, tagged, text
from companion.ui.shell import TableApp


def winner_text(t: Translator, stored: str | None) -> str:
    """The stored winner summary said in the table's language, from its names and VP."""
    if not stored:
        return t("Nobody survived the plague.")
    winners = winners_values(stored)
    if winners is None:
        return t("Winner: {winner}", winner=stored)
    return t("Winner: {winner}", winner=winners_words(t, winners))


SHOWN = 20
"""Games listed at once, newest first: a card for every stored game would take seconds to draw
with a long history; "Show more games" lists the next ones."""


def past_games_route(shown: int | None = None) -> str:
    return paths.PAST_GAMES if shown is None else f"{paths.PAST_GAMES}/newest/{shown}"


def past_games_view(app: TableApp, count: str | None = None) -> ft.View:
    t = app.t
    app.leave_game()
    games = app.games.all()
    shown = int(count) if count and count.isascii() and count.isdigit() else SHOWN
    controls: list[ft.Control] = [tagged("past-games-list", text(
        t.plural("{n} game stored.", "{n} games stored.", len(games))))]
    for game in games[:shown]:
        if game.finished:
            outcome = winner_text(t, game.winner)
        else:
            outcome = t("Not finished")
        lines: list[ft.Control] = [
            text(", ".join(game.players), weight=ft.FontWeight.BOLD),
            text(f"{when(t, game.created)} · {outcome}", size=theme.SMALL_SIZE),
        ]
        if game.practice:
            lines.insert(0, tagged(f"practice-{game.game_id}", text(
                t("Practice game: the rulebook's example, never counted"),
                size=theme.SMALL_SIZE, italic=True)))
        if game.setup_code:
            lines.append(text(t("Setup code {code}", code=game.setup_code), size=theme.SMALL_SIZE))
        row: list[ft.Control] = [ft.Column(lines, spacing=2, tight=True, expand=True)]
        row.append(big_button(f"open-{game.game_id}",
                              t("Open") if game.finished else t("Resume"),
                              app.nav(f"/game/{game.game_id}"), primary=not game.finished))
        controls.append(ft.Card(content=ft.Container(padding=12, content=ft.Row(
            row, vertical_alignment=ft.CrossAxisAlignment.CENTER))))
    if len(games) > shown:
        controls.append(big_button("past-games-more", t("Show more games"),
                                   app.nav(past_games_route(shown + SHOWN)),
                                   icon=ft.Icons.EXPAND_MORE, primary=False))
    return page_frame(app, t("Past games"), controls, back="/")
