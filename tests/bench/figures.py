"""One row of the benchmark table, and the statistics every row is built from.

A row carries its figure and its budget as text for the table, and a verdict. Ratios keep
both sides in the row, because on a shared machine the absolute times alone prove nothing.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum


class Verdict(StrEnum):
    PASS = "pass"
    FAIL = "FAIL"
    REPORTED = "reported"
    """A figure with no pass/fail line (the taps count: it should only go down)."""
    NOT_MEASURED = "not measured"


@dataclass(frozen=True)
class Figure:
    what: str
    figure: str
    budget: str
    verdict: Verdict
    note: str = ""
    """How it was measured or why it could not be: repetitions, both sides of a ratio."""


def median(samples: Sequence[float]) -> float:
    if not samples:
        raise ValueError("no samples")
    return statistics.median(samples)


def p95(samples: Sequence[float]) -> float:
    """The 95th percentile (inclusive method: with few samples it is close to the maximum)."""
    if not samples:
        raise ValueError("no samples")
    if len(samples) == 1:
        return samples[0]
    return statistics.quantiles(samples, n=20, method="inclusive")[18]


def verdict(ok: bool) -> Verdict:
    return Verdict.PASS if ok else Verdict.FAIL


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 0.1 else f"{seconds * 1000:.0f} ms"


def ratio(what: str, ours: Sequence[float], bare: Sequence[float], limit: float,
          budget: str, unit: str = "s") -> Figure:
    """Medians of both sides, taken in the same run; passes at most `limit` times the bare."""
    ours_m, bare_m = median(ours), median(bare)
    show = ms if unit == "s" else (lambda v: f"{v / 2**20:.0f} MB")
    factor = ours_m / bare_m
    return Figure(what, f"{factor:.2f}x ({show(ours_m)} vs {show(bare_m)})", budget,
                  verdict(factor <= limit), f"medians of {len(ours)} and {len(bare)} runs")


def not_measured(what: str, budget: str, why: str) -> Figure:
    return Figure(what, "not measured", budget, Verdict.NOT_MEASURED, why)


def markdown_table(figures: Sequence[Figure]) -> str:
    """The rows as a Markdown table (printed, and pasted into docs/benchmarks.md)."""
    header = ("what", "figure", "budget", "result", "how")
    rows = [header] + [(f.what, f.figure, f.budget, str(f.verdict), f.note) for f in figures]
    cells = [[c.replace("|", "\\|") for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    lines = ["| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |"
             for row in cells]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)
