"""Flet's entry point for the table: `main(page)` for a packaged app, `make_main` for the server.

The server (`companion.server.app`) builds its own `main` bound to its configuration and open
games; the module-level `main` is what `flet build` runs on a device that *is* the table, so
there every browser session is the table's own and no host key is asked for.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from functools import cache
from typing import Any

import flet as ft

from companion.server.config import TableConfig, load_or_create_host_key
from companion.server.games import OpenGames
from companion.store.db import GameStore, default_data_dir

PageMain = Callable[[ft.Page], Awaitable[None]]
log = logging.getLogger(__name__)


def make_main(config: TableConfig, games: OpenGames) -> PageMain:
    async def table_main(page: ft.Page) -> None:
        # measured (`python -X importtime`): the table's screens are about a third of a cold
        # start; loaded when the first tab connects, the server answers the browser sooner.
        from companion.ui.routes import table_app

        await start_again_on_reconnect(page, table_app(page, config, games).start)

    return table_main


async def start_again_on_reconnect(page: ft.Page, start: Callable[[], Awaitable[None]]
                                   ) -> None:
    """Run the tab's `start`, from the beginning again if the tab reconnects before it is done.

    `start` asks the browser for its stored key, its language and its device, and draws the
    first screen once they answer. A tab reloaded in that first second comes back to the
    same session with a new client, which never answers the questions the old one was sent:
    the start waited for ever, and the tab stayed blank (issue 19, item 14). Started again,
    the questions go to the client that is there. Once `start` has got its answers it sets
    the page's own `on_connect` (the shell's), which takes over from this one.

    Flet runs this for the tab's first connection, which is gone once the tab reconnected;
    returning normally then made Flet log a traceback as it tidied up after that connection.
    So a start that had to begin again ends as a handler whose connection went away does
    (`BrokenPipeError`, which Flet notes at info level)."""
    again = False
    while True:
        attempt = asyncio.ensure_future(start())

        def reconnected(_event: Any = None, attempt: asyncio.Future[None] = attempt) -> None:
            if not attempt.done():
                attempt.cancel()
                # Flet follows a reconnect with the route the new client opened; drawn by
                # the start that gave up, before it knew the key, it showed the locked page
                # for a moment. The new start draws that route itself.
                page.on_route_change = None

        page.on_connect = reconnected
        try:
            await attempt
        except asyncio.CancelledError:
            current = asyncio.current_task()
            if not attempt.cancelled() or (current is not None and current.cancelling()):
                raise  # this task itself was stopped (the session closed): stop
            log.debug("a tab reconnected while it started: starting it again")
            again = True
            continue
        finally:
            if page.on_connect is reconnected:
                page.on_connect = None
        if again:
            raise BrokenPipeError("the tab's first connection is gone; it started again")
        return


@cache
def _local_table() -> tuple[TableConfig, OpenGames]:
    data_dir = default_data_dir()
    store = GameStore.open(data_dir)
    config = TableConfig(data_dir=data_dir, host_key=load_or_create_host_key(data_dir),
                         open_table=True)
    return config, OpenGames(store)


async def main(page: ft.Page) -> None:
    config, games = _local_table()
    await make_main(config, games)(page)
