"""The table's line charts (influence over the rounds, a player's VP over the games), their axes.

flet-charts draws a label only where its own spacing along the axis lands on one of the labels
it is given: left to choose, it spaces a VP axis labelled every 6 by 10, and most labels never
show. So each axis names its spacing, and its labels stand where that spacing lands: multiples
of it, from 0.

The charts import this module when they draw, never at start: flet_charts takes about 250 ms
to import (see `companion/ui/endgame/chart.py`).
"""

from __future__ import annotations

import flet as ft
import flet_charts as fch

from companion.ui.shared import theme

STEPS = 5
"""About this many labelled steps up the side."""


def value_step(top: int) -> int:
    """The side's spacing: about `STEPS` steps up to the highest value, at least 1."""
    return max(1, (top + STEPS - 1) // STEPS)


def _label(value: int) -> fch.ChartAxisLabel:
    return fch.ChartAxisLabel(value=value, label=ft.Text(str(value), size=theme.SMALL_SIZE))


def value_axis(top: int) -> fch.ChartAxis:
    """The side, from 0 to one step over `top` (the highest line stays under the top edge)."""
    step = value_step(top)
    return fch.ChartAxis(labels=[_label(v) for v in range(0, top + step + 1, step)],
                         label_spacing=step, label_size=36)


FOOT_LABELS = 11
"""Labels along the foot at most: every round of a 10-round game (0 to 10)."""


def foot_spacing(count: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50, ... that labels `count` values in `FOOT_LABELS`
    labels or fewer: 25 games by 5, 1,000 games by 100."""
    every = 1
    while count > FOOT_LABELS * every:
        every = every * 5 // 2 if str(every).startswith("2") else every * 2
    return every


def count_axis(first: int, last: int, title: str) -> fch.ChartAxis:
    """The foot, counting rounds or games from `first` to `last`."""
    every = foot_spacing(last - first + 1)
    return fch.ChartAxis(
        labels=[_label(n) for n in range(0, last + 1, every) if n >= first],
        label_spacing=every, label_size=28,
        title=ft.Text(title, size=theme.SMALL_SIZE), title_size=24)


def line_chart(data: list[fch.LineChartData], first: int, last: int, top: int, height: int,
               foot: str) -> fch.LineChart:
    """Lines over a count (`first` to `last`) under values from 0 to `top`, the grid at the
    side's labels."""
    step = value_step(top)
    return fch.LineChart(
        data_series=data, min_x=first, max_x=max(last, first + 1), min_y=0, max_y=top + step,
        height=height, expand=True, interactive=True,
        horizontal_grid_lines=fch.ChartGridLines(interval=step, color="#22000000", width=1),
        left_axis=value_axis(top), bottom_axis=count_axis(first, last, foot))
