"""How long one event takes to reach the disk, with the same settings the table uses.

`GameStore.append` commits in WAL mode with `synchronous = FULL`, so each call ends with an
fsync: the figure depends on the disk, which is why the database folder sits on the same
file system as the user's data (not a RAM disk). Session.submit (engine check, append,
fold) is shown beside it, since that is what a tap at the table waits for.

`record_figures` times `import` and `replay` of records from 1,000 to 100,000 events: both
must stay linear, so a long (or hostile) record costs in proportion to its length.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.figures import Figure, ms, p95, verdict

BUDGET = 0.005
PLAYERS = 5


def _scratch_parent() -> Path | None:
    """A folder beside the user's data directory, so fsync hits the same disk."""
    from companion.store.db import default_data_dir

    parent = default_data_dir().parent
    return parent if parent.is_dir() else None


def store_figures(events: int = 150, seed: int = 11) -> list[Figure]:
    from support.simulate import random_game

    from companion.rules import apply
    from companion.store.db import GameStore
    from companion.store.gamemeta import describe
    from companion.store.session import Session

    game = random_game(seed, PLAYERS)
    metas = []
    state = None
    for event in game:
        state = apply(state, event)
        metas.append(describe(state))
    appends: list[float] = []
    submits: list[float] = []
    with tempfile.TemporaryDirectory(prefix="rattus-bench-", dir=_scratch_parent()) as folder:
        with GameStore.open(Path(folder) / "append") as store:
            game_id = store.create_game(game[:1], metas[0])
            for i in range(1, events):
                event, meta = game[i % len(game)], metas[i % len(metas)]
                started = time.perf_counter()
                store.append(game_id, event, meta)
                appends.append(time.perf_counter() - started)
        with GameStore.open(Path(folder) / "session") as store:
            session = Session.start(store, game[0])
            for event in game[1:events]:
                started = time.perf_counter()
                session.submit(event)
                submits.append(time.perf_counter() - started)
        floor = disk_fsync_times(Path(folder), len(appends))
    return [Figure("store: append one event durably (p95)", ms(p95(appends)), f"< {ms(BUDGET)}",
                   verdict(p95(appends) < BUDGET),
                   f"{len(appends)} appends; Session.submit p95 {ms(p95(submits))}; "
                   f"the disk's own fsync of a small append p95 {ms(p95(floor))}")]


def disk_fsync_times(folder: Path, count: int) -> list[float]:
    """What one durable write costs on this disk at this moment, whatever SQLite does: the
    floor under the append figure (on a busy shared machine it moves a lot)."""
    samples = []
    probe = folder / "fsync-probe"
    handle = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    try:
        for _ in range(count):
            os.write(handle, b"x" * 512)
            started = time.perf_counter()
            os.fsync(handle)
            samples.append(time.perf_counter() - started)
    finally:
        os.close(handle)
        probe.unlink()
    return samples


RECORD_SIZES = (1_000, 10_000, 100_000)
RAT_NOTE_SIZES = (1_000, 10_000)
"""Records grown with rat corrections instead: the engine's cost per rat change grows with the
player's ledger (companion/rules/engine.py `_rats_changed`), so these stay short until that is
linear too; the row shows it."""
LINEAR_FLOOR = 0.5
"""Linear means the rate holds as records grow: the largest size must keep at least half the
events per second of the smallest (the cost of a quadratic step would fall 100-fold)."""


