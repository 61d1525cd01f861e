"""A screen that must change with the clock (a code that expires, rats that hide again) ticks
while it is the one on show, and stops by itself once the table has moved on."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Protocol, TypeVar

from companion.ui.shared.connection import connection_just_closed

log = logging.getLogger(__name__)


class Ticking(Protocol):
    path: str

    def tick(self) -> None: ...


Screen = TypeVar("Screen", bound=Ticking)


async def tick_while_shown(shown: Callable[[Screen], bool], seconds: float,
                           current: Callable[[], Screen | None],
                           on_stop: Callable[[Screen | None], None], what: str) -> None:
    """Tick `current()` every `seconds` while it is on show; `on_stop` gets the last one seen,
    however the ticking ends. `what` names the screen in the log if a tick fails."""
    screen: Screen | None = None
    try:
        while True:
            await asyncio.sleep(seconds)
            screen = current()
            if screen is None or not shown(screen):
                break
            screen.tick()
    except Exception as exc:
        if connection_just_closed(exc):
            log.debug("%s stopped ticking: its browser left", what)
        else:
            log.exception("%s stopped ticking", what)
    finally:
        on_stop(screen)
