"""A server's clock a test moves by hand, so no check waits for a timeout to pass.

`ClockedLoop` is an asyncio event loop whose `time()` is the monotonic clock plus what a test
has added with `advance`: every timer the server set (`call_later`, `asyncio.sleep`) sees that
much time pass at once. A server runs on it through uvicorn's `loop` setting
(`loop="support.clock:ClockedLoop"`, see `clocked_server`).

`advance` returns once the loop has run every timer the jump made due, and the callbacks those
scheduled in turn (a transport's close comes one turn after its `abort`): what a timer does
has happened when it returns, and what it has not done by then it does not do.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Iterator
from typing import Any, ClassVar

from support.harness import live_server

TURNS = 4
"""Turns of the loop `advance` waits for: one to pick up the due timers, one for the
callbacks they schedule (a close after an abort), and two to spare."""


class ClockedLoop(asyncio.SelectorEventLoop):
    """An event loop whose clock runs `ahead` of the monotonic one by what tests added."""

    made: ClassVar[list[ClockedLoop]] = []

    def __init__(self) -> None:
        super().__init__()
        self.ahead = 0.0
        ClockedLoop.made.append(self)

    def time(self) -> float:
        return super().time() + self.ahead

    def advance(self, seconds: float, timeout: float = 30.0) -> None:
        """From another thread: move this loop's clock `seconds` forward and wait until the
        timers that made due have run, with what they scheduled."""
        done = threading.Event()

        def turn(left: int) -> None:
            if left == 0:
                done.set()
            else:
                self.call_soon(turn, left - 1)

        def move() -> None:
            self.ahead += seconds
            self.call_soon(turn, TURNS)

        self.call_soon_threadsafe(move)
        if not done.wait(timeout):
            raise TimeoutError("the server's loop did not turn")


@contextlib.contextmanager
def clocked_server(app: Any, **options: Any) -> Iterator[tuple[str, ClockedLoop]]:
    """`app` served as `support.harness.live_server` serves it, on a `ClockedLoop`; yields
    the base URL and the loop."""
    before = len(ClockedLoop.made)
    with live_server(app, loop="support.clock:ClockedLoop", **options) as base_url:
        (loop,) = ClockedLoop.made[before:]
        try:
            yield base_url, loop
        finally:
            ClockedLoop.made.remove(loop)


class LoopTime:
    """A clock to hand what takes one (`SeatRegistry(monotonic=...)`) before the server runs:
    the monotonic clock until `loop` is set, then that `ClockedLoop`'s, so what the code
    measures moves with `advance` too."""

    def __init__(self) -> None:
        self.loop: ClockedLoop | None = None

    def __call__(self) -> float:
        return self.loop.time() if self.loop is not None else time.monotonic()
