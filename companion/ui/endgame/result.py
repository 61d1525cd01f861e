"""A scored game's result as the table reads it: the winner, the table of points, how the
winner was decided, the influence over the rounds and every point explained.

The end of the game and the History show the same result; only the end of the game adds its
buttons (the "Why?" on the tie-break, the corrections), so the parts are built here once.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import Translator
from companion.i18n.names import estate_name
from companion.i18n.words import names, words
from companion.rules.catalog import Estate, Special
from companion.rules.scoring import ScoreResult, Step
from companion.rules.views import TableView
from companion.ui.endgame.chart import influence_chart
from companion.ui.shared import theme
from companion.ui.shared.widgets import heading, player_chip, tagged, text, title
from companion.ui.shell import TableApp


def winner_text(t: Translator, result: ScoreResult) -> str:
    if result.winners:
        best = result.player(result.winners[0]).total
        return t("Winner: {players} with {vp} VP", players=names(t, result.winners), vp=best)
    return t("Nobody wins: everyone died of the plague.")


def winner_icon(result: ScoreResult) -> ft.Control:
    """A trophy beside the winner; when everyone died of the plague nobody wins (R-SCORE-7),
    so the plague's mark instead of a trophy nobody holds."""
    if result.winners:
        return tagged("winner-trophy", ft.Icon(ft.Icons.EMOJI_EVENTS, color="#B7791F", size=48))
    return tagged("winner-none", ft.Icon(ft.Icons.SICK, color="#B3261E", size=48))


def result_parts(app: TableApp, view: TableView, result: ScoreResult, *,
                 winner_in: Callable[[ft.Control], ft.Control] = lambda banner: banner,
                 why: ft.Control | None = None) -> list[ft.Control]:
    """The result from the winner down. `winner_in` wraps the winner's banner (the end of the
    game marks its step there); `why`, if given, stands under the tie-break."""
    t = app.t
    banner = ft.Container(content=ft.Row([
        winner_icon(result), tagged("winner", title(winner_text(t, result)))], wrap=True),
        bgcolor="#FFF3D6", border_radius=14, padding=16)
    controls: list[ft.Control] = [
        winner_in(banner),
        score_table(app, view, result),
        heading(t("How the winner was decided")),
        tagged("tie-break", ft.Column([text(words(t, line)) for line in result.tie_break],
                                      tight=True)),
        *([why] if why is not None else []),
        influence_chart(t, view),
        heading(t("Every point, explained")),
    ]
    for step in Step:
        lines = result.lines(step)
        if not lines or step is Step.WINNER:
            continue
        controls.append(ft.ExpansionTile(
            title=ft.Text(words(t, step), size=theme.BODY_SIZE, weight=ft.FontWeight.BOLD),
            controls=[ft.Container(text(words(t, line), size=theme.SMALL_SIZE),
                                   padding=ft.Padding.symmetric(horizontal=16, vertical=2))
                      for line in lines],
            expanded=step in (Step.TOTALS, Step.PLAGUE),
            expanded_cross_axis_alignment=ft.CrossAxisAlignment.START))
    return controls


RAT_COUNT_WIDTH = 24
"""The room of a rat count beside its heart: two digits, whatever the table measured the
column at (left to the row's own measure, a count can get less room than its digit: a 7 px
box for an "8", cut), and the hearts stand in a line."""


def score_table(app: TableApp, view: TableView, result: ScoreResult) -> ft.Control:
    """A line per scoring category and a column per player: with at most five players it fits
    a tablet held upright with every word whole (twelve columns did not: "Magi.", "Sun" and the
    rats off-screen)."""
    t = app.t
    setup = view.setup
    players = result.players

    def row(label: str, cells: list[ft.Control], bold: bool = False) -> ft.DataRow:
        head = text(label, size=theme.SMALL_SIZE, weight=ft.FontWeight.BOLD if bold else None)
        return ft.DataRow(cells=[ft.DataCell(head), *[ft.DataCell(c) for c in cells]])

    # Gold scores only with the Treasury in play (R-SCORE-4, R-SETUP-3): no row without it
    rows = [row(estate_name(t, e), [text(str(s.estates[e])) for s in players]) for e in Estate]
    rows += [
        row(t("Hand"), [text(str(s.hand)) for s in players]),
        row(t("Specials"), [text(str(sum(s.specials.values()))) for s in players]),
        *([row(t("Gold"), [text(str(s.gold)) for s in players])]
          if setup.special_in_play(Special.GOLD) else []),
        row(t("Markers"), [text(str(s.markers)) for s in players]),
        row(t("Total"), [tagged(f"total-{p}", text(str(s.total), weight=ft.FontWeight.BOLD))
                         for p, s in enumerate(players)], bold=True),
        row(t("Rats"), [ft.Row([ft.Container(tagged(f"rats-{p}", text(str(s.rats))),
                                             width=RAT_COUNT_WIDTH), ft.Icon(
            ft.Icons.FAVORITE if s.survives else ft.Icons.SICK,
            color="#2E7D32" if s.survives else "#B3261E", size=20,
            tooltip=t("survives") if s.survives else t("dies of the plague"))],
            spacing=4, tight=True) for p, s in enumerate(players)]),
    ]
    columns = [ft.DataColumn(label=text(""))]
    columns += [ft.DataColumn(label=player_chip(s.name, setup.colours[p], small=True))
                for p, s in enumerate(players)]
    table = ft.DataTable(columns=columns, rows=rows, column_spacing=12, data_row_min_height=36,
                         data_row_max_height=40, heading_row_height=44, horizontal_margin=6)
    return tagged("score-table", ft.Row([table], scroll=ft.ScrollMode.AUTO))
