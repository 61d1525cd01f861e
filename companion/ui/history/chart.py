"""A player's VP over their games, drawn with `flet-charts` as the influence chart is."""

from __future__ import annotations

import flet as ft

from companion.history.figures import PlayerFigures
from companion.i18n import Translator
from companion.ui.shared import theme
from companion.ui.shared.widgets import tagged

LINE_COLOUR = "#6A4C93"


def vp_chart(t: Translator, figures: PlayerFigures) -> ft.Control:
    # Imported here, as the influence chart does: flet_charts takes about 250 ms to import
    # (measured, see companion/ui/endgame/chart.py), paid once a player's page is opened.
    import flet_charts as fch

    points = [vp for _, vp in figures.vp_over_games]
    top = max(points, default=0)
    step = max(1, (top + 4) // 5)
    data = [fch.LineChartData(
        points=[fch.LineChartDataPoint(x, y, tooltip=t("Game {n}: {vp} VP", n=x, vp=y))
                for x, y in enumerate(points, start=1)],
        color=LINE_COLOUR, stroke_width=4, curved=False, point=True)]
    chart = fch.LineChart(
        data_series=data, min_x=1, max_x=max(len(points), 2), min_y=0, max_y=top + step,
        height=260, expand=True, interactive=True,
        horizontal_grid_lines=fch.ChartGridLines(interval=step, color="#22000000", width=1),
        left_axis=fch.ChartAxis(labels=[fch.ChartAxisLabel(value=v, label=ft.Text(
            str(v), size=theme.SMALL_SIZE)) for v in range(0, top + step + 1, step)],
            label_size=36),
        bottom_axis=fch.ChartAxis(labels=[fch.ChartAxisLabel(value=n, label=ft.Text(
            str(n), size=theme.SMALL_SIZE)) for n in range(1, len(points) + 1,
                                                           max(1, len(points) // 10))],
            label_size=28, title=ft.Text(t("Game"), size=theme.SMALL_SIZE), title_size=24))
    return tagged("vp-chart", ft.Column([
        ft.Text(t("VP over the games, oldest first"), size=theme.BODY_SIZE,
                weight=ft.FontWeight.BOLD),
        ft.Container(chart, padding=ft.Padding.only(right=16, top=8)),
    ], tight=True, spacing=8))
