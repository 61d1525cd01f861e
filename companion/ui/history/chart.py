"""A player's VP over their games, drawn with `flet-charts` as the influence chart is."""

from __future__ import annotations

import math
from collections.abc import Sequence

import flet as ft

from companion.history.figures import PlayerFigures
from companion.history.words import decimal
from companion.i18n import Translator
from companion.ui.shared import theme
from companion.ui.shared.widgets import tagged

LINE_COLOUR = "#6A4C93"

MOST_POINTS = 50
"""Points on the line at most. Each point is a control with its tooltip, and a point per game
of a long history is about a pixel wide on a laptop, where no one tells one game from the
next, and makes the page's first frame wait for all of them. A longer history is drawn as
runs of consecutive games, each at its average."""


def chart_points(vps: Sequence[int], most: int = MOST_POINTS
                 ) -> list[tuple[int, int, float]]:
    """(first game, last game, VP) per point, the games numbered from 1, oldest first: a point
    per game up to `most` games; beyond, runs of as many consecutive games as it takes (the
    last run may be shorter) at their average VP, so the line still covers every game."""
    size = max(1, math.ceil(len(vps) / most))
    return [(start + 1, start + len(run), sum(run) / len(run))
            for start in range(0, len(vps), size) if (run := vps[start:start + size])]


def vp_chart(t: Translator, figures: PlayerFigures) -> ft.Control:
    # Imported here, as the influence chart does, with the module that draws the axes: paid
    # once a player's page is opened, as flet_charts takes about 250 ms to import (as
    # measured, see companion/ui/endgame/chart.py).
    import flet_charts as fch

    from companion.ui.shared.line_chart import line_chart

    vps = [vp for _, vp in figures.vp_over_games]
    points = chart_points(vps)
    top = max(vps, default=0)

    def tip(first: int, last: int, vp: float) -> str:
        if first == last:
            return t("Game {n}: {vp} VP", n=first, vp=round(vp))
        return t("Games {first}–{last}: {vp} VP on average", first=first, last=last,
                 vp=decimal(t, vp))
    data = [fch.LineChartData(
        points=[fch.LineChartDataPoint(last, vp, tooltip=tip(first, last, vp))
                for first, last, vp in points],
        color=LINE_COLOUR, stroke_width=4, curved=False, point=True)]
    chart = line_chart(data, 1, len(vps), top, 260, t("Game"))
    lines: list[ft.Control] = [ft.Text(t("VP over the games, oldest first"),
                                       size=theme.BODY_SIZE, weight=ft.FontWeight.BOLD)]
    if len(points) < len(vps):
        lines.append(ft.Text(t("Each point is the average of {n} games in a row.",
                               n=points[0][1]), size=theme.SMALL_SIZE))
    return tagged("vp-chart", ft.Column([
        *lines, ft.Container(chart, padding=ft.Padding.only(right=16, top=8)),
    ], tight=True, spacing=8))
