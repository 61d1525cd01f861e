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
    # Imported here on purpose: flet_charts takes about 250 ms to import (measured with
    # `python -X importtime`), paid only once a game is scored, not by every server start.
    import flet_charts as fch

    setup = view.setup
    series = influence_by_round(view)
    rounds = max(len(s) for s in series) - 1
    top = max(max(s) for s in series)
    step = max(1, (top + 4) // 5)
    data = [fch.LineChartData(
        points=[fch.LineChartDataPoint(x, y, tooltip=f"{setup.names[p]}: {y}")
                for x, y in enumerate(values)],
        color=theme.PLAYER_COLOURS[setup.colours[p]], stroke_width=4, curved=False,
        point=True) for p, values in enumerate(series)]
    chart = fch.LineChart(
        data_series=data, min_x=0, max_x=max(rounds, 1), min_y=0, max_y=top + step,
        height=300, expand=True, interactive=True,
        horizontal_grid_lines=fch.ChartGridLines(interval=step, color="#22000000", width=1),
        left_axis=fch.ChartAxis(labels=[fch.ChartAxisLabel(value=v, label=ft.Text(
            str(v), size=theme.SMALL_SIZE)) for v in range(0, top + step + 1, step)],
            label_size=36),
        bottom_axis=fch.ChartAxis(labels=[fch.ChartAxisLabel(value=r, label=ft.Text(
            str(r), size=theme.SMALL_SIZE)) for r in range(rounds + 1)], label_size=28,
            title=ft.Text(t("Round"), size=theme.SMALL_SIZE), title_size=24))
    legend = ft.Row([player_chip(name, setup.colours[p]) for p, name in enumerate(setup.names)],
                    wrap=True, spacing=8)
    return tagged("influence-chart", ft.Column([
        ft.Text(t("Influence over the rounds (all classes together)"), size=theme.BODY_SIZE,
                weight=ft.FontWeight.BOLD),
        ft.Container(chart, padding=ft.Padding.only(right=16, top=8)), legend,
    ], tight=True, spacing=8))
