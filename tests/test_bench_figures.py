"""The benchmark table's arithmetic and layout: what a row says must follow from its samples."""

from __future__ import annotations

import pytest
from bench.figures import (
    Figure,
    Verdict,
    markdown_table,
    median,
    not_measured,
    p95,
    ratio,
)


def test_the_median_of_noisy_runs_ignores_one_slow_outlier() -> None:
    assert median([0.010, 0.011, 0.900]) == 0.011


def test_p95_of_twenty_samples_is_near_the_slowest() -> None:
    samples = [i / 1000 for i in range(1, 21)]
    assert 0.019 <= p95(samples) <= 0.020
    assert p95([0.004]) == 0.004


def test_no_samples_is_an_error_not_a_zero() -> None:
    with pytest.raises(ValueError):
        median([])
    with pytest.raises(ValueError):
        p95([])


def test_a_ratio_within_its_limit_passes_and_shows_both_sides() -> None:
    figure = ratio("table app start", ours=[1.2, 1.3, 1.25], bare=[1.0, 1.1, 1.0], limit=1.3,
                   budget="<= 1.3x bare Flet")
    assert figure.verdict is Verdict.PASS
    assert figure.figure == "1.25x (1250 ms vs 1000 ms)"
    assert "3 and 3 runs" in figure.note


def test_a_ratio_over_its_limit_fails() -> None:
    figure = ratio("memory", ours=[80 * 2**20], bare=[50 * 2**20], limit=1.3, budget="x",
                   unit="bytes")
    assert figure.verdict is Verdict.FAIL
    assert figure.figure == "1.60x (80 MB vs 50 MB)"


def test_the_markdown_table_has_one_aligned_row_per_figure() -> None:
    rows = [Figure("engine: replay", "3.1 ms", "< 5.0 ms", Verdict.PASS, "median of 30"),
            not_measured("taps", "report", "no count | yet")]
    lines = markdown_table(rows).splitlines()
    assert len(lines) == 4
    assert lines[0].startswith("| what")
    assert set(lines[1]) <= {"|", "-"}
    assert len({len(line) for line in lines}) == 1
    assert "not measured" in lines[3] and "no count \\| yet" in lines[3]
