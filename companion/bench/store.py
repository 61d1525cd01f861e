"""How long one event takes to reach the disk, with the same settings the table uses.

`GameStore.append` commits in WAL mode with `synchronous = FULL`, so each call ends with an
fsync: the figure depends on the disk, which is why the database folder sits on the same
file system as the user's data (not a RAM disk). Session.submit (engine check, append,
fold) is shown beside it, since that is what a tap at the table waits for.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from companion.bench.figures import Figure, ms, p95, verdict

BUDGET = 0.005
PLAYERS = 5


def _scratch_parent() -> Path | None:
    """A folder beside the user's data directory, so fsync hits the same disk."""
    from companion.store.db import default_data_dir

    parent = default_data_dir().parent
    return parent if parent.is_dir() else None


def store_figures(events: int = 150, seed: int = 11) -> list[Figure]:
    from companion.rules import apply
    from companion.rules.simulate import random_game
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