def record_figures(sizes: Sequence[int] = RECORD_SIZES,
                   rat_sizes: Sequence[int] = RAT_NOTE_SIZES) -> list[Figure]:
    """`import` and `replay` of records of growing length, in events per second.

    A real game has a few hundred events; the long records are one real game with players'
    nun-card notes added (private notes, as a phone makes them), so what grows is the work of
    the record path itself: reading, checking, storing and replaying each event. The last row
    imports records grown with rat corrections, which also exercise the engine's ledgers.
    """
    from companion.cli.replay import replay_report
    from companion.store.db import GameStore
    from companion.store.records import import_record, parse_record

    imports: list[Rate] = []
    replays: list[Rate] = []
    rat_imports: list[Rate] = []
    with tempfile.TemporaryDirectory(prefix="rattus-bench-", dir=_scratch_parent()) as folder:
        for size in sizes:
            text = long_record(size)
            with Timed(size) as timed, GameStore.open(Path(folder) / f"import-{size}") as store:
                import_record(store, parse_record(text))
            imports.append(timed.rate)
            with Timed(size) as timed:
                replay_report(parse_record(text).events)
            replays.append(timed.rate)
        for size in rat_sizes:
            text = long_record(size, rat_notes=True)
            with Timed(size) as timed, GameStore.open(Path(folder) / f"rats-{size}") as store:
                import_record(store, parse_record(text))
            rat_imports.append(timed.rate)
    rows = [_rate_row(f"store: {what} a record (events/s)", sizes, rates)
            for what, rates in (("import", imports), ("replay", replays))]
    if rat_sizes:
        rows.append(_rate_row("store: import a record of rat notes (events/s)", rat_sizes,
                              rat_imports))
    return rows


@dataclass(frozen=True)
class Rate:
    """Events per second of one record, by this process's CPU time and by the wall clock."""

    cpu: float
    wall: float


class Timed:
    """Times a block of work on `events` events. Linearity is judged by the process's CPU
    time: on a shared machine another process's burst stretches the wall clock of one size
    and not another's, which read as a loss of rate that the code did not cause (a 49.6% FAIL
    at load 14 on 2026-12-03); the CPU time counts only the work done here, the SQLite
    library's included. The wall rates are kept for the note."""

    def __init__(self, events: int) -> None:
        self.events = events
        self.rate = Rate(0.0, 0.0)

    def __enter__(self) -> Timed:
        self._wall = time.perf_counter()
        self._cpu = time.process_time()
        return self

    def __exit__(self, *_exc: object) -> None:
        cpu = max(time.process_time() - self._cpu, 1e-9)
        wall = max(time.perf_counter() - self._wall, 1e-9)
        self.rate = Rate(self.events / cpu, self.events / wall)


def _rate_row(what: str, sizes: Sequence[int], rates: Sequence[Rate]) -> Figure:
    figure = ", ".join(f"{_count(size)}: {rate.cpu:,.0f}"
                       for size, rate in zip(sizes, rates, strict=True))
    held = rates[-1].cpu / rates[0].cpu
    wall = ", ".join(f"{rate.wall:,.0f}" for rate in rates)
    return Figure(what, figure, f"linear (largest >= {LINEAR_FLOOR:.0%} of smallest rate)",
                  verdict(held >= LINEAR_FLOOR),
                  f"by CPU time; {held:.0%} of the rate kept from {sizes[0]:,} to "
                  f"{sizes[-1]:,} events; by the wall clock {wall}")


def _count(events: int) -> str:
    return f"{events // 1000}k" if events % 1000 == 0 else str(events)


def long_record(events: int, seed: int = 5, players: int = 3, rat_notes: bool = False) -> str:
    """The JSON record of a real game padded to `events` events with nun-card notes (or with
    rat corrections, each +1 followed by its -1)."""
    import json

    from support.simulate import random_game

    from companion.rules.events import NunCardNoted, RatReason, RatsChanged
    from companion.store.codec import event_to_json
    from companion.store.records import FORMAT, VERSION

    game = random_game(seed, players)
    extra = max(0, events - len(game))
    notes: list[Any] = (
        [RatsChanged(player=i // 2 % players, delta=1 - 2 * (i % 2), reason=RatReason.CORRECTION)
         for i in range(extra - extra % 2)]
        + [NunCardNoted(player=0, position=1, nuns=0)] * (extra % 2)
        if rat_notes else
        [NunCardNoted(player=i % players, position=1 + i % 5, nuns=i % 5) for i in range(extra)])
    played = [*game[:1], *notes, *game[1:]]
    return json.dumps({"format": FORMAT, "version": VERSION,
                       "events": [event_to_json(e) for e in played]})
