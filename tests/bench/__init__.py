"""`PYTHONPATH=tests python -m bench`: every speed and size budget of the app, measured on this
machine, from a checkout's root (the benchmark is no part of the installed app).

Each benchmark returns rows (`figures.Figure`); this module runs the chosen ones in one go and
prints one table, so the figures that are ratios see the same machine state on both sides.
A benchmark that cannot run here (no chromium, a missing engine function) gives a row that
says "not measured" and why, and the others still run.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from bench.figures import Figure, Verdict, markdown_table, not_measured


@dataclass(frozen=True)
class Benchmark:
    name: str
    what: str
    budget: str
    run: Callable[[bool], list[Figure]]
    """Called with `quick`: fewer repetitions, same figures."""


def _start(quick: bool) -> list[Figure]:
    from bench.table import start_figures

    return start_figures(3 if quick else 7)


def _frame(quick: bool) -> list[Figure]:
    from bench.table import first_frame_figures

    return first_frame_figures(2 if quick else 5)


def _join(quick: bool) -> list[Figure]:
    from bench.phones import join_figures

    return join_figures(1 if quick else 3)


def _live(quick: bool) -> list[Figure]:
    from bench.phones import live_figures

    return live_figures(15 if quick else 40)


def _engine(quick: bool) -> list[Figure]:
    from bench.engine import engine_figures

    return engine_figures(10 if quick else 30, 100 if quick else 1000)


def _store(quick: bool) -> list[Figure]:
    from bench.store import RECORD_SIZES, record_figures, store_figures

    return store_figures(60 if quick else 200) + record_figures(
        RECORD_SIZES[:2] if quick else RECORD_SIZES)


def _memory(quick: bool) -> list[Figure]:
    from bench.table import memory_figures

    return memory_figures(1 if quick else 2)


def _taps(quick: bool) -> list[Figure]:
    from bench.taps import taps_figures

    return taps_figures()


def _phone_taps(quick: bool) -> list[Figure]:
    from bench.phone_story import phone_story_figures
    from bench.phone_taps import phone_taps_figures

    return phone_taps_figures() + phone_story_figures()


def _tablet(quick: bool) -> list[Figure]:
    from bench.tablet import tablet_figures

    return tablet_figures(1 if quick else 3)


def _history(quick: bool) -> list[Figure]:
    from bench.history import history_figures

    return history_figures(2 if quick else 5)


BENCHMARKS: tuple[Benchmark, ...] = (
    Benchmark("start", "table app start", "<= 1.3x bare Flet", _start),
    Benchmark("frame", "table first frame", "<= 1.2x bare Flet", _frame),
    Benchmark("tablet", "table cold load, simulated tablet", "<= 0.7x bare Flet", _tablet),
    Benchmark("join", "phone join", "< 1 s, < 100 KB", _join),
    Benchmark("live", "action to 5 phones (p95)", "p95 < 150 ms", _live),
    Benchmark("engine", "engine", "replay < 5 ms, score < 1 ms, 1,000 games < 5 s", _engine),
    Benchmark("store", "store: append one event durably (p95)", "< 5.0 ms", _store),
    Benchmark("memory", "memory: server RSS", "<= 1.5x bare Flet, 1 page", _memory),
    Benchmark("taps", "taps per player per round", "report; keep it going down", _taps),
    Benchmark("phonetaps", "taps per player per round, 4 players with phones",
              "table 0, phones <= 2.5", _phone_taps),
    Benchmark("history", "history screen, 1,000 games", "<= 1.2x bare Flet", _history),
)
NAMES = tuple(b.name for b in BENCHMARKS)


def run(names: Sequence[str] = NAMES, quick: bool = False,
        progress: Callable[[str], None] = lambda line: None) -> list[Figure]:
    """The rows of the chosen benchmarks, in the table's order."""
    unknown = sorted(set(names) - set(NAMES))
    if unknown:
        raise ValueError(f"no benchmark {', '.join(unknown)} (there are: {', '.join(NAMES)})")
    figures: list[Figure] = []
    for bench in BENCHMARKS:
        if bench.name not in names:
            continue
        progress(f"{bench.name}: {bench.what} ...")
        started = time.perf_counter()
        try:
            rows = bench.run(quick)
        except Exception as exc:  # noqa: BLE001 - one broken benchmark must not hide the rest
            rows = [not_measured(bench.what, bench.budget,
                                 f"failed: {type(exc).__name__}: {exc}".splitlines()[0][:200])]
        progress(f"{bench.name}: done in {time.perf_counter() - started:.0f} s")
        figures.extend(rows)
    return figures


def report(figures: Sequence[Figure], quick: bool) -> str:
    """The Markdown kept in docs/benchmarks.md: when, where, how, and the table."""
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    cpu = _cpu_name()
    return (f"Measured {when} on {platform.node() or 'this machine'} ({cpu}, "
            f"Python {platform.python_version()}, {platform.system()})"
            f"{' with --quick' if quick else ''}.\n\n{markdown_table(figures)}\n")


def _cpu_name() -> str:
    import os

    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return f"{os.cpu_count()} x {line.split(':', 1)[1].strip()}"
    except OSError:
        pass
    return f"{os.cpu_count()} CPUs"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bench",
        description="Measure the app against its budgets on this machine and print a table.")
    parser.add_argument("--quick", action="store_true",
                        help="fewer repetitions (a rough check, not a result to keep)")
    parser.add_argument("--only", action="append", default=[], metavar="NAME",
                        help=f"run only this benchmark (repeatable, or comma-separated): "
                             f"{', '.join(NAMES)}")
    parser.add_argument("--markdown", type=Path, default=None, metavar="FILE",
                        help="also write the table with its date and machine to FILE")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Exit status 1 when a measured figure is over its budget, 2 for bad arguments."""
    args = _parser().parse_args(sys.argv[1:] if argv is None else list(argv))
    names = [n.strip() for chunk in args.only for n in chunk.split(",") if n.strip()] or NAMES
    try:
        figures = run(names, args.quick,
                      progress=lambda line: print(line, file=sys.stderr, flush=True))
    except ValueError as exc:
        print(f"python -m bench: {exc}", file=sys.stderr)
        return 2
    text = report(figures, args.quick)
    print(text)
    if args.markdown is not None:
        args.markdown.write_text(text, encoding="utf-8")
    return 1 if any(f.verdict is Verdict.FAIL for f in figures) else 0
