"""How the influence grew, round by round: one line per player, drawn with `flet-charts`.

The engine snapshots every track when a round ends (`RoundRecord.influence`), so the chart is
read from the record, never recomputed; the client draws it (no image is fetched).
"""

from __future__ import annotations

import flet as ft

from companion.i18n import Translator
from companion.rules.views import TableView
from companion.ui.shared import theme
from companion.ui.shared.widgets import player_chip, tagged


def influence_by_round(view: TableView) -> list[list[int]]:
    """Per player: total influence over all six estates at the start (0) and after each
    finished round."""
    totals = [[0] for _ in range(view.players)]
    for record in view.rounds:
        if not record.influence:
            continue
        for player in range(view.players):
            totals[player].append(sum(track[player] for track in record.influence))
    return totals


def influence_chart(t: Translator, view: TableView) -> ft.Control:
    # Imported here on purpose, with the module that draws the axes: flet_charts takes about
    # 250 ms to import, paid only once a game is scored, not by every server start (as
    # measured with `python -X importtime`).
    import flet_charts as fch

    from companion.ui.shared.line_chart import line_chart

    setup = view.setup
    series = influence_by_round(view)
    rounds = max(len(s) for s in series) - 1
    top = max(max(s) for s in series)
    data = [fch.LineChartData(
        points=[fch.LineChartDataPoint(x, y, tooltip=f"{setup.names[p]}: {y}")
                for x, y in enumerate(values)],
        color=theme.PLAYER_COLOURS[setup.colours[p]], stroke_width=4, curved=False,
        point=True) for p, values in enumerate(series)]
    chart = line_chart(data, 0, rounds, top, 300, t("Round"))
    legend = ft.Row([player_chip(name, setup.colours[p]) for p, name in enumerate(setup.names)],
                    wrap=True, spacing=8)
    return tagged("influence-chart", ft.Column([
        ft.Text(t("Influence over the rounds (all classes together)"), size=theme.BODY_SIZE,
                weight=ft.FontWeight.BOLD),
        ft.Container(chart, padding=ft.Padding.only(right=16, top=8)), legend,
    ], tight=True, spacing=8))
