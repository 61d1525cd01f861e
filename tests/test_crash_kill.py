"""A pulled plug costs at most the tap in flight.

A real child process plays scripted games through the engine and the store and is killed
with SIGKILL at random moments: between steps, inside a commit, while opening the file. After
every kill the store must hold every step the child acknowledged (printed after the commit
returned) and nothing beyond the one step that was in flight, and the stored game must
replay to the same state as the script up to that point.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support.sessions import game_state, logged_events
from support.simulate import random_game

from companion.rules.events import Event
from companion.rules.state import GameState
from companion.store.db import EventStatus, GameStore
from companion.store.session import Session

TESTS = Path(__file__).parent
"""The child runs as `support.crash_child` from here, as pytest imports the tests' helpers."""
UNDO_EVERY = 7
"""As in the child: every 7th step is undone and redone (two more steps)."""
TRIALS = 50


def run_child_until_killed(data: Path, seed: int, players: int, lines_left: int,
                           rng: random.Random) -> tuple[list[tuple[str, int]], bool]:
    """The child's complete lines (`try N`, `ack N`, `done N`) and whether it was killed.

    It is killed after a random number of its `lines_left` lines plus a few random
    milliseconds, so the signal lands between steps or inside a commit; one run in five is
    killed within its first 0.3 s, while it starts and opens the file.
    """
    child = subprocess.Popen([sys.executable, "-m", "support.crash_child", str(data), str(seed),
                              str(players)], cwd=TESTS, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
    assert child.stdout is not None and child.stderr is not None
    out = b""
    at_start = rng.random() < 0.2
    lines_before_kill = 0 if at_start else rng.randint(1, max(1, lines_left))
    for _ in range(lines_before_kill):
        line = child.stdout.readline()
        if not line:
            break
        out += line
    time.sleep(rng.uniform(0, 0.3) if at_start else rng.uniform(0, 0.005))
    killed = child.poll() is None
    if killed:
        os.kill(child.pid, signal.SIGKILL)
    rest = child.stdout.read()  # not communicate(): it would skip what readline() buffered
    err = child.stderr.read()
    child.wait()
    if child.returncode not in (0, -signal.SIGKILL):
        pytest.fail(f"the child failed on its own:\n{err.decode()}")
    complete = (out + rest).decode().split("\n")[:-1]  # a line cut off by the kill is not said
    return [(word, int(n)) for word, n in (line.split() for line in complete)], killed


def allowed_counts(said: list[tuple[str, int]], before: int) -> set[int]:
    """What the store may hold: the last acknowledged count, or the one in flight."""
    acked = before
    in_flight = None
    for word, count in said:
        if word in ("ack", "done"):
            acked, in_flight = count, None
        elif word == "try":
            in_flight = count
    return {acked} if in_flight is None else {acked, in_flight}


def stored_game(data: Path) -> tuple[list[Event], GameState | None, list[EventStatus]]:
    """The stored events, the state a resumed session stands at, and the event flags."""
    with GameStore.open(data) as store:
        games = store.list_games()
        if not games:
            return [], None, []
        game_id = games[0].game_id
        session = Session.resume(store, game_id)
        statuses = [e.status for e in store.events(game_id)]
        return logged_events(session), game_state(session), statuses


@pytest.mark.slow
def test_a_game_killed_at_random_moments_keeps_every_acknowledged_step(tmp_path: Path) -> None:
    from companion.rules import replay

    rng = random.Random(4711)
    seed, players, mid_game, games_finished = 1, 2, 0, 0
    script = random_game(seed, players)
    count = 0
    for trial in range(TRIALS):
        data = tmp_path / f"game-{seed}"
        lines_left = 2 * (len(script) - count) * (UNDO_EVERY + 2) // UNDO_EVERY
        said, killed = run_child_until_killed(data, seed, players, lines_left, rng)
        allowed = allowed_counts(said, count)
        events, state, flags = stored_game(data)
        count = len(events)
        assert count in allowed, f"trial {trial}: stored {count} events, child said {said[-3:]}"
        assert events == script[:count]
        assert flags.count(EventStatus.UNDONE) <= 1
        if count:
            assert state == replay(script[:count])
        mid_game += killed and 1 < count < len(script)
        if count == len(script):
            games_finished += 1
            seed, players = seed + 1, 2 + (players - 1) % 4
            script, count = random_game(seed, players), 0
    print(f"{TRIALS} runs: {mid_game} killed mid-game, {games_finished} games played out")
    assert mid_game >= TRIALS // 2 and games_finished >= 1
